/**
 * Queries of the TKE suite (tke-cilium), shared by its charts, tables and inline
 * figures so they all read the same rows. Steps and scenarios come from the dataset.
 */
import type {Conditions, Dataset, LocalizedText} from '../schema';
import {selectRows, trySelectRow} from '../selectors';
import {findCrossover, type Crossover, type StepValue} from '../crossover';

/** The suite's title, in every language (the ingest writes it into each new dataset version). */
export const TITLE: LocalizedText = {
  en: 'Tencent TKE: kube-proxy iptables, Cilium native routing and Cilium VXLAN overlay compared',
  ko: 'Tencent TKE: kube-proxy iptables, Cilium 네이티브 라우팅, Cilium VXLAN 오버레이 비교',
  zh: '腾讯云 TKE：kube-proxy iptables、Cilium 原生路由与 Cilium VXLAN Overlay 对比',
};

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
