/** Pod-to-pod round-trip time per scenario (p50, and p99 where it is a distinct figure). */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {scenarioPanel, withoutDuplicateSeries} from '@site/src/data/chart/model';

export function buildLatency(dataset: Dataset) {
  return [
    withoutDuplicateSeries(
      scenarioPanel(dataset, {key: 'rtt', metric: 'pod_rtt'}, [
        {key: 'p50', label: 'p50', query: {metric: 'pod_rtt', where: {stat: 'p50'}}},
        {key: 'p99', label: 'p99', query: {metric: 'pod_rtt', where: {stat: 'p99'}}},
      ]),
    ),
  ];
}

export default function LatencyChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="LatencyChart"
      data={data}
      title={translate({id: 'chart.latency.title', message: 'Pod-to-pod round-trip time (µs)'})}
      build={buildLatency}
    />
  );
}
