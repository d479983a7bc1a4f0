/**
 * The transcribed EKS dataset against its source report.
 *
 * The source checks compare the dataset rows with the figures of the newest
 * revision of the report (the rendered Chinese page), kept in
 * source-facts/eks-cni-2026-02-09.json as printed there, with the source
 * file's name and sha256. Cells are parsed here, so a typo on either side fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {beforeAll, describe, expect, it} from 'vitest';
import {rowKey, type Conditions, type Dataset, type FlagKind, type ResultRow} from '../schema';
import type {MetricId} from '../metrics';
import {checkLocation, validateDataset} from '../validate';
import source from './source-facts/eks-cni-2026-02-09.json';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const datasetRel = 'eks-cni/2026-02-09.json';
const datasetFile = path.join(repoRoot, 'static/data', datasetRel);

const SCENARIOS = ['A', 'B', 'C', 'D', 'E'] as const;
/** Columns of the kube-proxy vs Cilium comparison table, in source order. */
const KUBE_PROXY_SERVICES = [4, 104, 1000] as const;
const CILIUM_SERVICES = [4, 104] as const;

let dataset: Dataset;

beforeAll(() => {
  dataset = validateDataset(JSON.parse(fs.readFileSync(datasetFile, 'utf8')), datasetFile);
});

// ---- dataset lookups -------------------------------------------------------

function row(metric: MetricId, scenario: string, conditions: Conditions = {}): ResultRow {
  const key = rowKey({metric, scenario, conditions});
  const found = dataset.results.find((r) => rowKey(r) === key);
  if (!found) throw new Error(`dataset has no row ${key}`);
  return found;
}

const flagKinds = (r: ResultRow): FlagKind[] => (r.flags ?? []).map((f) => f.kind);

// ---- source parsing --------------------------------------------------------

type SourceTable = keyof typeof source.tables;

/** The cells (run together) of the source row `label` of `table`. */
function lineAfter(table: SourceTable, label: string): string {
  const rest = (source.tables[table] as Record<string, string>)[label];
  if (rest === undefined) throw new Error(`source-facts: no row "${label}" in table ${table}`);
  return rest;
}

/**
 * The rendered page joins table cells without separators ("12.4112.34…"), so
 * each row is split with a pattern that fits its number format.
 */
function cells(rest: string, pattern: RegExp, count: number): string[] {
  const found = rest.match(pattern) ?? [];
  if (found.length < count) throw new Error(`expected ${count} cells in "${rest}", got ${JSON.stringify(found)}`);
  return found.slice(0, count);
}

/** "4,197", "~130ms", "5.86ms", "164us" -> number; "-" and "N/A" -> null. */
function num(cell: string): number | null {
  if (cell === '-' || cell.startsWith('N/A')) return null;
  const n = Number(cell.replace(/^(~|约 )/, '').replace(/,/g, '').replace(/\s*(ms|us|µs|Gbps|Mi|m|%)$/, ''));
  if (!Number.isFinite(n)) throw new Error(`not a number cell: "${cell}"`);
  return n;
}

function expectValues(metric: MetricId, conditions: Conditions, sourceCells: string[]) {
  SCENARIOS.forEach((s, i) => {
    expect(row(metric, s, conditions).value, `${metric} ${s} ${JSON.stringify(conditions)}`).toBe(num(sourceCells[i]));
  });
}

// ---- tests -----------------------------------------------------------------

describe('eks-cni 2026-02-09 dataset', () => {
  it('passes the site schema and sits at <suite>/<version>.json', () => {
    expect(() => validateDataset(JSON.parse(fs.readFileSync(datasetFile, 'utf8')), datasetFile)).not.toThrow();
    expect(() => checkLocation(dataset, datasetRel)).not.toThrow();
    expect(dataset.source.kind).toBe('transcribed');
    expect(dataset.scenarios.map((s) => s.id)).toEqual([...SCENARIOS]);
  });

  it('names the source files it was transcribed from by the sha256 recorded with the source facts', () => {
    const raw = dataset.source.raw ?? [];
    expect(raw.map((r) => r.path)).toContain(source.source.file);
    const recorded: Record<string, string> = source.seedFiles;
    for (const {path: rel, sha256} of raw) expect(sha256, rel).toBe(recorded[rel]);
    expect(recorded[source.source.file]).toBe(source.source.sha256);
  });

  it('flags every UDP row of a scenario with loss above 5% as high-loss, and no other', () => {
    for (const s of SCENARIOS) {
      const lossy = (row('udp_loss', s).value ?? 0) > 5;
      expect(flagKinds(row('udp_loss', s)).includes('high-loss'), `udp_loss ${s}`).toBe(lossy);
      expect(flagKinds(row('udp_throughput', s)).includes('high-loss'), `udp_throughput ${s}`).toBe(lossy);
    }
  });

  it('flags QPS targets missed by more than 10% as target-not-reached', () => {
    const targeted = dataset.results.filter((r) => r.metric === 'http_rps' && typeof r.conditions?.qps === 'number');
    expect(targeted.length).toBeGreaterThan(0);
    for (const rps of targeted) {
      const target = rps.conditions!.qps as number;
      const missed = (rps.value ?? 0) < 0.9 * target;
      const sameRun = dataset.results.filter((r) => r.scenario === rps.scenario && r.conditions?.qps === target && !r.conditions?.services);
      for (const r of sameRun) expect(flagKinds(r).includes('target-not-reached'), rowKey(r)).toBe(missed);
    }
  });

  it('keeps a CPU range as min/max with its midpoint as value, flagged approximate', () => {
    for (const r of dataset.results.filter((x) => x.metric === 'cpu_usage' && x.value !== null)) {
      expect(r.min, rowKey(r)).toBeDefined();
      expect(r.max, rowKey(r)).toBeDefined();
      expect(r.value).toBe((r.min! + r.max!) / 2);
      expect(flagKinds(r)).toContain('approximate');
    }
  });
});

describe(`eks-cni 2026-02-09 against the source report (${source.source.file})`, () => {
  it('matches the throughput, loss and RTT table', () => {
    const table = 'throughput';
    const twoDecimals = /\d+\.\d{2}/g;
    expectValues('tcp_throughput', {}, cells(lineAfter(table, 'TCP 吞吐量(Gbps)'), twoDecimals, 5));
    expectValues('udp_throughput', {}, cells(lineAfter(table, 'UDP 吞吐量(Gbps)'), twoDecimals, 5));
    expectValues('udp_loss', {}, cells(lineAfter(table, 'UDP 丢包率(%)'), twoDecimals, 5));
    const fourDigits = /\d{4}/g;
    expectValues('pod_rtt', {stat: 'p50'}, cells(lineAfter(table, 'Pod 到 Pod RTT p50(us)'), fourDigits, 5));
    expectValues('pod_rtt', {stat: 'p99'}, cells(lineAfter(table, 'Pod 到 Pod RTT p99(us)'), fourDigits, 5));
  });

  it('matches the HTTP table at QPS 1000, 5000 and max', () => {
    const table = 'http';
    const oneDecimal = /\d+\.\d/g;
    const twoDecimals = /\d+\.\d{2}/g;
    expectValues('http_rps', {qps: 1000}, cells(lineAfter(table, '1,000实际 QPS'), oneDecimal, 5));
    expectValues('http_latency', {qps: 1000, stat: 'p50'}, cells(lineAfter(table, '1,000p50(ms)'), twoDecimals, 5));
    expectValues('http_latency', {qps: 1000, stat: 'p99'}, cells(lineAfter(table, '1,000p99(ms)'), twoDecimals, 5));
    expectValues('http_rps', {qps: 5000}, cells(lineAfter(table, '5,000实际 QPS'), oneDecimal, 5));
    expectValues('http_latency', {qps: 5000, stat: 'p99'}, cells(lineAfter(table, '5,000p99(ms)'), twoDecimals, 5));
    expectValues('http_rps', {qps: 'max'}, cells(lineAfter(table, '最大实际 QPS'), oneDecimal, 5));
    expectValues('http_latency', {qps: 'max', stat: 'p99'}, cells(lineAfter(table, '最大p99(ms)'), twoDecimals, 5));
  });

  it('marks as suspected-transient exactly the QPS 5000 p99 spikes the source names', () => {
    const suspects = source.transientSpikesAtQps5000;
    expect(suspects).toHaveLength(2);
    for (const s of SCENARIOS) {
      expect(flagKinds(row('http_latency', s, {qps: 5000, stat: 'p99'})).includes('suspected-transient'), s).toBe(suspects.includes(s));
    }
  });

  it('matches the DNS and resource panels', () => {
    expect(source.dnsPanel.map((d) => d.scenario)).toEqual([...SCENARIOS]);
    for (const {scenario: s, p50, p99} of source.dnsPanel) {
      expect(row('dns_latency', s, {stat: 'p50'}).value, `dns p50 ${s}`).toBe(Number(p50));
      expect(row('dns_latency', s, {stat: 'p99'}).value, `dns p99 ${s}`).toBe(Number(p99));
    }

    expect(source.resourcePanel.map((r) => r.scenario)).toEqual([...SCENARIOS]);
    for (const {scenario: s, cpu, memory} of source.resourcePanel) {
      const component = s === 'A' ? 'aws-node' : 'cilium-agent';
      const cpuRow = row('cpu_usage', s, {component});
      const memoryRow = row('memory_usage', s, {component});
      if (cpu === 'N/M') {
        expect(cpuRow.value, `cpu ${s}`).toBeNull();
        expect(flagKinds(cpuRow)).toContain('not-measured');
      } else {
        const [lo, hi] = cpu.replace(/m$/, '').split('-').map(Number);
        expect([cpuRow.min, cpuRow.max], `cpu range ${s}`).toEqual([lo, hi]);
      }
      if (memory === 'N/M') {
        expect(memoryRow.value, `memory ${s}`).toBeNull();
        expect(flagKinds(memoryRow)).toContain('not-measured');
      } else expect(memoryRow.value, `memory ${s}`).toBe(num(memory));
    }
  });

  it('matches the scenario E Service-scaling table (4 vs 104 Services)', () => {
    const table = 'serviceScaling';
    const [p99At4, p99At104] = cells(lineAfter(table, 'HTTP p99 @QPS=1000(ms)'), /\d+\.\d{2}/g, 2);
    const [rpsAt4, rpsAt104] = cells(lineAfter(table, '最大实际 QPS'), /\d,\d{3}/g, 2);
    const [tcpAt4, tcpAt104] = cells(lineAfter(table, 'TCP 吞吐量(Gbps)'), /\d+\.\d/g, 2);
    const [dnsAt4, dnsAt104] = cells(lineAfter(table, 'DNS 解析 p50(ms)'), /\d/g, 2);
    const at = (services: number, p99: string, rps: string, tcp: string, dns: string) => {
      expect(row('http_latency', 'E', {qps: 1000, services, connection: 'keepalive', stat: 'p99'}).value).toBe(num(p99));
      expect(row('http_rps', 'E', {qps: 'max', services, connection: 'keepalive'}).value).toBe(num(rps));
      expect(row('tcp_throughput', 'E', {services}).value).toBe(num(tcp));
      expect(row('dns_latency', 'E', {services, stat: 'p50'}).value).toBe(num(dns));
    };
    at(4, p99At4, rpsAt4, tcpAt4, dnsAt4);
    at(104, p99At104, rpsAt104, tcpAt104, dnsAt104);
  });

  it('matches the kube-proxy vs Cilium comparison table (scenario A and E columns)', () => {
    const table = 'kubeProxyVsCilium';
    /** kube-proxy columns are scenario A at 4/104/1000 Services, Cilium columns scenario E at 4/104. */
    const check = (metric: MetricId, conditions: Conditions, kubeProxy: string[], cilium: string[]) => {
      KUBE_PROXY_SERVICES.forEach((services, i) => {
        const r = row(metric, 'A', {...conditions, services});
        expect(r.value, rowKey(r)).toBe(num(kubeProxy[i]));
        if (r.value === null) expect(flagKinds(r), rowKey(r)).toContain('not-measured');
        if (kubeProxy[i].startsWith('约')) expect(flagKinds(r), rowKey(r)).toContain('approximate');
      });
      CILIUM_SERVICES.forEach((services, i) => {
        const r = row(metric, 'E', {...conditions, services});
        expect(r.value, rowKey(r)).toBe(num(cilium[i]));
        if (cilium[i] === 'N/A(eBPF)') expect(flagKinds(r), rowKey(r)).toContain('not-applicable');
        if (r.value === null) expect(flagKinds(r).some((k) => k === 'not-applicable' || k === 'not-measured'), rowKey(r)).toBe(true);
      });
    };
    const keepalive = {qps: 1000, connection: 'keepalive'} as const;

    const p99 = cells(lineAfter(table, 'keepalive p99 latency, 1,000 QPS offered'), /\d+\.\d{2}ms/g, 5);
    check('http_latency', {...keepalive, stat: 'p99'}, p99.slice(0, 3), p99.slice(3));

    const avgRest = lineAfter(table, 'keepalive mean latency, 1,000 QPS offered');
    expect(avgRest.endsWith('---'), 'Cilium columns of the keepalive avg row are empty').toBe(true);
    check('http_latency', {...keepalive, stat: 'avg'}, cells(avgRest, /\d+\.\d{3}ms/g, 3), ['-', '-']);

    const maxQps = cells(lineAfter(table, '最大 QPS(keepalive)'), /\d,\d{3}/g, 5);
    check('http_rps', {qps: 'max', connection: 'keepalive'}, maxQps.slice(0, 3), maxQps.slice(3));

    // kube-proxy 4 | 104 | 1000 | change | Cilium 4 | 104
    const tcp = cells(lineAfter(table, 'TCP 吞吐量'), /\d+\.\d Gbps|-/g, 6);
    check('tcp_throughput', {}, tcp.slice(0, 3), tcp.slice(4, 6));

    // The NAT counts run together ("9969910,059"); the chart panel lists them one per line.
    const natRest = lineAfter(table, 'iptables NAT 规则数');
    const natCounts = source.natRulesPanel.map((p) => p.rules);
    expect(source.natRulesPanel.map((p) => num(p.services))).toEqual([...KUBE_PROXY_SERVICES]);
    expect(natRest.startsWith(natCounts.join(''))).toBe(true);
    check('iptables_nat_rules', {}, natCounts, cells(natRest, /N\/A\(eBPF\)/g, 2));

    const sync = cells(lineAfter(table, '同步周期时间'), /约 \d+ms|N\/A/g, 5);
    check('kubeproxy_sync_time', {}, sync.slice(0, 3), sync.slice(3));

    const closeCells = /\d+(?:\.\d+)?(?:us|ms)|N\/A|-/g;
    const setup = cells(lineAfter(table, 'new-connection setup time, connection: close'), closeCells, 5);
    check('conn_setup_time', {connection: 'close', stat: 'avg'}, setup.slice(0, 3), setup.slice(3));
    const closeAvg = cells(lineAfter(table, 'connection: close, mean latency'), closeCells, 5);
    check('http_latency', {connection: 'close', stat: 'avg'}, closeAvg.slice(0, 3), closeAvg.slice(3));
    const closeP99 = cells(lineAfter(table, 'connection: close, p99 latency'), closeCells, 5);
    check('http_latency', {connection: 'close', stat: 'p99'}, closeP99.slice(0, 3), closeP99.slice(3));
  });

  it('matches the environment panel and the scenario E tuning table', () => {
    const env = dataset.environment;
    for (const fact of [env.k8sVersion, env.nodeType, env.os, env.kernel, env.runtime, ...Object.values(env.extra ?? {}).map(String)]) {
      expect(Object.values(source.environmentPanel).join('\n'), `environment fact "${fact}"`).toContain(fact);
    }
    const tuning = dataset.scenarios.find((s) => s.id === 'E')?.tuning ?? [];
    const rows = source.scenarioETuningRows;
    expect(tuning.length).toBe(rows.length);
    for (const item of tuning) {
      const firstKey = item.helm.split(/[=,]/)[0].trim();
      const line = rows.find((l) => l.helm.includes(firstKey));
      expect(line, `tuning ${item.id} (${firstKey}) in the source table`).toBeDefined();
      expect(line!.applied, `tuning ${item.id} applied`).toBe(item.applied);
    }
  });
});
