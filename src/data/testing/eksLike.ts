/**
 * A synthetic dataset shaped like the EKS suite (scenarios A–E, every metric
 * the EKS charts and blocks query), with values derived from `base` so a test
 * can build two different datasets and see its output follow the data.
 */
import type {Dataset, ResultRow} from '../schema';
import type {SuiteBundle} from '../bundle';
import {suiteManifest} from '../manifest';
import {newRunReleases} from './releases';
import {makeDataset, scenario} from './makeDataset';
import {maybeClaimsOf} from './claims';
import {maybeOverviewOf} from './overviews';

export function eksLikeDataset(base: number, suite = `eks-like-${base}`, version = '2030-01-01'): Dataset {
  const ids = ['A', 'B', 'C', 'D', 'E'];
  const rows: ResultRow[] = [];
  const add = (metric: ResultRow['metric'], unit: string, value: (i: number) => number | null, conditions?: ResultRow['conditions'], only = ids) =>
    only.forEach((s) => {
      const i = ids.indexOf(s);
      const v = value(i);
      rows.push({metric, scenario: s, unit, value: v, ...(conditions ? {conditions} : {}), ...(v === null ? {flags: [{kind: 'not-measured'}]} : {})});
    });
  add('tcp_throughput', 'Gbps', (i) => base + i / 100);
  add('udp_throughput', 'Gbps', (i) => base / 2 + i / 10);
  add('udp_loss', '%', (i) => base / 10 + i);
  add('loaded_rtt', 'us', (i) => base * 100 + i * 7);
  // Each QPS level its own values, so a chart that shows the wrong level fails its cell checks.
  for (const [qps, offset] of [[1000, 0], [5000, 0.125], ['max', 0.5]] as const) {
    add('http_rps', 'req/s', (i) => base * 10 + i + offset, {qps});
    add('http_latency', 'ms', (i) => base + i + 0.25 + offset, {qps, stat: 'p99'});
  }
  add('http_latency', 'ms', (i) => base / 2 + i, {qps: 1000, stat: 'p50'});
  add('dns_latency', 'ms', (i) => base + i, {stat: 'p50'});
  add('dns_latency', 'ms', (i) => base + i + 1, {stat: 'p99'});
  add('cpu_usage', 'm', (i) => (i === 0 ? null : base + i), {component: 'agent'});
  add('memory_usage', 'MiB', (i) => (i === 0 ? null : base * 3 + i), {component: 'agent'});
  for (const services of [4, 104]) {
    add('http_latency', 'ms', () => base + services / 100, {qps: 1000, services, connection: 'keepalive', stat: 'p99'}, ['A', 'E']);
    add('http_rps', 'req/s', () => base * 20 + services, {qps: 'max', services, connection: 'keepalive'}, ['A', 'E']);
    add('tcp_throughput', 'Gbps', () => base + services / 1000, {services}, ['A', 'E']);
  }
  add('dns_latency', 'ms', () => base, {services: 4, stat: 'p50'}, ['E']);
  add('dns_latency', 'ms', () => base + 1, {services: 104, stat: 'p50'}, ['E']);
  for (const services of [4, 104, 1000]) {
    add('iptables_nat_rules', 'count', () => base * 10 + services * 3, {services}, ['A']);
    add('kubeproxy_sync_time', 'ms', () => base + services / 10, {services}, ['A']);
    add('conn_setup_time', 'us', () => base * 5 + services / 10, {services, connection: 'close', stat: 'avg'}, ['A']);
    add('http_latency', 'ms', () => base + services / 50, {services, connection: 'close', stat: 'p99'}, ['A']);
  }
  add('http_latency', 'ms', () => base / 3, {qps: 1000, services: 1000, connection: 'keepalive', stat: 'p99'}, ['A']);
  add('http_rps', 'req/s', () => base * 20 + 7, {qps: 'max', services: 1000, connection: 'keepalive'}, ['A']);
  return makeDataset({
    suite,
    version,
    collectedAt: version,
    environment: {platform: 'Test cloud', k8sVersion: '9.99', nodeType: `n${base}.large`, nodeCount: 2 + (base % 3), nicLimitGbps: base + 1, extra: {ciliumVersion: `0.${base}.0`}},
    scenarios: ids.map((id) => ({
      ...scenario(id, `Setup ${id}`),
      ...(id === 'E' ? {tuning: [{id: 'bbr', helm: 'bandwidthManager.bbr=true', applied: true}, {id: 'dsr', helm: 'loadBalancer.mode=dsr', applied: false, reason: {en: `crashed on test ${base}`}}]} : {}),
    })),
    results: rows,
  });
}

/** A bundle as the bench-data plugin generates it, for one or more versions of one suite (oldest first), with the suite's claims file if it has one. */
export function bundleOf(...datasets: Dataset[]): SuiteBundle {
  const current = datasets[datasets.length - 1];
  const claims = maybeClaimsOf(current.suite);
  const overview = maybeOverviewOf(current.suite);
  return {
    manifest: suiteManifest(datasets, newRunReleases(datasets)),
    current,
    ...(claims ? {claims} : {}),
    ...(overview ? {overview} : {}),
    loadVersion: async (v) => {
      const d = datasets.find((x) => x.version === v);
      if (!d) throw new Error(`no version ${v}`);
      return d;
    },
  };
}
