/**
 * Every verdict the site shows agrees with its one rule (compareRows, src/data/uncertainty.ts),
 * on every suite and every dataset version in static/data: the results overview's cells (as
 * computed and as rendered), the home page's headline cards, and the claims. No card, cell or
 * holding claim calls a difference better or worse that the rule does not establish.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {describe, expect, it} from 'vitest';
import {loadDatasets} from '@site/src/data/load';
import type {Dataset, ResultRow} from '@site/src/data/schema';
import {METRICS} from '@site/src/data/metrics';
import {FigureRows, selectRow} from '@site/src/data/selectors';
import {overviewLines, suiteHeadlines} from '@site/src/data/overview';
import {compareRows, isEstablished, verdictWording} from '@site/src/data/uncertainty';
import {inVersionRange} from '@site/src/data/versions';
import {claimAppliesTo, evaluateClaims, unestablishedDifferences} from '@site/src/data/claims/evaluate';
import {checkClaims} from '@site/src/data/claims/load';
import {maybeClaimsOf} from '@site/src/data/testing/claims';
import {maybeOverviewOf} from '@site/src/data/testing/overviews';
import {bundleOf} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import ResultsOverview from '@site/src/components/ResultsOverview';
import HeadlineFigure from '@site/src/components/SuiteList/HeadlineFigure';
import RuleExample from '@site/src/components/RuleExample';
import ClaimList from '@site/src/components/ClaimList';

const DATA = path.resolve(__dirname, '../../static/data');
const datasets = loadDatasets(DATA).map((l) => l.dataset);
const LOCALES = ['en', 'ko', 'zh'] as const;
const VERDICT_WORDS = /\b(?:better|worse)\b/;
/** A statement's `{name}` placeholders are check names, not words a reader sees. */
const withoutPlaceholders = (text: string) => text.replace(/\{[A-Za-z0-9]+\}/g, '');

/** The rule's verdict on two rows of a dataset, straight from compareRows. */
const rule = (dataset: Dataset, from: ResultRow, to: ResultRow, direction = METRICS[from.metric].direction) => compareRows(from, to, direction, dataset.method);

it('there are datasets of every kind the rule tells apart', () => {
  const kinds = new Set(datasets.flatMap((d) => d.results.filter((r) => r.value !== null).map((r) => (d.method.aggregate === 'single' ? 'single' : r.min === undefined ? 'no-range' : 'ranged'))));
  expect([...kinds].sort()).toEqual(['no-range', 'ranged', 'single']);
});

for (const dataset of datasets) {
  const name = `${dataset.suite}@${dataset.version}`;
  // An overview written for other versions of the suite draws nothing on this one.
  const suiteOverview = maybeOverviewOf(dataset.suite);
  const overview = suiteOverview && inVersionRange(dataset.version, suiteOverview.versions) ? suiteOverview : undefined;
  const claims = maybeClaimsOf(dataset.suite);

  describe(name, () => {
    if (!overview && !claims) {
      it('has no overview and no claims: nothing of it is judged but the version comparison, which the rule\'s own tests cover', () => {
        expect(maybeOverviewOf(dataset.suite)).toBeUndefined();
      });
    }
    if (overview) {
      it('overview cells: every verdict is the rule\'s', () => {
        const lines = overviewLines(new FigureRows(dataset), overview);
        for (const line of lines) {
          for (const cell of line.cells) {
            if (cell.verdict === 'reference' || cell.verdict === 'none') continue;
            const expected = rule(dataset, cell.reference!, cell.row!, line.direction);
            expect({verdict: cell.verdict, reason: cell.reason}, `${line.spec.key}/${cell.scenario}`).toEqual({verdict: expected.verdict, reason: expected.reason});
          }
        }
      });

      it('overview as rendered: better/worse only on established cells, and the reason on the others', () => {
        const doc = renderStatic(<ResultsOverview data={bundleOf(dataset)} />);
        const lines = overviewLines(new FigureRows(dataset), overview);
        for (const line of lines) {
          for (const cell of line.cells) {
            const td = doc.querySelector(`tr[data-row="${line.spec.key}"] td[data-scenario="${cell.scenario}"]`)!;
            const shown = td.getAttribute('data-verdict');
            const text = td.textContent ?? '';
            if (shown === 'better' || shown === 'worse') {
              expect(isEstablished(rule(dataset, cell.reference!, cell.row!, line.direction)), `${line.spec.key}/${cell.scenario}`).toBe(true);
            } else {
              expect(text, `${line.spec.key}/${cell.scenario}`).not.toMatch(VERDICT_WORDS);
            }
            if (shown === 'not-established') expect(text, `${line.spec.key}/${cell.scenario}`).toMatch(/not established: /);
          }
        }
      });

      it('home headline cards: only established headlines, else a key figure without a verdict', () => {
        const h = suiteHeadlines(dataset, overview);
        const lines = overviewLines(new FigureRows(dataset), overview);
        const lineOf = (row: string) => lines.find((l) => l.spec.key === row)!;
        const cellOf = (row: string, scenario: string) => lineOf(row).cells.find((c) => c.scenario === scenario)!;
        for (const item of h.headlines) {
          const c = cellOf(item.row.key, item.scenario);
          expect(isEstablished(rule(dataset, c.reference!, c.row!, lineOf(item.row.key).direction)), `${item.row.key}/${item.scenario}`).toBe(true);
        }
        // Every configured headline the rule establishes is on the card.
        const established = overview.headlines.filter(({row, scenario}) => {
          const c = cellOf(row, scenario);
          return c.verdict === 'better' || c.verdict === 'worse' || c.verdict === 'context';
        });
        expect(h.headlines.map((x) => `${x.row.key}/${x.scenario}`)).toEqual(established.map((x) => `${x.row}/${x.scenario}`));
        if (h.headlines.length === 0) expect(h.keyFigure?.verdict).toBe('not-established');
        for (const item of h.keyFigure ? [h.keyFigure] : h.headlines) {
          const doc = renderStatic(<ul><HeadlineFigure item={item} figures={h} locale="en" /></ul>);
          const text = doc.body.textContent ?? '';
          if (item.verdict === 'not-established') {
            expect(text).not.toMatch(VERDICT_WORDS);
            expect(text).toMatch(/not established: /);
            // The card shows the measured value, not the change.
            expect(doc.querySelector('data')?.getAttribute('value')).toBe(String(item.value));
          }
        }
      });
    }

    if (claims) {
      const results = evaluateClaims(dataset, claims);

      it('claims: only those scoped to this version are checked', () => {
        expect(results.map((r) => r.claim.id)).toEqual(claims.claims.filter((c) => claimAppliesTo(c, dataset.version)).map((c) => c.id));
      });

      it('claims: every asserted difference is judged by the rule, and a holding claim clears it', () => {
        for (const r of results) {
          for (const c of r.checks) {
            for (const d of c.differences ?? []) {
              expect(d.comparison, `${r.claim.id}: ${d.from.scenario} -> ${d.to.scenario}`).toEqual(rule(dataset, d.from.row!, d.to.row!));
              // The data's own ranges overlap: the check cannot hold.
              if (d.comparison.reason === 'overlap') expect(c.status, `${r.claim.id}`).toBe('fails');
            }
          }
          if (r.status === 'holds') for (const c of r.checks) for (const d of c.differences ?? []) expect(d.comparison.reason, r.claim.id).not.toBe('overlap');
        }
      });

      it('claims whose differences are not established are worded as what was seen', () => {
        const offenders = results
          .filter((r) => r.status === 'holds' && unestablishedDifferences(r).length > 0)
          .flatMap((r) => LOCALES.flatMap((l) => [r.claim.title[l], r.claim.statement[l]].map((t) => verdictWording(withoutPlaceholders(t ?? ''), l)).filter(Boolean).map((w) => `${r.claim.id} (${l}): "${w}"`)));
        expect(offenders).toEqual([]);
      });

      it('claim list: a claim holding on what was seen says why its differences are not established', () => {
        const doc = renderStatic(<ClaimList data={bundleOf(dataset)} />);
        for (const r of results) {
          const note = doc.querySelector(`[data-claim="${r.claim.id}"] [data-seen-only]`);
          const reasons = [...new Set(unestablishedDifferences(r).map((d) => d.comparison.reason))];
          expect(note?.getAttribute('data-seen-only') ?? '', r.claim.id).toBe(r.status === 'holds' ? reasons.join(' ') : '');
          if (note) expect(note.textContent, r.claim.id).toMatch(/^not established: /);
        }
      });

      it('claims: direction-asserting checks carry the differences they assert', () => {
        for (const r of results) {
          for (const c of r.checks) {
            if (c.status === 'no-data') continue;
            const k = c.check;
            const asserts = k.kind === 'extreme' || k.kind === 'crossover' || (k.kind === 'change' && !((k.min ?? -Infinity) <= (k.measure === 'ratio' ? 1 : 0) && (k.max ?? Infinity) >= (k.measure === 'ratio' ? 1 : 0)));
            expect((c.differences ?? []).length > 0, `${r.claim.id}/${k.kind}`).toBe(asserts);
          }
        }
      });
    }
  });
}

describe('claims scoped by version', () => {
  const kubeProxy = datasets.filter((d) => d.suite === 'kube-proxy');
  const set = maybeClaimsOf('kube-proxy')!;

  it('the kube-proxy claims about the 2026-11-23 scenarios are scoped to the versions up to it', () => {
    const about20261123 = ['rules-grow-linearly', 'full-resync-one-second', 'full-resync-superlinear', 'partial-sync-grows', 'nftables-updates-not-cheaper-here', 'connect-time-modes-close', 'memory-grows-more-in-nftables'];
    for (const id of about20261123) expect(set.claims.find((c) => c.id === id)?.versions, id).toEqual({to: '2026-11-23'});
  });

  it('a claim outside its scope is neither checked nor shown on a later version', () => {
    const upTo = {...set, claims: set.claims.filter((c) => c.versions?.to === '2026-11-23')};
    const later = {...kubeProxy.find((d) => d.version === '2026-11-23')!, version: '2026-12-01', results: []};
    expect(evaluateClaims(later, upTo)).toEqual([]);
    expect(checkClaims([upTo], [later]).warnings).toEqual([]);
    // Without the scope, the same empty version would contradict nothing but leave every claim without data.
    const unscoped = {...upTo, claims: upTo.claims.map(({versions: _v, ...c}) => c)};
    expect(checkClaims([unscoped], [later]).warnings.length).toBe(upTo.claims.length);
  });
});

/** The methods page's worked examples: the component shows the rule's verdict on the rows it reads. */
describe('<RuleExample>', () => {
  const pinned = (suite: string, version: string) => datasets.find((d) => d.suite === suite && d.version === version)!;
  const chainWhere = {qps: 'max', connection: 'close', concurrency: 4} as const;
  const examples = [
    {dataset: pinned('local', '2026-11-23'), metric: 'conn_setup_time', where: {...chainWhere, stat: 'p50'}, from: {scenario: 'chain', where: {rules: 0}}, to: {scenario: 'chain', where: {rules: 10000}}},
    {dataset: pinned('local', '2026-11-23'), metric: 'http_rps', where: chainWhere, from: {scenario: 'chain', where: {rules: 0}}, to: {scenario: 'chain', where: {rules: 1000}}},
    {dataset: pinned('eks-cni', '2026-12-02'), metric: 'loaded_rtt', where: {}, from: {scenario: 'A'}, to: {scenario: 'E'}},
    {dataset: pinned('tke-cilium', '2026-06-01'), metric: 'http_rps', where: {qps: 'max', path: 'service', concurrency: 64, connection: 'close'}, from: {scenario: 'iptables'}, to: {scenario: 'native'}},
  ] as const;

  it('the examples cover every verdict the page explains', () => {
    const shown = examples.map((e) => {
      const doc = renderStatic(<RuleExample data={bundleOf(e.dataset)} metric={e.metric} where={e.where} from={e.from} to={e.to} />);
      const figure = doc.querySelector('figure[data-rule-example]')!;
      const [a, b] = [e.from, e.to].map((s) => selectRow(e.dataset, {metric: e.metric, scenario: s.scenario, where: {...e.where, ...('where' in s ? s.where : {})}}));
      const expected = rule(e.dataset, a, b);
      expect(figure.getAttribute('data-verdict'), e.metric).toBe(expected.verdict);
      expect(figure.getAttribute('data-reason') ?? undefined, e.metric).toBe(expected.reason);
      if (expected.reason) expect(figure.textContent).toMatch(/The rule: not established: /);
      return expected.reason ?? expected.verdict;
    });
    expect(new Set(shown)).toEqual(new Set(['worse', 'overlap', 'no-spread', 'too-few-rounds']));
  });

  it('the methods page uses these examples in every language', () => {
    const pages = ['docs/methods.mdx', 'i18n/ko/docusaurus-plugin-content-docs/current/methods.mdx', 'i18n/zh/docusaurus-plugin-content-docs/current/methods.mdx'];
    const examplesOf = (file: string) => [...fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8').matchAll(/<RuleExample [^\n]*\/>/g)].map((m) => m[0]);
    const en = examplesOf(pages[0]);
    expect(en).toHaveLength(examples.length);
    for (const page of pages.slice(1)) expect(examplesOf(page), page).toEqual(en);
  });
});
