/**
 * The results overview against the published datasets. Every expected cell is
 * derived here from the dataset JSON as read from disk (own row lookup, own
 * arithmetic, own number writing), never from the component's output; the
 * verdict rule is restated independently: better/worse by the registry's
 * direction, no clear difference inside the rows' min–max over rounds or under
 * the row's threshold.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {setTestLocale} from '@site/tests/unit/docusaurus/useDocusaurusContext';
import {loadDatasets} from '@site/src/data/load';
import type {Dataset} from '@site/src/data/schema';
import {bundleOf} from '@site/src/data/testing/eksLike';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {claimsOf} from '@site/src/data/testing/claims';
import {suiteHeadlines, UNCLEAR_BELOW} from '@site/src/data/overview';
import {overviewOf} from '@site/src/data/testing/overviews';
import {newestVersion} from '@site/src/data/suiteFolder';
import ResultsOverview from '.';

const DATA = path.resolve(__dirname, '../../../static/data');

interface RawRow {
  metric: string;
  scenario: string;
  value: number | null;
  min?: number;
  max?: number;
  conditions?: Record<string, unknown>;
  flags?: {kind: string}[];
}

/** The newest version's JSON as written on disk. */
function raw(suite: string): {version: string; rows: RawRow[]} {
  const version = newestVersion(path.join(DATA, suite))!;
  const file = `${version}.json`;
  return {version, rows: (JSON.parse(fs.readFileSync(path.join(DATA, suite, file), 'utf8')) as {results: RawRow[]}).results};
}

/** The one row with exactly these conditions (or, `loose`, at least these). */
function find(rows: RawRow[], metric: string, scenario: string, conditions: Record<string, unknown>, loose = false): RawRow {
  const hits = rows.filter((r) => {
    if (r.metric !== metric || r.scenario !== scenario) return false;
    const c = r.conditions ?? {};
    const wanted = Object.entries(conditions);
    return wanted.every(([k, v]) => c[k] === v) && (loose || Object.keys(c).length === wanted.length);
  });
  if (hits.length !== 1) throw new Error(`${metric}/${scenario} ${JSON.stringify(conditions)}: ${hits.length} rows`);
  return hits[0];
}

const MINUS = '\u2212';
/** A signed percent as the reports write it: one decimal under 10%, none from 10%. */
function pct(from: number, to: number): string {
  const p = ((to - from) / from) * 100;
  const digits = Math.abs(p) < 10 ? 1 : 0;
  const text = Math.abs(p).toFixed(digits);
  // A change that rounds to zero carries no sign.
  return `${Number(text) === 0 ? '' : p < 0 ? MINUS : '+'}${text}%`;
}
/** to / from from 2× on, as the reports write it. */
const times = (from: number, to: number) => `${(to / from).toFixed(to / from < 10 ? 1 : 0)}×`;

/** The verdict rule, restated: `lowerIsBetter`, a threshold in %, and the rounds' ranges when both rows have one. */
function expectedVerdict(ref: RawRow, row: RawRow, lowerIsBetter: boolean, threshold: number): string {
  const [a, b] = [ref.value as number, row.value as number];
  if (a === b) return 'unclear';
  const ranged = ref.min !== undefined && ref.max !== undefined && row.min !== undefined && row.max !== undefined;
  if (ranged) {
    if (Math.abs(b - a) < Math.max(ref.max! - ref.min!, row.max! - row.min!)) return 'unclear';
  } else if (Math.abs(((b - a) / a) * 100) <= threshold) return 'unclear';
  return (lowerIsBetter ? b < a : b > a) ? 'better' : 'worse';
}

const latest = (suite: string): Dataset =>
  loadDatasets(DATA)
    .map((l) => l.dataset)
    .filter((d) => d.suite === suite)
    .sort((a, b) => a.version.localeCompare(b.version))
    .at(-1)!;

function cell(doc: Document, row: string, scenario: string): {text: string; change: string; verdict: string | null; bar: string | null} {
  const td = doc.querySelector(`tr[data-row="${row}"] td[data-scenario="${scenario}"]`);
  if (!td) throw new Error(`no cell ${row}/${scenario}`);
  const change = td.querySelector('data')?.textContent ?? '';
  const fill = td.querySelector('[aria-hidden="true"] > span') as HTMLElement | null;
  return {text: (td.textContent ?? '').replace(/[ \t\r\n]+/g, ' ').trim(), change, verdict: td.getAttribute('data-verdict'), bar: fill ? (fill.style.left ? 'right' : 'left') : null};
}

const header = (doc: Document, row: string) => (doc.querySelector(`tr[data-row="${row}"] th`)?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('ResultsOverview on the EKS dataset', () => {
  const {rows, version} = raw('eks-cni');
  const dataset = latest('eks-cni');
  const doc = renderStatic(<ResultsOverview data={bundleOf(dataset)} />);

  it('shows the newest version, one row per configured metric and one column per scenario', () => {
    expect(dataset.version).toBe(version);
    expect(doc.querySelector('figure')?.getAttribute('data-dataset')).toBe(`eks-cni@${version}`);
    expect([...doc.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-row'))).toEqual(overviewOf('eks-cni').rows.map((r) => r.key));
    expect([...doc.querySelectorAll('thead th[data-scenario]')].map((th) => th.getAttribute('data-scenario'))).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('gives E the loaded-RTT change against A, better, with a bar to the right', () => {
    const a = find(rows, 'pod_rtt', 'A', {stat: 'p50'});
    const e = find(rows, 'pod_rtt', 'E', {stat: 'p50'});
    const c = cell(doc, 'loaded-rtt', 'E');
    expect(c.change).toBe(pct(a.value!, e.value!));
    expect(c.verdict).toBe(expectedVerdict(a, e, true, UNCLEAR_BELOW.latency));
    expect(c.verdict).toBe('better');
    expect(c.bar).toBe('right');
    expect(c.text).toContain(`${new Intl.NumberFormat('en').format(e.value!)}\u00a0µs`);
    expect(c.text).toContain('better');
    // The reference cell is the value itself.
    expect(cell(doc, 'loaded-rtt', 'A').text).toContain(`${new Intl.NumberFormat('en').format(a.value!)} µs`);
    expect(cell(doc, 'loaded-rtt', 'A').verdict).toBe('reference');
  });

  it('calls no TCP throughput change better or worse (all within the threshold)', () => {
    const a = find(rows, 'tcp_throughput', 'A', {});
    for (const s of ['B', 'C', 'D', 'E']) {
      const r = find(rows, 'tcp_throughput', s, {});
      expect(cell(doc, 'tcp-throughput', s).verdict, s).toBe(expectedVerdict(a, r, false, UNCLEAR_BELOW.throughput));
      expect(cell(doc, 'tcp-throughput', s).change, s).toBe(pct(a.value!, r.value!));
    }
  });

  it('takes the HTTP p99 threshold from the spread two runs of one setup showed', () => {
    // The same configuration in the main run and in the Service-scaling run (services 4, keepalive).
    const spread = (s: string) => {
      const main = find(rows, 'http_latency', s, {qps: 1000, stat: 'p99'}).value!;
      const rerun = find(rows, 'http_latency', s, {qps: 1000, services: 4, connection: 'keepalive', stat: 'p99'}).value!;
      return (Math.max(main, rerun) / Math.min(main, rerun) - 1) * 100;
    };
    const threshold = Math.min(spread('A'), spread('E'));
    expect(header(doc, 'http-p99')).toContain(`±${Math.round(threshold)}%: spread between runs`);
    const a = find(rows, 'http_latency', 'A', {qps: 1000, stat: 'p99'});
    for (const s of ['B', 'C', 'D', 'E']) {
      const r = find(rows, 'http_latency', s, {qps: 1000, stat: 'p99'});
      expect(cell(doc, 'http-p99', s).verdict, s).toBe(expectedVerdict(a, r, true, threshold));
    }
    // Every one of them is inside that spread: the overview ranks none.
    expect(['B', 'C', 'D', 'E'].map((s) => cell(doc, 'http-p99', s).verdict)).toEqual(['unclear', 'unclear', 'unclear', 'unclear']);
  });

  it('shows UDP as what arrives: rate × (1 − loss), the same everywhere within the threshold', () => {
    const arrives = (s: string) => find(rows, 'udp_throughput', s, {}).value! * (1 - find(rows, 'udp_loss', s, {}).value! / 100);
    for (const s of ['B', 'C', 'D', 'E']) {
      expect(cell(doc, 'udp-delivered', s).change, s).toBe(pct(arrives('A'), arrives(s)));
      expect(cell(doc, 'udp-delivered', s).verdict, s).toBe(Math.abs((arrives(s) / arrives('A') - 1) * 100) <= UNCLEAR_BELOW.throughput ? 'unclear' : 'other');
    }
    // A's rate and loss both carry the high-loss flag: marked once, in A's cell; D's own rows are flagged too, B's are not.
    expect(cell(doc, 'udp-delivered', 'A').text.match(/⚠/g)).toHaveLength(1);
    expect(cell(doc, 'udp-delivered', 'D').text).toContain('⚠');
    expect(cell(doc, 'udp-delivered', 'B').text).not.toContain('⚠');
    expect(header(doc, 'udp-delivered')).toContain('UDP throughput that arrives (after UDP packet loss)');
  });

  it('shows N/M where A was not measured, and the others without a comparison', () => {
    expect(find(rows, 'memory_usage', 'A', {}, true).value).toBeNull();
    expect(cell(doc, 'agent-memory', 'A').text).toContain('N/M');
    const c = find(rows, 'memory_usage', 'C', {}, true);
    expect(cell(doc, 'agent-memory', 'C').verdict).toBe('none');
    expect(cell(doc, 'agent-memory', 'C').text).toBe(`${c.value} MiB`);
  });

  it('links each row to its conclusion by the claim title', () => {
    const link = doc.querySelector('tr[data-row="loaded-rtt"] th a');
    expect(link?.getAttribute('href')).toBe('#claim-rtt-a-to-e');
    expect(link?.textContent).toBe(claimsOf('eks-cni').claims.find((c) => c.id === 'rtt-a-to-e')!.title.en);
  });

  it('gives the home page the configured headline cells', () => {
    const h = suiteHeadlines(dataset, overviewOf('eks-cni'), claimsOf('eks-cni'));
    expect(h.problems).toEqual([]);
    const rtt = h.headlines.find((x) => x.row.key === 'loaded-rtt')!;
    const [a, e] = [find(rows, 'pod_rtt', 'A', {stat: 'p50'}).value!, find(rows, 'pod_rtt', 'E', {stat: 'p50'}).value!];
    expect(rtt).toMatchObject({scenario: 'E', versus: 'A', value: e, verdict: 'better', change: {kind: 'change'}});
    expect(rtt.change!.value).toBeCloseTo(((e - a) / a) * 100, 10);
  });
});

describe('ResultsOverview on the TKE dataset', () => {
  const {rows} = raw('tke-cilium');
  const doc = renderStatic(<ResultsOverview data={bundleOf(latest('tke-cilium'))} />);
  const load = {qps: 'max', path: 'service', concurrency: 64};

  it('shows the short-connection lead of iptables as worse for both Cilium clusters', () => {
    const ipt = find(rows, 'http_rps', 'iptables', {...load, connection: 'close'});
    for (const s of ['native', 'overlay']) {
      const r = find(rows, 'http_rps', s, {...load, connection: 'close'});
      expect(cell(doc, 'rps-short', s).change).toBe(pct(ipt.value!, r.value!));
      expect(cell(doc, 'rps-short', s).verdict).toBe('worse');
      expect(cell(doc, 'rps-short', s).bar).toBe('left');
    }
  });

  it('turns the order around at the largest Service count', () => {
    const ipt = find(rows, 'http_rps', 'iptables', {...load, connection: 'close', services: 30000});
    const overlay = find(rows, 'http_rps', 'overlay', {...load, connection: 'close', services: 30000});
    const c = cell(doc, 'rps-short-largest', 'overlay');
    expect(c.change).toBe(overlay.value! / ipt.value! >= 2 ? times(ipt.value!, overlay.value!) : pct(ipt.value!, overlay.value!));
    expect(c.verdict).toBe(expectedVerdict(ipt, overlay, false, UNCLEAR_BELOW.requestRate));
    expect(c.verdict).toBe('better');
  });

  it('compares a feature with the same cluster without it, and leaves iptables out', () => {
    const off = find(rows, 'http_rps', 'native', {qps: 'max', policy: 'none'});
    const on = find(rows, 'http_rps', 'native', {qps: 'max', policy: 'l7'});
    expect(cell(doc, 'policy-l7', 'native').change).toBe(pct(off.value!, on.value!));
    expect(cell(doc, 'policy-l7', 'native').verdict).toBe('worse');
    expect(cell(doc, 'policy-l7', 'iptables').text).toBe('N/A');
    expect(header(doc, 'policy-l7')).toContain('against no policy');
    expect(header(doc, 'policy-l7')).toContain(`±${UNCLEAR_BELOW.featureCost}%`);
  });

  it('marks a figure the dataset flags', () => {
    const flagged = find(rows, 'http_rps', 'overlay', {qps: 'max', policy: 'l3l4'});
    expect(flagged.flags?.map((f) => f.kind)).toContain('single-round-outlier');
    expect(cell(doc, 'policy-l3l4', 'overlay').text).toContain('⚠');
    expect(cell(doc, 'policy-l3l4', 'native').text).not.toContain('⚠');
  });

  it('follows the data: equal keepalive rates are no clear difference', () => {
    const even = renderStatic(<ResultsOverview data={makeBundle(makeTkeDataset({keepalive: {iptables: 100000, native: 100000, overlay: 96000}}))} config={{...overviewOf('tke-cilium'), rows: overviewOf('tke-cilium').rows.filter((r) => r.key === 'rps-keepalive' || r.key === 'rps-short').map(({claim: _claim, ...r}) => r)}} />);
    expect(cell(even, 'rps-keepalive', 'native')).toMatchObject({change: '0.0%', verdict: 'unclear'});
    // 96,000 against 100,000 is 4%: under the 5% threshold.
    expect(cell(even, 'rps-keepalive', 'overlay')).toMatchObject({change: `${MINUS}4.0%`, verdict: 'unclear'});
    // 15,000 against 30,000 (the synthetic default): worse.
    expect(cell(even, 'rps-short', 'native')).toMatchObject({change: `${MINUS}50%`, verdict: 'worse'});
  });
});

describe('ResultsOverview on the kube-proxy dataset (rows with a range over rounds)', () => {
  const {rows} = raw('kube-proxy');
  const doc = renderStatic(<ResultsOverview data={bundleOf(latest('kube-proxy'))} />);

  it('lets the min–max over rounds decide, and says so', () => {
    for (const [key, metric, conditions] of [
      ['full-sync', 'kubeproxy_full_sync_time', {services: 5000}],
      ['partial-sync', 'kubeproxy_partial_sync_time', {services: 5000}],
      ['memory', 'memory_usage', {services: 5000}],
    ] as const) {
      const ipt = find(rows, metric, 'iptables', conditions, true);
      const nft = find(rows, metric, 'nftables', conditions, true);
      expect(ipt.min, key).toBeDefined();
      expect(cell(doc, key, 'nftables').verdict, key).toBe(expectedVerdict(ipt, nft, true, 1e9));
      expect(header(doc, key), key).toContain('range over rounds');
    }
  });
});

/**
 * The key under the table says what decides "no clear difference" for the rows this
 * table has: the round counts are read from each dataset's JSON on disk (its method, and
 * per-round samples of its rows), the row kinds from the row headers.
 */
describe('the key says how many rounds the figures stand on', () => {
  const methodOf = (suite: string) => {
    const file = `${newestVersion(path.join(DATA, suite))!}.json`;
    return (JSON.parse(fs.readFileSync(path.join(DATA, suite, file), 'utf8')) as {method: {rounds: number; aggregate: string}}).method;
  };
  const keyText = (suite: string) => {
    const doc = renderStatic(<ResultsOverview data={bundleOf(latest(suite))} />);
    const headers = [...doc.querySelectorAll('tbody tr')].map((tr) => header(doc, tr.getAttribute('data-row')!));
    return {text: (doc.querySelector('figure')?.textContent ?? '').replace(/\s+/g, ' '), headers};
  };

  it('EKS: medians of its rounds, kept without their spread, never "single runs"', () => {
    const method = methodOf('eks-cni');
    expect(method.aggregate).toBe('median');
    expect(raw('eks-cni').rows.some((r) => 'samples' in r)).toBe(false);
    const {text} = keyText('eks-cni');
    expect(text).toContain(`medians of ${method.rounds} rounds, stored without their spread`);
    expect(text).not.toContain('single runs');
  });

  it('TKE: single runs, spread unknown', () => {
    expect(methodOf('tke-cilium')).toMatchObject({rounds: 1, aggregate: 'single'});
    const {text} = keyText('tke-cilium');
    expect(text).toContain('these figures are single runs, spread unknown');
    expect(text).not.toContain('medians of');
  });

  it('kube-proxy: explains the range over rounds, and a threshold only if a row uses one', () => {
    const {text, headers} = keyText('kube-proxy');
    expect(text).toContain('"range over rounds": a change inside');
    const byThreshold = headers.filter((h) => !h.includes('range over rounds'));
    expect(text.includes('±n%'), `rows decided by a threshold: ${byThreshold.join(' | ')}`).toBe(byThreshold.length > 0);
  });
});

/**
 * The row links are read out of context (a screen reader's list of links, a
 * reader scanning the table): a text must name one conclusion. Titles are
 * read from the claims JSON on disk, not through the component.
 */
describe('the overview links each conclusion by its own title', () => {
  const titlesOf = (suite: string): Map<string, Record<string, string>> =>
    new Map((JSON.parse(fs.readFileSync(path.join(DATA, suite, 'claims.json'), 'utf8')) as {claims: {id: string; title: Record<string, string>}[]}).claims.map((c) => [c.id, c.title]));

  afterEach(() => setTestLocale('en'));

  for (const suite of ['eks-cni', 'tke-cilium', 'kube-proxy']) {
    for (const locale of ['en', 'ko', 'zh']) {
      it(`${suite} (${locale}): one text per claim, and it is the claim's title`, () => {
        setTestLocale(locale);
        const doc = renderStatic(<ResultsOverview data={bundleOf(latest(suite))} />);
        const links = [...doc.querySelectorAll('tbody th a')].map((a) => ({href: a.getAttribute('href') ?? '', text: (a.textContent ?? '').trim()}));
        // Every configured row that names a claim links it.
        expect(links.length).toBe(overviewOf(suite).rows.filter((r) => r.claim !== undefined).length);
        expect(links.length).toBeGreaterThan(1);
        const titles = titlesOf(suite);
        for (const {href, text} of links) {
          const id = href.replace(/^#claim-/, '');
          expect(text, href).toBe(titles.get(id)?.[locale]);
        }
        // Same text, same target (two rows may back one claim); different targets, different texts.
        const targetsByText = new Map<string, Set<string>>();
        for (const {href, text} of links) targetsByText.set(text, (targetsByText.get(text) ?? new Set()).add(href));
        for (const [text, targets] of targetsByText) expect([...targets], `"${text}" links`).toHaveLength(1);
        expect(targetsByText.size).toBe(new Set(links.map((l) => l.href)).size);
      });
    }
  }
});
