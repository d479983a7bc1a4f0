/**
 * Axis facts shared by the chart and its tests: the unit a value axis is labelled with,
 * and whether a line panel's categories are numbers that deserve a numeric x axis
 * (Service counts, rule counts), linear or logarithmic.
 */
import {translate} from '@docusaurus/Translate';
import type {Unit} from '@site/src/data/metrics';
import type {Panel} from '@site/src/data/chart/model';

/** The value axis' unit, in words where a symbol would not say it ("count", "millicores"). */
export function axisUnitLabel(panel: Panel): string {
  if (panel.display === 'percentOfFirst') {
    return translate({id: 'chart.axis.percentOf', message: '% of {first}'}, {first: panel.categories[0]?.label ?? ''});
  }
  return unitName(panel.unit);
}

export function unitName(unit: Unit): string {
  switch (unit) {
    case 'us': return 'µs';
    case 'count': return translate({id: 'chart.axis.unit.count', message: 'count'});
    case 'm': return translate({id: 'chart.axis.unit.millicores', message: 'millicores'});
    case 'req/s': return translate({id: 'chart.axis.unit.rps', message: 'requests/s'});
    case 'score': return translate({id: 'chart.axis.unit.score', message: 'score (0–100)', description: 'Axis unit of a Lighthouse category score'});
    case 'unitless': return '';
    default: return unit;
  }
}

export interface NumericAxis {
  /** Category key -> position on the axis. */
  positions: Record<string, number>;
  scale: 'linear' | 'log';
}

/** Ratio of largest to smallest position from which a log scale shows the steps better. */
const LOG_RATIO = 50;

/**
 * A numeric x axis for a line panel whose categories are all numbers (the key, or the
 * category's `x`): evenly spaced categories would bend a straight trend into a hockey stick.
 */
export function numericAxis(panel: Panel): NumericAxis | undefined {
  if (panel.kind !== 'line' || panel.categories.length < 2) return undefined;
  const positions: Record<string, number> = {};
  for (const c of panel.categories) {
    const x = c.x ?? (/^\d+(\.\d+)?$/.test(c.key) ? Number(c.key) : NaN);
    if (!Number.isFinite(x)) return undefined;
    positions[c.key] = x;
  }
  const xs = Object.values(positions);
  const [min, max] = [Math.min(...xs), Math.max(...xs)];
  return {positions, scale: min > 0 && max / min >= LOG_RATIO ? 'log' : 'linear'};
}

export function logScaleNote(): string {
  return translate({id: 'chart.axis.logScale', message: 'log scale'});
}

/**
 * Width of `text` in px at the 12 px tick font, generously rounded up: CJK characters are
 * about square, capitals wider than the 7 px that covers lower case and digits (a run of
 * them, "KUBE-SERVICES", would otherwise be laid out shorter than it is drawn).
 */
export function tickTextWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 12.5 : /[A-Z]/.test(ch) ? 8 : 7;
  return w;
}

/**
 * The ticks of a numeric axis that can be labelled without touching: from the left, each
 * label keeps `gap` px clear of the one before; the last step (the largest Service count)
 * is always labelled and pushes out neighbours that crowd it.
 */
export function spacedTicks(values: readonly number[], at: (v: number) => number, widthOf: (v: number) => number, gap = 8): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const clear = (a: number, b: number) => Math.abs(at(a) - at(b)) >= (widthOf(a) + widthOf(b)) / 2 + gap;
  const kept: number[] = [];
  sorted.forEach((v, i) => {
    if (i === sorted.length - 1) {
      while (kept.length > 0 && !clear(kept[kept.length - 1], v)) kept.pop();
      kept.push(v);
    } else if (kept.length === 0 || clear(kept[kept.length - 1], v)) kept.push(v);
  });
  return kept;
}

/**
 * Round ticks for a value axis from 0 to at least `max`: steps of 1, 2, 2.5 or 5 times a power
 * of ten, 4 to 6 of them, so a reader never meets an axis at 8,500 / 17,000 / 25,500.
 */
export function niceTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const steps = [1, 2, 2.5, 5].flatMap((m) => [-1, 0, 1].map((d) => m * 10 ** (Math.floor(Math.log10(max)) + d)));
  const step = steps.sort((a, b) => a - b).find((s) => Math.ceil(max / s - 1e-9) <= 5) ?? max;
  const n = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({length: n + 1}, (_, i) => Number((i * step).toPrecision(12)));
}

/** The unit a value axis shows its numbers in: ms as s, µs as ms, once the numbers would need five digits. */
export function displayScale(unit: Unit, max: number): {unit: Unit; divisor: number} {
  if (unit === 'ms' && max >= 10_000) return {unit: 's', divisor: 1000};
  if (unit === 'us' && max >= 10_000) return {unit: 'ms', divisor: 1000};
  return {unit, divisor: 1};
}
