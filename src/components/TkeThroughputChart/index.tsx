/** TKE TCP throughput (iperf3) by case — host network, pod to pod at 1/8/16 streams, via Service — for the three clusters. */
import React from 'react';
import {typeset} from '@site/src/data/format';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {casePanel, type CaseDef, type Panel, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel} from '@site/src/data/labels';

const CASES = [
  {path: 'host', streams: 8},
  {path: 'pod', streams: 1},
  {path: 'pod', streams: 8},
  {path: 'pod', streams: 16},
  {path: 'service', streams: 8},
] as const;

export function buildTkeThroughput(dataset: Dataset, {locale}: ChartOptions): Panel[] {
  const cases: CaseDef[] = CASES.map((c) => ({
    key: `${c.path}-${c.streams}`,
    label: typeset(`${conditionLabel('path', c.path, locale)}, ${conditionLabel('streams', c.streams, locale)}`, locale),
    query: {metric: 'tcp_throughput', where: {path: c.path, streams: c.streams}},
  }));
  return [casePanel(dataset, {key: 'throughput', metric: 'tcp_throughput', categoryAxis: translate({id: 'tke.case', message: 'Case'})}, cases)];
}

export default function TkeThroughputChart({data, children}: {data: SuiteBundle; children?: React.ReactNode}): React.JSX.Element {
  return (
    <ChartFigure name="TkeThroughputChart" data={data} title={translate({id: 'tke.throughput.title', message: 'Cross-node TCP throughput by case (Gbps)'})} build={buildTkeThroughput}>
      {children}
    </ChartFigure>
  );
}
