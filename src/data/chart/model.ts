/**
 * The chart model: what a named chart is configured into. A chart is a grid
 * of categories (x axis: scenarios, service counts...) by series (bars or
 * lines), each cell pointing at one dataset row. Rendering (recharts, the
 * static table), CSV/JSON export (./export.ts) and tests all read this one structure.
 */
import type {MetricId, Unit} from '../metrics';
import {METRICS} from '../metrics';
import type {ConditionKey, Conditions, Dataset, ResultRow} from '../schema';
import {conditionValues, FigureRows, type RowQuery, type SelectionError} from '../selectors';
import {scenarioLabel} from '../../words/labels';
import {formatNumber} from '../format';

/**
 * What a chart's build gets besides the dataset: the page's locale and the
 * chart's view (kept in the URL; undefined is the default view, which the static HTML shows).
 */
export interface ChartOptions<View extends string = string> {
  locale: string;
  view?: View;
}

/** A named chart's configuration: pure, the same dataset and options give the same panels. */
export type ChartBuild = (dataset: Dataset, options: ChartOptions) => Panel[];

export interface Category {
  key: string;
  label: string;
  /** Position on a numeric x axis when the key is not itself the number (e.g. a baseline at 0 Services). */
  x?: number;
}

/** A series' colour and texture are decided for the whole chart by ChartFigure's palette, not here. */
export interface Series {
  key: string;
  label: string;
}

export interface ReferenceLine {
  value: number;
  label: string;
}

export interface Panel {
  key: string;
  /** Panel heading when a chart has several (one unit each). */
  title?: string;
  metric: MetricId;
  unit: Unit;
  kind: 'bar' | 'line';
  /** Axis label for the categories (e.g. "Services"). */
  categoryAxis?: string;
  categories: Category[];
  series: Series[];
  /** cells[category][series] -> the dataset row (undefined: nothing to show). */
  cells: Record<string, Record<string, ResultRow | undefined>>;
  referenceLines?: ReferenceLine[];
  /** Show values as given, or as % change from the first category (e.g. degradation vs baseline). */
  display?: 'absolute' | 'percentOfFirst';
  /** Marked points computed from the data, e.g. a crossover. */
  markers?: {category: string; label: string}[];
  /** Cell queries that named no row or several (their cells are empty); see FigureRows. */
  unmatched?: SelectionError[];
}

export interface SeriesDef {
  key: string;
  label: string;
  query: Omit<RowQuery, 'scenario'> & {scenario?: string};
  /** The categories this series was measured at; its other cells are empty on purpose (no query). Default: all. */
  categories?: readonly string[];
}

/**
 * Fill a cell grid from one query per (category, series), selected by the one
 * policy (FigureRows); `queryFor` returns undefined for a cell meant to stay empty.
 */
export function gridPanel(
  dataset: Dataset,
  base: Omit<Panel, 'cells' | 'series' | 'unit'> & {unit?: Unit},
  series: SeriesDef[],
  queryFor: (category: Category, series: SeriesDef) => RowQuery | undefined,
): Panel {
  const rows = new FigureRows(dataset);
  const cells: Panel['cells'] = {};
  for (const c of base.categories) {
    cells[c.key] = {};
    for (const s of series) {
      const q = s.categories && !s.categories.includes(c.key) ? undefined : queryFor(c, s);
      cells[c.key][s.key] = q && rows.row(q);
    }
  }
  const panel: Panel = {...base, unit: base.unit ?? METRICS[base.metric].unit, series: series.map((s) => ({key: s.key, label: s.label})), cells};
  return rows.problems.length > 0 ? {...panel, unmatched: rows.problems} : panel;
}

/** The usual layout: one category per scenario, one series per query. */
export function scenarioPanel(
  dataset: Dataset,
  base: Omit<Panel, 'cells' | 'series' | 'unit' | 'categories' | 'kind'> & {kind?: Panel['kind']; scenarios?: string[]},
  series: SeriesDef[],
): Panel {
  const ids = base.scenarios ?? dataset.scenarios.map((s) => s.id);
  const categories = ids.map((id) => {
    const s = dataset.scenarios.find((x) => x.id === id);
    return {key: id, label: s ? scenarioLabel(dataset, id) : id};
  });
  return gridPanel(dataset, {kind: 'bar', ...base, categories}, series, (c, s) => ({...s.query, scenario: s.query.scenario ?? c.key}));
}

/** One bar per scenario for one query, the series named by the panel's title: a small multiple of one key metric. */
export function metricPanel(dataset: Dataset, base: Parameters<typeof scenarioPanel>[1] & {title: string}, query: SeriesDef['query']): Panel {
  return scenarioPanel(dataset, base, [{key: 'value', label: base.title, query}]);
}

export interface CaseDef {
  key: string;
  label: string;
  /** The row of this case; the scenario is the series. */
  query: Omit<RowQuery, 'scenario'>;
}

/** The transposed layout: one category per case (e.g. "pod, 8 streams"), one series per scenario. */
export function casePanel(
  dataset: Dataset,
  base: Omit<Panel, 'cells' | 'series' | 'unit' | 'categories' | 'kind'> & {kind?: Panel['kind']; unit?: Unit; scenarios?: string[]},
  cases: CaseDef[],
): Panel {
  const {scenarios, ...rest} = base;
  const ids = scenarios ?? dataset.scenarios.map((s) => s.id);
  const series = ids.map((id) => ({key: id, label: scenarioLabel(dataset, id), query: {metric: rest.metric}}));
  const categories = cases.map(({key, label}) => ({key, label}));
  return gridPanel(dataset, {kind: 'bar', ...rest, categories}, series, (c, s) => ({...cases.find((x) => x.key === c.key)!.query, scenario: s.key}));
}

/**
 * One category per value of a condition within a scenario, e.g. Service
 * counts 4 / 104 / 1000: each series query gets `{[key]: value}` added.
 */
export function conditionPanel<K extends ConditionKey>(
  dataset: Dataset,
  base: Omit<Panel, 'cells' | 'series' | 'unit' | 'categories'> & {unit?: Unit; scenario?: string},
  key: K,
  values: readonly NonNullable<Conditions[K]>[],
  label: (value: NonNullable<Conditions[K]>) => string,
  series: SeriesDef[],
): Panel {
  const {scenario, ...rest} = base;
  const byKey = new Map(values.map((v) => [String(v), v]));
  const categories = values.map((v) => ({key: String(v), label: label(v)}));
  return gridPanel(dataset, {...rest, categories}, series, (c, s) => ({...s.query, scenario: s.query.scenario ?? scenario, where: {...s.query.where, [key]: byKey.get(c.key)}}));
}

/**
 * A condition that counts something the datapath holds (Services, rules in a chain), one
 * category per measured step, labelled as the number: a line panel over it gets a numeric x
 * axis. The scaling charts of every suite draw their steps with it.
 */
export function stepPanel(
  dataset: Dataset,
  base: Omit<Panel, 'cells' | 'series' | 'unit' | 'categories'> & {unit?: Unit; scenario?: string},
  key: 'services' | 'rules',
  steps: readonly number[],
  locale: string,
  series: SeriesDef[],
): Panel {
  return conditionPanel(dataset, base, key, steps, (v) => formatNumber(v, locale), series);
}

/** The values a condition takes in a scenario's rows (numbers ascending), e.g. the Service counts measured. */
export function measuredConditionValues<K extends ConditionKey>(dataset: Dataset, scenario: string, key: K): NonNullable<Conditions[K]>[] {
  const values = conditionValues(
    dataset.results.filter((r) => r.scenario === scenario),
    key,
  );
  return values.every((v) => typeof v === 'number') ? [...values].sort((a, b) => (a as number) - (b as number)) : values;
}

/** True when some cell of the panel has a row: a chart leaves out a panel its run did not measure. */
export function hasRows(panel: Panel): boolean {
  return panel.categories.some((c) => panel.series.some((s) => panel.cells[c.key]?.[s.key] !== undefined));
}

/** The value a panel draws for a cell (after the display transform). */
export function displayValue(panel: Panel, category: string, series: string): number | null {
  const row = panel.cells[category]?.[series];
  if (!row || row.value === null) return null;
  if (panel.display !== 'percentOfFirst') return row.value;
  const first = panel.cells[panel.categories[0].key]?.[series];
  if (!first || first.value === null || first.value === 0) return null;
  return (row.value / first.value) * 100;
}

export function visibleSeries(panel: Panel, hidden: ReadonlySet<string>): Series[] {
  return panel.series.filter((s) => !hidden.has(s.key));
}

/** Every row a set of panels shows (visible series only), for JSON export and tests. */
export function shownRows(panels: readonly Panel[], hidden: ReadonlySet<string>): ResultRow[] {
  const out: ResultRow[] = [];
  for (const p of panels)
    for (const c of p.categories)
      for (const s of visibleSeries(p, hidden)) {
        const r = p.cells[c.key]?.[s.key];
        if (r && !out.includes(r)) out.push(r);
      }
  return out;
}
