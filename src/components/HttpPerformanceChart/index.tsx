/** HTTP latency and achieved request rate (Fortio -> httpbin) at QPS 1,000, 5,000 and unthrottled. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {scenarioPanel, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';

export function buildHttp(dataset: Dataset, {locale}: ChartOptions) {
  const qps = (q: number | 'max') => conditionLabel('qps', q, locale);
  return [
    scenarioPanel(
      dataset,
      {key: 'latency1000', metric: 'http_latency', title: translate({id: 'chart.http.latencyAt', message: 'Latency at {qps}'}, {qps: qps(1000)})},
      [
        {key: 'p50', label: 'p50', query: {metric: 'http_latency', where: {qps: 1000, stat: 'p50'}}},
        {key: 'p99', label: 'p99', query: {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}},
      ],
    ),
    scenarioPanel(dataset, {key: 'p99load', metric: 'http_latency', title: translate({id: 'chart.http.p99UnderLoad', message: 'p99 latency under heavy load'})}, [
      {key: 'q5000', label: qps(5000), query: {metric: 'http_latency', where: {qps: 5000, stat: 'p99'}}},
      {key: 'qmax', label: qps('max'), query: {metric: 'http_latency', where: {qps: 'max', stat: 'p99'}}},
    ]),
    scenarioPanel(dataset, {key: 'rps', metric: 'http_rps', title: metricLabel('http_rps')}, [
      {key: 'q1000', label: qps(1000), query: {metric: 'http_rps', where: {qps: 1000}}},
      {key: 'q5000', label: qps(5000), query: {metric: 'http_rps', where: {qps: 5000}}},
      {key: 'qmax', label: qps('max'), query: {metric: 'http_rps', where: {qps: 'max'}}},
    ]),
  ];
}

export default function HttpPerformanceChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="HttpPerformanceChart"
      data={data}
      title={translate({id: 'chart.http.title', message: 'HTTP latency and achieved request rate'})}
      description={translate({
        id: 'chart.http.description',
        message: 'Fortio against httpbin (two replicas). Series toggles apply to every panel; values marked ⚠ carry a validity note below.',
      })}
      build={buildHttp}
      height={300}
    />
  );
}
