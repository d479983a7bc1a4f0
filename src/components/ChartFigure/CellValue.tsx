/** One cell's value as text: formatted for the locale, or why it is missing, with flag markers. */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {Unit} from '@site/src/data/metrics';
import type {ResultRow} from '@site/src/data/schema';
import {formatValue, typeset} from '@site/src/data/format';
import {absentLabel, flagLabel, missingLabel, withinNoiseLabel} from '@site/src/data/labels';
import styles from './styles.module.css';

const MISSING_KINDS = new Set(['not-measured', 'not-applicable', 'omitted-noisy']);

export function cellText(row: ResultRow | undefined, unit: Unit, locale: string, value?: number | null): string {
  if (!row) return '–';
  const v = value === undefined ? row.value : value;
  if (v === null) return missingLabel(row.flags?.find((f) => MISSING_KINDS.has(f.kind))?.kind);
  const base = formatValue(v, unit, locale);
  return row.min !== undefined && row.max !== undefined && row.min !== row.max && value === undefined
    ? `${base} (${formatValue(row.min, unit, locale)}–${formatValue(row.max, unit, locale)})`
    : base;
}

/** Flags that deserve a visible warning (missing-value kinds are already said by the cell text). */
export function warningFlags(row: ResultRow | undefined) {
  return (row?.flags ?? []).filter((f) => !MISSING_KINDS.has(f.kind));
}

/**
 * `withinNoise`: this cell and the one it is compared with both have a min-max over rounds and
 * differ by less than that spread; the cell says so.
 */
export default function CellValue({row, unit, value, withinNoise = false}: {row: ResultRow | undefined; unit: Unit; value?: number | null; withinNoise?: boolean}): React.JSX.Element {
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
      {withinNoise && <span data-noise="true"> ({withinNoiseLabel()})</span>}
      {warnings.length > 0 && (
        <span className={styles.flag} title={warningText}>
          {' '}⚠<span className="sr-only">{warningText}</span>
        </span>
      )}
    </>
  );
}
