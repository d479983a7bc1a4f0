/** Local suite: iperf3 TCP throughput over the veth pair, by number of parallel streams. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {conditionPanel, measuredConditionValues, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';
import {LOCAL_BASELINE} from '@site/src/data/suites/local';


export function buildLocalThroughput(dataset: Dataset, {locale}: ChartOptions) {
  return [
    conditionPanel(
      dataset,
      {key: 'tcp', metric: 'tcp_throughput', kind: 'bar', scenario: LOCAL_BASELINE, categoryAxis: translate({id: 'chart.local.streams', message: 'Parallel streams'})},
      'streams',
      measuredConditionValues(dataset, LOCAL_BASELINE, 'streams'),
      (v) => conditionLabel('streams', v, locale),
      [{key: 'tcp', label: metricLabel('tcp_throughput'), query: {metric: 'tcp_throughput'}}],
    ),
  ];
}

export default function LocalThroughputChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return <ChartFigure name="LocalThroughputChart" data={data} title={translate({id: 'chart.local.throughput.title', message: 'TCP throughput between two namespaces'})} build={buildLocalThroughput} />;
}
