/**
 * Facts of the EKS suite (eks-cni) that its charts and blocks share: which
 * scenario plays which part in the report. Values come from the dataset.
 */
import type {OverviewConfig} from '../../data/overview';

/** A: VPC CNI with kube-proxy in iptables mode, the EKS default every other setup is compared with. */
export const BASELINE = 'A';

/** E: Cilium ENI with eBPF kube-proxy replacement and tuning; the scenario re-run as Services grow. */
export const TUNED = 'E';

/**
 * The results overview at the top of the report and the home page's headline figures:
 * every key metric, each scenario against A. UDP is shown as what arrives (rate × (1 −
 * loss)): the loss alone follows the rate each sender offered, not the datapath (claim
 * udp-loss-split), so a "better" loss would mislead.
 */
export const OVERVIEW: OverviewConfig = {
  baseline: BASELINE,
  // The rows name the RTT loaded_rtt, as the datasets from 2026-12-02 on store it.
  versions: {from: '2026-12-02'},
  rows: [
    {key: 'tcp-throughput', metric: 'tcp_throughput', claim: 'tcp-throughput-tie'},
    {key: 'udp-delivered', metric: 'udp_throughput', deliveredAfter: 'udp_loss', claim: 'udp-delivered-equal'},
    {key: 'loaded-rtt', metric: 'loaded_rtt', claim: 'rtt-a-to-e'},
    // The same configuration measured twice moved p99 more than any setup differs from A.
    {key: 'http-p99', metric: 'http_latency', where: {qps: 1000, stat: 'p99'}, show: ['qps', 'stat'], claim: 'http-p99-run-to-run'},
    {key: 'max-qps', metric: 'http_rps', where: {qps: 'max'}, show: ['qps'], claim: 'max-qps-highest-e'},
    // Timed by dig in whole milliseconds: one step of a 2-4 ms figure is 25-50%.
    {key: 'dns-p99', metric: 'dns_latency', where: {stat: 'p99'}, show: ['stat'], claim: 'dns-negligible'},
    // A's agent (aws-node) was not measured: the Cilium agents' figures stand without a comparison.
    {key: 'agent-memory', metric: 'memory_usage', exact: false, claim: 'agent-memory-highest-c'},
  ],
  headlines: [
    {row: 'loaded-rtt', scenario: TUNED, chart: 'LatencyChart'},
    {row: 'tcp-throughput', scenario: TUNED, chart: 'ThroughputChart'},
    {row: 'http-p99', scenario: TUNED, chart: 'HttpPerformanceChart'},
  ],
};
