/**
 * What each scenario of a suite is: CNI, Service handling, routing, IPAM, how much of its tuning
 * was applied and what it isolates, one row a scenario with its chart colour. The EKS report
 * puts it above the scenario comparison (`<SuiteChart spec={CHARTS.scenarios} intro={...}>`).
 */
import React from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {datasetTerm} from '@site/src/words/terms';
import {localized} from '@site/src/words/datasetText';
import {useSuite} from '@site/src/plugins/bench-data/client';
import ScenarioSwatch from '@site/src/components/ScenarioSwatch';
import ScrollTable from '@site/src/components/ScrollTable';
import styles from './styles.module.css';

/** Which of a scenario's tuning items were applied, e.g. "8 / 10". */
function tuningSummary(dataset: Dataset, id: string): {applied: number; total: number} {
  const items = dataset.scenarios.find((s) => s.id === id)?.tuning ?? [];
  return {applied: items.filter((t) => t.applied).length, total: items.length};
}

export default function ScenarioDefinitions({data}: {data: SuiteBundle}): React.JSX.Element {
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
