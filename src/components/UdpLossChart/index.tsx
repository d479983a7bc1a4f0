/**
 * UDP packet loss beside UDP throughput: throughput alone is "context" (a
 * high rate with heavy loss delivers less), so the two are read together.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {scenarioPanel} from '@site/src/data/chart/model';
import {metricLabel} from '@site/src/data/labels';

export function buildUdp(dataset: Dataset) {
  return [
    scenarioPanel(dataset, {key: 'loss', metric: 'udp_loss', title: metricLabel('udp_loss')}, [
      {key: 'value', label: metricLabel('udp_loss'), query: {metric: 'udp_loss'}},
    ]),
    scenarioPanel(dataset, {key: 'throughput', metric: 'udp_throughput', title: metricLabel('udp_throughput')}, [
      {key: 'value', label: metricLabel('udp_throughput'), query: {metric: 'udp_throughput'}},
    ]),
  ];
}

export default function UdpLossChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="UdpLossChart"
      data={data}
      title={translate({id: 'chart.udp.title', message: 'UDP packet loss and UDP throughput'})}
      description={translate({
        id: 'chart.udp.description',
        message: 'iperf3 sends UDP at a fixed target rate. Read the rate together with the loss: a high rate with heavy loss delivers less data.',
      })}
      build={buildUdp}
      height={280}
    />
  );
}
