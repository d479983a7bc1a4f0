/**
 * The key-results banner: a few of the report's conclusions, each a claim
 * (src/data/claims/<suite>.json) with its headline figure computed from the
 * dataset. The banner holds no wording of its own beyond its heading: the
 * page's summary prose lives in the MDX, the conclusions in the claims.
 *
 *   <KeyResults data={eks} items={[{claim: 'rtt-a-to-e', figure: 'change'}]} />
 */
import React from 'react';
import Translate from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import {datasetTerm} from '@site/src/data/terms';
import ClaimStatusMark from '@site/src/components/ClaimStatusMark';
import {useClaims} from '@site/src/plugins/bench-data/claims';
import styles from './styles.module.css';

export interface KeyResultItem {
  /** Claim id; its title is the tile's label and its statement the detail. */
  claim: string;
  /** Name of the check whose figure is the tile's big number (default: the claim's first check). */
  figure?: string;
}

export default function KeyResults({data, items}: {data: SuiteBundle; items: KeyResultItem[]}): React.JSX.Element {
  const views = useClaims(data, items.map((i) => i.claim), '<KeyResults>');
  const e = views[0]?.dataset.environment;
  return (
    <section className={styles.banner} aria-labelledby="key-results-title" data-testid="key-results">
      <h3 id="key-results-title" className={styles.title}>
        <Translate id="keyResults.title">Key results</Translate>
      </h3>
      {e && (
        <p className={styles.subtitle}>
          {datasetTerm(e.platform)} {e.k8sVersion} · {e.nodeType} × {e.nodeCount}
        </p>
      )}
      <div className={styles.tiles}>
        {views.map((v, i) => (
          <div key={v.result.claim.id} className={styles.tile} data-key-result={v.result.claim.id} data-claim={v.result.claim.id} data-status={v.result.status}>
            <div className={styles.big}>{v.figure(items[i].figure)}</div>
            {v.title && <div className={styles.label}>{v.title}</div>}
            <div className={styles.detail}>
              {v.statement} <ClaimStatusMark status={v.result.status} />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
