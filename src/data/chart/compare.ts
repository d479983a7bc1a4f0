/**
 * Compare a chart with the previous dataset version: the two versions' panels are
 * drawn side by side on one value scale, and this says, cell by cell, what changed.
 * Cells are paired by category and series key, so a step or a series only one
 * version has shows as added or removed instead of being paired with another.
 */
import {METRICS} from '../metrics';
import type {ResultRow} from '../schema';
import {compareRows, type NotEstablishedReason, type RoundsMethod} from '../uncertainty';
import {displayValue, visibleSeries, type Panel} from './model';

/**
 * - changed: both versions have a value and they differ (better or worse only where the site's rule establishes it);
 * - unchanged: the same value;
 * - added / removed: only the current / only the previous version has the cell;
 * - measured / unmeasured: a value now where the previous version had none, or the other way round.
 */
export type CellChangeKind = 'changed' | 'unchanged' | 'added' | 'removed' | 'measured' | 'unmeasured';

export interface CellChange {
  category: string;
  categoryLabel: string;
  series: string;
  seriesLabel: string;
  before?: ResultRow;
  after?: ResultRow;
  kind: CellChangeKind;
  /** after - before, in the metric's unit (both values present). */
  difference?: number;
  /** The difference in % of the previous value (both present, previous not 0). */
  change?: number;
  /** Better or worse by the metric's direction, where compareRows establishes it; undefined otherwise (context metrics, nothing changed, not established). */
  verdict?: 'better' | 'worse';
  /** Why a change is not called better or worse (compareRows). */
  reason?: NotEstablishedReason;
}

/** Keys of `a`, then keys only `b` has, in their order. */
function union<T extends {key: string}>(a: readonly T[], b: readonly T[]): T[] {
  return [...a, ...b.filter((x) => !a.some((y) => y.key === x.key))];
}

function changeKind(before: ResultRow | undefined, after: ResultRow | undefined): CellChangeKind | undefined {
  if (!before && !after) return undefined;
  if (!before) return 'added';
  if (!after) return 'removed';
  if (before.value === null && after.value === null) return undefined;
  if (before.value === null) return 'measured';
  if (after.value === null) return 'unmeasured';
  if (before.value === after.value) return 'unchanged';
  return 'changed';
}

/**
 * Every cell either version of a panel has (visible series), with what changed from `previous` to `current`.
 * `methods`: each version's dataset method, for the rounds a row without samples stands on.
 */
export function panelChanges(current: Panel, previous: Panel | undefined, hidden: ReadonlySet<string>, methods: {previous: RoundsMethod; current: RoundsMethod}): CellChange[] {
  const direction = METRICS[current.metric].direction;
  const categories = union(current.categories, previous?.categories ?? []);
  const series = union(visibleSeries(current, hidden), previous ? visibleSeries(previous, hidden) : []);
  const out: CellChange[] = [];
  for (const c of categories)
    for (const s of series) {
      const before = previous?.cells[c.key]?.[s.key];
      const after = current.cells[c.key]?.[s.key];
      const kind = changeKind(before, after);
      if (!kind) continue;
      const cell: CellChange = {category: c.key, categoryLabel: c.label, series: s.key, seriesLabel: s.label, before, after, kind};
      if (before?.value != null && after?.value != null) {
        cell.difference = after.value - before.value;
        if (before.value !== 0) cell.change = (cell.difference / Math.abs(before.value)) * 100;
        if (kind === 'changed') {
          const {verdict, reason} = compareRows(before, after, direction, [methods.previous, methods.current]);
          if (verdict === 'better' || verdict === 'worse') cell.verdict = verdict;
          if (reason) cell.reason = reason;
        }
      }
      out.push(cell);
    }
  return out;
}

/** The next round axis end at or above `v`: 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten (28,602 -> 30,000). */
export function niceCeiling(v: number): number {
  if (!(v > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(v));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= v * (1 - 1e-9))!;
  return step * power;
}

/**
 * The value axis end both versions' plots share (visible series, spread over rounds
 * included, rounded up by niceCeiling), so the two plots of a comparison have one scale.
 */
export function sharedMaximum(panels: readonly Panel[], hidden: ReadonlySet<string>): number {
  let max = 0;
  for (const p of panels)
    for (const c of p.categories)
      for (const s of visibleSeries(p, hidden)) {
        const v = displayValue(p, c.key, s.key);
        if (v === null) continue;
        const row = p.cells[c.key]?.[s.key];
        const top = p.display !== 'percentOfFirst' && row?.max !== undefined ? Math.max(v, row.max) : v;
        max = Math.max(max, top);
      }
  return niceCeiling(max);
}

/** The whole version's changes (every metric, not one panel's cells): src/data/versionDiff.ts. */
export {versionDiff, type VersionDiff} from '../versionDiff';
