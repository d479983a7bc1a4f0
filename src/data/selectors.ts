/**
 * Shared, pure queries over a dataset: charts, inline figures, claims, the
 * ingest and tests all select rows the same way.
 */
import type {Conditions, Dataset, ResultRow, Scenario} from './schema';
import type {MetricId, Unit} from './metrics';
import {METRICS} from './metrics';

export interface RowQuery {
  metric: MetricId;
  scenario?: string;
  /** Conditions the row must have (each key equal; an undefined value means the key is absent). */
  where?: Partial<Conditions>;
  /**
   * true (default): the row has no condition beyond those in `where`, so a
   * query names one figure completely. false: other conditions may take any value.
   */
  exact?: boolean;
}

function matches(row: ResultRow, q: RowQuery): boolean {
  if (row.metric !== q.metric) return false;
  if (q.scenario !== undefined && row.scenario !== q.scenario) return false;
  const c = (row.conditions ?? {}) as Record<string, unknown>;
  const where = (q.where ?? {}) as Record<string, unknown>;
  if (!Object.entries(where).every(([k, v]) => c[k] === v)) return false;
  return q.exact === false || Object.keys(c).every((k) => c[k] === undefined || k in where);
}

export function selectRows(dataset: Dataset, q: RowQuery): ResultRow[] {
  return dataset.results.filter((r) => matches(r, q));
}

export class SelectionError extends Error {}

/** Exactly one row, or a clear error naming the query (an ambiguous figure is a bug in the page). */
export function selectRow(dataset: Dataset, q: RowQuery & {scenario: string}): ResultRow {
  const found = selectRows(dataset, q);
  const what = `${q.metric} / ${q.scenario} / ${JSON.stringify(q.where ?? {})} in ${dataset.suite}@${dataset.version}`;
  if (found.length === 0) throw new SelectionError(`no row for ${what}`);
  if (found.length > 1) throw new SelectionError(`${found.length} rows match ${what}; add conditions to pick one`);
  return found[0];
}

/** The value, or null when the row is missing or not measured. */
export function selectValue(dataset: Dataset, q: RowQuery & {scenario: string}): number | null {
  const found = selectRows(dataset, q);
  return found.length === 1 ? found[0].value : null;
}

export function scenarioById(dataset: Dataset, id: string): Scenario | undefined {
  return dataset.scenarios.find((s) => s.id === id);
}

/** Relative change from `from` to `to` in percent; null when either is missing or from is 0. */
export function percentChange(from: number | null, to: number | null): number | null {
  if (from === null || to === null || from === 0) return null;
  return ((to - from) / from) * 100;
}

/**
 * The change readers should see between two values of `unit`: a point
 * difference for metrics that are percentages (UDP loss), a percent change
 * otherwise.
 */
export function changeBetween(unit: Unit, from: number | null, to: number | null): {kind: 'points' | 'percent'; value: number} | null {
  if (unit === '%') return from === null || to === null ? null : {kind: 'points', value: to - from};
  const p = percentChange(from, to);
  return p === null ? null : {kind: 'percent', value: p};
}

/** Ratio to / from ("101x"). */
export function ratio(from: number | null, to: number | null): number | null {
  if (from === null || to === null || from === 0) return null;
  return to / from;
}

/** Whether a change is an improvement given the metric's direction (null for "context" metrics). */
export function isImprovement(metric: MetricId, change: number): boolean | null {
  const dir = METRICS[metric].direction;
  if (dir === 'context' || change === 0) return null;
  return dir === 'higher' ? change > 0 : change < 0;
}

/** The distinct values a condition takes among rows, in first-seen order. */
export function conditionValues<K extends keyof Conditions>(rows: readonly ResultRow[], key: K): NonNullable<Conditions[K]>[] {
  const out: NonNullable<Conditions[K]>[] = [];
  for (const r of rows) {
    const v = r.conditions?.[key];
    if (v !== undefined && v !== null && !out.includes(v as NonNullable<Conditions[K]>)) out.push(v as NonNullable<Conditions[K]>);
  }
  return out;
}
