/**
 * What every drawn chart must show on the built site, read from the rendered SVG (default
 * locale): a unit on each value axis; a visible mark on every flagged value and a label in
 * every slot without a value, as many as the chart's own data table lists; one colour per
 * legend entry; value labels never printed twice at one place; crossover numbers above the
 * plot, not over the lines; Service counts on a numeric axis. Without JavaScript: every
 * row of every fallback table visible and no control that cannot work. A permalink lands
 * with the chart title below the sticky navbar.
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect, localePath, DEFAULT_LOCALE} from './support/fixtures';

const REPORTS = ['/docs/benchmarks/eks-cni', '/docs/benchmarks/tke-cilium', '/docs/benchmarks/local', '/docs/benchmarks/kube-proxy'];

async function open(page: Page, route: string): Promise<void> {
  const response = await page.goto(localePath(DEFAULT_LOCALE, route));
  expect(response?.status(), `HTTP status of ${route}`).toBe(200);
  await page.waitForLoadState('networkidle');
}

/** Every chart figure of the page, each scrolled to until its panels have drawn. */
async function drawnFigures(page: Page): Promise<Locator[]> {
  const figures = await page.locator('figure[data-chart]').all();
  const drawn: Locator[] = [];
  for (const figure of figures) {
    await figure.scrollIntoViewIfNeeded();
    // Figures without panels (tables such as the TKE at-a-glance) have nothing to draw.
    if ((await figure.locator('[data-panel]').count()) === 0) continue;
    await expect(figure.locator('[data-panel] svg.recharts-surface').first(), `${await figure.getAttribute('data-chart')} draws`).toBeVisible({timeout: 15_000});
    await expect(figure.locator('[data-panel] svg.recharts-surface')).toHaveCount(await figure.locator('[data-panel]').count(), {timeout: 15_000});
    drawn.push(figure);
  }
  return drawn;
}

for (const route of REPORTS) {
  test.describe(`charts on ${route}`, () => {
    test('units, trust marks, colours and labels are on the drawn charts @smoke', async ({page}) => {
      test.slow();
      await open(page, route);
      const figures = await drawnFigures(page);
      expect(figures.length, 'charts on the page').toBeGreaterThan(0);
      for (const figure of figures) {
        const name = await figure.getAttribute('data-chart');
        for (const panel of await figure.locator('[data-panel]').all()) {
          const where = `${name} / ${await panel.getAttribute('data-panel')}`;
          await expect(panel.locator('svg [data-axis-unit]'), `${where}: value axis unit`).toHaveText(/\S/);

          // The chart's own table (behind "Data table") lists the cells: ⚠ with a validity note, N/M, N/A.
          const cells = await panel.locator('details table td').evaluateAll((tds) =>
            tds.map((td) => ({text: td.textContent ?? '', warning: td.querySelector('[title]')?.getAttribute('title') ?? ''})),
          );
          const flagged = cells.filter((c) => c.warning && c.warning.split('; ').some((w) => w !== 'approximate')).length;
          const missing = cells.filter((c) => /^(N\/M|N\/A)/.test(c.text.trim())).length;
          await expect(panel.locator('svg [data-flag-mark]'), `${where}: ⚠ on every flagged value`).toHaveCount(flagged);
          await expect(panel.locator('svg [data-missing-mark]'), `${where}: N/M or N/A in every empty slot`).toHaveCount(missing);
          if (flagged > 0) await expect(panel.locator('[data-testid="mark-key"] [data-mark="flagged"]'), `${where}: key for ⚠`).toBeVisible();

          const labels = await panel.locator('svg [data-value-label]').evaluateAll((ts) => ts.map((t) => `${t.getAttribute('x')},${t.getAttribute('y')}`));
          expect(labels.length - new Set(labels).size, `${where}: value labels printed twice at one place`).toBe(0);

          // Crossover numbers sit above the plot area (the grid's top), never over the lines.
          for (const badge of await panel.locator('svg [data-marker-badge] text').all()) {
            const grid = await panel.locator('svg .recharts-cartesian-grid').boundingBox();
            const box = await badge.boundingBox();
            expect(box && grid && box.y + box.height <= grid.y + 1, `${where}: marker number above the plot`).toBe(true);
          }
        }

        const legend = await figure.locator('[role="group"] button[data-series]').evaluateAll((buttons) =>
          buttons.map((b) => {
            const swatch = getComputedStyle(b.querySelector('span')!);
            return {series: b.getAttribute('data-series'), colour: swatch.backgroundColor, byScenario: swatch.backgroundImage.includes('gradient')};
          }),
        );
        // A series drawn in its scenarios' colours shows them all (a gradient swatch); every other entry has a colour of its own.
        const colours = legend.filter((l) => !l.byScenario).map((l) => l.colour);
        expect(new Set(colours).size, `${name}: legend colours ${JSON.stringify(legend)}`).toBe(colours.length);
      }
    });
  });
}

test('Service counts are drawn on a numeric axis (TKE scale chart) @smoke', async ({page}) => {
  await open(page, '/docs/benchmarks/tke-cilium');
  const panel = page.locator('figure[data-chart="TkeServiceScaleChart"] [data-panel="short"]');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.locator('svg.recharts-surface')).toBeVisible({timeout: 15_000});
  // Tick labels of both axes share one layer; the Service counts are told apart by their text.
  const ticks = await panel.locator('svg .recharts-cartesian-axis-tick-label text').evaluateAll((ts) =>
    ts.map((t) => ({text: t.textContent?.trim() ?? '', x: Number(t.getAttribute('x'))})),
  );
  const at = (label: string) => ticks.find((t) => t.text === label)?.x ?? NaN;
  // 5,000 -> 10,000 is half the distance of 10,000 -> 20,000 on a linear axis (equal on a category axis).
  const [a, b, c] = [at('5,000'), at('10,000'), at('20,000')];
  expect((c - b) / (b - a), `tick x: ${JSON.stringify(ticks)}`).toBeCloseTo(2, 1);
});

test('a chart permalink lands with the title below the sticky navbar @smoke', async ({page}) => {
  await page.goto(`${localePath(DEFAULT_LOCALE, '/docs/benchmarks/eks-cni')}#chart-ThroughputChart`);
  await page.waitForLoadState('networkidle');
  const title = page.locator('#chart-ThroughputChart-title');
  await expect(title).toBeInViewport();
  const navbar = await page.locator('.navbar').boundingBox();
  const box = await title.boundingBox();
  expect(box!.y, 'title top against the navbar bottom').toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
});

test('without JavaScript every fallback row is visible and no control is shown @smoke', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await open(page, '/docs/benchmarks/eks-cni');
  const plots = await page.locator('[data-static-plot]').evaluateAll((els) => els.map((el) => ({clipped: el.scrollHeight > el.clientHeight + 1, height: el.clientHeight})));
  expect(plots.length, 'fallback tables').toBeGreaterThan(0);
  expect(plots.filter((p) => p.clipped), 'fallback boxes hiding rows').toEqual([]);
  const controls = await page.locator('figure[data-chart] button, figure[data-chart] select, figure[data-chart] input').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
  expect(controls, 'visible controls without JavaScript').toBe(0);
  await context.close();
});
