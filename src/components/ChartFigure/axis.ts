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
