/**
 * The results overview against the published datasets. Every expected cell is
 * derived here from the dataset JSON as read from disk (own row lookup, own
 * arithmetic, own number writing), never from the component's output; the
 * verdict rule is restated independently: better/worse by the registry's
 * direction only when both rows stand on at least three rounds and their
 * min–max ranges over rounds do not overlap, else not established.
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
import {suiteHeadlines} from '@site/src/data/overview';
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
  samples?: number[];
  conditions?: Record<string, unknown>;
  flags?: {kind: string}[];
}

interface RawMethod {
  rounds: number;
  aggregate: string;
}

/** The newest version's JSON as written on disk. */
function raw(suite: string): {version: string; rows: RawRow[]; method: RawMethod} {
  const version = newestVersion(path.join(DATA, suite))!;
  const file = `${version}.json`;
  const json = JSON.parse(fs.readFileSync(path.join(DATA, suite, file), 'utf8')) as {results: RawRow[]; method: RawMethod};
  return {version, rows: json.results, method: json.method};
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

/**
 * The verdict rule, restated: a row's rounds are its samples, else its method's (a single run: one);
 * at least three on each side, a min–max on each side, and ranges that do not meet, or no verdict.
 */
function expectedVerdict(ref: RawRow, row: RawRow, lowerIsBetter: boolean, method: RawMethod): string {
  const rounds = (r: RawRow) => r.samples?.length ?? (method.aggregate === 'single' ? 1 : method.rounds);
  if (rounds(ref) < 3 || rounds(row) < 3) return 'not-established';
  if (ref.min === undefined || ref.max === undefined || row.min === undefined || row.max === undefined) return 'not-established';
  if (ref.min <= row.max && row.min <= ref.max) return 'not-established';
  const [a, b] = [ref.value as number, row.value as number];
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
  const {rows, version, method} = raw('eks-cni');
  const dataset = latest('eks-cni');
  const doc = renderStatic(<ResultsOverview data={bundleOf(dataset)} />);

  it('shows the newest version, one row per configured metric and one column per scenario', () => {
    expect(dataset.version).toBe(version);
    expect(doc.querySelector('figure')?.getAttribute('data-dataset')).toBe(`eks-cni@${version}`);
    expect([...doc.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-row'))).toEqual(overviewOf('eks-cni').rows.map((r) => r.key));
    expect([...doc.querySelectorAll('thead th[data-scenario]')].map((th) => th.getAttribute('data-scenario'))).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('gives E the loaded-RTT change against A as seen: not established, no bar, and why', () => {
    const a = find(rows, 'loaded_rtt', 'A', {});
    const e = find(rows, 'loaded_rtt', 'E', {});
    const c = cell(doc, 'loaded-rtt', 'E');
    expect(c.change).toBe(pct(a.value!, e.value!));
    expect(c.verdict).toBe(expectedVerdict(a, e, true, method));
    // Medians of three rounds transcribed without their min–max.
    expect(c.verdict).toBe('not-established');
    expect(c.bar).toBeNull();
    expect(c.text).toContain(`${new Intl.NumberFormat('en').format(e.value!)}\u00a0µs`);
    expect(c.text).toContain('not established: no min–max over rounds recorded');
    expect(c.text).not.toMatch(/better|worse/);
    // The reference cell is the value itself.
    expect(cell(doc, 'loaded-rtt', 'A').text).toContain(`${new Intl.NumberFormat('en').format(a.value!)} µs`);
    expect(cell(doc, 'loaded-rtt', 'A').verdict).toBe('reference');
  });

  it('calls no TCP throughput or HTTP p99 change better or worse', () => {
    for (const [key, metric, where, lower] of [
      ['tcp-throughput', 'tcp_throughput', {}, false],
      ['http-p99', 'http_latency', {qps: 1000, stat: 'p99'}, true],
    ] as const) {
      const a = find(rows, metric, 'A', where);
      for (const s of ['B', 'C', 'D', 'E']) {
        const r = find(rows, metric, s, where);
        expect(cell(doc, key, s).verdict, `${key} ${s}`).toBe(expectedVerdict(a, r, lower, method));
        expect(cell(doc, key, s).verdict, `${key} ${s}`).toBe('not-established');
        expect(cell(doc, key, s).change, `${key} ${s}`).toBe(pct(a.value!, r.value!));
      }
    }
  });

  it('shows UDP as what arrives: rate × (1 − loss), a derived figure with no range, so never better or worse', () => {
    const arrives = (s: string) => find(rows, 'udp_throughput', s, {}).value! * (1 - find(rows, 'udp_loss', s, {}).value! / 100);
    for (const s of ['B', 'C', 'D', 'E']) {
      expect(cell(doc, 'udp-delivered', s).change, s).toBe(pct(arrives('A'), arrives(s)));
      expect(cell(doc, 'udp-delivered', s).verdict, s).toBe('not-established');
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

  it('gives the home page no headline the rule does not establish: its key figure, as a value, instead', () => {
    const h = suiteHeadlines(dataset, overviewOf('eks-cni'));
    expect(h.problems).toEqual([]);
    expect(h.headlines).toEqual([]);
    const e = find(rows, 'loaded_rtt', 'E', {}).value!;
    expect(h.keyFigure).toMatchObject({row: {key: overviewOf('eks-cni').headlines[0].row}, scenario: 'E', versus: 'A', value: e, verdict: 'not-established', reason: 'no-spread'});
  });
});

describe('ResultsOverview on the TKE dataset', () => {
  const {rows, method} = raw('tke-cilium');
  const doc = renderStatic(<ResultsOverview data={bundleOf(latest('tke-cilium'))} />);
  const load = {qps: 'max', path: 'service', concurrency: 64};

  it('shows the short-connection gap to iptables as seen, not established on single runs', () => {
    const ipt = find(rows, 'http_rps', 'iptables', {...load, connection: 'close'});
    for (const s of ['native', 'overlay']) {
      const r = find(rows, 'http_rps', s, {...load, connection: 'close'});
      expect(cell(doc, 'rps-short', s).change).toBe(pct(ipt.value!, r.value!));
      expect(cell(doc, 'rps-short', s).verdict).toBe(expectedVerdict(ipt, r, false, method));
      expect(cell(doc, 'rps-short', s).verdict).toBe('not-established');
      expect(cell(doc, 'rps-short', s).text).toContain('not established: fewer than 3 rounds');
      expect(cell(doc, 'rps-short', s).bar).toBeNull();
    }
  });

  it('shows the order turned around at the largest Service count, as seen', () => {
    const ipt = find(rows, 'http_rps', 'iptables', {...load, connection: 'close', services: 30000});
    const overlay = find(rows, 'http_rps', 'overlay', {...load, connection: 'close', services: 30000});
    const c = cell(doc, 'rps-short-largest', 'overlay');
    expect(c.change).toBe(overlay.value! / ipt.value! >= 2 ? times(ipt.value!, overlay.value!) : pct(ipt.value!, overlay.value!));
    expect(c.verdict).toBe(expectedVerdict(ipt, overlay, false, method));
    expect(c.verdict).toBe('not-established');
  });

  it('compares a feature with the same cluster without it, and leaves iptables out', () => {
    const off = find(rows, 'http_rps', 'native', {qps: 'max', policy: 'none'});
    const on = find(rows, 'http_rps', 'native', {qps: 'max', policy: 'l7'});
    expect(cell(doc, 'policy-l7', 'native').change).toBe(pct(off.value!, on.value!));
    expect(cell(doc, 'policy-l7', 'native').verdict).toBe('not-established');
    expect(cell(doc, 'policy-l7', 'iptables').text).toBe('N/A');
    expect(header(doc, 'policy-l7')).toContain('against no policy');
    expect(header(doc, 'policy-l7')).not.toMatch(/±/);
  });

  it('marks a figure the dataset flags', () => {
    const flagged = find(rows, 'http_rps', 'overlay', {qps: 'max', policy: 'l3l4'});
    expect(flagged.flags?.map((f) => f.kind)).toContain('single-round-outlier');
    expect(cell(doc, 'policy-l3l4', 'overlay').text).toContain('⚠');
    expect(cell(doc, 'policy-l3l4', 'native').text).not.toContain('⚠');
  });

  it('follows the data: medians without a range are not established, equal or far apart', () => {
    const even = renderStatic(<ResultsOverview data={makeBundle(makeTkeDataset({keepalive: {iptables: 100000, native: 100000, overlay: 96000}}))} config={{...overviewOf('tke-cilium'), rows: overviewOf('tke-cilium').rows.filter((r) => r.key === 'rps-keepalive' || r.key === 'rps-short').map(({claim: _claim, ...r}) => r)}} />);
    expect(cell(even, 'rps-keepalive', 'native')).toMatchObject({change: '0.0%', verdict: 'not-established'});
    expect(cell(even, 'rps-keepalive', 'overlay')).toMatchObject({change: `${MINUS}4.0%`, verdict: 'not-established'});
    // 15,000 against 30,000 (the synthetic default): half, and still not established without a range.
    expect(cell(even, 'rps-short', 'native')).toMatchObject({change: `${MINUS}50%`, verdict: 'not-established'});
  });
});

describe('ResultsOverview on the kube-proxy dataset (rows with a range over rounds)', () => {
  const {rows, method} = raw('kube-proxy');
  const doc = renderStatic(<ResultsOverview data={bundleOf(latest('kube-proxy'))} />);

  it('lets the min–max over rounds decide', () => {
    for (const [key, metric, conditions] of [
      ['full-sync', 'kubeproxy_full_sync_time', {services: 5000, family: 'ipv4'}],
      ['partial-sync', 'kubeproxy_partial_sync_time', {services: 5000, stat: 'p50'}],
      ['memory', 'memory_usage', {services: 5000}],
    ] as const) {
      const ipt = find(rows, metric, 'iptables-nft', conditions, true);
      const nft = find(rows, metric, 'nftables', conditions, true);
      expect(ipt.min, key).toBeDefined();
      expect(cell(doc, key, 'nftables').verdict, key).toBe(expectedVerdict(ipt, nft, true, method));
    }
  });

  it('calls the connect() p99 at the largest step by the rounds\' ranges: not established where they overlap, with overlap as the reason', () => {
    const ipt = find(rows, 'connect_latency', 'iptables-nft', {services: 5000, stat: 'p99'}, true);
    const verdicts = ['iptables-legacy', 'nftables'].map((scenario) => {
      const other = find(rows, 'connect_latency', scenario, {services: 5000, stat: 'p99'}, true);
      const td = doc.querySelector(`tr[data-row="connect-p99"] td[data-scenario="${scenario}"]`);
      expect(td?.getAttribute('data-verdict'), scenario).toBe(expectedVerdict(ipt, other, true, method));
      const overlap = other.min! <= ipt.max! && ipt.min! <= other.max!;
      if (overlap) expect(td?.getAttribute('data-reason'), scenario).toBe('overlap');
      return overlap;
    });
    // The data has both cases: a datapath whose tail overlaps iptables-nft's and one whose tail lies apart.
    expect(verdicts).toEqual([true, false]);
  });
});

/**
 * The key under the table states the rule once and names only the reasons this table's
 * cells have: the round counts and ranges are read from each dataset's JSON on disk.
 */
describe('the key states the rule and the reasons the table shows', () => {
  const RULE = 'A difference is called better or worse only when both figures stand on at least 3 rounds and their min–max ranges over rounds do not overlap';
  const keyText = (suite: string) => {
    const doc = renderStatic(<ResultsOverview data={bundleOf(latest(suite))} />);
    return {text: (doc.querySelector('figure')?.textContent ?? '').replace(/\s+/g, ' '), doc};
  };

  it('EKS: medians of its rounds, kept without their spread', () => {
    const {method, rows} = raw('eks-cni');
    expect(method).toMatchObject({aggregate: 'median', rounds: 3});
    expect(rows.some((r) => 'samples' in r)).toBe(false);
    const {text, doc} = keyText('eks-cni');
    expect(text).toContain(RULE);
    expect(text).toContain('some figures are medians stored without their min–max over rounds');
    expect(text).not.toContain('fewer rounds');
    expect(doc.querySelector('a[data-methods-link]')?.getAttribute('href')).toBe('/docs/methods');
  });

  it('TKE: single runs, too few rounds', () => {
    expect(raw('tke-cilium').method).toMatchObject({rounds: 1, aggregate: 'single'});
    const {text} = keyText('tke-cilium');
    expect(text).toContain(RULE);
    expect(text).toContain('some figures stand on fewer rounds');
    expect(text).not.toContain('medians stored without');
  });

  it('kube-proxy: overlapping ranges named, as its cells have them', () => {
    const {text, doc} = keyText('kube-proxy');
    const reasons = new Set([...doc.querySelectorAll('td[data-reason]')].map((td) => td.getAttribute('data-reason')));
    expect(reasons.has('overlap')).toBe(true);
    expect(text).toContain('some ranges overlap');
    expect(text.includes('fewer rounds')).toBe(reasons.has('too-few-rounds'));
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
