/**
 * Queries of the kube-proxy suite (iptables vs nftables mode on the local
 * cluster), shared by its charts, inline figures and tests. Steps and modes
 * come from the dataset; nothing here knows a measured value.
 */
import type {Conditions, Dataset, LocalizedText} from '../schema';
import type {MetricId} from '../metrics';
import {selectRows} from '../selectors';

/** The suite's title, in every language (the ingest writes it into each new dataset version). */
export const TITLE: LocalizedText = {
  en: 'kube-proxy: iptables vs nftables on a single-node cluster',
  ko: 'kube-proxy: 단일 노드 클러스터에서 iptables와 nftables 비교',
  zh: 'kube-proxy：单节点集群上的 iptables 与 nftables 对比',
};

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
