/**
 * A synthetic dataset shaped like tke-cilium (three clusters, the same metrics
 * and conditions) with round numbers a test can set, so chart and rule tests
 * check what they show against values they chose.
 */
import type {Conditions, Dataset, ResultRow} from '../schema';
import {METRICS, type MetricId} from '../metrics';
import {makeDataset, scenario} from './makeDataset';

export const TKE_SCENARIOS = ['iptables', 'native', 'overlay'] as const;
export type TkeScenario = (typeof TKE_SCENARIOS)[number];
type PerScenario = Record<TkeScenario, number | null>;

export interface TkeValues {
  /** Short-connection RPS per Service step (0 = baseline). */
  short: Record<number, PerScenario>;
  /** Keepalive % of baseline per Service step. */
  keepaliveRelative: Record<number, PerScenario>;
  keepalive: PerScenario;
}

export const DEFAULT_TKE_VALUES: TkeValues = {
  short: {
    0: {iptables: 30000, native: 15000, overlay: 15000},
    5000: {iptables: 24000, native: 14000, overlay: 14000},
    10000: {iptables: 18000, native: 13000, overlay: 13000},
    20000: {iptables: 12000, native: 13000, overlay: 13000},
    30000: {iptables: 6000, native: 12000, overlay: 12000},
  },
  keepaliveRelative: {
    5000: {iptables: 99, native: 98, overlay: 97},
    10000: {iptables: 96, native: 95, overlay: 94},
    20000: {iptables: 93, native: 92, overlay: 91},
    30000: {iptables: 90, native: 89, overlay: 88},
  },
  keepalive: {iptables: 120000, native: 100000, overlay: 99000},
};

const LOAD = {qps: 'max', path: 'service', concurrency: 64} as const;
const NA = [{kind: 'not-applicable' as const}];

function rows(metric: MetricId, values: PerScenario, conditions?: Conditions): ResultRow[] {
  return TKE_SCENARIOS.map((s) => {
    const value = values[s];
    const row: ResultRow = {metric, scenario: s, value, unit: METRICS[metric].unit, conditions};
    return value === null ? {...row, flags: NA} : row;
  });
}

const each = (iptables: number | null, native: number | null, overlay: number | null): PerScenario => ({iptables, native, overlay});

export function makeTkeDataset(v: Partial<TkeValues> = {}, extra: ResultRow[] = []): Dataset {
  const values = {...DEFAULT_TKE_VALUES, ...v};
  const results: ResultRow[] = [
    ...rows('tcp_throughput', each(9.1, 9.2, 9.3), {path: 'host', streams: 8}),
    ...rows('tcp_throughput', each(8.1, 8.2, 8.3), {path: 'pod', streams: 1}),
    ...rows('tcp_throughput', each(8.4, 8.5, 8.6), {path: 'pod', streams: 8}),
    ...rows('tcp_throughput', each(8.7, 8.8, 8.9), {path: 'pod', streams: 16}),
    ...rows('tcp_throughput', each(7.1, 7.2, 7.3), {path: 'service', streams: 8}),
    ...rows('http_rps', each(111111, 99999, 88888), {...LOAD, path: 'pod', connection: 'keepalive'}),
    ...rows('http_rps', values.keepalive, {...LOAD, connection: 'keepalive'}),
    ...rows('http_rps', each(122222, 104444, 93333), {...LOAD, concurrency: 256, connection: 'keepalive'}),
    ...Object.entries(values.short).flatMap(([step, per]) =>
      rows('http_rps', per, Number(step) === 0 ? {...LOAD, connection: 'close'} : {...LOAD, connection: 'close', services: Number(step)}),
    ),
    ...Object.entries(values.keepaliveRelative).flatMap(([step, per]) => rows('http_rps_relative', per, {...LOAD, connection: 'keepalive', services: Number(step)})),
    ...rows('tcp_rr_latency', each(80, 81, 90), {stat: 'p50'}),
    ...rows('tcp_rr_latency', each(100, 101, 110), {stat: 'p99'}),
    ...rows('tcp_crr_latency', each(400, 500, 510), {stat: 'p99'}),
    ...rows('http_latency', each(1.5, 1.5, 1.5), {qps: 1000, stat: 'p99'}),
    ...rows('service_chain_length', each(5005, null, null), {services: 5000}),
    ...rows('service_chain_length', each(30030, null, null), {services: 30000}),
    ...rows('bpf_lb_entries', each(null, 25025, 25050), {services: 5000}),
    ...rows('bpf_lb_entries', each(null, 150150, 150300), {services: 30000}),
    ...rows('http_rps', each(null, 90000, 91000), {qps: 'max', hubble: false}),
    ...rows('http_rps', each(null, 89000, 90500), {qps: 'max', hubble: true}),
    ...rows('http_rps', each(null, 90000, 92000), {qps: 'max', policy: 'none'}),
    ...rows('http_rps', each(null, 89500, 91000), {qps: 'max', policy: 'l3l4'}),
    ...rows('http_rps', each(null, 9000, 9200), {qps: 'max', policy: 'l7'}),
    ...(['avg', 'max'] as const).flatMap((stat, i) => [
      {metric: 'cpu_usage' as const, scenario: 'iptables', value: 7 + i, unit: 'm', conditions: {services: 30000, component: 'kube-proxy', stat}},
      {metric: 'cpu_usage' as const, scenario: 'native', value: 21 + i, unit: 'm', conditions: {services: 30000, component: 'cilium-agent', stat}},
      {metric: 'cpu_usage' as const, scenario: 'overlay', value: 22 + i, unit: 'm', conditions: {services: 30000, component: 'cilium-agent', stat}},
      {metric: 'memory_usage' as const, scenario: 'iptables', value: 801 + i, unit: 'MiB', conditions: {services: 30000, component: 'kube-proxy', stat}},
      {metric: 'memory_usage' as const, scenario: 'native', value: 902 + i, unit: 'MiB', conditions: {services: 30000, component: 'cilium-agent', stat}},
      {metric: 'memory_usage' as const, scenario: 'overlay', value: 903 + i, unit: 'MiB', conditions: {services: 30000, component: 'cilium-agent', stat}},
    ]),
    ...rows('bpf_map_memory', each(null, 250.5, 250.6), {lbMapMax: 500000}),
    ...rows('bpf_map_memory', each(null, 77.7, 77.8), {lbMapMax: 65536}),
    ...rows('bpf_map_memory', each(null, 11.1, 11.2), {lbMapMax: 500000, map: 'map_small'}),
    ...rows('bpf_map_memory', each(null, 66.6, 66.7), {lbMapMax: 500000, map: 'map_big'}),
    ...rows('bpf_map_max_entries', each(null, 500000, 500000), {lbMapMax: 500000, map: 'map_small'}),
    ...rows('bpf_map_max_entries', each(null, 400000, 400000), {lbMapMax: 500000, map: 'map_big'}),
    ...extra,
  ];
  return makeDataset({
    suite: 'tke-test',
    scenarios: TKE_SCENARIOS.map((id) => scenario(id, `Cluster ${id}`)),
    results,
  });
}
