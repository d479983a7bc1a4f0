/**
 * What the charts must show on the built site (default locale), on pages of their own:
 * Service counts on a numeric axis (the marks, units and labels of every drawn chart:
 * report-checks/marks.ts; colours: report-checks/palette.ts). Without JavaScript: every
 * chart drawn (the build's SVG), its table one click away, and no control that cannot work. A permalink lands
 * with the chart title below the sticky navbar.
 */
import type {Page} from '@playwright/test';
import {test, expect, localePath, DEFAULT_LOCALE} from './support/fixtures';
import {DRAW_TIMEOUT, goLive, openPage} from './support/charts';

async function open(page: Page, route: string): Promise<void> {
  await openPage(page, localePath(DEFAULT_LOCALE, route));
}

test('Service counts are drawn on a numeric axis (TKE scale chart) @smoke', async ({page}) => {
  await open(page, '/docs/benchmarks/tke-cilium');
  const panel = page.locator('figure[data-chart="TkeServiceScaleChart"] [data-panel="short"]');
  await goLive(panel);
  await expect(panel.locator('svg.recharts-surface')).toBeVisible({timeout: DRAW_TIMEOUT});
  // Points are drawn where the axis puts their step: the iptables line's point per Service count.
  const readPoints = () =>
    panel.locator('svg g[data-series="iptables"][data-category]').evaluateAll((gs) =>
      gs.map((g) => {
        const box = g.querySelector('[data-point]')!.getBoundingClientRect();
        return {category: g.getAttribute('data-category'), x: box.left + box.width / 2};
      }),
    );
  // The surface can be visible a frame before its points are placed (every x 0, seen in a full e2e run with CI=true).
  await expect.poll(async () => (await readPoints()).filter((p) => p.x > 0).length, {timeout: DRAW_TIMEOUT}).toBeGreaterThan(2);
  const points = await readPoints();
  const at = (category: string) => points.find((p) => p.category === category)?.x ?? NaN;
  // 5,000 -> 10,000 is half the distance of 10,000 -> 20,000 on a linear axis (equal on a category axis).
  const [a, b, c] = [at('5000'), at('10000'), at('20000')];
  expect((c - b) / (b - a), `point x: ${JSON.stringify(points)}`).toBeCloseTo(2, 1);
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

test('without JavaScript every chart is drawn, its table one click away, and no control is shown @smoke', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await open(page, '/docs/benchmarks/eks-cni');
  // Each plot shows one drawing, the size of its box, with marks in it.
  const plots = await page.locator('[data-static-plot]').evaluateAll((els) =>
    els.map((el) => {
      const shown = [...el.querySelectorAll('[data-layout]')].filter((l) => (l as HTMLElement).offsetParent !== null);
      const svg = shown[0]?.querySelector('svg');
      const box = el.getBoundingClientRect();
      const drawn = svg?.getBoundingClientRect();
      return {
        panel: el.closest('[data-panel]')?.getAttribute('data-panel'),
        shown: shown.length,
        fills: drawn !== undefined && Math.abs(drawn.width - box.width) < 1 && Math.abs(drawn.height - box.height) < 1 && box.height > 100,
        marks: svg?.querySelectorAll('g[data-series] rect[data-fill], g[data-series] path[data-point]').length ?? 0,
      };
    }),
  );
  expect(plots.length, 'chart plots').toBeGreaterThan(10);
  expect(plots.filter((p) => p.shown !== 1 || !p.fills || p.marks === 0), 'plots without one drawing filling the box, with marks').toEqual([]);
  // The values in words: each panel's table opens without JavaScript.
  const details = page.locator('figure[data-chart] [data-panel] details').first();
  await details.locator('summary').click();
  await expect(details.locator('table')).toBeVisible();
  const controls = await page.locator('figure[data-chart] button, figure[data-chart] select, figure[data-chart] input').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
  expect(controls, 'visible controls without JavaScript').toBe(0);
  await context.close();
});
