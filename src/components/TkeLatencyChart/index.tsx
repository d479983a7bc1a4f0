/** TKE latency: netperf TCP_RR p50/p99 and TCP_CRR p99 (µs), and HTTP p99 at 1,000 QPS (ms); one panel per unit. */
import React from 'react';
import {typeset} from '@site/src/data/format';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {casePanel, type Panel, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel} from '@site/src/data/labels';

export function buildTkeLatency(dataset: Dataset, {locale}: ChartOptions): Panel[] {
  const tcp = casePanel(
    dataset,
    {key: 'tcp', title: translate({id: 'tke.latency.tcp', message: 'TCP round trips (netperf), µs'}), metric: 'tcp_rr_latency'},
    [
      {key: 'rr-p50', label: 'TCP_RR p50', query: {metric: 'tcp_rr_latency', where: {stat: 'p50'}}},
      {key: 'rr-p99', label: 'TCP_RR p99', query: {metric: 'tcp_rr_latency', where: {stat: 'p99'}}},
      {key: 'crr-p99', label: 'TCP_CRR p99', query: {metric: 'tcp_crr_latency', where: {stat: 'p99'}}},
    ],
  );
  const http = casePanel(
    dataset,
    {key: 'http', title: translate({id: 'tke.latency.http', message: 'HTTP at a fixed rate (fortio), ms'}), metric: 'http_latency'},
    [{key: 'http-p99', label: typeset(`p99, ${conditionLabel('qps', 1000, locale)}`, locale), query: {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}}],
  );
  return [tcp, http];
}

export default function TkeLatencyChart({data, children}: {data: SuiteBundle; children?: React.ReactNode}): React.JSX.Element {
  return (
    <ChartFigure name="TkeLatencyChart" data={data} title={translate({id: 'tke.latency.title', message: 'Latency: TCP round trips and HTTP p99 at 1,000 QPS'})} build={buildTkeLatency}>
      {children}
    </ChartFigure>
  );
}
