/** Says whether a dataset was measured by the bench scripts or transcribed from a published report. */
import React from 'react';
import Translate from '@docusaurus/Translate';
import clsx from 'clsx';
import type {Dataset} from '@site/src/data/schema';
import styles from './styles.module.css';

export default function SourceKindBadge({kind}: {kind: Dataset['source']['kind']}): React.JSX.Element {
  return (
    <span className={clsx(styles.badge, styles[kind])} data-source-kind={kind}>
      {kind === 'measured' ? (
        <Translate id="sourceKind.measured" description="Dataset produced by running the bench scripts">
          measured
        </Translate>
      ) : (
        <Translate id="sourceKind.transcribed" description="Dataset copied from a published report">
          transcribed
        </Translate>
      )}
    </span>
  );
}
