/**
 * The latency family. Without a spec: the TCP round-trip time under bulk load per scenario
 * (loaded_rtt, one mean per scenario); a suite with another layout passes the spec from its
 * chart module.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {ChartFamilyProps, ChartSpec} from '@site/src/data/chartSpec';
import SuiteChart from '@site/src/components/SuiteChart';
import {metricPanel} from '@site/src/data/chart/model';
import {metricLabel} from '@site/src/words/labels';

export const SCENARIO_LATENCY: ChartSpec = {
  name: 'LatencyChart',
  title: () => translate({id: 'chart.loadedRtt.title', message: 'TCP round-trip time under bulk load (µs)'}),
  build: (dataset) => [metricPanel(dataset, {key: 'rtt', metric: 'loaded_rtt', title: metricLabel('loaded_rtt')}, {metric: 'loaded_rtt'})],
};

export default function LatencyChart({spec = SCENARIO_LATENCY, ...props}: Partial<ChartFamilyProps> & Omit<ChartFamilyProps, 'spec'>): React.JSX.Element {
  return <SuiteChart spec={spec} {...props} />;
}
