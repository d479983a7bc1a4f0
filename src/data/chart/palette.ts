/**
 * The charts' one visual language, decided for a whole chart at once so that its bars
 * and lines, legend, tooltip and tables agree, and the same on every chart of a suite:
 *
 * - each scenario (EKS A–E, a TKE cluster, a kube-proxy mode) owns a palette slot and a
 *   marker shape by its place in the dataset; slot 0, the suite's baseline (the first
 *   scenario), is a neutral grey, the others colour-blind-safe hues (src/css/custom.css);
 * - a series whose rows all belong to one scenario (a cluster's line, scenario E over
 *   Service counts) takes that scenario's slot and shape;
 * - a series drawn over the scenarios (p50 over A–E) colours each bar by its scenario;
 * - series that share a colour (p50 and p99 over A–E; keepalive and close of scenario A)
 *   differ by a variant: a texture on bars, a dash on lines, and, for series of one
 *   scenario, a darker (light mode) or lighter (dark mode) shade, so no legend shows one
 *   colour twice;
 * - any other series takes one of the extra slots no scenario uses.
 */
import type {Panel, Series} from './model';

/** How many colours the palette has (`--chart-color-0` ... in src/css/custom.css). */
export const PALETTE_SIZE = 8;
/** Slots 0-5 are scenarios (a suite with more wraps round); 6 and 7 are for other series. */
export const SCENARIO_SLOTS = 6;

/** The hue of a series drawn in its scenarios' colours (one bar per scenario). */
export const BY_SCENARIO = -1;

export interface SeriesStyle {
  /** Palette slot, or BY_SCENARIO. */
  hue: number;
  /** 0 for the first series of its hue in the chart, 1 for the next...: texture, dash and shade. */
  variant: number;
  /** Marker shape (see ./shapes.tsx); none for by-scenario bars. */
  shape?: number;
  /** The scenario the series belongs to, if one. */
  scenario?: string;
  /** Drawn over the scenarios and alone in every panel it is in: the panel title names it, the legend leaves it out. */
  solo?: boolean;
}

export interface ColouredSeries extends Series {
  style: SeriesStyle;
}

export interface ColouredPanel extends Panel {
  series: ColouredSeries[];
  /** Category key -> palette slot, when the categories are scenarios and the bars take their colours. */
  categoryColors?: Record<string, number>;
}

/** The palette slot of a scenario: its index in the dataset (the baseline, first, is 0). */
export function scenarioSlot(scenarioIds: readonly string[], id: string): number | undefined {
  const i = scenarioIds.indexOf(id);
  return i < 0 ? undefined : i % SCENARIO_SLOTS;
}

/**
 * The colour of a hue and variant as a CSS value: variant 0 is the palette colour, later
 * variants of one scenario are shades of it (`shade` false keeps the colour: bars over
 * the scenarios tell their series apart by texture only).
 */
export function hueColor(hue: number, variant = 0, shade = true): string {
  const base = `var(--chart-color-${((hue % PALETTE_SIZE) + PALETTE_SIZE) % PALETTE_SIZE})`;
  if (!shade || variant === 0) return base;
  // Towards black in light mode and white in dark mode: contrast with the background only grows.
  return `color-mix(in srgb, ${base} ${Math.max(30, 100 - 30 * variant)}%, var(--chart-shade-toward))`;
}

/** The colour of a series' marks (bars, lines); by-scenario series have none of their own. */
export function seriesColor(style: SeriesStyle): string | undefined {
  return style.hue === BY_SCENARIO ? undefined : hueColor(style.hue, style.variant);
}

/** Text in a series' colour, dark (light mode) or light (dark mode) enough for 4.5:1 at small sizes. */
export function inkColor(style: SeriesStyle): string {
  if (style.hue === BY_SCENARIO) return 'var(--chart-label)';
  return `color-mix(in srgb, ${seriesColor(style)} 68%, var(--chart-shade-toward))`;
}

/** Whether a panel's bars stand for the scenarios: every category is a scenario of the suite. */
function overScenarios(p: Panel, scenarioIds: readonly string[]): boolean {
  return p.kind === 'bar' && p.categories.length > 1 && p.categories.every((c) => scenarioIds.includes(c.key));
}

/** The one scenario a series' rows belong to, if they all belong to one. */
function scenarioOfSeries(key: string, panels: readonly Panel[], scenarioIds: readonly string[]): string | undefined {
  if (scenarioIds.includes(key)) return key;
  const scenarios = new Set<string>();
  for (const p of panels) for (const c of p.categories) {
    const row = p.cells[c.key]?.[key];
    if (row) scenarios.add(row.scenario);
  }
  return scenarios.size === 1 ? [...scenarios][0] : undefined;
}

export function colourPanels(panels: readonly Panel[], scenarioIds: readonly string[]): ColouredPanel[] {
  const keys = panels.flatMap((p) => p.series.map((s) => s.key)).filter((k, i, all) => all.indexOf(k) === i);
  const styles = new Map<string, SeriesStyle>();
  const scenarioHues = new Set<number>();
  const pending: string[] = [];
  for (const key of keys) {
    const scenario = scenarioOfSeries(key, panels, scenarioIds);
    const slot = scenario === undefined ? undefined : scenarioSlot(scenarioIds, scenario);
    if (slot !== undefined) {
      styles.set(key, {hue: slot, variant: 0, shape: slot, scenario});
      scenarioHues.add(slot);
    } else if (panels.every((p) => !p.series.some((s) => s.key === key) || overScenarios(p, scenarioIds))) {
      const solo = panels.every((p) => !p.series.some((s) => s.key === key) || p.series.length === 1);
      styles.set(key, {hue: BY_SCENARIO, variant: 0, solo: solo || undefined});
    } else pending.push(key);
  }
  // Other series: slots no scenario of the suite has (6, 7, then those a small suite leaves),
  // so a colour never means a scenario on one chart and something else on the next.
  const unusedScenarioSlots = Array.from({length: Math.max(0, SCENARIO_SLOTS - scenarioIds.length)}, (_, i) => SCENARIO_SLOTS - 1 - i);
  const free = [6, 7, ...unusedScenarioSlots];
  pending.forEach((key, i) => {
    const hue = free[i % free.length];
    styles.set(key, {hue, variant: 0, shape: hue});
  });
  // Series of one hue get variants in the order they first appear in the chart.
  const seen = new Map<number, number>();
  for (const key of keys) {
    const style = styles.get(key)!;
    if (style.solo) continue;
    const n = seen.get(style.hue) ?? 0;
    styles.set(key, {...style, variant: n});
    seen.set(style.hue, n + 1);
  }
  return panels.map((p) => {
    const series = p.series.map((s) => ({...s, style: styles.get(s.key)!}));
    const byScenario = overScenarios(p, scenarioIds) && series.some((s) => s.style.hue === BY_SCENARIO);
    const categoryColors = byScenario ? Object.fromEntries(p.categories.map((c) => [c.key, scenarioSlot(scenarioIds, c.key)!])) : undefined;
    return {...p, series, categoryColors};
  });
}

/** Whether a panel draws bars of several scenarios side by side: those bars, and their keys, carry the scenario's shape too. */
export function groupsScenarios(panel: ColouredPanel): boolean {
  return panel.kind === 'bar' && new Set(panel.series.map((s) => s.style.scenario).filter(Boolean)).size > 1;
}
