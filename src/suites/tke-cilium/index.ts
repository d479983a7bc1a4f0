/**
 * Queries of the TKE suite (tke-cilium), shared by its charts, tables and inline
 * figures so they all read the same rows. Steps and scenarios come from the dataset.
 */
import type {Conditions, Dataset} from '../../data/schema';
import {selectRows, trySelectRow} from '../../data/selectors';
import {findCrossover, type Crossover, type StepValue} from '../../data/crossover';
import type {OverviewConfig} from '../../data/overview';

/** The kube-proxy iptables cluster: the reference every Cilium cluster is compared with. */
export const IPTABLES = 'iptables';

/** Scenario ids other than the iptables reference, in dataset order. */
export function ciliumScenarios(dataset: Dataset): string[] {
  return dataset.scenarios.map((s) => s.id).filter((id) => id !== IPTABLES);
}

/** Saturated fortio through one ClusterIP Service at 64 connections: the scale test's load. */
const SCALE_LOAD = {qps: 'max', path: 'service', concurrency: 64} as const;

export type Connection = 'keepalive' | 'close';

/** Conditions of a scale-test row; no `services` = the small-scale baseline. */
export function scaleWhere(connection: Connection, services?: number): Partial<Conditions> {
  return services === undefined ? {...SCALE_LOAD, connection} : {...SCALE_LOAD, connection, services};
}

/** Service counts of the scale test, ascending, as found among its short-connection rows. */
export function scaleSteps(dataset: Dataset): number[] {
  const rows = selectRows(dataset, {metric: 'http_rps', where: {...SCALE_LOAD, connection: 'close'}, exact: false});
  const steps = rows.map((r) => r.conditions?.services).filter((s): s is number => s !== undefined);
  return [...new Set(steps)].sort((a, b) => a - b);
}

/** Short-connection RPS of one cluster over Service count; the baseline is step 0. */
export function shortConnectionSeries(dataset: Dataset, scenario: string): StepValue[] {
  // The same rows the scale chart draws (and checks); a step this version lacks has no value.
  return [0, ...scaleSteps(dataset)].map((step) => {
    const row = trySelectRow(dataset, {metric: 'http_rps', scenario, where: scaleWhere('close', step === 0 ? undefined : step)});
    return {step, value: row instanceof Error ? null : row.value};
  });
}

export interface ScenarioCrossover extends Crossover {
  scenario: string;
}

/**
 * Where iptables short-connection RPS falls below each Cilium cluster's (see findCrossover
 * for the rule), earliest first. Clusters it never falls below are left out.
 */
export function serviceScaleCrossovers(dataset: Dataset): ScenarioCrossover[] {
  const iptables = shortConnectionSeries(dataset, IPTABLES);
  return ciliumScenarios(dataset)
    .flatMap((scenario) => {
      const c = findCrossover(iptables, shortConnectionSeries(dataset, scenario));
      return c ? [{...c, scenario}] : [];
    })
    .sort((a, b) => a.at - b.at || a.estimate - b.estimate);
}

/** The largest Service count of the scale test, as the report's conclusions name it. */
const LARGEST_SCALE_STEP = 30000;

/**
 * The results overview at the top of the report and the home page's headline figures:
 * each Cilium cluster against iptables, and the feature rows (policy, Hubble) against
 * the same cluster with the feature off.
 */
export const OVERVIEW: OverviewConfig = {
  baseline: IPTABLES,
  rows: [
    {key: 'tcp-throughput', metric: 'tcp_throughput', where: {path: 'pod', streams: 8}, show: ['path', 'streams'], claim: 'throughput-tie'},
    {key: 'rps-keepalive', metric: 'http_rps', where: scaleWhere('keepalive'), show: ['path', 'connection'], claim: 'keepalive-iptables-leads'},
    {key: 'rps-short', metric: 'http_rps', where: scaleWhere('close'), show: ['path', 'connection'], claim: 'short-conn-iptables-2x'},
    {
      key: 'rps-short-largest',
      metric: 'http_rps',
      where: scaleWhere('close', LARGEST_SCALE_STEP),
      show: ['connection', 'services'],
      claim: 'short-conn-30000-cilium-ahead',
    },
    {key: 'tcp-rr-p99', metric: 'tcp_rr_latency', where: {stat: 'p99'}, show: ['stat'], claim: 'tcp-rr-band'},
    {key: 'tcp-crr-p99', metric: 'tcp_crr_latency', where: {stat: 'p99'}, show: ['stat'], claim: 'tcp-crr-iptables-lowest'},
    {key: 'http-p99', metric: 'http_latency', where: {qps: 1000, stat: 'p99'}, show: ['qps', 'stat'], claim: 'http-p99-below-resolution'},
    {key: 'policy-l3l4', metric: 'http_rps', where: {qps: 'max', policy: 'l3l4'}, against: {policy: 'none'}, show: ['policy'], claim: 'l3l4-and-hubble-free'},
    {key: 'policy-l7', metric: 'http_rps', where: {qps: 'max', policy: 'l7'}, against: {policy: 'none'}, show: ['policy'], claim: 'l7-policy-cliff'},
    {key: 'hubble', metric: 'http_rps', where: {qps: 'max', hubble: true}, against: {hubble: false}, show: ['hubble'], claim: 'l3l4-and-hubble-free'},
    // The datapath component differs per cluster (kube-proxy, cilium-agent): its name is in each row.
    {key: 'memory', metric: 'memory_usage', where: {services: LARGEST_SCALE_STEP, stat: 'avg'}, exact: false, show: ['services']},
  ],
  headlines: [
    {row: 'rps-short', scenario: 'native', chart: 'TkeRpsChart'},
    {row: 'rps-short-largest', scenario: 'overlay', chart: 'TkeServiceScaleChart'},
    {row: 'policy-l7', scenario: 'native', chart: 'TkePolicyHubbleChart'},
  ],
};
