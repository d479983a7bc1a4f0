/**
 * <Claim data={eks} id="rtt-a-to-e" />: one conclusion inline, its statement
 * with computed figures and a ✓ / ✗ mark for the version the page shows.
 * An unknown id fails the build, naming the suite's claim ids.
 */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {datasetTerm} from '@site/src/words/terms';
import {renderStatement} from '@site/src/data/claims/render';
import ClaimStatusMark from '@site/src/components/ClaimStatusMark';
import {useClaimResults} from '@site/src/plugins/bench-data/claims';

export default function Claim({data, id}: {data: SuiteBundle; id: string}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {dataset, results} = useClaimResults(data);
  const result = results.find((r) => r.claim.id === id);
  if (!result) throw new Error(`<Claim id="${id}">: no such claim for ${data.manifest.suite} (claims: ${results.map((r) => r.claim.id).join(', ')})`);
  return (
    <span data-claim={id} data-status={result.status} data-dataset={`${dataset.suite}@${dataset.version}`}>
      {renderStatement(result, i18n.currentLocale, dataset, datasetTerm)} <ClaimStatusMark status={result.status} />
    </span>
  );
}
