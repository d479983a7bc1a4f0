/** One cell's value as text: formatted for the locale, or why it is missing, with flag markers. */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {Unit} from '@site/src/data/metrics';
import type {ResultRow} from '@site/src/data/schema';
import {typeset} from '@site/src/data/format';
import {absentLabel, cellText, flagLabel, warningFlags} from '@site/src/words/labels';
import styles from './styles.module.css';

export default function CellValue({row, unit, value}: {row: ResultRow | undefined; unit: Unit; value?: number | null}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const warnings = warningFlags(row);
  const warningText = typeset(warnings.map((f) => flagLabel(f.kind)).join('; '), i18n.currentLocale);
  const text = cellText(row, unit, i18n.currentLocale, value);
  const shown = value === undefined ? row?.value : value;
  if (!row) {
    return (
      <span className={styles.missing} title={absentLabel()}>
        {text}<span className="sr-only">{absentLabel()}</span>
      </span>
    );
  }
  return (
    <>
      {shown !== null && shown !== undefined ? <data value={shown}>{text}</data> : <span className={styles.missing}>{text}</span>}
      {warnings.length > 0 && (
        <span className={styles.flag} title={warningText}>
          {' '}⚠<span className="sr-only">{warningText}</span>
        </span>
      )}
    </>
  );
}
