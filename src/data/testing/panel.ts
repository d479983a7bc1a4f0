/**
 * Hand-written chart panels for tests of the chart rules (axes, labels, marks, palette):
 * every cell holds a value of 1 unless the test changes it.
 */
import type {Panel} from '../chart/model';
import type {ResultRow} from '../schema';

/** One http_latency row (ms) of `scenario`. */
export const row = (value: number | null, flags?: ResultRow['flags'], scenario = 'A'): ResultRow => ({metric: 'http_latency', scenario, value, unit: 'ms', flags});

/**
 * A bar panel over `categories`; each cell's row belongs to the category when the categories
 * are scenarios (`rowScenario` 'category'), to the series when the series are, or to one scenario.
 */
export function panel(key: string, series: string[], categories = ['A', 'B', 'C'], extra: Partial<Panel> = {}, rowScenario: 'category' | 'series' | string = 'category'): Panel {
  const scenarioOf = (c: string, s: string) => (rowScenario === 'category' ? c : rowScenario === 'series' ? s : rowScenario);
  return {
    key,
    metric: 'http_latency',
    unit: 'ms',
    kind: 'bar',
    categories: categories.map((c) => ({key: c, label: c})),
    series: series.map((s) => ({key: s, label: s})),
    cells: Object.fromEntries(categories.map((c) => [c, Object.fromEntries(series.map((s) => [s, row(1, undefined, scenarioOf(c, s))]))])),
    ...extra,
  };
}
