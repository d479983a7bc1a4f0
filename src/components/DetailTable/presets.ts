/**
 * The report's detailed tables as configuration: rows are dataset queries,
 * columns are scenarios (optionally with conditions, e.g. a Service count).
 * Labels are generated from the metric and condition vocabulary, so every
 * locale gets the same table.
 */
import type {Conditions} from '@site/src/data/schema';
import type {MetricId} from '@site/src/data/metrics';

export interface DetailRow {
  metric: MetricId;
  where?: Partial<Conditions>;
  /** false: the row may carry other conditions (e.g. the agent component). */
  exact?: boolean;
}

export interface DetailColumn {
  scenario: string;
  where?: Partial<Conditions>;
}

export interface DetailSpec {
  rows: DetailRow[];
  /** Default: one column per scenario of the dataset. */
  columns?: DetailColumn[];
  /** Add a relative-change column between two columns (indexes into columns). */
  change?: [number, number];
}

const services = (scenario: string, n: number): DetailColumn => ({scenario, where: {services: n}});

export const PRESETS = {
  network: {
    rows: [{metric: 'tcp_throughput'}, {metric: 'udp_throughput'}, {metric: 'udp_loss'}, {metric: 'loaded_rtt'}],
  },
  http: {
    rows: [
      {metric: 'http_rps', where: {qps: 1000}},
      {metric: 'http_latency', where: {qps: 1000, stat: 'p50'}},
      {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}},
      {metric: 'http_rps', where: {qps: 5000}},
      {metric: 'http_latency', where: {qps: 5000, stat: 'p99'}},
      {metric: 'http_rps', where: {qps: 'max'}},
      {metric: 'http_latency', where: {qps: 'max', stat: 'p99'}},
    ],
  },
  dnsResources: {
    rows: [{metric: 'dns_latency', where: {stat: 'p50'}}, {metric: 'dns_latency', where: {stat: 'p99'}}, {metric: 'cpu_usage', exact: false}, {metric: 'memory_usage', exact: false}],
  },
  serviceScaling: {
    columns: [services('E', 4), services('E', 104)],
    change: [0, 1],
    rows: [
      {metric: 'http_latency', where: {qps: 1000, connection: 'keepalive', stat: 'p99'}},
      {metric: 'http_rps', where: {qps: 'max', connection: 'keepalive'}},
      {metric: 'tcp_throughput'},
      {metric: 'dns_latency', where: {stat: 'p50'}},
    ],
  },
  kubeproxy: {
    columns: [services('A', 4), services('A', 104), services('A', 1000), services('E', 4), services('E', 104)],
    change: [0, 2],
    rows: [
      {metric: 'http_latency', where: {qps: 1000, connection: 'keepalive', stat: 'p99'}},
      {metric: 'http_latency', where: {qps: 1000, connection: 'keepalive', stat: 'avg'}},
      {metric: 'http_rps', where: {qps: 'max', connection: 'keepalive'}},
      {metric: 'tcp_throughput'},
      {metric: 'iptables_nat_rules'},
      {metric: 'kubeproxy_sync_time'},
      {metric: 'conn_setup_time', where: {connection: 'close', stat: 'avg'}},
      {metric: 'http_latency', where: {connection: 'close', stat: 'avg'}},
      {metric: 'http_latency', where: {connection: 'close', stat: 'p99'}},
    ],
  },
  /** Finding: removing kube-proxy (B -> C). */
  kubeproxyRemoval: {
    columns: [{scenario: 'B'}, {scenario: 'C'}],
    change: [0, 1],
    rows: [{metric: 'tcp_throughput'}, {metric: 'udp_throughput'}, {metric: 'loaded_rtt'}, {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}],
  },
  /** Finding: overlay against native routing (C -> D). */
  overlayVsNative: {
    columns: [{scenario: 'C'}, {scenario: 'D'}],
    change: [0, 1],
    rows: [{metric: 'tcp_throughput'}, {metric: 'loaded_rtt'}, {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}, {metric: 'udp_loss'}],
  },
  /** Finding: the tuning set (D -> E). */
  tuning: {
    columns: [{scenario: 'D'}, {scenario: 'E'}],
    change: [0, 1],
    rows: [{metric: 'loaded_rtt'}, {metric: 'udp_loss'}, {metric: 'http_rps', where: {qps: 'max'}}, {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}],
  },
  /** Finding: iptables at the smallest and largest Service count. */
  scaling1000: {
    columns: [services('A', 4), services('A', 1000)],
    change: [0, 1],
    rows: [
      {metric: 'iptables_nat_rules'},
      {metric: 'kubeproxy_sync_time'},
      {metric: 'conn_setup_time', where: {connection: 'close', stat: 'avg'}},
      {metric: 'http_rps', where: {qps: 'max', connection: 'keepalive'}},
    ],
  },
} satisfies Record<string, DetailSpec>;

export type PresetName = keyof typeof PRESETS;
