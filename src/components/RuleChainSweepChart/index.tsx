/**
 * Local suite: the kube-proxy O(n) effect on one machine. A linear chain of
 * N non-matching rules sits in the path of every new connection; lines show
 * short-connection RPS and connection setup time as N grows.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import type {MetricId} from '@site/src/data/metrics';
import {formatNumber} from '@site/src/data/format';
import ChartFigure from '@site/src/components/ChartFigure';
import {conditionPanel, measuredConditionValues, type Panel, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel, metricLabel} from '@site/src/data/labels';
import {CHAIN_SCENARIO} from '@site/src/data/suites/local';


/** Each panel: one metric over the chain lengths, only when the run measured it. */
const PANELS: {metric: MetricId; stat?: 'p50'}[] = [{metric: 'http_rps'}, {metric: 'conn_setup_time', stat: 'p50'}, {metric: 'tcp_crr_latency', stat: 'p50'}];

export function buildRuleChainSweep(dataset: Dataset, {locale}: ChartOptions): Panel[] {
  const steps = measuredConditionValues(dataset, CHAIN_SCENARIO, 'rules');
  const axis = translate({id: 'chart.local.rules', message: 'Rules in the chain'});
  return PANELS.filter(({metric}) => dataset.results.some((r) => r.scenario === CHAIN_SCENARIO && r.metric === metric)).map(({metric, stat}) =>
    conditionPanel(
      dataset,
      {key: metric, title: `${metricLabel(metric)}${stat ? ` ${stat}` : ''}`, metric, kind: 'line', scenario: CHAIN_SCENARIO, categoryAxis: axis},
      'rules',
      steps,
      (v) => formatNumber(v, locale, 0),
      [{key: 'short', label: conditionLabel('connection', 'close', locale), query: {metric, exact: false, where: stat ? {stat} : {}}}],
    ),
  );
}

export default function RuleChainSweepChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="RuleChainSweepChart"
      data={data}
      title={translate({id: 'chart.local.sweep.title', message: 'New connections through a growing iptables chain'})}
      build={buildRuleChainSweep}
      height={260}
    />
  );
}
