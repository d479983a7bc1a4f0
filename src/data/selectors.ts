/**
 * Shared, pure queries over a dataset: charts, inline figures, claims, the
 * ingest and tests all select rows the same way.
 */
import {rowKey} from './conditionKeys';
import type {Conditions, Dataset, ResultRow} from './schema';
import type {MetricId, Unit} from './metrics';

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

/**
 * Rows grouped by metric, built once per results array: a report page runs hundreds of
 * queries while it renders (charts, inline figures, claims), and scanning every row for
 * each one would be most of the JavaScript run at page load. Rebuilt if the array's
 * length changes, so a caller that appends rows still sees them.
 */
const rowsByMetric = new WeakMap<readonly ResultRow[], {size: number; index: Map<string, ResultRow[]>}>();

function rowsOfMetric(results: readonly ResultRow[], metric: MetricId): readonly ResultRow[] {
  let cached = rowsByMetric.get(results);
  if (!cached || cached.size !== results.length) {
    const index = new Map<string, ResultRow[]>();
    for (const row of results) {
      const list = index.get(row.metric);
      if (list) list.push(row);
      else index.set(row.metric, [row]);
    }
    cached = {size: results.length, index};
    rowsByMetric.set(results, cached);
  }
  return cached.index.get(metric) ?? [];
}

export function selectRows(dataset: Dataset, q: RowQuery): ResultRow[] {
  return rowsOfMetric(dataset.results, q.metric).filter((r) => matches(r, q));
}

/** How a query reads in an error: what a contributor would type to find the row. */
export function describeQuery(q: RowQuery): string {
  const parts = [`metric: ${q.metric}`, ...(q.scenario !== undefined ? [`scenario: ${q.scenario}`] : []), `where: ${JSON.stringify(q.where ?? {})}`, ...(q.exact === false ? ['exact: false'] : [])];
  return `{${parts.join(', ')}}`;
}

/** A query that names no row or several: a figure cannot say which number it shows. */
export class SelectionError extends Error {
  constructor(
    readonly query: RowQuery,
    readonly matches: readonly ResultRow[],
    dataset: Pick<Dataset, 'suite' | 'version'>,
  ) {
    super(
      matches.length === 0
        ? `query ${describeQuery(query)} matches no row in ${dataset.suite}@${dataset.version}`
        : `query ${describeQuery(query)} matches ${matches.length} rows in ${dataset.suite}@${dataset.version} (${matches.map(rowKey).join('; ')}); add conditions to pick one`,
    );
  }
}

/**
 * The one selection policy: a figure's query names exactly one row. Returns the
 * row, or the error saying why there is none to show; the caller decides what the
 * error does (a page fails its build on its own version: see FigureRows).
 */
export function trySelectRow(dataset: Dataset, q: RowQuery): ResultRow | SelectionError {
  const found = selectRows(dataset, q);
  return found.length === 1 ? found[0] : new SelectionError(q, found, dataset);
}

/** Exactly one row, or a SelectionError naming the query. */
export function selectRow(dataset: Dataset, q: RowQuery): ResultRow {
  const found = trySelectRow(dataset, q);
  if (found instanceof SelectionError) throw found;
  return found;
}

/**
 * The rows one figure (a chart, a table, an inline number) shows, selected by the
 * one policy. A query that names no row or several leaves its cell empty and is
 * kept in `problems`: on the version a page is built with, they fail the build
 * naming the figure, the page and the query (FigureQueryError, raised by
 * useFigureCheck in src/plugins/bench-data/client.ts); on a version the reader
 * picks, the figure shows what that version has.
 */
export class FigureRows {
  readonly problems: SelectionError[] = [];
  constructor(readonly dataset: Dataset) {}

  row(q: RowQuery): ResultRow | undefined {
    const found = trySelectRow(this.dataset, q);
    if (found instanceof SelectionError) {
      this.problems.push(found);
      return undefined;
    }
    return found;
  }

  value(q: RowQuery): number | null {
    return this.row(q)?.value ?? null;
  }
}

/** A figure on a page whose queries do not each name one row of the page's dataset. */
export class FigureQueryError extends Error {
  constructor(figure: string, page: string, problems: readonly SelectionError[]) {
    super(`${figure} on page ${page}: ${problems.map((p) => p.message).join('\n  ')}`);
  }
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

/** The distinct values a condition takes among rows, in first-seen order. */
export function conditionValues<K extends keyof Conditions>(rows: readonly ResultRow[], key: K): NonNullable<Conditions[K]>[] {
  const out: NonNullable<Conditions[K]>[] = [];
  for (const r of rows) {
    const v = r.conditions?.[key];
    if (v !== undefined && v !== null && !out.includes(v as NonNullable<Conditions[K]>)) out.push(v as NonNullable<Conditions[K]>);
  }
  return out;
}
