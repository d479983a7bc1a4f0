/**
 * The EKS CNI report against the built site. In every locale: the page reads
 * without JavaScript (numbers formatted for the locale); that all ten charts draw
 * from the newest dataset without console errors, axe and the pictures of every
 * chart are checked on the page report-pages.spec.ts draws once
 * (report-checks/charts-drawn.ts and the others). In the default locale only (behaviour,
 * the same code in every language): tooltips, toggles, permalinks and CSV show
 * the dataset's values. Expected values are read from
 * static/data/eks-cni/<latest>.json, never typed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, localePath, DEFAULT_LOCALE, LOCALE_IDS, DATA_DIR, REPO_ROOT, datasetFiles, newestVersion} from './support/fixtures';
import {formatValue} from '../../src/data/format';
import type {Dataset, ResultRow} from '../../src/data/schema';
import {buildFileFor, isRechartsChunk} from '../../scripts/site-bench/build-files';
import {DRAW_TIMEOUT, declaredCharts, goLive} from './support/charts';
import {SERIES_COLUMN_ATTRIBUTE, hiddenSeriesKey} from '../../src/data/chartLink';

const BUILD_DIR = path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR ?? 'build');
const SUITE = 'eks-cni';
const ROUTE = '/docs/benchmarks/eks-cni';
/** The charts its suite declares, and the two chart families the page draws with their default spec. */
const CHARTS = [...declaredCharts(SUITE), 'ThroughputChart', 'LatencyChart'];

function loadDataset(): Dataset {
  return JSON.parse(fs.readFileSync(path.join(DATA_DIR, SUITE, `${newestVersion(SUITE)}.json`), 'utf8')) as Dataset;
}
const dataset = loadDataset();

/** Rows of a metric with no conditions beyond `where`, one per scenario in scenario order. */
function plainRows(metric: ResultRow['metric'], where: Record<string, unknown> = {}): ResultRow[] {
  return dataset.scenarios.map((s) => {
    const found = dataset.results.filter(
      (r) =>
        r.metric === metric &&
        r.scenario === s.id &&
        Object.keys(r.conditions ?? {}).length === Object.keys(where).length &&
        Object.entries(where).every(([k, v]) => (r.conditions as Record<string, unknown> | undefined)?.[k] === v),
    );
    expect(found, `${metric} ${s.id} ${JSON.stringify(where)} in the dataset`).toHaveLength(1);
    return found[0];
  });
}

async function open(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), `HTTP status of ${url}`).toBe(200);
  await page.waitForLoadState('networkidle');
}

for (const locale of LOCALE_IDS) {
  const url = localePath(locale, ROUTE);

  test.describe(`EKS report (${locale})`, () => {
    // Hydrating ten charts takes longer than the default minute on a shared machine.
    test.describe.configure({timeout: 180_000});

    test('without JavaScript the page carries the numbers (each chart drawn, its values in its data table) and every chart root', async ({browser}) => {
      const context = await browser.newContext({javaScriptEnabled: false});
      const page = await context.newPage();
      await open(page, url);
      for (const name of CHARTS) await expect(page.locator(`[data-chart="${name}"]`)).toHaveCount(1);
      const throughput = page.locator('[data-chart="ThroughputChart"]');
      const rows = plainRows('tcp_throughput');
      for (const row of rows) {
        const cells = throughput.locator(`data[value="${row.value}"]`);
        // Scenarios with equal values share a formatted cell text; each row has its own cell.
        await expect(cells).toHaveCount(rows.filter((r) => r.value === row.value).length);
        await expect(cells.first()).toHaveText(formatValue(row.value!, 'Gbps', locale));
      }
      const loss = page.locator('[data-chart="UdpLossChart"]');
      for (const row of plainRows('udp_loss')) await expect(loss.locator(`data[value="${row.value}"]`).first()).toBeAttached();
      await expect(loss.locator('[data-static-drawing] [data-layout]:visible svg').first()).toBeVisible();
      await context.close();
    });
  });
}

test.describe(`EKS report behaviour (${DEFAULT_LOCALE})`, {tag: '@behaviour'}, () => {
  const url = localePath(DEFAULT_LOCALE, ROUTE);

    test('hovering a bar shows the dataset value in the tooltip', async ({page}) => {
      await open(page, url);
      const chart = page.locator('[data-chart="ThroughputChart"]');
      await goLive(chart);
      const bars = chart.locator('.recharts-bar-rectangle');
      await expect(bars).toHaveCount(dataset.scenarios.length);
      const rows = plainRows('tcp_throughput');
      for (const i of [0, rows.length - 1]) {
        await bars.nth(i).hover();
        // The tooltip, not the toolbar's live region (also a status).
        await expect(chart.locator('[data-chart-drawing] [role="status"]')).toContainText(formatValue(rows[i].value!, 'Gbps', DEFAULT_LOCALE));
      }
    });

    test('a drawn chart is named by its title and described by its summary, and its drawing is no tab stop', async ({page}) => {
      await open(page, url);
      const chart = page.locator('[data-chart="ThroughputChart"]');
      await goLive(chart);
      await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(dataset.scenarios.length);
      const title = (await chart.locator('h3').first().textContent())!.trim();
      await expect(chart).toHaveAccessibleName(title);
      // One sentence naming the measure and every scenario drawn.
      await expect(chart).toHaveAccessibleDescription(/^Bar chart that shows TCP throughput \(Gbps\) across the categories A: .*E: .*; the data table lists every value\.$/);
      // The drawing is hidden from assistive technology: no role="application", no focusable element in it.
      await expect(chart.locator('[role="application"]')).toHaveCount(0);
      await expect(chart.locator('[data-chart-drawing]')).toHaveAttribute('aria-hidden', 'true');
      const tabStops = await chart.locator('[data-chart-drawing] *').evaluateAll((els) => els.filter((el) => (el as HTMLElement).tabIndex >= 0 || el.matches('a[href], button, input, select, textarea')).length);
      expect(tabStops, 'tab stops in the drawing').toBe(0);
      await expect(page.locator('[role="application"]'), 'no chart is a tab stop anywhere on the page').toHaveCount(0);
    });

    test('the legend hides a series and the permalink restores the view', async ({page, context}) => {
      await open(page, url);
      // The RTT chart has one series: the source's p99 equals p50 in every row, so it is not drawn twice.
      const rtt = page.locator('[data-chart="LatencyChart"]');
      await goLive(rtt);
      await expect(rtt.locator('.recharts-bar-rectangle')).toHaveCount(dataset.scenarios.length);
      await expect(rtt.locator('button[data-series="p99"]')).toHaveCount(0);

      const chart = page.locator('[data-chart="DnsResourceChart"]');
      await goLive(chart);
      const bars = chart.locator('[data-panel="dns"] .recharts-bar-rectangle');
      await expect(bars).toHaveCount(dataset.scenarios.length * 2);
      const toggle = chart.locator('button[data-series="p99"]').first();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect(bars).toHaveCount(dataset.scenarios.length);
      await chart.getByTestId('DnsResourceChart-permalink').click();
      // Announced: the message is put in a live region (role="status") that was there before the click.
      await expect(chart.getByTestId('DnsResourceChart-permalink-status')).toHaveAttribute('role', 'status');
      await expect(chart.getByTestId('DnsResourceChart-permalink-status')).toHaveText(/\S/);
      const link = page.url();
      expect(new URL(link).searchParams.get('DnsResourceChart.hide')).toBe('p99');
      expect(new URL(link).hash).toBe('#chart-DnsResourceChart');

      const fresh = await context.newPage();
      await open(fresh, link);
      const restored = fresh.locator('[data-chart="DnsResourceChart"]');
      await goLive(restored);
      await expect(restored.locator('button[data-series="p99"]').first()).toHaveAttribute('aria-pressed', 'false');
      await expect(restored.locator('[data-panel="dns"] .recharts-bar-rectangle')).toHaveCount(dataset.scenarios.length);
    });

    test('a shared link shows its saved view in the drawing and the table while the chart library loads', async ({page, baseURL}) => {
      // Hold back the chart library: the reader on a slow phone still waits for it.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/js/*.js', async (route) => {
        if (isRechartsChunk(buildFileFor(BUILD_DIR, new URL(route.request().url()).pathname))) await held;
        await route.continue();
      });
      const headers = (p: Page) => p.locator('[data-chart="DnsResourceChart"] [data-panel="dns"] table:visible').first().locator('thead th');

      // Not open(): the held chunk (prefetched at load) keeps the network busy.
      await page.goto(`${baseURL}${url}`);
      const defaultHeaders = await page.locator('[data-chart="DnsResourceChart"] [data-panel="dns"] details table thead th').allTextContents();
      expect(defaultHeaders.length, 'the DNS panel table has a column per series').toBeGreaterThan(2);

      // A link to a chart's view requests the held chunk as the page's code runs, so the load event waits for it.
      await page.goto(`${baseURL}${url}?DnsResourceChart.hide=p99#chart-DnsResourceChart`, {waitUntil: 'domcontentloaded'});
      const restored = page.locator('[data-chart="DnsResourceChart"]');
      // The saved view (p99 hidden) is applied to the build's drawing, which stays until the chart has drawn, and to the table.
      const drawing = restored.locator('[data-panel="dns"] [data-static-drawing] [data-layout]:visible svg');
      await expect(drawing).toBeVisible();
      await expect(drawing.locator('g[data-series="p99"]').first()).toBeHidden();
      await expect(drawing.locator('g[data-series="p50"]').first()).toBeVisible();
      await restored.locator('[data-panel="dns"] details summary').click();
      await expect(headers(page)).toHaveCount(defaultHeaders.length - 1);
      await expect(restored.locator('button[data-series="p99"]').first()).toHaveAttribute('aria-pressed', 'false');
      await expect(restored.locator('.recharts-wrapper')).toHaveCount(0);

      release();
      await expect(restored.locator('[data-panel="dns"] .recharts-bar-rectangle')).toHaveCount(dataset.scenarios.length);
      await page.unrouteAll({behavior: 'ignoreErrors'});
    });

    test("a shared link's saved view is in the static drawing and table before any script chunk has run", async ({page, baseURL}) => {
      // Only the page's inline scripts run: every chunk, main.js included, is refused.
      let refused = 0;
      await page.route('**/assets/js/*.js', (route) => {
        refused++;
        return route.abort();
      });
      await page.goto(`${baseURL}${url}?${hiddenSeriesKey('DnsResourceChart')}=p99#chart-DnsResourceChart`);
      const panel = page.locator('[data-chart="DnsResourceChart"] [data-panel="dns"]');
      // The drawing: p99's bars and labels gone, the others drawn.
      const drawing = panel.locator('[data-static-drawing] [data-layout]:visible svg');
      await expect(drawing).toBeVisible();
      const marks = await drawing.locator('g[data-series]').evaluateAll((gs) => gs.map((g) => ({series: g.getAttribute('data-series'), shown: g.getClientRects().length > 0})));
      expect(marks.map((m) => m.series), 'the DNS drawing has p99 bars and others').toContain('p99');
      expect([...new Set(marks.filter((m) => m.shown).map((m) => m.series))]).toEqual([...new Set(marks.map((m) => m.series))].filter((s) => s !== 'p99'));
      // The table (opened): p99's column gone.
      await panel.locator('details summary').click();
      const table = panel.locator('details table');
      await expect(table).toBeVisible();
      const columns = await table.locator(`thead th[${SERIES_COLUMN_ATTRIBUTE}]`).evaluateAll((ths, attribute) => ths.map((th) => ({series: th.getAttribute(attribute), shown: th.getClientRects().length > 0})), SERIES_COLUMN_ATTRIBUTE);
      expect(columns.map((c) => c.series), 'the DNS table has a p99 column and others').toContain('p99');
      expect(columns.filter((c) => c.shown).map((c) => c.series)).toEqual(columns.map((c) => c.series).filter((s) => s !== 'p99'));
      await expect(table.locator(`td[${SERIES_COLUMN_ATTRIBUTE}="p99"]`).first()).toBeHidden();
      expect(refused, 'script chunks were requested and refused').toBeGreaterThan(0);
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(0);
    });

    test('a panel is never an empty box: its drawing or table stays until its chart has drawn', async ({page, baseURL}) => {
      // Counted on every DOM change (a MutationObserver sees each state React commits, painted or not),
      // not timed: a state where a panel shows neither the build's drawing, a table nor a measured recharts surface.
      await page.addInitScript(() => {
        const w = window as unknown as {emptyStates: string[]};
        w.emptyStates = [];
        const check = () => {
          // While the HTML is being parsed a panel's drawings arrive one layout at a time: states React commits come after.
          if (document.readyState === 'loading') return;
          for (const panel of document.querySelectorAll('figure[data-chart="DnsResourceChart"] [data-panel]')) {
            // checkVisibility: not the table in the closed "Data table" <details> under a drawn chart (it has boxes, unpainted).
            const table = [...panel.querySelectorAll('table')].some((t) => t.checkVisibility({visibilityProperty: true}));
            // A surface with its size (the attribute: a panel near but off the screen is not laid out, so it has no box to measure).
            const chart = [...panel.querySelectorAll('svg.recharts-surface')].some((svg) => Number(svg.getAttribute('width')) > 0);
            // The drawing shown for the plot's width (a panel off screen is not laid out: no box to measure, as for the table).
            const drawing = [...panel.querySelectorAll('[data-static-drawing] [data-layout]')].some((l) => l.querySelector('svg') !== null && l.checkVisibility({visibilityProperty: true}));
            if (!table && !chart && !drawing) w.emptyStates.push((panel as HTMLElement).dataset.panel ?? '?');
          }
        };
        new MutationObserver(check).observe(document, {childList: true, subtree: true, attributes: true});
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/js/*.js', async (route) => {
        if (isRechartsChunk(buildFileFor(BUILD_DIR, new URL(route.request().url()).pathname))) await held;
        await route.continue();
      });
      const chart = page.locator('[data-chart="DnsResourceChart"]');
      const drawn = async () => {
        const panels = await chart.locator('[data-panel]').count();
        expect(panels).toBeGreaterThan(1);
        await expect(chart.locator('[data-panel] svg.recharts-surface')).toHaveCount(panels, {timeout: DRAW_TIMEOUT});
        await expect(chart.locator('[data-panel] table:visible')).toHaveCount(0);
        await expect(chart.locator('[data-panel] [data-static-drawing]')).toHaveCount(0);
      };
      const emptyStates = () => page.evaluate(() => (window as unknown as {emptyStates: string[]}).emptyStates);

      // Pointed at: the figure keeps the build's drawing while the chart library is held, then draws.
      await page.goto(`${baseURL}${url}`);
      await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
      await goLive(chart);
      await expect(chart.locator('[data-panel] [data-static-drawing] [data-layout]:visible svg').first()).toBeVisible();
      release();
      await drawn();
      expect(await emptyStates()).toEqual([]);

      // A shared link: live from hydration.
      await page.unrouteAll({behavior: 'ignoreErrors'});
      await page.goto(`${baseURL}${url}?${hiddenSeriesKey('DnsResourceChart')}=p99#chart-DnsResourceChart`);
      await drawn();
      expect(await emptyStates()).toEqual([]);
    });

    test('with one dataset version there is no version picker', async ({page}) => {
      const versions = datasetFiles().filter((f) => f.suite === SUITE);
      test.skip(versions.length > 1, 'covered by the two-version unit test when several versions exist');
      // The toolbars as the build wrote them (the same Toolbar, the same suite), and one gone live:
      // no chart has to draw for this, so none is waited for but the one scrolled to.
      await open(page, url);
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
      const live = page.locator('[data-chart="ThroughputChart"]');
      await goLive(live);
      await expect(live.locator('[data-panel] svg.recharts-surface').first(), 'ThroughputChart drawn').toBeVisible({timeout: DRAW_TIMEOUT});
      const withToolbar = await page.locator('figure[data-chart]:has([data-panel])').count();
      expect(withToolbar, 'charts with panels (and a toolbar)').toBeGreaterThan(1);
      await expect(page.locator('[data-testid$="-permalink"]'), 'a toolbar on every chart with panels').toHaveCount(withToolbar);
      await expect(page.locator('[data-testid$="-version"]')).toHaveCount(0);
    });

    test('CSV download holds exactly the rows shown', async ({page}) => {
      await open(page, url);
      const chart = page.locator('[data-chart="UdpLossChart"]');
      await goLive(chart);
      await expect(chart.locator('.recharts-surface').first()).toBeVisible({timeout: DRAW_TIMEOUT});
      const [download] = await Promise.all([page.waitForEvent('download'), chart.getByTestId('UdpLossChart-csv').click()]);
      const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\n');
      const header = csv[0].split(',');
      const records = csv.slice(1).map((line) => Object.fromEntries(line.split(',').map((v, i) => [header[i], v])));
      const expected = [...plainRows('udp_loss'), ...plainRows('udp_throughput')];
      expect(records.map((r) => [r.metric, r.scenario, Number(r.value), r.unit])).toEqual(expected.map((r) => [r.metric, r.scenario, r.value, r.unit]));
      expect(new Set(records.map((r) => `${r.suite}@${r.version}`))).toEqual(new Set([`${SUITE}@${dataset.version}`]));
    });
});
