/**
 * The latency family. Without a spec: pod-to-pod round-trip time per scenario (p50, and
 * p99 where it is a distinct figure); a suite with another layout passes the spec from its
 * chart module.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {ChartFamilyProps, ChartSpec} from '@site/src/data/chartSpec';
import SuiteChart from '@site/src/components/SuiteChart';
import {scenarioPanel, withoutDuplicateSeries} from '@site/src/data/chart/model';

export const SCENARIO_LATENCY: ChartSpec = {
  name: 'LatencyChart',
  title: () => translate({id: 'chart.latency.title', message: 'Pod-to-pod round-trip time (µs)'}),
  build: (dataset) => [
    withoutDuplicateSeries(
      scenarioPanel(dataset, {key: 'rtt', metric: 'pod_rtt'}, [
        {key: 'p50', label: 'p50', query: {metric: 'pod_rtt', where: {stat: 'p50'}}},
        {key: 'p99', label: 'p99', query: {metric: 'pod_rtt', where: {stat: 'p99'}}},
      ]),
    ),
  ],
};

export default function LatencyChart({spec = SCENARIO_LATENCY, ...props}: Partial<ChartFamilyProps> & Omit<ChartFamilyProps, 'spec'>): React.JSX.Element {
  return <SuiteChart spec={spec} {...props} />;
}
