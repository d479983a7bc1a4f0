/**
 * What changed between two versions of a suite, row by row: the metrics only one of them
 * has, and among the rows both have (same metric, scenario and conditions), those whose
 * value or whose flags differ. The compare view and the versions' listings show it;
 * the build computes it for each version against the one before (Node-safe).
 */
import type {MetricId} from './metrics';
import type {Dataset, ResultRow} from './schema';
// From conditionKeys, not the schema: this runs in the reader's browser (the compare view), which must not load zod.
import {rowKey} from './conditionKeys';

export interface VersionDiff {
  /** The version compared against. */
  previous: string;
  /** Metrics only the newer / only the older version has, in the order of their first row. */
  addedMetrics: MetricId[];
  removedMetrics: MetricId[];
  /** Rows both versions have. */
  shared: number;
  /** Shared rows whose value differs (a value where there was none counts). */
  changedValues: number;
  /** Shared rows with the same value whose flags differ. */
  changedFlags: number;
  /** Rows of metrics both versions have that only the newer / only the older one has (a new step, a dropped scenario). */
  addedRows: number;
  removedRows: number;
}

const flagsOf = (r: ResultRow) => JSON.stringify(r.flags ?? []);

export function versionDiff(previous: Pick<Dataset, 'version' | 'results'>, current: Pick<Dataset, 'results'>): VersionDiff {
  const before = new Map(previous.results.map((r) => [rowKey(r), r]));
  const after = new Map(current.results.map((r) => [rowKey(r), r]));
  const metricsBefore = new Set(previous.results.map((r) => r.metric));
  const metricsAfter = new Set(current.results.map((r) => r.metric));
  const diff: VersionDiff = {
    previous: previous.version,
    addedMetrics: [...metricsAfter].filter((m) => !metricsBefore.has(m)),
    removedMetrics: [...metricsBefore].filter((m) => !metricsAfter.has(m)),
    shared: 0,
    changedValues: 0,
    changedFlags: 0,
    addedRows: 0,
    removedRows: 0,
  };
  for (const [key, r] of after) {
    const old = before.get(key);
    if (!old) {
      if (metricsBefore.has(r.metric)) diff.addedRows++;
      continue;
    }
    diff.shared++;
    if (old.value !== r.value) diff.changedValues++;
    else if (flagsOf(old) !== flagsOf(r)) diff.changedFlags++;
  }
  for (const [key, r] of before) if (!after.has(key) && metricsAfter.has(r.metric)) diff.removedRows++;
  return diff;
}
