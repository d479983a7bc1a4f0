/**
 * The throughput family. Without a spec: TCP throughput per scenario, with the NIC limit
 * drawn as a reference line (what a suite of comparable clusters needs, e.g. eks-cni);
 * a suite with another layout passes the spec from its chart module.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {Dataset} from '@site/src/data/schema';
import type {ChartFamilyProps, ChartSpec} from '@site/src/data/chartSpec';
import SuiteChart from '@site/src/components/SuiteChart';
import {scenarioPanel, type ReferenceLine} from '@site/src/data/chart/model';
import {metricLabel} from '@site/src/words/labels';

export function nicLimitLine(dataset: Dataset): ReferenceLine[] {
  const limit = dataset.environment.nicLimitGbps;
  return limit === undefined ? [] : [{value: limit, label: translate({id: 'chart.nicLimit', message: 'NIC limit {limit} Gbps'}, {limit})}];
}

export const SCENARIO_THROUGHPUT: ChartSpec = {
  name: 'ThroughputChart',
  title: () => translate({id: 'chart.throughput.title', message: 'TCP throughput by scenario (Gbps)'}),
  description: () =>
    translate({
      id: 'chart.throughput.description',
      message: 'iperf3 TCP between pods on different nodes. The dashed line is the bandwidth the instance type allows; UDP is shown with its loss in the UDP chart.',
    }),
  build: (dataset) => [
    scenarioPanel(dataset, {key: 'tcp', metric: 'tcp_throughput', referenceLines: nicLimitLine(dataset)}, [
      {key: 'tcp', label: metricLabel('tcp_throughput'), query: {metric: 'tcp_throughput'}},
    ]),
  ],
};

export default function ThroughputChart({spec = SCENARIO_THROUGHPUT, ...props}: Partial<ChartFamilyProps> & Omit<ChartFamilyProps, 'spec'>): React.JSX.Element {
  return <SuiteChart spec={spec} {...props} />;
}
