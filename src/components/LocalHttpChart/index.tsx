/** Local suite: fortio HTTP rate and p99 latency at a fixed QPS and unthrottled, keepalive vs new connection per request. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Conditions, Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {gridPanel, type SeriesDef, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';
import {conditionValues, selectRows} from '@site/src/data/selectors';
import {LOCAL_BASELINE} from '@site/src/data/suites/local';

export function buildLocalHttp(dataset: Dataset, {locale}: ChartOptions) {
  const rpsRows = selectRows(dataset, {metric: 'http_rps', scenario: LOCAL_BASELINE, exact: false});
  const qpsLevels = conditionValues(rpsRows, 'qps');
  const categories = qpsLevels.map((q) => ({key: String(q), label: conditionLabel('qps', q, locale)}));
  const series: SeriesDef[] = (['keepalive', 'close'] as const).map((c) => ({
    key: c,
    label: conditionLabel('connection', c, locale),
    query: {metric: 'http_rps', where: {connection: c}},
  }));
  const cell = (extra: Partial<Conditions>) => (category: {key: string}, s: SeriesDef) => ({
    ...s.query,
    scenario: LOCAL_BASELINE,
    exact: false,
    where: {...s.query.where, ...extra, qps: qpsLevels.find((q) => String(q) === category.key)},
  });
  return [
    gridPanel(dataset, {key: 'rps', title: metricLabel('http_rps'), metric: 'http_rps', kind: 'bar', categories}, series, cell({})),
    gridPanel(
      dataset,
      {key: 'p99', title: `${metricLabel('http_latency')} p99`, metric: 'http_latency', kind: 'bar', categories},
      series.map((s) => ({...s, query: {...s.query, metric: 'http_latency'}})),
      cell({stat: 'p99'}),
    ),
  ];
}

export default function LocalHttpChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return <ChartFigure name="LocalHttpChart" data={data} title={translate({id: 'chart.local.http.title', message: 'HTTP with fortio: keepalive vs a new connection per request'})} build={buildLocalHttp} height={280} />;
}
