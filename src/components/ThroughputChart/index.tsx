/** TCP throughput per scenario, with the NIC limit drawn as a reference line. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {scenarioPanel, type ReferenceLine} from '@site/src/data/chart/model';
import {metricLabel} from '@site/src/data/labels';

export function nicLimitLine(dataset: Dataset): ReferenceLine[] {
  const limit = dataset.environment.nicLimitGbps;
  return limit === undefined ? [] : [{value: limit, label: translate({id: 'chart.nicLimit', message: 'NIC limit {limit} Gbps'}, {limit})}];
}

export function buildThroughput(dataset: Dataset) {
  return [
    scenarioPanel(dataset, {key: 'tcp', metric: 'tcp_throughput', referenceLines: nicLimitLine(dataset)}, [
      {key: 'tcp', label: metricLabel('tcp_throughput'), query: {metric: 'tcp_throughput'}},
    ]),
  ];
}

export default function ThroughputChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="ThroughputChart"
      data={data}
      title={translate({id: 'chart.throughput.title', message: 'TCP throughput by scenario (Gbps)'})}
      description={translate({
        id: 'chart.throughput.description',
        message: 'iperf3 TCP between pods on different nodes. The dashed line is the bandwidth the instance type allows; UDP is shown with its loss in the UDP chart.',
      })}
      build={buildThroughput}
    />
  );
}
