/**
 * "Within noise": two figures that both carry a min-max range over rounds,
 * and differ by less than the wider of the two ranges, are not shown to
 * differ. Used by <Delta> (labels the change) and by claims (a claimed
 * change inside the noise does not hold).
 */
import type {ResultRow} from '../schema';

type Ranged = Pick<ResultRow, 'value' | 'min' | 'max'>;

/** The round-to-round spread (max - min) of a row, or undefined without a range. */
export function roundSpread(row: Ranged): number | undefined {
  return row.min !== undefined && row.max !== undefined ? row.max - row.min : undefined;
}

/** true / false when both rows have a range; null when noise cannot be judged (single values, missing rows). */
export function withinNoise(a: Ranged | undefined, b: Ranged | undefined): boolean | null {
  if (!a || !b || a.value === null || b.value === null) return null;
  const sa = roundSpread(a);
  const sb = roundSpread(b);
  if (sa === undefined || sb === undefined) return null;
  return Math.abs(b.value - a.value) < Math.max(sa, sb);
}
