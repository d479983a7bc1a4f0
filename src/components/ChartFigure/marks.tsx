/**
 * Trust marks drawn on the chart itself, and their key under the plot: a flagged value
 * (validity note) is hatched, outlined and carries ⚠; an approximate value carries ≈; a
 * slot with no value (not measured / not applicable / withheld) is labelled N/M or N/A.
 * One classification for the chart, its key and the tests.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {FlagKind, ResultRow} from '@site/src/data/schema';
import {visibleSeries, type Panel} from '@site/src/data/chart/model';
import {flagLabel, missingLabel, warningFlags} from '@site/src/words/labels';
import styles from './styles.module.css';

export type Mark = 'flagged' | 'approximate' | 'missing' | undefined;

const NONE: ReadonlySet<FlagKind> = new Set();
const intersect = (a: ReadonlySet<FlagKind>, b: ReadonlySet<FlagKind>): Set<FlagKind> => new Set([...a].filter((k) => b.has(k)));

/** A cell's mark; flags the whole panel carries (panelWideFlags) are left to the key. */
export function markOf(row: ResultRow | undefined, panelWide: ReadonlySet<FlagKind> = NONE): Mark {
  if (!row) return undefined;
  if (row.value === null) return 'missing';
  const warnings = warningFlags(row).filter((f) => !panelWide.has(f.kind));
  if (warnings.some((f) => f.kind !== 'approximate')) return 'flagged';
  return warnings.length > 0 ? 'approximate' : undefined;
}

/** The short text a missing slot shows on the chart ("N/M", "N/A"). */
export function missingText(row: ResultRow): string {
  return missingLabel(row.flags?.find((f) => f.kind === 'not-applicable') ? 'not-applicable' : 'not-measured');
}

export const FLAG_SYMBOL = '⚠';
export const APPROX_SYMBOL = '≈';

/**
 * Warning kinds that every value of the panel (visible series, two values at least) carries,
 * e.g. "approximate" on a transcribed chart or "same-node" on a one-node suite: a mark on every
 * point would say nothing, so the key says it once and the points carry only the other flags.
 */
export function panelWideFlags(panel: Panel, hidden: ReadonlySet<string>): ReadonlySet<FlagKind> {
  let common: Set<FlagKind> | undefined;
  let values = 0;
  for (const c of panel.categories)
    for (const s of visibleSeries(panel, hidden)) {
      const row = panel.cells[c.key]?.[s.key];
      if (!row || row.value === null) continue;
      values += 1;
      const kinds = new Set(warningFlags(row).map((f) => f.kind));
      common = common ? intersect(common, kinds) : kinds;
    }
  return values > 1 && common ? common : NONE;
}

/** Warning kinds every value of every panel carries (two panels at least): the chart's notes say them once, not each panel's key. */
export function chartWideFlags(panels: readonly Panel[], hidden: ReadonlySet<string>): ReadonlySet<FlagKind> {
  if (panels.length < 2) return NONE;
  return panels.map((p) => panelWideFlags(p, hidden)).reduce(intersect);
}

/**
 * What marks a panel shows (visible series only), for its key. `spread`: the values drawn with a
 * whisker (min–max) and how many rounds each spans (undefined: a range the source gives).
 */
export function panelMarks(panel: Panel, hidden: ReadonlySet<string>): {flagged: boolean; approximate: boolean; panelWide: FlagKind[]; missing: string[]; spread: (number | undefined)[]} {
  const wide = panelWideFlags(panel, hidden);
  let flagged = false;
  let approximate = false;
  const missing = new Set<string>();
  const spread: (number | undefined)[] = [];
  for (const c of panel.categories)
    for (const s of visibleSeries(panel, hidden)) {
      const row = panel.cells[c.key]?.[s.key];
      const mark = markOf(row, wide);
      if (mark === 'flagged') flagged = true;
      if (mark === 'approximate') approximate = true;
      if (mark === 'missing' && row) missing.add(missingText(row));
      // The drawing puts a whisker on a value with a min and a max (absolute display only).
      if (panel.display !== 'percentOfFirst' && row && row.value !== null && row.min !== undefined && row.max !== undefined) spread.push(row.samples?.length);
    }
  return {flagged, approximate, panelWide: [...wide], missing: [...missing], spread};
}

/** The whiskers' line in a key: min–max of N rounds when every whisker spans the same rounds. */
function spreadText(spread: readonly (number | undefined)[]): string {
  const rounds = [...new Set(spread)];
  return rounds.length === 1 && rounds[0] !== undefined
    ? translate({id: 'chart.mark.spreadRounds', message: 'min–max of {rounds} rounds', description: 'Chart key line for the whisker drawn on each value'}, {rounds: rounds[0]})
    : translate({id: 'chart.mark.spread', message: 'min–max over the rounds, or the range the source gives', description: 'Chart key line for the whisker drawn on each value'});
}

/** The key of the marks a panel shows; nothing when it shows none. `said`: panel-wide notes left to the chart's notes. */
export function MarkKey({panel, hidden, said = NONE}: {panel: Panel; hidden: ReadonlySet<string>; said?: ReadonlySet<FlagKind>}): React.JSX.Element | null {
  const marks = panelMarks(panel, hidden);
  const {flagged, approximate, missing, spread} = marks;
  // Notes every panel carries are said once, under the chart (DataNotes), not in each panel's key.
  const panelWide = marks.panelWide.filter((k) => !said.has(k));
  if (!flagged && !approximate && panelWide.length === 0 && missing.length === 0 && spread.length === 0) return null;
  return (
    <ul className={styles.markKey} data-testid="mark-key">
      {spread.length > 0 && (
        <li data-mark="spread">
          <span className={styles.whiskerSwatch} aria-hidden /> {spreadText(spread)}
        </li>
      )}
      {flagged && (
        <li data-mark="flagged">
          <span className={styles.hatchSwatch} aria-hidden /> {FLAG_SYMBOL}{' '}
          {translate({id: 'chart.mark.flagged', message: 'value with a validity note (see notes on the data)'})}
        </li>
      )}
      {approximate && (
        <li data-mark="approximate">
          {APPROX_SYMBOL} {translate({id: 'chart.mark.approximate', message: 'approximate value'})}
        </li>
      )}
      {panelWide.map((kind) => (
        <li key={kind} data-mark="panel-wide" data-flag={kind}>
          {kind === 'approximate'
            ? translate({id: 'chart.mark.allApproximate', message: 'all values are approximate'})
            : translate(
                {id: 'chart.mark.allFlagged', message: 'every value: {note}', description: 'Chart key line for a validity note that all values of the panel carry, so no single point is marked'},
                {note: flagLabel(kind)},
              )}
        </li>
      ))}
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
