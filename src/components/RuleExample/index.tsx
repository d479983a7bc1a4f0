/**
 * <RuleExample>: two result rows of a dataset side by side (median, min–max over rounds,
 * rounds) and what the site's one rule (compareRows, src/data/uncertainty.ts) says about
 * their difference, for the methods page. Everything shown is read from the dataset:
 *   <RuleExample data={local} metric="conn_setup_time" where={{stat: 'p50'}}
 *     from={{scenario: 'chain', where: {rules: 0}}} to={{scenario: 'chain', where: {rules: 10000}}} />
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {ConditionKey, Conditions, ResultRow} from '@site/src/data/schema';
import {METRICS, type MetricId} from '@site/src/data/metrics';
import {formatFigure, formatValue, listText, typeset} from '@site/src/data/format';
import {changeFigure} from '@site/src/data/overview';
import {roundsBehind} from '@site/src/data/roundCounts';
import {compareRows, roundRange} from '@site/src/data/uncertainty';
import {useFigureRow} from '@site/src/plugins/bench-data/client';
import {conditionLabel, directionLabel, metricLabel, notEstablishedLabel, scenarioLabel, verdictLabel} from '@site/src/words/labels';
import ScrollTable from '@site/src/components/ScrollTable';

interface Side {
  scenario: string;
  where?: Partial<Conditions>;
}

export interface RuleExampleProps {
  data: SuiteBundle;
  metric: MetricId;
  /** Conditions both rows share. */
  where?: Partial<Conditions>;
  from: Side;
  to: Side;
}

/** A side's name: its scenario, and the conditions it sets beyond the shared ones. */
function sideLabel(dataset: Parameters<typeof scenarioLabel>[0], side: Side, locale: string): string {
  const own = Object.entries(side.where ?? {}).map(([k, v]) => conditionLabel(k as ConditionKey, v as never, locale));
  return typeset(own.length ? `${scenarioLabel(dataset, side.scenario)}, ${listText(own, locale)}` : scenarioLabel(dataset, side.scenario), locale);
}

export default function RuleExample({data, metric, where, from, to}: RuleExampleProps): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const figure = `<RuleExample metric="${metric}">`;
  const {row: a, dataset} = useFigureRow(data, {metric, scenario: from.scenario, where: {...where, ...from.where}}, figure);
  const b = useFigureRow(data, {metric, scenario: to.scenario, where: {...where, ...to.where}}, figure).row;
  if (!a || !b || a.value === null || b.value === null) throw new Error(`${figure}: both rows need a measured value in ${dataset.suite}@${dataset.version}`);
  const {unit, direction} = METRICS[metric];
  const comparison = compareRows(a, b, direction, dataset.method);
  const change = changeFigure(unit, a.value, b.value);
  const range = (row: ResultRow) => {
    const r = roundRange(row);
    return r ? `${formatValue(r.min, unit, locale)}–${formatValue(r.max, unit, locale)}` : translate({id: 'ruleExample.noRange', message: 'not recorded', description: 'Methods page example: a figure keeps no min–max over its rounds'});
  };
  const verdict = comparison.reason ? notEstablishedLabel(comparison.reason) : verdictLabel(comparison.verdict);
  return (
    <figure data-rule-example={metric} data-verdict={comparison.verdict} data-reason={comparison.reason} data-dataset={`${dataset.suite}@${dataset.version}`}>
      <ScrollTable
        numeric
        caption={typeset(`${metricLabel(metric)} · ${directionLabel(direction)} · ${dataset.suite}@${dataset.version}`, locale)}
        columns={[
          translate({id: 'ruleExample.figure', message: 'Figure', description: 'Methods page example: column of the two compared rows'}),
          translate({id: 'ruleExample.median', message: 'Value (median of rounds)', description: 'Methods page example: column of the shown value'}),
          translate({id: 'ruleExample.range', message: 'Min–max over rounds', description: 'Methods page example: column of the range over rounds'}),
          translate({id: 'ruleExample.rounds', message: 'Rounds', description: 'Methods page example: column of how many rounds a figure stands on'}),
        ]}>
        <tbody>
          {([
            [from, a],
            [to, b],
          ] as const).map(([side, row]) => (
            <tr key={`${side.scenario}/${JSON.stringify(side.where ?? {})}`}>
              <th scope="row">{sideLabel(dataset, side, locale)}</th>
              <td>
                <data value={row.value as number}>{formatValue(row.value as number, unit, locale)}</data>
              </td>
              <td>{range(row)}</td>
              <td>{roundsBehind(row, dataset.method)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <figcaption>
        {typeset(
          translate(
            {id: 'ruleExample.seen', message: 'Seen from the first to the second: {change}. The rule: {verdict}.', description: 'Methods page example: the difference seen and the verdict of the rule'},
            {change: change ? formatFigure(change, locale) : '–', verdict},
          ),
          locale,
        )}
      </figcaption>
    </figure>
  );
}
