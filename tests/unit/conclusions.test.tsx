/**
 * Every conclusion is written once, as a claim, and checked:
 *  - findings and recommendations render claims (each item
 *    carries its claim id), and the report pages cite only claims that exist,
 *    the same ones in every language;
 *  - report prose that is not a claim states no comparative figure (no
 *    <Delta>, no two <Metric>s in one paragraph), no noise wording and no
 *    better/worse wording (src/data/uncertainty.ts): verdicts come from the
 *    components and claims that apply the site's rule;
 *  - a claim may speak of noise only when its figures carry a spread;
 *  - the technical errors once found in the reports do not come back.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {describe, expect, it} from 'vitest';
import Findings from '@site/src/components/Findings';
import RecommendationMatrix, {checkRows} from '@site/src/components/RecommendationMatrix';
import Provenance from '@site/src/components/Provenance';
import {bundleOf} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {loadDatasets} from '@site/src/data/load';
import type {Dataset} from '@site/src/data/schema';
import {claimsOf} from '@site/src/data/testing/claims';
import {evaluateClaim, evaluateClaims, hasSpreadEvidence} from '@site/src/data/claims/evaluate';
import {renderStatement} from '@site/src/data/claims/render';
import {NOISE_WORDING, noiseWording, VERDICT_WORDING, verdictWording} from '@site/src/data/uncertainty';
import {claim as claimSchema} from '@site/src/data/claims/schema';
import {isDateEstimated} from '@site/src/data/dates';
import {proseOf} from '../../scripts/test/check-typed-figures.mjs';

const root = path.resolve(__dirname, '../..');
const datasets = loadDatasets(path.join(root, 'static/data')).map((l) => l.dataset);
const latest = (suite: string) => datasets.filter((d) => d.suite === suite).sort((a, b) => a.version.localeCompare(b.version)).at(-1) as Dataset;
const eks = latest('eks-cni');
const tke = latest('tke-cilium');
const LOCALES = ['en', 'ko', 'zh'] as const;
const docDir = (locale: string) => (locale === 'en' ? path.join(root, 'docs') : path.join(root, 'i18n', locale, 'docusaurus-plugin-content-docs/current'));
const PAGES = ['benchmarks/eks-cni.mdx', 'benchmarks/tke-cilium.mdx', 'choosing-a-datapath.mdx'];
const read = (locale: string, page: string) => fs.readFileSync(path.join(docDir(locale), page), 'utf8');
const suiteOfPage = (page: string) => (page.includes('tke') ? 'tke-cilium' : 'eks-cni');

describe('summary blocks render claims', () => {
  const data = bundleOf(eks);
  it('<Findings> items are claims with their notes and tables', () => {
    const doc = renderStatic(<Findings data={data} items={[{claim: 'http-p99-run-to-run'}, {claim: 'udp-loss-split', table: 'network'}]} />);
    const items = Array.from(doc.querySelectorAll('[data-finding]'));
    expect(items.map((i) => i.getAttribute('data-claim'))).toEqual(['http-p99-run-to-run', 'udp-loss-split']);
    expect(items[0].textContent).toContain('credited a roughly 20% p99 improvement to E');
    expect(items[1].querySelector('table')).not.toBeNull();
  });

  it('<RecommendationMatrix> rows cite claims, or are capability rows without figures', () => {
    const doc = renderStatic(<RecommendationMatrix data={data} rows={[{workload: 'x', scenarios: ['E'], claims: ['rtt-a-to-e']}, {workload: 'y', scenarios: ['C'], basis: 'feature', why: 'L7 rules'}]} />);
    expect(doc.querySelector('[data-recommendation="x"] [data-claim="rtt-a-to-e"]')?.textContent).toContain('E has the lowest');
    expect(() => checkRows([{workload: 'w', scenarios: ['A']}])).toThrow(/row 1 \("w"\): cite at least one claim id/);
    expect(() => checkRows([{workload: 'w', scenarios: ['A'], basis: 'feature', why: 'about 36% faster'}])).toThrow(/feature row states no figure/);
  });
});

/** Claim ids a page's summary components cite: `claim: 'id'` and `claims: ['id', ...]` inside their tags. */
function citedClaims(mdx: string): {component: string; ids: string[]}[] {
  const out: {component: string; ids: string[]}[] = [];
  for (const m of mdx.matchAll(/<(Findings|RecommendationMatrix)\b([\s\S]*?)\/>/g)) {
    const ids = [...m[2].matchAll(/claim: '([^']+)'|claims: \[([^\]]*)\]/g)].flatMap((x) => (x[1] ? [x[1]] : [...x[2].matchAll(/'([^']+)'/g)].map((y) => y[1])));
    out.push({component: m[1], ids});
  }
  for (const m of mdx.matchAll(/<Claim data=\{(\w+)\} id="([^"]+)"/g)) out.push({component: `Claim:${m[1] === 'tke' ? 'tke-cilium' : 'eks-cni'}`, ids: [m[2]]});
  return out;
}

describe('report pages cite claims that exist, the same in every language', () => {
  for (const page of PAGES) {
    it(page, () => {
      const perLocale = LOCALES.map((l) => citedClaims(read(l, page)));
      for (const [i, cited] of perLocale.entries()) {
        for (const {component, ids} of cited) {
          const suite = component.startsWith('Claim:') ? component.slice(6) : suiteOfPage(page);
          const known = claimsOf(suite).claims.map((c) => c.id);
          for (const id of ids) expect(known, `${LOCALES[i]} ${page} <${component}> cites "${id}"`).toContain(id);
        }
        // Every RecommendationMatrix row either cites claims or is a capability row (checked at render by checkRows).
      }
      expect(perLocale[1], `ko ${page} cites the same claims as en`).toEqual(perLocale[0]);
      expect(perLocale[2], `zh ${page} cites the same claims as en`).toEqual(perLocale[0]);
    });
  }
});

/** Paragraphs of the page (runs of non-empty lines), each with its raw MDX and its prose (code, imports, tags blanked). */
function paragraphs(mdx: string): {raw: string; prose: string}[] {
  const raw = mdx.split('\n');
  const prose = (proseOf as (text: string) => string)(mdx).split('\n');
  const out: {raw: string; prose: string}[] = [];
  let start = -1;
  raw.forEach((line, i) => {
    const blank = line.trim() === '';
    if (!blank && start < 0) start = i;
    if ((blank || i === raw.length - 1) && start >= 0) {
      const end = blank ? i : i + 1;
      out.push({raw: raw.slice(start, end).join('\n'), prose: prose.slice(start, end).join('\n')});
      start = -1;
    }
  });
  return out;
}

describe('report prose outside claims', () => {
  for (const page of PAGES) {
    for (const locale of LOCALES) {
      const mdx = read(locale, page);
      it(`${locale} ${page}: no comparative figure (no <Delta>, no two <Metric>s in a paragraph)`, () => {
        expect(mdx).not.toMatch(/<Delta\b/);
        expect(mdx).not.toMatch(/<TkeCrossover\b/);
        const pairs = paragraphs(mdx).filter((p) => (p.raw.match(/<Metric\b/g) ?? []).length >= 2);
        expect(pairs.map((p) => p.raw.slice(0, 120))).toEqual([]);
      });
      it(`${locale} ${page}: no noise wording (only a claim with a measured spread may use it)`, () => {
        const hits = paragraphs(mdx)
          .map((p) => noiseWording(p.prose, locale))
          .filter(Boolean);
        expect(hits).toEqual([]);
      });
      it(`${locale} ${page}: no better/worse wording in prose paragraphs (verdicts come from the rule, through components and claims)`, () => {
        // Tables are left out: a glossary defines a metric's direction ("more is better") rather than judging figures.
        const hits = paragraphs(mdx)
          .filter((p) => !p.raw.trimStart().startsWith('|'))
          .flatMap((p) => {
            const word = verdictWording(p.prose, locale);
            return word ? [`"${word}" in: ${p.prose.replace(/\s+/g, ' ').trim().slice(0, 100)}`] : [];
          });
        expect(hits).toEqual([]);
      });
    }
  }

  it('the checks catch what they are for', () => {
    const bad = 'Cilium is <Delta data={tke} metric="http_rps" from="a" to="b" /> slower.\n\nA <Metric a /> against <Metric b />.\n\nThe rest is within noise.';
    expect(paragraphs(bad).filter((p) => (p.raw.match(/<Metric\b/g) ?? []).length >= 2)).toHaveLength(1);
    expect(noiseWording((proseOf as (text: string) => string)(bad), 'en')).toBe('noise');
    expect(noiseWording('차이는 측정 오차 수준입니다', 'ko')).not.toBeNull();
    expect(noiseWording('差异处于噪声范围内', 'zh')).not.toBeNull();
    expect(noiseWording('One run, spread unknown.', 'en')).toBeNull();
    expect(verdictWording((proseOf as (text: string) => string)('Here iptables <Metric a /> leads clearly.'), 'en')).toBe('leads');
    expect(verdictWording('가장 큰 단계에서는 셋 중 가장 느립니다', 'ko')).not.toBeNull();
    expect(verdictWording('在最大一级，它是三者中最慢的', 'zh')).not.toBeNull();
  });
});

describe('noise wording in claims needs a spread', () => {
  const results = [...evaluateClaims(eks, claimsOf('eks-cni')), ...evaluateClaims(tke, claimsOf('tke-cilium'))];
  it('every claim that uses noise wording has spread evidence (rows with min/max or a repeat check)', () => {
    const offenders = results.flatMap((r) =>
      LOCALES.flatMap((l) => {
        const text = [r.claim.statement[l], r.claim.note?.[l]].filter(Boolean).join(' ');
        const word = noiseWording(text, l);
        return word && !hasSpreadEvidence(r) ? [`${r.claim.id} (${l}): "${word}"`] : [];
      }),
    );
    expect(offenders).toEqual([]);
    // The wording is in use where the data supports it.
    expect(results.some((r) => noiseWording(r.claim.statement.en, 'en') && hasSpreadEvidence(r))).toBe(true);
  });

  it('fails for a noise claim on single-round data', () => {
    const c = claimSchema.parse({
      id: 'hubble-noise',
      title: {en: 'Hubble is free'},
      statement: {en: 'Hubble costs nothing: its {d} is within noise.'},
      checks: [{name: 'd', kind: 'change', metric: 'http_rps', where: {qps: 'max'}, scenarios: ['native'], from: {where: {hubble: false}}, to: {where: {hubble: true}}, min: -3}],
    });
    const r = evaluateClaim(tke, c);
    expect(r.status).toBe('holds');
    expect(noiseWording(r.claim.statement.en, 'en')).toBe('noise');
    expect(hasSpreadEvidence(r)).toBe(false);
  });

  it('every locale has noise and verdict wording defined', () => {
    for (const l of LOCALES) expect(NOISE_WORDING[l]).toBeDefined();
    for (const l of LOCALES) expect(VERDICT_WORDING[l]).toBeDefined();
  });
});

describe('corrections that must not come back', () => {
  const allText = (page: string) => LOCALES.map((l) => read(l, page)).join('\n');
  const claimText = (suite: string) => JSON.stringify(claimsOf(suite));

  it('UDP: only scenarios that run Bandwidth Manager are credited with it, and goodput is checked', () => {
    const withBwm = eks.scenarios.filter((s) => s.tuning?.some((t) => t.id === 'bandwidth-manager' && t.applied)).map((s) => s.id);
    expect(withBwm).toEqual(['E']);
    for (const c of claimsOf('eks-cni').claims) {
      for (const l of LOCALES) {
        const s = c.statement[l] ?? '';
        if (!/Bandwidth Manager/.test(s)) continue;
        const named = [...s.matchAll(/\b([A-E])\b/g)].map((m) => m[1]);
        expect(named.filter((n) => !withBwm.includes(n)), `${c.id} (${l})`).toEqual([]);
      }
    }
    expect(claimsOf('eks-cni').claims.some((c) => c.checks.some((k) => k.kind === 'delivered'))).toBe(true);
    expect(allText('benchmarks/eks-cni.mdx')).not.toMatch(/delivers less data|paces the sender|pacing to the receiver/i);
  });

  it('RTT: the method is named on every EKS page and no claim credits socket-level LB or VXLAN for A/D/E', () => {
    for (const l of LOCALES) expect(read(l, 'benchmarks/eks-cni.mdx')).toMatch(/iperf3/);
    expect(read('en', 'benchmarks/eks-cni.mdx')).toMatch(/sender-side RTT under eight saturating streams/);
    expect(claimText('eks-cni')).not.toMatch(/socket-level/i);
  });

  it('TKE: Cilium short-connection loss is stated as a loss, the LB map rule comes from data, the date is an estimate', () => {
    const degr = claimsOf('tke-cilium').claims.find((c) => c.id === 'short-conn-scale-degradation')!;
    const native = degr.checks.find((k) => k.name === 'native') as {max?: number};
    expect(native.max, 'native must be claimed to lose rate').toBeLessThan(0);
    const text = allText('benchmarks/tke-cilium.mdx');
    expect(text).not.toMatch(/\b150[,.\s]?000\b|150000/);
    expect(text).not.toMatch(/rate holds|a little less/);
    expect(claimsOf('tke-cilium').claims.some((c) => c.checks.some((k) => k.kind === 'value' && 'per' in k && k.per === 'services'))).toBe(true);
    expect(isDateEstimated(tke)).toBe(true);
    expect(isDateEstimated(eks)).toBe(false);
    const doc = renderStatic(<Provenance dataset={tke} />);
    expect(doc.querySelector('[data-date-estimated]')?.textContent).toMatch(/date estimated/);
  });

  it('EKS: the m6i.xlarge baseline is stated next to its burst ceiling, and NCCL evidence is TCP', () => {
    for (const l of LOCALES) expect(read(l, 'benchmarks/eks-cni.mdx'), l).toMatch(/1\.5625 Gbps/);
    for (const l of ['ko', 'zh']) {
      const code = JSON.parse(fs.readFileSync(path.join(root, 'i18n', l, 'code.json'), 'utf8'));
      expect(code['aiml.row.training.why'].message, l).not.toMatch(/UDP/);
    }
    expect(fs.readFileSync(path.join(root, 'src/components/AimlRelevanceTable/index.tsx'), 'utf8')).not.toMatch(/NCCL over TCP\/UDP|aiml\.signal\.udp/);
  });

  it('EKS: DNS timings are not read as a finding', () => {
    expect(allText('benchmarks/eks-cni.mdx')).not.toMatch(/DNS p99 improve/i);
    expect(claimText('eks-cni')).not.toMatch(/DNS p99 improve/i);
  });
});
