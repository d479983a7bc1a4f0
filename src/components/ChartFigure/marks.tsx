/**
 * Trust marks drawn on the chart itself, and their key under the plot: a flagged value
 * (validity note) is hatched, outlined and carries ⚠; an approximate value carries ≈; a
 * slot with no value (not measured / not applicable / withheld) is labelled N/M or N/A.
 * One classification for the chart, its key and the tests.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {ResultRow} from '@site/src/data/schema';
import {visibleSeries, type Panel} from '@site/src/data/chart/model';
import {missingLabel, warningFlags} from '@site/src/data/labels';
import styles from './styles.module.css';

export type Mark = 'flagged' | 'approximate' | 'missing' | undefined;

export function markOf(row: ResultRow | undefined): Mark {
  if (!row) return undefined;
  if (row.value === null) return 'missing';
  const warnings = warningFlags(row);
  if (warnings.some((f) => f.kind !== 'approximate')) return 'flagged';
  return warnings.length > 0 ? 'approximate' : undefined;
}

/** The short text a missing slot shows on the chart ("N/M", "N/A"). */
export function missingText(row: ResultRow): string {
  return missingLabel(row.flags?.find((f) => f.kind === 'not-applicable') ? 'not-applicable' : 'not-measured');
}

export const FLAG_SYMBOL = '⚠';
export const APPROX_SYMBOL = '≈';

/** What marks a panel shows (visible series only), for its key. */
export function panelMarks(panel: Panel, hidden: ReadonlySet<string>): {flagged: boolean; approximate: boolean; allApproximate: boolean; missing: string[]} {
  let flagged = false;
  let approximate = false;
  let values = 0;
  let approximateValues = 0;
  const missing = new Set<string>();
  for (const c of panel.categories)
    for (const s of visibleSeries(panel, hidden)) {
      const row = panel.cells[c.key]?.[s.key];
      const mark = markOf(row);
      if (mark === 'flagged') flagged = true;
      if (mark === 'approximate') approximate = true;
      if (row && mark !== 'missing') values += 1;
      // A flagged value may be approximate too: it counts towards "all values are approximate".
      if (row && mark !== 'missing' && row.flags?.some((f) => f.kind === 'approximate')) approximateValues += 1;
      if (mark === 'missing' && row) missing.add(missingText(row));
    }
  // When every value is approximate the chart says so once, in the key, not with a ≈ on each point.
  return {flagged, approximate, allApproximate: values > 1 && approximateValues === values, missing: [...missing]};
}

/** The key of the marks a panel shows; nothing when it shows none. */
export function MarkKey({panel, hidden}: {panel: Panel; hidden: ReadonlySet<string>}): React.JSX.Element | null {
  const {flagged, approximate, allApproximate, missing} = panelMarks(panel, hidden);
  if (!flagged && !approximate && missing.length === 0) return null;
  return (
    <ul className={styles.markKey} data-testid="mark-key">
      {flagged && (
        <li data-mark="flagged">
          <span className={styles.hatchSwatch} aria-hidden /> {FLAG_SYMBOL}{' '}
          {translate({id: 'chart.mark.flagged', message: 'value with a validity note (see notes on the data)'})}
        </li>
      )}
      {approximate && (
        <li data-mark="approximate">
          {allApproximate
            ? translate({id: 'chart.mark.allApproximate', message: 'all values are approximate'})
            : `${APPROX_SYMBOL} ${translate({id: 'chart.mark.approximate', message: 'approximate value'})}`}
        </li>
      )}
      {missing.map((text) => (
        <li key={text} data-mark="missing">
          <strong>{text}</strong>{' '}
          {text === missingLabel('not-applicable')
            ? translate({id: 'chart.mark.notApplicable', message: 'not applicable to this setup'})
            : translate({id: 'chart.mark.notMeasured', message: 'not measured'})}
        </li>
      ))}
    </ul>
  );
}
