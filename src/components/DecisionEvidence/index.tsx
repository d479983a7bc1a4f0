/**
 * <DecisionEvidence row="keepalive" data={[eks, tke]} />: the evidence mark of one row
 * of the decision table on "Which datapath should I choose?", computed from the claims
 * the row cites (src/data/decisionTable.ts) on the versions the page shows, so it
 * follows the data and the version picker like the claims it rests on. `data` holds
 * the bundles of the page; a row citing a suite that is not among them fails the
 * build, naming it.
 */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {decisionEvidence, decisionRowOf, type DecisionSuite, type EvaluatedSuite} from '@site/src/data/decisionTable';
import {useClaimResults} from '@site/src/plugins/bench-data/claims';
import EvidenceMark from '@site/src/components/EvidenceMark';

export default function DecisionEvidence({row, data}: {row: string; data: readonly SuiteBundle[]}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const spec = decisionRowOf(row);
  // One hook call per bundle: a page passes the same list on every render, so the calls keep their order.
  const evaluated = new Map<string, EvaluatedSuite>(data.map((bundle) => [bundle.manifest.suite, useClaimResults(bundle)]));
  const suiteOf = (suite: DecisionSuite): EvaluatedSuite => {
    const found = evaluated.get(suite);
    if (!found) throw new Error(`<DecisionEvidence row="${row}">: the row rests on ${suite}; pass its bundle in data (given: ${[...evaluated.keys()].join(', ') || 'none'})`);
    return found;
  };
  return (
    <span data-decision-evidence={row}>
      <EvidenceMark evidence={decisionEvidence(spec, suiteOf)} locale={i18n.currentLocale} />
    </span>
  );
}
