/**
 * The TKE report against the built site. In every locale: the numbers are in the
 * HTML without JavaScript (formatted for the locale); that each chart draws from
 * the newest dataset without console errors, at desktop and phone width, axe and
 * the chart pictures are checked on the page report-pages.spec.ts draws once
 * (report-checks/charts-drawn.ts and the others). In the default
 * locale only (behaviour): a
 * tooltip shows the dataset value, the absolute/% switch of the scale chart
 * changes what is shown and is kept in the URL. Expected values are read from
 * static/data/tke-cilium/*.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, localePath, DEFAULT_LOCALE, LOCALE_IDS, DATA_DIR, newestVersion} from './support/fixtures';
import {DRAW_TIMEOUT, goLive} from './support/charts';

const SUITE_DIR = path.join(DATA_DIR, 'tke-cilium');
const latestFile = `${newestVersion('tke-cilium')}.json`;

interface Row {
  metric: string;
  scenario: string;
  value: number | null;
  conditions?: Record<string, unknown>;
}
const dataset = JSON.parse(fs.readFileSync(path.join(SUITE_DIR, latestFile), 'utf8')) as {results: Row[]};

/** The value of the one row with exactly these conditions. */
function valueOf(metric: string, scenario: string, conditions: Record<string, unknown>): number {
  const wanted = JSON.stringify(Object.entries(conditions).sort());
  const hits = dataset.results.filter((r) => r.metric === metric && r.scenario === scenario && JSON.stringify(Object.entries(r.conditions ?? {}).sort()) === wanted);
  if (hits.length !== 1 || hits[0].value === null) throw new Error(`${latestFile}: expected one measured ${metric}/${scenario} ${wanted}, found ${hits.length}`);
  return hits[0].value;
}

const KEEP = {qps: 'max', path: 'service', concurrency: 64, connection: 'keepalive'};
const SHORT = {qps: 'max', path: 'service', concurrency: 64, connection: 'close'};
const ROUTE = '/docs/benchmarks/tke-cilium';

const num = (v: number, locale: string, decimals = 0) => new Intl.NumberFormat(locale, {maximumFractionDigits: decimals}).format(v);

async function open(page: Page, locale: string): Promise<void> {
  const response = await page.goto(localePath(locale, ROUTE));
  expect(response?.status(), `HTTP status of ${ROUTE} (${locale})`).toBe(200);
  await page.waitForLoadState('networkidle');
}

for (const locale of LOCALE_IDS) {
  test.describe(`TKE report (${locale})`, () => {
    test('the numbers are in the HTML without JavaScript', async ({browser}) => {
      const context = await browser.newContext({javaScriptEnabled: false});
      const page = await context.newPage();
      await page.goto(localePath(locale, ROUTE));
      // The numbers are in each chart's data table (a closed <details> under its drawing): the text the page carries.
      const text = async (sel: string) => ((await page.locator(sel).textContent()) ?? '').replace(/\s+/g, ' ');
      expect(await text('figure[data-chart="TkeRpsChart"]')).toContain(num(valueOf('http_rps', 'native', KEEP), locale));
      expect(await text('figure[data-chart="TkeServiceScaleChart"]')).toContain(num(valueOf('http_rps', 'overlay', {...SHORT, services: 30000}), locale));
      expect(await text('figure[data-chart="ResultsOverview"]')).toContain(num(valueOf('http_rps', 'iptables', SHORT), locale));
      expect(await text('[data-testid="tke-bpf-maps"]')).toContain(num(valueOf('bpf_map_max_entries', 'native', {lbMapMax: 1020000, map: 'cilium_ct4_global'}), locale));
      // The crossover is stated in words too, and outliers carry their note.
      await expect(page.locator('figure[data-chart="TkeServiceScaleChart"] [data-testid="chart-markers"] li').first()).toBeVisible();
      await expect(page.locator('figure[data-chart="TkeServiceScaleChart"] [data-flag="single-round-outlier"]')).toBeVisible();
      await context.close();
    });
  });
}

test.describe(`TKE report behaviour (${DEFAULT_LOCALE})`, {tag: '@behaviour'}, () => {
  const locale = DEFAULT_LOCALE;

    test('a tooltip shows the dataset value', async ({page}) => {
      await open(page, locale);
      const figure = page.locator('figure[data-chart="TkeRpsChart"]');
      await goLive(figure);
      // First series is the iptables cluster; its second bar is "via Service, c64, keepalive".
      const bar = figure.locator('.recharts-bar-rectangle').nth(1);
      await expect(bar).toBeVisible({timeout: 15_000});
      await bar.hover();
      const tooltip = figure.locator('[role="status"]').filter({hasText: num(valueOf('http_rps', 'iptables', KEEP), locale)});
      await expect(tooltip).toBeVisible();
    });

    test('the absolute / % switch changes the values and is kept in the URL', async ({page}) => {
      await open(page, locale);
      const figure = page.locator('figure[data-chart="TkeServiceScaleChart"]');
      await goLive(figure);
      await expect(figure.locator('svg.recharts-surface').first()).toBeVisible({timeout: DRAW_TIMEOUT});
      const shortTable = figure.locator('[data-panel="short"] details');
      await shortTable.locator('summary').click();
      const lastRow = shortTable.locator('tbody tr').last();
      const iptablesCell = lastRow.locator('td').first();
      const baseline = valueOf('http_rps', 'iptables', SHORT);
      const largestStep = Math.max(...dataset.results.filter((r) => r.metric === 'http_rps' && r.conditions?.connection === 'close').map((r) => Number(r.conditions?.services ?? 0)));
      const atLargest = valueOf('http_rps', 'iptables', {...SHORT, services: largestStep});
      await expect(iptablesCell).toContainText(num(atLargest, locale));

      await figure.locator('button[data-view="percent"]').click();
      await expect(figure.locator('button[data-view="percent"]')).toHaveAttribute('aria-pressed', 'true');
      await expect(iptablesCell).toContainText(`${num((atLargest / baseline) * 100, locale, 2)}%`);
      await expect(iptablesCell).not.toContainText(num(atLargest, locale));
      expect(new URL(page.url()).searchParams.get('TkeServiceScaleChart.view')).toBe('percent');

      // A reload with the URL restores the view.
      await page.reload();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('figure[data-chart="TkeServiceScaleChart"] button[data-view="percent"]')).toHaveAttribute('aria-pressed', 'true');
    });
});

test(`a table that scrolls sideways on a phone is a named tab stop whose top stays below the navbar when tabbed to (${DEFAULT_LOCALE}) @mobile @behaviour`, async ({page, isMobile}) => {
  test.skip(!isMobile, 'phone width only');
  await open(page, DEFAULT_LOCALE);
  const region = page.locator('[role="region"]:has([data-testid="tke-environment"])');
  // It does scroll at this width: the reason it must be reachable by keyboard.
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth), 'the environment table scrolls sideways').toBe(true);
  await expect(region).toHaveAttribute('tabindex', '0');
  await expect(region).toHaveAccessibleName(/\S/);
  await page.keyboard.press('Tab');
  for (let i = 0; i < 500 && !(await region.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(region).toBeFocused();
  const navbar = await page.locator('.navbar').boundingBox();
  const top = await region.evaluate((el) => el.getBoundingClientRect().top);
  expect(top, 'region top against the navbar bottom').toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
  // Scroll shadows (src/css/custom.css): only on a box that scrolls, at its start only on the right.
  const hints = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.markdown table, .scroll-hint')].map((box) => {
      const style = getComputedStyle(box);
      const shadow = (side: string) => style.getPropertyValue(`--scroll-hint-${side}`).trim() !== 'rgba(0, 0, 0, 0)';
      return {scrolls: box.scrollWidth > box.clientWidth, left: shadow('left'), right: shadow('right')};
    }),
  );
  expect(hints.filter((h) => !h.scrolls).length, 'boxes that do not scroll').toBeGreaterThan(0);
  expect(hints.filter((h) => h.scrolls && h.right && !h.left).length, 'boxes that scroll, shadow on the right').toBeGreaterThan(0);
  expect(hints.filter((h) => (h.scrolls ? h.left || !h.right : h.left || h.right)), 'boxes with a shadow where there is nothing to scroll to').toEqual([]);
});
