/**
 * Where a drawn chart puts its words, read from the rendered SVG as boxes on the page: the
 * x-axis tick labels and direct line names of line panels, the labels over the bars of bar
 * panels. Shared by the layout checks (chart-layout.spec.ts, report-checks/line-names.ts).
 */
import type {Locator} from '@playwright/test';

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  text: string;
}

export const overlaps = (a: Box, b: Box, gap = 1) => a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom && b.top < a.bottom;

export function overlapping(boxes: Box[]): string[] {
  const out: string[] = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => overlaps(a, b) && out.push(`"${a.text}" / "${b.text}"`)));
  return out;
}

/** Line panels (numeric or not) of the drawn figures, each with its x-axis words and direct labels. */
export async function linePanels(figures: Locator[]): Promise<{where: string; ticks: Box[]; axisLabel?: Box; plotRight: number; labels: Box[]}[]> {
  const out = [];
  for (const figure of figures) {
    const chart = await figure.getAttribute('data-chart');
    const panels = await figure.locator('[data-panel]:has(svg .recharts-line)').evaluateAll((els) =>
      els.map((panel) => {
        const box = (el: Element): Box => {
          const r = el.getBoundingClientRect();
          return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: (el.textContent ?? '').trim()};
        };
        // The value axis has no label of its own: a label in the chart is the x axis' ("log scale").
        const axisLabel = panel.querySelector('svg .recharts-label');
        return {
          key: panel.getAttribute('data-panel') ?? '',
          ticks: Array.from(panel.querySelectorAll('svg [data-x-tick]')).map(box).filter((b) => b.text !== ''),
          axisLabel: axisLabel ? box(axisLabel) : undefined,
          plotRight: panel.querySelector('svg .recharts-cartesian-grid')?.getBoundingClientRect().right ?? NaN,
          labels: Array.from(panel.querySelectorAll('svg [data-direct-label] text')).map(box),
        };
      }),
    );
    out.push(...panels.map((p) => ({...p, where: `${chart} / ${p.key}`})));
  }
  return out;
}

/** Bar panels of the drawn figures: the words over their bars and the bars themselves. */
export async function barPanels(figures: Locator[]): Promise<{where: string; labels: (Box & {series: string; value: boolean})[]; bars: (Box & {series: string})[]}[]> {
  const out = [];
  for (const figure of figures) {
    const chart = await figure.getAttribute('data-chart');
    const panels = await figure.locator('[data-panel]:has(svg .recharts-bar)').evaluateAll((els) =>
      els.map((panel) => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect();
          return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: (el.textContent ?? '').trim()};
        };
        const labels = Array.from(panel.querySelectorAll('svg text[data-value-label], svg text[data-missing-mark]')).map((t) => ({
          ...box(t),
          series: t.getAttribute('data-value-label') ?? t.getAttribute('data-missing-mark') ?? '',
          // A value, not only a ⚠ / ≈ mark or an N/M.
          value: t.hasAttribute('data-value-label') && /\d/.test(t.textContent ?? ''),
        }));
        const bars = Array.from(panel.querySelectorAll('svg g[data-series][data-category]'))
          .filter((g) => g.getAttribute('data-mark') !== 'missing' && g.querySelector('rect'))
          .map((g) => ({...box(g.querySelector('rect')!), series: g.getAttribute('data-series') ?? ''}));
        return {key: panel.getAttribute('data-panel') ?? '', labels, bars};
      }),
    );
    out.push(...panels.map((p) => ({...p, where: `${chart} / ${p.key}`})));
  }
  return out;
}

/** A label stands over its own bar: same series, centred on it. */
export const ownBar = (label: Box & {series: string}, bar: Box & {series: string}) =>
  label.series === bar.series && Math.abs((label.left + label.right) / 2 - (bar.left + bar.right) / 2) < 1;
