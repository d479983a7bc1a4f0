/**
 * What every drawn chart must show on the built site, read from the rendered SVG (default
 * locale): a unit on each value axis; a visible mark on every flagged value (a note that every
 * value of a panel carries is said once in its key instead) and a label in
 * every slot without a value, as many as the chart's own data table lists; value labels
 * never printed twice at one place; crossover numbers above the plot, not over the lines;
 * Service counts on a numeric axis (colours: chart-palette.spec.ts). Without JavaScript: every
 * row of every fallback table visible and no control that cannot work. A permalink lands
 * with the chart title below the sticky navbar.
 */
import type {Page} from '@playwright/test';
import {test, expect, localePath, DEFAULT_LOCALE} from './support/fixtures';
import {CHART_PAGES, openPage, scrollToFigure} from './support/charts';

async function open(page: Page, route: string): Promise<void> {
  await openPage(page, localePath(DEFAULT_LOCALE, route));
}

for (const route of CHART_PAGES) {
  test.describe(`charts on ${route}`, () => {
    test('units, trust marks and labels are on the drawn charts @smoke', async ({drawnPages}) => {
      // Ten figures on the EKS page, each scrolled to and drawn (unless this worker drew them already): slow on a shared machine.
      test.setTimeout(300_000);
      const {figures} = await drawnPages.open(localePath(DEFAULT_LOCALE, route));
      expect(figures.length, 'charts on the page').toBeGreaterThan(0);
      for (const figure of figures) {
        const name = await figure.getAttribute('data-chart');
        // One read of the drawn figure per chart (fast on a loaded machine), then the checks.
        const panels = await figure.locator('[data-panel]').evaluateAll((els) =>
          els.map((panel) => {
            const cells = Array.from(panel.querySelectorAll('details table td')).map((td) => ({
              text: (td.textContent ?? '').trim(),
              // The ⚠ mark's title names the flags (an absent cell's dash has a title too).
              warning: Array.from(td.querySelectorAll('[title]')).find((el) => el.textContent?.includes('⚠'))?.getAttribute('title') ?? '',
            }));
            const grid = panel.querySelector('svg .recharts-cartesian-grid')?.getBoundingClientRect();
            // A note every value of the panel carries is said once in the key, not on each value.
            // Cells with a value: not N/M or N/A (missing) and not a lone dash (absent).
            const valued = cells.filter((c) => !/^(N\/M|N\/A)|^[–—-]$/.test(c.text));
            const notes = valued.map((c) => (c.warning ? c.warning.split('; ') : []));
            const panelWide = valued.length > 1 ? notes.reduce((common, n) => common.filter((w) => n.includes(w))) : [];
            return {
              key: panel.getAttribute('data-panel'),
              unit: panel.querySelector('svg [data-axis-unit]')?.textContent?.trim() ?? '',
              flaggedInTable: cells.filter((c) => c.warning && c.warning.split('; ').some((w) => w !== 'approximate' && !panelWide.includes(w))).length,
              panelWide,
              panelWideKeys: panel.querySelectorAll('[data-testid="mark-key"] [data-mark="panel-wide"]').length,
              missingInTable: cells.filter((c) => /^(N\/M|N\/A)/.test(c.text)).length,
              flagMarks: panel.querySelectorAll('svg [data-flag-mark]').length,
              missingMarks: panel.querySelectorAll('svg [data-missing-mark]').length,
              flagKey: panel.querySelector('[data-testid="mark-key"] [data-mark="flagged"]') !== null,
              labels: Array.from(panel.querySelectorAll('svg [data-value-label]')).map((t) => `${t.getAttribute('x')},${t.getAttribute('y')}`),
              badgesInPlot: Array.from(panel.querySelectorAll('svg [data-marker-badge] text')).filter((t) => !grid || t.getBoundingClientRect().bottom > grid.top + 1).length,
            };
          }),
        );
        // ...and a note on every value of every panel once for the whole chart, in its notes.
        const chartWide = panels.length > 1 ? panels.map((p) => p.panelWide).reduce((common, w) => common.filter((x) => w.includes(x))) : [];
        for (const p of panels) {
          const where = `${name} / ${p.key}`;
          expect(p.unit, `${where}: value axis unit`).not.toBe('');
          // The chart's own table (behind "Data table") lists the cells: ⚠ with a validity note, N/M, N/A.
          expect(p.flagMarks, `${where}: ⚠ on every flagged value`).toBe(p.flaggedInTable);
          expect(p.missingMarks, `${where}: N/M or N/A in every empty slot`).toBe(p.missingInTable);
          if (p.flaggedInTable > 0) expect(p.flagKey, `${where}: key for ⚠`).toBe(true);
          expect(p.panelWideKeys, `${where}: one key line per note that every value of the panel (not of the chart) carries`).toBe(p.panelWide.filter((w) => !chartWide.includes(w)).length);
          expect(p.labels.length - new Set(p.labels).size, `${where}: value labels printed twice at one place`).toBe(0);
          // Crossover numbers sit above the plot area (the grid's top), never over the lines.
          expect(p.badgesInPlot, `${where}: marker numbers inside the plot`).toBe(0);
        }

      }
    });
  });
}

test('Service counts are drawn on a numeric axis (TKE scale chart) @smoke', async ({page}) => {
  await open(page, '/docs/benchmarks/tke-cilium');
  const panel = page.locator('figure[data-chart="TkeServiceScaleChart"] [data-panel="short"]');
  await scrollToFigure(panel);
  await expect(panel.locator('svg.recharts-surface')).toBeVisible({timeout: 15_000});
  // Points are drawn where the axis puts their step: the iptables line's point per Service count.
  const points = await panel.locator('svg g[data-series="iptables"][data-category]').evaluateAll((gs) =>
    gs.map((g) => {
      const box = g.querySelector('[data-point]')!.getBoundingClientRect();
      return {category: g.getAttribute('data-category'), x: box.left + box.width / 2};
    }),
  );
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
