/**
 * Queries of the kube-proxy suite (iptables vs nftables mode on the local
 * cluster), shared by its charts, inline figures and tests. Steps and modes
 * come from the dataset; nothing here knows a measured value.
 */
import type {Conditions, Dataset} from '../../data/schema';
import type {MetricId} from '../../data/metrics';
import {selectRows} from '../../data/selectors';
import type {OverviewConfig} from '../../data/overview';

export const IPTABLES_MODE = 'iptables';
export const NFTABLES_MODE = 'nftables';

/** fortio to the ClusterIP at full speed; the concurrency is a run parameter, so it is not pinned here. */
export const SHORT_CONNECTIONS = {qps: 'max', connection: 'close'} as const satisfies Partial<Conditions>;
export const KEEPALIVE = {qps: 'max', connection: 'keepalive'} as const satisfies Partial<Conditions>;

/** Dummy-Service counts the run measured (ascending), as found in the rows of `metric`. */
export function serviceSteps(dataset: Dataset, metric: MetricId = 'kubeproxy_full_sync_time'): number[] {
  const steps = selectRows(dataset, {metric, exact: false})
    .map((r) => r.conditions?.services)
    .filter((s): s is number => s !== undefined);
  return [...new Set(steps)].sort((a, b) => a - b);
}

/** The largest Service count of the run, as the report's conclusions name it. */
const LARGEST_STEP = 5000;

/**
 * The results overview of the report and the home page's headline figures: nftables mode
 * against iptables mode at the largest Service count. Which differences are called better
 * or worse is the site's one rule (src/data/uncertainty.ts).
 */
export const OVERVIEW: OverviewConfig = {
  baseline: IPTABLES_MODE,
  rows: [
    {key: 'full-sync', metric: 'kubeproxy_full_sync_time', where: {services: LARGEST_STEP}, show: ['services'], claim: 'nftables-updates-not-cheaper-here'},
    {key: 'partial-sync', metric: 'kubeproxy_partial_sync_time', where: {services: LARGEST_STEP}, show: ['services'], claim: 'partial-sync-grows'},
    {key: 'conn-setup', metric: 'conn_setup_time', where: {...SHORT_CONNECTIONS, services: LARGEST_STEP, stat: 'p50'}, exact: false, show: ['services', 'stat'], claim: 'connect-time-modes-close'},
    {key: 'rps-short', metric: 'http_rps', where: {...SHORT_CONNECTIONS, services: LARGEST_STEP}, exact: false, show: ['connection', 'services']},
    {key: 'rps-keepalive', metric: 'http_rps', where: {...KEEPALIVE, services: LARGEST_STEP}, exact: false, show: ['connection', 'services']},
    {key: 'memory', metric: 'memory_usage', where: {services: LARGEST_STEP}, exact: false, show: ['services'], claim: 'memory-grows-more-in-nftables'},
  ],
  headlines: [
    {row: 'full-sync', scenario: NFTABLES_MODE},
    {row: 'partial-sync', scenario: NFTABLES_MODE},
    {row: 'memory', scenario: NFTABLES_MODE},
  ],
};
