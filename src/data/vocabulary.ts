/**
 * How each suite names its figures: the conditions its report pages, charts and
 * tables query. One vocabulary for three parties:
 * - the bench scripts write each meta's conditions in these terms (a fixed part
 *   of the method stays out of them and is kept in the meta's "load");
 * - the ingest applies what is declared here when it builds a dataset;
 * - components import the shared condition sets from each suite's module (src/suites/).
 * The contract test (tests/build/contract.test.ts) runs every cluster script
 * through the fakes, ingests the output and builds the pages from it, so a
 * mismatch fails there, naming the figure.
 */
import type {MetricId} from './metrics';
import type {Conditions, LocalizedText, Scenario} from './schema';

export interface RetiredFigure {
  metric: MetricId;
  where: Partial<Conditions>;
  /** Why a measured run does not give it, and what it gives instead. */
  reason: LocalizedText;
}

/** Metrics that have no meaning on some scenarios (e.g. iptables rules without kube-proxy). */
export interface NotApplicable {
  metrics: MetricId[];
  /** Only rows that carry one of these condition keys (e.g. hubble, policy); default: every row of the metrics. */
  withKey?: (keyof Conditions)[];
  /** The scenarios the metrics do not apply to. */
  on: (scenario: Pick<Scenario, 'cni' | 'kubeProxy'>) => boolean;
  reason: LocalizedText;
}

export interface SuiteVocabulary {
  /**
   * Rows the suite's figures cannot tell apart from the ones they show (a table
   * that selects by component alone), left out of its datasets; the raw files keep them.
   */
  omitted?: {metric: MetricId; where: Partial<Conditions>}[];
  /** Per metric, conditions the suite's figures leave unstated: rows with them lose those keys. */
  unstated?: Partial<Record<MetricId, Partial<Conditions>>>;
  /**
   * Figures the report shows from transcribed data that this suite's scripts no
   * longer produce: a measured dataset carries them as null, flagged not-measured, with the reason.
   */
  retired?: RetiredFigure[];
  /**
   * For each row another scenario measured, the scenarios these do not apply to get a
   * null row flagged not-applicable with the reason, so tables say N/A instead of nothing.
   */
  notApplicable?: NotApplicable[];
  /** http_rps at each Service step as a percent of the same load without extra Services. */
  deriveRelativeRps?: boolean;
}

/**
 * The condition a UDP sweep names its steps by: the offered load (iperf3's
 * target bitrate) in Gbps. The EKS script writes it in each step's meta; rows
 * without it are the single-rate UDP test the transcribed reports give.
 */
export const UDP_OFFERED_LOAD = 'offeredGbps' as const satisfies keyof Conditions;

const podRttRetired = (stat: 'p50' | 'p99'): RetiredFigure => ({
  metric: 'pod_rtt',
  where: {stat},
  reason: {
    en: 'Not measured by the bench scripts: the transcribed RTT came from iperf3 streams under bulk load (queueing included). Measured runs give the request/response round trip as tcp_rr_latency and the bulk-load RTT as loaded_rtt.',
  },
});

const withoutKubeProxy: NotApplicable = {
  metrics: ['iptables_nat_rules', 'service_chain_length', 'kubeproxy_sync_time'],
  on: (s) => s.kubeProxy !== 'iptables',
  reason: {en: 'No kube-proxy: Cilium handles Services in eBPF, so there are no kube-proxy rules or syncs.'},
};
const noCilium = (metrics: MetricId[], withKey?: (keyof Conditions)[]): NotApplicable => ({
  metrics,
  withKey,
  on: (s) => !/cilium/i.test(s.cni ?? ''),
  reason: {en: 'No Cilium on this cluster.'},
});

export const VOCABULARY: Record<string, SuiteVocabulary> = {
  'eks-cni': {
    // The EKS tables show one CPU and one memory figure per agent: the mean over the samples.
    omitted: [
      {metric: 'cpu_usage', where: {stat: 'max'}},
      {metric: 'memory_usage', where: {stat: 'max'}},
    ],
    unstated: {cpu_usage: {stat: 'avg'}, memory_usage: {stat: 'avg'}, kubeproxy_sync_time: {stat: 'avg'}},
    retired: [podRttRetired('p50'), podRttRetired('p99')],
    notApplicable: [withoutKubeProxy],
  },
  'tke-cilium': {
    deriveRelativeRps: true,
    notApplicable: [
      withoutKubeProxy,
      noCilium(['bpf_lb_entries', 'bpf_map_memory', 'bpf_map_count', 'bpf_map_max_entries', 'agent_rss']),
      noCilium(['http_rps'], ['hubble', 'policy']),
    ],
  },
};
