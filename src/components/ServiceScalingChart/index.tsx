/** Scenario E (Cilium eBPF service lookup) with few and with many Services: one small panel per metric. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {conditionPanel, measuredConditionValues, type SeriesDef, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';
import type {MetricId} from '@site/src/data/metrics';
import {TUNED} from '@site/src/data/suites/eks-cni';


export function buildServiceScaling(dataset: Dataset, {locale}: ChartOptions, scenario = TUNED) {
  const services = measuredConditionValues(dataset, scenario, 'services');
  const axis = translate({id: 'chart.axis.services', message: 'Services'});
  const panel = (key: string, metric: MetricId, title: string, query: SeriesDef['query']) =>
    conditionPanel(dataset, {key, metric, kind: 'bar', scenario, title, categoryAxis: axis}, 'services', services, (n) => conditionLabel('services', n, locale), [
      {key: 'value', label: title, query},
    ]);
  return [
    panel('p99', 'http_latency', translate({id: 'chart.serviceScaling.p99', message: 'HTTP p99 at QPS 1,000 (keepalive)'}), {
      metric: 'http_latency',
      where: {qps: 1000, connection: 'keepalive', stat: 'p99'},
    }),
    panel('rps', 'http_rps', translate({id: 'chart.serviceScaling.rps', message: 'Max achieved requests per second'}), {
      metric: 'http_rps',
      where: {qps: 'max', connection: 'keepalive'},
    }),
    panel('tcp', 'tcp_throughput', metricLabel('tcp_throughput'), {metric: 'tcp_throughput'}),
    panel('dns', 'dns_latency', translate({id: 'chart.serviceScaling.dns', message: 'DNS resolution p50'}), {metric: 'dns_latency', where: {stat: 'p50'}}),
  ];
}

export default function ServiceScalingChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="ServiceScalingChart"
      data={data}
      title={translate({id: 'chart.serviceScaling.title', message: 'Scenario E with few and many Services'})}
      description={translate({
        id: 'chart.serviceScaling.description',
        message: 'A separate run of scenario E with extra Services created: does the eBPF service lookup slow down as Services are added?',
      })}
      build={buildServiceScaling}
      height={220}
    />
  );
}
