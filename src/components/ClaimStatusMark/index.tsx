/** ✓ / ✗ / ? beside a claim: whether it holds on the version the page shows, named for screen readers. */
import React from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import type {ClaimStatus} from '@site/src/data/claims/evaluate';
import styles from './styles.module.css';

function statusLabel(status: ClaimStatus): string {
  switch (status) {
    case 'holds':
      return translate({id: 'claims.status.holds', message: 'Holds', description: 'A report conclusion that the shown dataset version supports'});
    case 'contradicted':
      return translate({id: 'claims.status.contradicted', message: 'Contradicted by this version', description: 'A report conclusion that the shown dataset version does not support'});
    case 'no-data':
      return translate({id: 'claims.status.noData', message: 'Cannot be checked: data missing in this version', description: 'A report conclusion whose figures are absent from the shown dataset version'});
  }
}

const STATUS_ICON: Record<ClaimStatus, string> = {holds: '✓', contradicted: '✗', 'no-data': '?'};

export default function ClaimStatusMark({status}: {status: ClaimStatus}): React.JSX.Element {
  return (
    <span className={clsx(styles.mark, styles[status])} title={statusLabel(status)}>
      <span aria-hidden>{STATUS_ICON[status]}</span>
      <span className="sr-only">{statusLabel(status)}</span>
    </span>
  );
}
