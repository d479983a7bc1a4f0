/** Local suite: TCP request/response (TCP_RR) and connect/request/response (TCP_CRR) latency percentiles. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {conditionPanel, measuredConditionValues, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';
import {LOCAL_BASELINE} from '@site/src/data/suites/local';

export function buildLocalLatency(dataset: Dataset, {locale}: ChartOptions) {
  const stats = measuredConditionValues(dataset, LOCAL_BASELINE, 'stat').filter((s) => s.startsWith('p'));
  return [
    conditionPanel(
      dataset,
      {key: 'tcp-latency', metric: 'tcp_rr_latency', kind: 'bar', scenario: LOCAL_BASELINE, categoryAxis: translate({id: 'chart.local.percentile', message: 'Percentile'})},
      'stat',
      stats.sort(),
      (v) => conditionLabel('stat', v, locale),
      [
        {key: 'rr', label: 'TCP_RR', query: {metric: 'tcp_rr_latency'}},
        {key: 'crr', label: 'TCP_CRR', query: {metric: 'tcp_crr_latency'}},
      ],
    ),
  ];
}

export default function LocalLatencyChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="LocalLatencyChart"
      data={data}
      title={translate({id: 'chart.local.latency.title', message: 'TCP latency: established connection vs new connection'})}
      description={`${metricLabel('tcp_rr_latency')} · ${metricLabel('tcp_crr_latency')}`}
      build={buildLocalLatency}
    />
  );
}
