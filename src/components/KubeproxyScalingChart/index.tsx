/**
 * kube-proxy (iptables, scenario A) as Services grow: rule count, sync time,
 * per-connection setup under Connection: close, and HTTP p99 with keepalive
 * against Connection: close. Scenario E's rule count is drawn beside it
 * (not applicable under eBPF: shown as N/A, never as 0).
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {conditionPanel, measuredConditionValues, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';
import {conditionValues, selectRows} from '@site/src/data/selectors';
import {BASELINE, TUNED} from '@site/src/data/suites/eks-cni';


export function buildKubeproxyScaling(dataset: Dataset, {locale}: ChartOptions) {
  const scenario = BASELINE;
  const services = measuredConditionValues(dataset, scenario, 'services');
  const label = (n: number) => conditionLabel('services', n, locale);
  const base = {kind: 'line' as const, scenario, categoryAxis: translate({id: 'chart.axis.services', message: 'Services'})};
  const kubeProxy = translate({id: 'chart.kubeproxy.seriesIptables', message: 'kube-proxy iptables (A)'});
  return [
    conditionPanel(dataset, {...base, key: 'nat', metric: 'iptables_nat_rules', title: metricLabel('iptables_nat_rules')}, 'services', services, label, [
      {key: 'iptables', label: kubeProxy, query: {metric: 'iptables_nat_rules'}},
      {
        key: 'ebpf',
        label: translate({id: 'chart.kubeproxy.seriesEbpf', message: 'Cilium eBPF (E)'}),
        query: {metric: 'iptables_nat_rules', scenario: TUNED},
        // E's rows (N/A under eBPF) exist for the Service counts its run had, not every count A went to.
        categories: conditionValues(selectRows(dataset, {metric: 'iptables_nat_rules', scenario: TUNED, exact: false}), 'services').map(String),
      },
    ]),
    conditionPanel(dataset, {...base, key: 'sync', metric: 'kubeproxy_sync_time', title: metricLabel('kubeproxy_sync_time')}, 'services', services, label, [
      {key: 'iptables', label: kubeProxy, query: {metric: 'kubeproxy_sync_time'}},
    ]),
    conditionPanel(
      dataset,
      {...base, key: 'conn', metric: 'conn_setup_time', title: translate({id: 'chart.kubeproxy.connSetup', message: 'Connection setup, Connection: close (average)'})},
      'services',
      services,
      label,
      [{key: 'iptables', label: kubeProxy, query: {metric: 'conn_setup_time', where: {connection: 'close', stat: 'avg'}}}],
    ),
    conditionPanel(
      dataset,
      {...base, key: 'p99', metric: 'http_latency', title: translate({id: 'chart.kubeproxy.p99', message: 'HTTP p99: keepalive against Connection: close'})},
      'services',
      services,
      label,
      [
        {key: 'keepalive', label: conditionLabel('connection', 'keepalive', locale), query: {metric: 'http_latency', where: {qps: 1000, connection: 'keepalive', stat: 'p99'}}},
        {key: 'close', label: conditionLabel('connection', 'close', locale), query: {metric: 'http_latency', where: {connection: 'close', stat: 'p99'}}},
      ],
    ),
  ];
}

export default function KubeproxyScalingChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="KubeproxyScalingChart"
      data={data}
      title={translate({id: 'chart.kubeproxy.title', message: 'kube-proxy (iptables) as Services grow'})}
      description={translate({
        id: 'chart.kubeproxy.description',
        message: 'Scenario A re-run with more Services. Points without a measurement are left out of the lines and named in the tables.',
      })}
      build={buildKubeproxyScaling}
      height={240}
    />
  );
}
