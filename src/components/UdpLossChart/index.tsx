/**
 * UDP packet loss beside UDP throughput: throughput alone is "context" (a
 * high rate with heavy loss delivers less), so the two are read together.
 *
 * A measured dataset with a UDP sweep (rows named by offeredGbps, see
 * src/data/vocabulary.ts) first shows loss and jitter against offered load,
 * one line per scenario; the single-rate test follows as before. A dataset
 * without a sweep (the transcribed reports) shows the single-rate panels only.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {MetricId} from '@site/src/data/metrics';
import type {Dataset} from '@site/src/data/schema';
import {conditionValues, selectRows} from '@site/src/data/selectors';
import {UDP_OFFERED_LOAD} from '@site/src/data/vocabulary';
import ChartFigure from '@site/src/components/ChartFigure';
import {casePanel, scenarioPanel, type ChartOptions, type Panel} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';

/** The offered loads of the dataset's UDP sweep, ascending (empty: no sweep). */
export function offeredLoads(dataset: Dataset): number[] {
  return conditionValues(selectRows(dataset, {metric: 'udp_loss', exact: false}), UDP_OFFERED_LOAD).sort((a, b) => a - b);
}

function sweepPanels(dataset: Dataset, locale: string, loads: number[]): Panel[] {
  const swept = new Set(selectRows(dataset, {metric: 'udp_loss', exact: false}).filter((r) => r.conditions?.[UDP_OFFERED_LOAD] !== undefined).map((r) => r.scenario));
  const scenarios = dataset.scenarios.map((s) => s.id).filter((id) => swept.has(id));
  const axis = translate({id: 'chart.udp.axis.offered', message: 'Offered load (iperf3 target bitrate)'});
  const panel = (key: string, metric: MetricId, title: string) =>
    casePanel(
      dataset,
      {key, metric, kind: 'line', title, categoryAxis: axis, scenarios},
      loads.map((g) => ({key: String(g), label: conditionLabel(UDP_OFFERED_LOAD, g, locale), query: {metric, where: {[UDP_OFFERED_LOAD]: g}}})),
    );
  return [
    panel('lossByLoad', 'udp_loss', translate({id: 'chart.udp.lossByLoad', message: 'UDP packet loss by offered load'})),
    panel('jitterByLoad', 'udp_jitter', translate({id: 'chart.udp.jitterByLoad', message: 'UDP jitter by offered load'})),
  ];
}

export function buildUdp(dataset: Dataset, {locale}: ChartOptions): Panel[] {
  const loads = offeredLoads(dataset);
  const single = [
    scenarioPanel(dataset, {key: 'loss', metric: 'udp_loss', title: metricLabel('udp_loss')}, [
      {key: 'value', label: metricLabel('udp_loss'), query: {metric: 'udp_loss'}},
    ]),
    scenarioPanel(dataset, {key: 'throughput', metric: 'udp_throughput', title: metricLabel('udp_throughput')}, [
      {key: 'value', label: metricLabel('udp_throughput'), query: {metric: 'udp_throughput'}},
    ]),
  ];
  if (loads.length === 0) return single;
  // A sweep-only dataset has no single-rate rows: leave out panels that would be empty.
  const withRows = single.filter((p) => p.categories.some((c) => p.series.some((s) => p.cells[c.key]?.[s.key] !== undefined)));
  return [...sweepPanels(dataset, locale, loads), ...withRows];
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
