/**
 * The metric registry: every metric id a dataset may use, with its unit and
 * which direction is better. Labels are translated in the UI (metricLabel;
 * code.json key `metric.<id>`).
 * Pure data: imported by the schema, the ingest CLI and the site alike.
 */
export type Direction = 'higher' | 'lower' | 'context';

export interface MetricDef {
  unit: Unit;
  /** "higher" / "lower" is better; "context" = neither alone (e.g. UDP throughput without its loss). */
  direction: Direction;
  /** An estimate that may fall below zero (a fitted slope); every other metric is at least 0. */
  signed?: true;
}

/** Units, spelled as stored in datasets. */
/** score: a Lighthouse category score, 0-100; unitless: a bare ratio such as CLS; s: seconds. */
export const UNITS = ['Gbps', '%', 'us', 'ms', 's', 'req/s', 'count', 'm', 'MiB', 'MB', 'KiB', 'score', 'unitless'] as const;
export type Unit = (typeof UNITS)[number];

const m = (unit: Unit, direction: Direction): MetricDef => ({unit, direction});

export const METRICS = {
  // throughput (iperf3)
  tcp_throughput: m('Gbps', 'higher'),
  udp_throughput: m('Gbps', 'context'),
  udp_loss: m('%', 'lower'),
  udp_jitter: m('ms', 'lower'),
  // latency
  /**
   * The name under which the versions eks-cni 2026-02-09 and local 2026-11-21 store iperf3's
   * sender RTT (the figure loaded_rtt names; eks-cni 2026-02-09 copies its one mean into p50
   * and p99 rows). Kept so those versions stay valid; no ingest writes it and no page queries it.
   */
  pod_rtt: m('us', 'lower'),
  /**
   * The TCP sender's smoothed RTT during a saturating bulk transfer (iperf3's mean_rtt,
   * mean of streams): queueing included, so it tracks congestion control, not the datapath.
   * One mean per test, so no percentile rows; the stream count is in the conditions or, where
   * a suite leaves it out of them (EKS: 8 streams), in the method.
   */
  loaded_rtt: m('us', 'lower'),
  tcp_rr_latency: m('us', 'lower'),
  tcp_crr_latency: m('us', 'lower'),
  /** netperf TCP_CRR transactions per second: each opens, uses and closes one connection. */
  tcp_crr_rate: m('req/s', 'higher'),
  conn_setup_time: m('us', 'lower'),
  // HTTP (fortio)
  http_latency: m('ms', 'lower'),
  /** Achieved request rate: at a target QPS, or saturated (qps "max" / a concurrency). */
  http_rps: m('req/s', 'higher'),
  /**
   * Achieved RPS as a percent of the same test's baseline (100 = unchanged). Only for
   * sources that print the change but no absolute RPS; otherwise store http_rps and derive it.
   */
  http_rps_relative: m('%', 'higher'),
  // DNS
  dns_latency: m('ms', 'lower'),
  // service datapath scale
  iptables_nat_rules: m('count', 'lower'),
  service_chain_length: m('count', 'lower'),
  bpf_lb_entries: m('count', 'lower'),
  kubeproxy_sync_time: m('ms', 'lower'),
  /** One full resync of every rule (kube-proxy's full-sync histogram, delta between scrapes). */
  kubeproxy_full_sync_time: m('ms', 'lower'),
  /** One partial sync, applying a single changed Service (delta between scrapes). */
  kubeproxy_partial_sync_time: m('ms', 'lower'),
  /** From an endpoint change to its rules in the kernel (kube-proxy's network-programming histogram). */
  network_programming_latency: m('ms', 'lower'),
  /**
   * CPU time of the kube-proxy process alone over one full resync: the delta of its own
   * process_cpu_seconds_total, which does not count the iptables-restore / nft it runs.
   */
  kubeproxy_cpu_time: m('ms', 'lower'),
  /**
   * CPU time of kube-proxy's cgroup over one full resync: kube-proxy with the iptables-restore
   * / nft processes it runs (scripts/kube runs it in a cgroup of its own; a capture without the
   * counter fails, see scripts/benchmarks/ingest/parsers/kubeproxy-window.ts).
   */
  kubeproxy_tree_cpu_time: m('ms', 'lower'),
  /**
   * Time of one blocking connect() to a ClusterIP from a pod (connect-probe): the SYN is the
   * packet the Service rules steer, the rest one round trip through conntrack.
   */
  connect_latency: m('us', 'lower'),
  /**
   * Added connect() time per 1,000 KUBE-SERVICES rules ahead of the matching one (iptables
   * mode): the slope of each probe's median connect time against its rule's position, a fit
   * that noise can put below zero on a short chain.
   */
  rule_walk_cost: {...m('us', 'lower'), signed: true},
  /** Rules in kube-proxy's nftables table. */
  nft_rules: m('count', 'lower'),
  /** Elements of the sets and verdict maps in kube-proxy's nftables table. */
  nft_set_elements: m('count', 'context'),
  // resources
  cpu_usage: m('m', 'lower'),
  memory_usage: m('MiB', 'lower'),
  bpf_map_memory: m('MB', 'lower'),
  bpf_map_count: m('count', 'lower'),
  bpf_map_max_entries: m('count', 'context'),
  agent_rss: m('MB', 'lower'),
  // the site's own speed (site suite: Lighthouse, mobile preset, on the built site)
  lighthouse_performance: m('score', 'higher'),
  lighthouse_accessibility: m('score', 'higher'),
  total_blocking_time: m('ms', 'lower'),
  largest_contentful_paint: m('ms', 'lower'),
  cumulative_layout_shift: m('unitless', 'lower'),
  /** gzip size of the scripts a page loads before any interaction (deterministic for one build). */
  js_first_view: m('KiB', 'lower'),
  /** Wall time of a full build of every locale without a persistent cache. */
  site_build_time: m('s', 'lower'),
  // the site on an emulated phone (site suite: Chromium, network and CPU throttled over CDP)
  /** From scrolling a chart into view, on a settled page, to the panel nearest the middle of the screen drawn (recharts SVG). */
  phone_panel_after_scroll: m('ms', 'lower'),
  /** The same scroll, to every panel of the chart drawn. */
  phone_chart_after_scroll: m('ms', 'lower'),
  /** A shared link with a saved view: navigation start to the view shown in the static table. */
  phone_shared_view: m('ms', 'lower'),
  /** The same link: navigation start to the chart drawn. */
  phone_shared_chart: m('ms', 'lower'),
  /** Times a figure was an empty box (neither table nor chart) while the chart loaded: 0 is the goal. */
  phone_empty_box: m('count', 'lower'),
} as const satisfies Record<string, MetricDef>;

export type MetricId = keyof typeof METRICS;
