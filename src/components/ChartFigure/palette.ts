/**
 * Colours of a chart, decided once for all its panels so that the legend, the bars and
 * lines, and the tooltip agree:
 *
 * - a series that is a scenario (a cluster, a mode) takes the scenario's slot: its index
 *   in the dataset, the same on every chart of the suite;
 * - a panel that draws one series over the scenarios colours each bar by its scenario,
 *   so scenario A has one colour on the whole page;
 * - any other series (p50 / p99, QPS levels) gets a slot of its own, never one another
 *   series of the same chart already has, and keeps it in every panel of the chart;
 * - a previous-version series ("<key>@prev") takes the colour of its current series.
 */
import type {Panel} from '@site/src/data/chart/model';

/** Series colours are CSS variables so light and dark mode each get a readable palette. */
export const seriesColor = (slot: number): string => (slot === BY_SCENARIO ? 'var(--chart-by-scenario)' : `var(--chart-color-${slot % PALETTE_SIZE})`);

/**
 * The slot of a series drawn in its scenarios' colours wherever it appears: its legend and
 * tooltip swatch shows the scenario colours side by side, not a colour no bar has.
 */
export const BY_SCENARIO = -1;

/** How many colours the palette has (`--chart-color-0` ... in src/css/custom.css). */
export const PALETTE_SIZE = 8;

export interface ColouredPanel extends Panel {
  /** Category key -> palette slot, when bars are coloured by scenario (one series over the scenarios). */
  categoryColors?: Record<string, number>;
}

const baseKey = (key: string) => key.replace(/@prev$/, '');

export function colourPanels(panels: readonly Panel[], scenarioIds: readonly string[]): ColouredPanel[] {
  const scenarioSlot = new Map(scenarioIds.map((id, i) => [id, i % PALETTE_SIZE]));
  const slots = new Map<string, number>();
  const used = new Set<number>();
  const keys = panels.flatMap((p) => p.series.map((s) => baseKey(s.key))).filter((k, i, all) => all.indexOf(k) === i);
  // Scenario series first: they own their slots.
  for (const k of keys) {
    const slot = scenarioSlot.get(k);
    if (slot !== undefined) {
      slots.set(k, slot);
      used.add(slot);
    }
  }
  let next = 0;
  for (const k of keys) {
    if (slots.has(k)) continue;
    while (used.has(next) && used.size < PALETTE_SIZE) next = (next + 1) % PALETTE_SIZE;
    slots.set(k, next);
    used.add(next);
  }
  const byScenario = (p: Panel) =>
    p.kind === 'bar' && p.series.filter((s) => !s.ghost).length === 1 && p.categories.length > 1 && p.categories.every((c) => scenarioSlot.has(c.key));
  // Series that only ever appear in by-scenario panels.
  const scenarioColoured = new Set(keys.filter((k) => panels.every((p) => !p.series.some((s) => baseKey(s.key) === k) || byScenario(p))));
  return panels.map((p) => {
    const series = p.series.map((s) => ({...s, color: scenarioColoured.has(baseKey(s.key)) ? BY_SCENARIO : (slots.get(baseKey(s.key)) ?? s.color)}));
    const categoryColors = byScenario(p) ? Object.fromEntries(p.categories.map((c) => [c.key, scenarioSlot.get(c.key)!])) : undefined;
    return {...p, series, categoryColors};
  });
}
