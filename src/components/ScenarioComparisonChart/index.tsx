/**
 * The five scenarios side by side: what each one changes (from the scenario
 * definitions) and small multiples of the key metrics, one panel per metric
 * in its own unit and direction, so no metric is rescaled or combined into a score.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {datasetTerm} from '@site/src/data/terms';
import type {Dataset} from '@site/src/data/schema';
import type {MetricId} from '@site/src/data/metrics';
import ChartFigure from '@site/src/components/ChartFigure';
import ScenarioSwatch from '@site/src/components/ScenarioSwatch';
import {scenarioPanel, type SeriesDef} from '@site/src/data/chart/model';
import {metricLabel} from '@site/src/data/labels';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {localized} from '@site/src/data/localized';
import styles from './styles.module.css';
import ScrollTable from '@site/src/components/ScrollTable';

export function buildScenarioComparison(dataset: Dataset) {
  const panel = (key: string, metric: MetricId, title: string, query: SeriesDef['query']) =>
    scenarioPanel(dataset, {key, metric, title}, [{key: 'value', label: title, query}]);
  return [
    panel('tcp', 'tcp_throughput', metricLabel('tcp_throughput'), {metric: 'tcp_throughput'}),
    panel('udpLoss', 'udp_loss', metricLabel('udp_loss'), {metric: 'udp_loss'}),
    panel('rtt', 'pod_rtt', translate({id: 'chart.scenarios.rtt', message: 'Pod-to-pod RTT p50'}), {metric: 'pod_rtt', where: {stat: 'p50'}}),
    panel('p99', 'http_latency', translate({id: 'chart.scenarios.p99', message: 'HTTP p99 at QPS 1,000'}), {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}),
    panel('rps', 'http_rps', translate({id: 'chart.scenarios.rps', message: 'Max achieved requests per second'}), {metric: 'http_rps', where: {qps: 'max'}}),
    panel('memory', 'memory_usage', translate({id: 'chart.dnsResources.memory', message: 'CNI agent memory'}), {metric: 'memory_usage', exact: false}),
  ];
}

/** Which of a scenario's tuning items were applied, e.g. "8 / 10". */
export function tuningSummary(dataset: Dataset, id: string): {applied: number; total: number} {
  const items = dataset.scenarios.find((s) => s.id === id)?.tuning ?? [];
  return {applied: items.filter((t) => t.applied).length, total: items.length};
}

function Definitions({data}: {data: SuiteBundle}) {
  const {dataset} = useSuite(data);
  const locale = useDocusaurusContext().i18n.currentLocale;
  return (
    <ScrollTable
      wrapClassName={styles.tableWrap}
      className={styles.table}
      label
      caption={<Translate id="chart.scenarios.definitions">Scenario definitions</Translate>}
      captionHidden
      columns={[
        <Translate id="scenario.col.scenario">Scenario</Translate>,
        'CNI',
        'kube-proxy',
        <Translate id="scenario.col.routing">Routing</Translate>,
        'IPAM',
        <Translate id="scenario.col.tuning">Tuning applied</Translate>,
        <Translate id="scenario.col.purpose">What it isolates</Translate>,
      ]}
      data-testid="scenario-definitions">
      <tbody>
        {dataset.scenarios.map((s) => {
          const t = tuningSummary(dataset, s.id);
          return (
            <tr key={s.id} data-scenario={s.id}>
              <th scope="row">
                <ScenarioSwatch scenarioIds={dataset.scenarios.map((x) => x.id)} id={s.id} />
                {s.id}: {datasetTerm(s.name)}
              </th>
              <td>{datasetTerm(s.cni)}</td>
              <td>{datasetTerm(s.kubeProxy)}</td>
              <td>{datasetTerm(s.routing) ?? '–'}</td>
              <td>{datasetTerm(s.ipam) ?? '–'}</td>
              <td>
                {t.total === 0 ? (
                  <Translate id="scenario.tuning.default">defaults</Translate>
                ) : (
                  <Translate id="scenario.tuning.count" values={{applied: String(t.applied), total: String(t.total)}}>
                    {'{applied} of {total}'}
                  </Translate>
                )}
              </td>
              <td>{s.purpose ? localized(s.purpose, locale) : '–'}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}

export default function ScenarioComparisonChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="ScenarioComparisonChart"
      data={data}
      title={translate({id: 'chart.scenarios.title', message: 'The five scenarios across key metrics'})}
      description={<Definitions data={data} />}
      build={buildScenarioComparison}
      height={220}
    />
  );
}
