/**
 * The transcribed TKE dataset against its source page: the file must validate,
 * and figures parsed from the page's table rows (kept as printed in
 * source-facts/tke-cilium-2026-06-01.json, with the source file's name and
 * sha256) must equal the stored rows, so a typo on either side fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {validateDataset} from '../validate';
import type {Conditions, Dataset, ResultRow} from '../schema';
import source from './source-facts/tke-cilium-2026-06-01.json';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const datasetFile = path.join(repoRoot, 'static/data/tke-cilium/2026-06-01.json');

const dataset: Dataset = validateDataset(JSON.parse(fs.readFileSync(datasetFile, 'utf8')), datasetFile);

const SCENARIOS = ['iptables', 'native', 'overlay'] as const;
const CILIUM = ['native', 'overlay'] as const;
const STEPS = [5000, 10000, 20000, 30000] as const;
const SATURATED = {qps: 'max'} as const;

/** The one row with exactly these conditions; fails naming what was looked for. */
function findRow(metric: string, scenario: string, conditions: Conditions = {}): ResultRow {
  const wanted = JSON.stringify(Object.entries(conditions).sort());
  const hits = dataset.results.filter(
    (r) => r.metric === metric && r.scenario === scenario && JSON.stringify(Object.entries(r.conditions ?? {}).sort()) === wanted,
  );
  if (hits.length !== 1) throw new Error(`expected one ${metric}/${scenario} row with ${wanted}, found ${hits.length}`);
  return hits[0];
}

function valueOf(metric: string, scenario: string, conditions: Conditions = {}): number {
  const {value} = findRow(metric, scenario, conditions);
  if (value === null) throw new Error(`${metric}/${scenario} ${JSON.stringify(conditions)} is null`);
  return value;
}

/**
 * The rendered page glues table cells together ("TCP_RR p5084 µs85 µs..."), so a
 * row is found by its label and the cells are parsed here. `table` (the heading
 * the row sits under) picks the table when labels repeat.
 */
function cellsAfter(label: string, table?: string): string {
  const rows: {table?: string; label: string; cells: string}[] = source.rows;
  const hits = rows.filter((r) => r.label === label && r.table === table);
  if (hits.length !== 1) throw new Error(`source-facts: expected one row "${label}"${table ? ` under "${table}"` : ''}, found ${hits.length}`);
  return hits[0].cells;
}

const toNumber = (text: string) => Number(text.replace(/,/g, ''));

/** Every `<number><unit>` cell of a row, e.g. "10.43 Gbps" or "115,903 req/s". */
function numbersWithUnit(cells: string, unit: string): number[] {
  const pattern = new RegExp(`(\\d[\\d,]*(?:\\.\\d+)?) ?${unit.replace(/[/.]/g, '\\$&')}`, 'g');
  return [...cells.matchAll(pattern)].map((m) => toNumber(m[1]));
}

function signedPercents(cells: string): number[] {
  return [...cells.matchAll(/([-+]?\d+\.\d)%/g)].map((m) => Number(m[1]));
}

const byScenario = (metric: string, conditions: Conditions, scenarios: readonly string[] = SCENARIOS) =>
  scenarios.map((s) => valueOf(metric, s, conditions));

/** Percent change from `base` to `value` must round to the figure the page prints (0.1 point steps). */
function expectPrintedChange(value: number, base: number, printed: number | undefined, what: string): void {
  expect(printed, what).toBeDefined();
  // A figure printed to 0.1 point is within half a step of the exact value.
  expect(Math.abs((value / base - 1) * 100 - (printed ?? NaN)), what).toBeLessThanOrEqual(0.05 + 1e-9);
}

describe('tke-cilium dataset file', () => {
  it('passes the dataset schema and sits at <suite>/<version>.json', () => {
    expect(dataset.suite).toBe('tke-cilium');
    expect(path.basename(datasetFile)).toBe(`${dataset.version}.json`);
    expect(dataset.scenarios.map((s) => s.id)).toEqual([...SCENARIOS]);
  });

  it('names the source page the facts were taken from', () => {
    expect(dataset.source.kind).toBe('transcribed');
    expect(dataset.source.document).toContain(path.basename(source.source.file));
    expect(source.source.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks every Cilium-only measurement of the iptables cluster as not applicable, never 0', () => {
    const ciliumOnly = dataset.results.filter(
      (r) => r.conditions?.hubble !== undefined || r.conditions?.policy !== undefined || r.conditions?.lbMapMax !== undefined,
    );
    const iptablesRows = ciliumOnly.filter((r) => r.scenario === 'iptables');
    expect(iptablesRows.length).toBeGreaterThan(10);
    for (const row of iptablesRows) {
      expect(row.value, `${row.metric} ${JSON.stringify(row.conditions)}`).toBeNull();
      expect(row.flags?.map((f) => f.kind)).toContain('not-applicable');
    }
  });

  it('flags the figures the source calls single-round noise, in all three languages', () => {
    const noisy = [
      findRow('http_rps', 'overlay', {...SATURATED, path: 'pod', concurrency: 64, connection: 'keepalive'}),
      findRow('http_rps', 'overlay', {...SATURATED, path: 'service', concurrency: 256, connection: 'keepalive'}),
      findRow('http_rps', 'overlay', {...SATURATED, policy: 'l3l4'}),
      findRow('http_rps_relative', 'native', {...SATURATED, services: 30000, path: 'service', concurrency: 64, connection: 'keepalive'}),
    ];
    for (const row of noisy) {
      const flag = row.flags?.find((f) => f.kind === 'single-round-outlier');
      expect(flag, row.metric).toBeDefined();
      expect(Object.keys(flag?.detail ?? {}).sort()).toEqual(['en', 'ko', 'zh']);
    }
    const flagged = dataset.results.filter((r) => r.flags?.some((f) => f.kind === 'single-round-outlier'));
    expect(flagged).toHaveLength(noisy.length);
  });
});

describe('tke-cilium dataset against the source tables', () => {
  it('throughput table', () => {
    const cases: [string, Conditions][] = [
      ['Node hostNet (8 streams)', {path: 'host', streams: 8}],
      ['Pod-to-Pod (single)', {path: 'pod', streams: 1}],
      ['Pod-to-Pod (8 streams)', {path: 'pod', streams: 8}],
      ['Pod-to-Pod (16 streams)', {path: 'pod', streams: 16}],
      ['Via Service (8 streams)', {path: 'service', streams: 8}],
    ];
    for (const [label, conditions] of cases) {
      expect(byScenario('tcp_throughput', conditions), label).toEqual(numbersWithUnit(cellsAfter(label), 'Gbps'));
    }
  });

  it('RPS table', () => {
    const cases: [string, Conditions][] = [
      ['Pod-to-Pod c64 keepalive', {path: 'pod', concurrency: 64, connection: 'keepalive'}],
      ['Via Svc c64 keepalive', {path: 'service', concurrency: 64, connection: 'keepalive'}],
      ['Via Svc c256 keepalive', {path: 'service', concurrency: 256, connection: 'keepalive'}],
      ['Via Svc c64 short conn', {path: 'service', concurrency: 64, connection: 'close'}],
    ];
    for (const [label, conditions] of cases) {
      expect(byScenario('http_rps', {...SATURATED, ...conditions}), label).toEqual(numbersWithUnit(cellsAfter(label), 'req/s'));
    }
  });

  it('latency table', () => {
    expect(byScenario('tcp_rr_latency', {stat: 'p50'})).toEqual(numbersWithUnit(cellsAfter('TCP_RR p50'), 'µs'));
    expect(byScenario('tcp_rr_latency', {stat: 'p99'})).toEqual(numbersWithUnit(cellsAfter('TCP_RR p99', 'Latency: Identical'), 'µs'));
    expect(byScenario('tcp_crr_latency', {stat: 'p99'})).toEqual(numbersWithUnit(cellsAfter('TCP_CRR p99'), 'µs'));
    expect(byScenario('http_latency', {qps: 1000, stat: 'p99'})).toEqual(
      numbersWithUnit(cellsAfter('HTTP p99 @1000 QPS', 'Latency: Identical'), 'ms'),
    );
  });

  describe('Service scale, short connections', () => {
    const table = 'Short conn: iptables collapses';
    const shortConn = {...SATURATED, path: 'service', concurrency: 64, connection: 'close'} as const;

    it('baseline row is the stored small-scale c64 short-connection RPS', () => {
      expect(byScenario('http_rps', shortConn)).toEqual(numbersWithUnit(cellsAfter('Baseline (small)', table), 'req/s'));
    });

    it.each(STEPS)('absolute RPS at %i Services', (step) => {
      const cells = cellsAfter(String(step), table);
      const printed = [...cells.matchAll(/(\d{1,3}(?:,\d{3})*) \(/g)].map((m) => toNumber(m[1]));
      expect(byScenario('http_rps', {...shortConn, services: step})).toEqual(printed);
    });

    it.each(STEPS)('printed degradation at %i Services follows from the stored RPS (so it is not stored)', (step) => {
      const printed = signedPercents(cellsAfter(String(step), table));
      expect(printed).toHaveLength(3);
      SCENARIOS.forEach((s, i) =>
        expectPrintedChange(valueOf('http_rps', s, {...shortConn, services: step}), valueOf('http_rps', s, shortConn), printed[i], `${s} @${step}`),
      );
    });

    it('chain length / LB entries row equals the stored first and last step values', () => {
      // Cells are glued without separators ("5011→3000330018→..."), so rebuild the row from the data.
      const rebuilt = [
        valueOf('service_chain_length', 'iptables', {services: 5000}),
        '→',
        valueOf('service_chain_length', 'iptables', {services: 30000}),
        ...CILIUM.flatMap((s) => [valueOf('bpf_lb_entries', s, {services: 5000}), '→', valueOf('bpf_lb_entries', s, {services: 30000})]),
      ].join('');
      expect(rebuilt).toBe(cellsAfter('KUBE-SERVICES chain / LB entries', table));
    });
  });

  it.each(STEPS)('Service scale, keep-alive: stored percent of baseline is 100 + the printed change at %i', (step) => {
    const printed = signedPercents(cellsAfter(String(step), 'Keepalive: virtually zero'));
    const stored = byScenario('http_rps_relative', {...SATURATED, services: step, path: 'service', concurrency: 64, connection: 'keepalive'});
    expect(stored.map((v) => Number((v - 100).toFixed(1)))).toEqual(printed);
  });

  describe('Hubble and NetworkPolicy (Cilium only)', () => {
    it('Hubble on/off RPS and the printed overhead', () => {
      const on = byScenario('http_rps', {...SATURATED, hubble: true}, CILIUM);
      const off = byScenario('http_rps', {...SATURATED, hubble: false}, CILIUM);
      expect(on).toEqual(numbersWithUnit(cellsAfter('Hubble ON'), 'req/s'));
      expect(off).toEqual(numbersWithUnit(cellsAfter('Hubble OFF'), 'req/s'));
      const printed = signedPercents(cellsAfter('Overhead', 'Hubble ON'));
      on.forEach((v, i) => expectPrintedChange(v, off[i], printed[i], CILIUM[i]));
    });

    it.each([
      ['l3l4', 'L3/L4 CNP applied', 'NetworkPolicy L3/L4: zero'],
      ['l7', 'L7 CNP applied', 'NetworkPolicy L7: a performance'],
    ] as const)('%s policy RPS, its baseline and the printed overhead', (policy, label, anchor) => {
      const none = byScenario('http_rps', {...SATURATED, policy: 'none'}, CILIUM);
      const applied = byScenario('http_rps', {...SATURATED, policy}, CILIUM);
      expect(none).toEqual(numbersWithUnit(cellsAfter('No policy', anchor), 'req/s'));
      expect(applied).toEqual(numbersWithUnit(cellsAfter(label, anchor), 'req/s'));
      const printed = signedPercents(cellsAfter('Overhead', anchor));
      applied.forEach((v, i) => expectPrintedChange(v, none[i], printed[i], CILIUM[i]));
    });
  });

  it('component CPU / memory table', () => {
    const cases = [
      ['kube-proxy (iptables)', 'iptables', 'kube-proxy'],
      ['Cilium Agent (Native)', 'native', 'cilium-agent'],
      ['Cilium Agent (Overlay)', 'overlay', 'cilium-agent'],
    ] as const;
    for (const [label, scenario, component] of cases) {
      const m = /^([\d.]+)m \/ ([\d.]+)m([\d.]+) \/ ([\d.]+) MiB$/.exec(cellsAfter(label));
      expect(m, label).not.toBeNull();
      const at = (stat: 'avg' | 'max') => ({services: 30000, component, stat});
      expect([
        valueOf('cpu_usage', scenario, at('avg')),
        valueOf('cpu_usage', scenario, at('max')),
        valueOf('memory_usage', scenario, at('avg')),
        valueOf('memory_usage', scenario, at('max')),
      ]).toEqual(m?.slice(1).map(Number));
    }
  });

  it('BPF map tables', () => {
    const raised = {lbMapMax: 1020000};
    expect(byScenario('bpf_map_memory', raised, CILIUM)).toEqual(numbersWithUnit(cellsAfter('BPF map total'), 'MB'));
    expect(byScenario('bpf_map_count', raised, CILIUM).join('')).toBe(cellsAfter('BPF map count'));
    expect(byScenario('agent_rss', raised, CILIUM)).toEqual(numbersWithUnit(cellsAfter('Cilium Agent RSS'), 'MB'));
    const perMap = dataset.results.filter((r) => r.metric === 'bpf_map_memory' && r.scenario === 'native' && r.conditions?.map);
    expect(perMap).toHaveLength(5);
    for (const row of perMap) {
      const map = row.conditions?.map ?? '';
      // "1,020,00093.8 MB": thousands separators tell the entry count from the size.
      const m = /^(\d{1,3}(?:,\d{3})*)(\d+\.\d) MB$/.exec(cellsAfter(map, 'Top BPF map'));
      expect(m, map).not.toBeNull();
      for (const scenario of CILIUM) {
        expect(valueOf('bpf_map_max_entries', scenario, {...raised, map}), map).toBe(toNumber(m?.[1] ?? ''));
        expect(valueOf('bpf_map_memory', scenario, {...raised, map}), map).toBe(Number(m?.[2]));
      }
    }
  });

  it('at-a-glance figures agree with the detailed rows', () => {
    const glance = 'At a Glance';
    expect(byScenario('tcp_throughput', {path: 'pod', streams: 8})).toEqual(numbersWithUnit(cellsAfter('Pod2Pod throughput', glance), 'Gbps'));
    expect(byScenario('http_rps', {...SATURATED, path: 'service', concurrency: 64, connection: 'keepalive'})).toEqual(
      cellsAfter('RPS keepalive (c64)', glance).match(/\d{1,3},\d{3}/g)?.map(toNumber),
    );
    expect(byScenario('http_rps', {...SATURATED, path: 'service', concurrency: 64, connection: 'close'})).toEqual(
      cellsAfter('RPS short conn (c64, small)', glance).match(/\d{1,3},\d{3}/g)?.map(toNumber),
    );
    expect(byScenario('tcp_rr_latency', {stat: 'p99'})).toEqual(numbersWithUnit(cellsAfter('TCP_RR p99 (baseline)', glance), 'µs'));
    for (const step of [20000, 30000]) {
      expect(byScenario('http_rps', {...SATURATED, path: 'service', concurrency: 64, connection: 'close', services: step})).toEqual(
        cellsAfter(`Short-conn RPS @${step} svc`, glance).match(/\d{1,3},\d{3}/g)?.map(toNumber),
      );
    }
    expect(byScenario('bpf_map_memory', {lbMapMax: 1020000}, CILIUM)).toEqual(numbersWithUnit(cellsAfter('BPF map memory / node', glance), 'MB'));
    // The summary labels the memory averages "MB"; the detailed table (stored) is in MiB.
    const memoryAvg = SCENARIOS.map((s) =>
      valueOf('memory_usage', s, {services: 30000, component: s === 'iptables' ? 'kube-proxy' : 'cilium-agent', stat: 'avg'}),
    );
    expect(memoryAvg).toEqual(numbersWithUnit(cellsAfter('Datapath component mem / node', glance), 'MB'));
  });
});
