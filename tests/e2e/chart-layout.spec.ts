/**
 * Where a chart puts its words, read from the rendered SVG: on a phone (390 px) the tick
 * labels of a numeric x axis (Service counts, rule counts) never touch one another or the
 * "log scale" note, and the labels over bars (values, ⚠, N/M) never touch one another or a
 * neighbouring bar, with one policy per panel (every bar's value or none); on a desktop each line is named at its end, right of the plot (never
 * over data), the names never overlapping; and on the report pages at 1280 px the article
 * gets the width the table of contents would take.
 */
import type {Locator} from '@playwright/test';
import {test, expect, DEFAULT_LOCALE, localePath} from './support/fixtures';
import {CHART_PAGES, openPage} from './support/charts';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  text: string;
}

const overlaps = (a: Box, b: Box, gap = 1) => a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom && b.top < a.bottom;

function overlapping(boxes: Box[]): string[] {
  const out: string[] = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => overlaps(a, b) && out.push(`"${a.text}" / "${b.text}"`)));
  return out;
}

/** Line panels (numeric or not) of the drawn figures, each with its x-axis words and direct labels. */
async function linePanels(figures: Locator[]): Promise<{where: string; ticks: Box[]; axisLabel?: Box; plotRight: number; labels: Box[]}[]> {
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
async function barPanels(figures: Locator[]): Promise<{where: string; labels: (Box & {series: string; value: boolean})[]; bars: (Box & {series: string})[]}[]> {
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
const ownBar = (label: Box & {series: string}, bar: Box & {series: string}) =>
  label.series === bar.series && Math.abs((label.left + label.right) / 2 - (bar.left + bar.right) / 2) < 1;

test.describe('on a phone (390 px)', () => {
  for (const route of CHART_PAGES)
    test(`${route}: x-axis labels of line panels and labels over bars do not touch @smoke`, async ({drawnPages}) => {
      test.setTimeout(300_000);
      const {figures} = await drawnPages.open(localePath(DEFAULT_LOCALE, route), {width: 390, height: 844});
      for (const p of await linePanels(figures)) {
        expect(overlapping(p.ticks), `${p.where}: ticks ${JSON.stringify(p.ticks.map((t) => t.text))}`).toEqual([]);
        if (p.axisLabel) expect(p.ticks.filter((t) => overlaps(t, p.axisLabel!)).map((t) => t.text), `${p.where}: ticks under "${p.axisLabel.text}"`).toEqual([]);
        expect(p.ticks.length, `${p.where}: some ticks are labelled`).toBeGreaterThan(1);
      }
      for (const p of await barPanels(figures)) {
        expect(overlapping(p.labels), `${p.where}: labels ${JSON.stringify(p.labels.map((l) => l.text))}`).toEqual([]);
        const onNeighbours = p.labels.flatMap((l) => p.bars.filter((b) => !ownBar(l, b) && overlaps(l, b, 0)).map((b) => `"${l.text}" on a ${b.series} bar`));
        expect(onNeighbours, `${p.where}: labels over a neighbouring bar`).toEqual([]);
        // One policy per panel: every drawn bar carries its value, or none does.
        const valued = p.labels.filter((l) => l.value).length;
        expect([0, p.bars.length], `${p.where}: ${valued} of ${p.bars.length} bars carry their value`).toContain(valued);
      }
    });
});

test('lines are named at their ends, right of the plot, without overlapping @smoke', async ({drawnPages}) => {
  test.setTimeout(300_000);
  let named = 0;
  for (const route of ['/docs/benchmarks/tke-cilium', '/docs/benchmarks/kube-proxy']) {
    const {figures} = await drawnPages.open(localePath(DEFAULT_LOCALE, route), {width: 1280, height: 800});
    for (const p of await linePanels(figures)) {
      named += p.labels.length;
      expect(p.labels.filter((l) => l.left < p.plotRight).map((l) => l.text), `${p.where}: labels over the plot`).toEqual([]);
      expect(overlapping(p.labels), `${p.where}: labels`).toEqual([]);
    }
  }
  expect(named, 'direct labels drawn on the TKE and kube-proxy pages at 1280 px').toBeGreaterThan(0);
});

test('at 1280 px the report article takes the width of the folded table of contents @smoke', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await openPage(page, localePath(DEFAULT_LOCALE, '/docs/benchmarks/tke-cilium'));
  const article = await page.locator('article').first().boundingBox();
  expect(article!.width, 'article width').toBeGreaterThan(880);
  await expect(page.locator('.theme-doc-toc-mobile')).toBeVisible();
  await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
  // A page without charts keeps its table of contents beside the text.
  await openPage(page, localePath(DEFAULT_LOCALE, '/docs/contributing/architecture'));
  await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
});
