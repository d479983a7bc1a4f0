/**
 * The numbered findings: each one a claim (title, statement with computed
 * figures, the note that qualifies it), optionally with a comparison table.
 * Explanations around them are page prose in the MDX.
 *
 *   <Findings data={eks} items={[{claim: 'udp-delivered-equal', table: 'network'}]} />
 */
import {translate} from '@docusaurus/Translate';
import React from 'react';
import type {SuiteBundle} from '@site/src/data/bundle';
import ClaimStatusMark from '@site/src/components/ClaimStatusMark';
import {useClaims} from '@site/src/plugins/bench-data/claims';
import DetailTable, {type PresetName} from '@site/src/components/DetailTable';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

export interface FindingItem {
  claim: string;
  table?: PresetName;
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function Findings(props: {data: SuiteBundle; items: FindingItem[]}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <FindingsBody {...props} />
    </KeepServerHtml>
  );
}

function FindingsBody({data, items}: {data: SuiteBundle; items: FindingItem[]}): React.JSX.Element {
  const views = useClaims(data, items.map((i) => i.claim), '<Findings>');
  // On a version the reader picks, a claim scoped to other versions has no view: match by id.
  const tableOf = (id: string) => items.find((i) => i.claim === id)?.table;
  return (
    <ol className={styles.list} data-testid="findings">
      {views.map((v) => (
        <li key={v.result.claim.id} className={styles.item} data-finding={v.result.claim.id} data-claim={v.result.claim.id} data-status={v.result.status}>
          <h3 className={styles.title}>{v.title}</h3>
          <p className={styles.body}>
            {v.statement} <ClaimStatusMark status={v.result.status} />
          </p>
          {v.note && <p className={styles.body}>{v.note}</p>}
          {tableOf(v.result.claim.id) && (
            // Named after its finding: several findings may show the same preset (axe: landmark-unique).
            <DetailTable data={data} preset={tableOf(v.result.claim.id)!} regionLabel={translate({id: 'findings.table', message: 'Data of the finding: {finding}'}, {finding: v.title})} />
          )}
        </li>
      ))}
    </ol>
  );
}
