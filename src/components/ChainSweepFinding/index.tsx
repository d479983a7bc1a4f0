/**
 * One sentence about the rule-chain sweep, built from whatever steps the run
 * measured: short-connection RPS at the longest chain vs an empty chain.
 */
import React from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {selectRows, percentChange} from '@site/src/data/selectors';
import {formatFigure, formatNumber, formatValue} from '@site/src/data/format';
import {CHAIN_SCENARIO} from '@site/src/suites/local';

export default function ChainSweepFinding({data}: {data: SuiteBundle}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const {dataset} = useSuite(data);
  const rows = selectRows(dataset, {metric: 'http_rps', scenario: CHAIN_SCENARIO, exact: false, where: {connection: 'close'}})
    .filter((r) => r.value !== null && r.conditions?.rules !== undefined)
    .sort((a, b) => a.conditions!.rules! - b.conditions!.rules!);
  if (rows.length < 2) return null;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const change = percentChange(first.value, last.value)!;
  const v = (n: number) => <data value={n}>{formatValue(n, 'req/s', locale)}</data>;
  return (
    <p data-testid="chain-sweep-finding">
      <Translate
        id="local.sweepFinding"
        description="Sentence comparing short-connection RPS at the longest and the shortest rule chain"
        values={{
          longest: <data value={last.conditions!.rules!}>{formatNumber(last.conditions!.rules!, locale)}</data>,
          shortest: <data value={first.conditions!.rules!}>{formatNumber(first.conditions!.rules!, locale)}</data>,
          rpsLongest: v(last.value!),
          rpsShortest: v(first.value!),
          change: <data value={Number(change.toFixed(4))}>{formatFigure({kind: 'change', value: change}, locale)}</data>,
        }}>
        {'With {longest} rules in the chain, this machine served {rpsLongest} over new connections, against {rpsShortest} with {shortest} rules: {change}.'}
      </Translate>
    </p>
  );
}
