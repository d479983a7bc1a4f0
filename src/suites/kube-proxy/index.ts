/**
 * Queries of the kube-proxy suite (kube-proxy's datapaths on the local cluster), shared
 * by its charts, inline figures and tests. Steps and datapaths come from the dataset;
 * nothing here knows a measured value.
 */
import type {Conditions, Dataset} from '../../data/schema';
import type {MetricId} from '../../data/metrics';
import {selectRows} from '../../data/selectors';
import type {OverviewConfig} from '../../data/overview';

/** The datapath every other is compared with: iptables mode as Debian ships it (the nf_tables backend), IPv4 only. */
export const IPTABLES_NFT = 'iptables-nft';
export const IPTABLES_LEGACY = 'iptables-legacy';
export const NFTABLES = 'nftables';
export const NFTABLES_DUAL = 'nftables-dual';

/** A full resync's figure per proxier: a dual-stack kube-proxy runs one per IP family. */
export const IPV4_PROXIER = {family: 'ipv4'} as const satisfies Partial<Conditions>;
export const IPV6_PROXIER = {family: 'ipv6'} as const satisfies Partial<Conditions>;

/** kube-proxy's mode in a scenario: as the run recorded it, else from the id (runs that named only the mode). */
function proxyMode(dataset: Dataset, id: string): string | undefined {
  const recorded = dataset.scenarios.find((s) => s.id === id)?.environment?.extra?.proxyMode;
  return typeof recorded === 'string' ? recorded : /^(iptables|nftables)/.exec(id)?.[1];
}
export const isIptablesMode = (dataset: Dataset, id: string): boolean => proxyMode(dataset, id) === 'iptables';
export const isNftablesMode = (dataset: Dataset, id: string): boolean => proxyMode(dataset, id) === 'nftables';

/** Dummy-Service counts the run measured (ascending), as found in the rows of `metric`. */
export function serviceSteps(dataset: Dataset, metric: MetricId = 'kubeproxy_full_sync_time'): number[] {
  const steps = selectRows(dataset, {metric, exact: false})
    .map((r) => r.conditions?.services)
    .filter((s): s is number => s !== undefined);
  return [...new Set(steps)].sort((a, b) => a - b);
}

/** The largest Service count the run reached, as the report's conclusions name it. */
export const LARGEST_STEP = 5000;

/**
 * The results overview of the report and the home page's headline figures: every datapath
 * against iptables mode on nf_tables, at the largest Service count. Which differences are
 * called better or worse is the site's one rule (src/data/uncertainty.ts). Written for the
 * versions that measured these datapaths.
 */
export const OVERVIEW: OverviewConfig = {
  baseline: IPTABLES_NFT,
  versions: {from: '2026-12-01'},
  rows: [
    {key: 'connect-p50', metric: 'connect_latency', where: {services: LARGEST_STEP, stat: 'p50'}, show: ['services', 'stat'], claim: 'first-packet-nftables-lowest-at-5000'},
    {key: 'connect-p99', metric: 'connect_latency', where: {services: LARGEST_STEP, stat: 'p99'}, show: ['services', 'stat']},
    {key: 'full-sync', metric: 'kubeproxy_full_sync_time', where: {services: LARGEST_STEP, ...IPV4_PROXIER}, show: ['services', 'family'], claim: 'full-resync-order'},
    {key: 'partial-sync', metric: 'kubeproxy_partial_sync_time', where: {services: LARGEST_STEP, stat: 'p50'}, show: ['services', 'stat'], claim: 'partial-sync-order'},
    {key: 'programming', metric: 'network_programming_latency', where: {services: LARGEST_STEP, stat: 'p50'}, show: ['services', 'stat'], claim: 'partial-sync-order'},
    {key: 'cpu', metric: 'kubeproxy_tree_cpu_time', where: {services: LARGEST_STEP}, show: ['services'], claim: 'resync-cpu-in-the-child'},
    {key: 'memory', metric: 'memory_usage', where: {services: LARGEST_STEP, component: 'kube-proxy'}, show: ['services']},
  ],
  headlines: [
    {row: 'connect-p50', scenario: NFTABLES, chart: 'KubeProxyChart-firstPacket'},
    {row: 'full-sync', scenario: NFTABLES, chart: 'KubeProxyChart-control'},
    {row: 'partial-sync', scenario: NFTABLES, chart: 'KubeProxyChart-control'},
  ],
};
