/**
 * "Compare with previous version" on the built site. The local suite has several dataset
 * versions: the chart draws the previous and the newest side by side on one value scale,
 * with a table of what changed whose values and verdicts are those of the two JSON files
 * on disk; the URL keeps the view. A suite's oldest version has none before it: it offers no
 * comparison, and a link asking for one shows the chart as it is, never an invented "previous" side.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Locator, Page} from '@playwright/test';
import {test, expect, DATA_DIR, DEFAULT_LOCALE, datasetFiles, localePath} from './support/fixtures';
import {goLive, openPage} from './support/charts';
import {compareVersions} from '../../src/data/versions';

interface Row {
  metric: string;
  scenario: string;
  value: number | null;
  conditions?: Record<string, unknown>;
}

const versionsOf = (suite: string) =>
  datasetFiles()
    .filter((f) => f.suite === suite)
    .map((f) => f.version)
    .sort(compareVersions);
const rowsOf = (suite: string, version: string): Row[] => (JSON.parse(fs.readFileSync(path.join(DATA_DIR, suite, `${version}.json`), 'utf8')) as {results: Row[]}).results;

/** Scrolls to a chart figure and waits until its panels (or compared sides) have drawn. */
async function drawn(page: Page, name: string, plots: number): Promise<Locator> {
  const chart = page.locator(`figure[data-chart="${name}"]`);
  await goLive(chart);
  await expect(chart.locator('svg.recharts-surface')).toHaveCount(plots);
  return chart;
}

const yTicks = (side: Locator) => side.locator('.recharts-yAxis-tick-labels text').allTextContents();

test.describe(`compare with the previous version (${DEFAULT_LOCALE})`, {tag: '@behaviour'}, () => {
  const SUITE = 'local';
  const CHART = 'LocalThroughputChart';
  const versions = versionsOf(SUITE);
  const [previous, current] = versions.slice(-2);

  test('draws both versions on one scale with a table of what changed, and the URL keeps it @mobile', async ({page, consoleErrors}) => {
    expect(versions.length, `${SUITE} needs two dataset versions for this test`).toBeGreaterThan(1);
    await openPage(page, localePath(DEFAULT_LOCALE, '/docs/benchmarks/local'));
    let chart = await drawn(page, CHART, 1);
    await expect(chart).toHaveAttribute('data-dataset', `${SUITE}@${current}`);
    const toggle = chart.getByTestId(`${CHART}-compare`);
    await expect(toggle).not.toBeChecked();
    await toggle.check();

    const sides = chart.locator('[data-panel="tcp"] [data-compare] [data-version]');
    await expect(sides).toHaveCount(2);
    expect(await sides.evaluateAll((els) => els.map((e) => e.getAttribute('data-version')))).toEqual([previous, current]);
    await expect(sides.nth(0).locator('svg.recharts-surface')).toBeVisible();
    await expect(sides.nth(1).locator('svg.recharts-surface')).toBeVisible();
    // One value scale: the same ticks on both sides.
    const ticks = await yTicks(sides.nth(0));
    expect(ticks.length).toBeGreaterThan(1);
    expect(await yTicks(sides.nth(1))).toEqual(ticks);
    // Side by side on a desktop, stacked on a phone: never overlapping.
    const [a, b] = [await sides.nth(0).boundingBox(), await sides.nth(1).boundingBox()];
    expect(b!.x >= a!.x + a!.width - 1 || b!.y >= a!.y + a!.height - 1, `sides apart: ${JSON.stringify([a, b])}`).toBe(true);

    // The table of what changed: each streams value once, with both versions' figures from disk.
    const figures = (version: string) =>
      rowsOf(SUITE, version)
        .filter((r) => r.metric === 'tcp_throughput' && r.scenario === 'direct')
        .map((r) => ({streams: r.conditions?.streams, value: r.value}));
    const [before, after] = [figures(previous), figures(current)];
    const expected = after
      .map((r) => {
        const old = before.find((o) => o.streams === r.streams)?.value ?? null;
        return `${old} → ${r.value}: ${old === r.value ? 'unchanged' : 'changed'}`;
      })
      .sort();
    const table = chart.locator('[data-panel="tcp"] [data-testid="compare-changes"]');
    await expect(table.locator('thead th')).toContainText([previous, current]);
    const shown = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const [old, now] = Array.from(tr.querySelectorAll('td')).map((td) => td.querySelector('data')?.getAttribute('value') ?? 'null');
        return `${old} → ${now}: ${tr.getAttribute('data-change') === 'unchanged' ? 'unchanged' : 'changed'}`;
      }),
    );
    expect(shown.sort()).toEqual(expected);
    const changed = expected.filter((e) => e.endsWith(': changed')).length;
    await expect(table.locator('p')).toHaveText(
      changed === 0
        ? `No value of this panel differs between ${previous} and ${current} (the whole version's changes are above the chart).`
        : `${changed} of ${expected.length} values of this panel differ between ${previous} and ${current}.`,
    );
    // Above the panels, the whole version against the previous one: its reason, and the metrics only one of them has.
    const versionChanges = chart.getByTestId(`${CHART}-version-changes`);
    await expect(versionChanges).toContainText(`${current} against ${previous}:`);
    const metricsOf = (version: string) => new Set(rowsOf(SUITE, version).map((r) => r.metric));
    const added = [...metricsOf(current)].filter((m) => !metricsOf(previous).has(m));
    const removed = [...metricsOf(previous)].filter((m) => !metricsOf(current).has(m));
    await expect(versionChanges.locator('[data-version-diff]')).toContainText(added.length ? 'Metrics added:' : 'No metric added.');
    await expect(versionChanges.locator('[data-version-diff]')).toContainText(removed.length ? 'Metrics removed:' : 'No metric removed.');

    expect(new URL(page.url()).searchParams.get(`${CHART}.cmp`)).toBe('1');
    await page.reload();
    chart = await drawn(page, CHART, 2);
    await expect(chart.getByTestId(`${CHART}-compare`)).toBeChecked();
    await expect(chart.locator('[data-compare] [data-version]')).toHaveCount(2);

    await chart.getByTestId(`${CHART}-compare`).uncheck();
    await expect(chart.locator('[data-compare]')).toHaveCount(0);
    await expect(chart.locator('svg.recharts-surface')).toHaveCount(1);
    expect(new URL(page.url()).searchParams.has(`${CHART}.cmp`)).toBe(false);
    consoleErrors.expectNone();
  });

  test('the oldest version has nothing to compare with: a link asking for a comparison on it shows the chart alone', async ({page, consoleErrors}) => {
    const suite = 'eks-cni';
    const oldest = versionsOf(suite)[0];
    expect(versionsOf(suite).length, `${suite} has a version after ${oldest}`).toBeGreaterThan(1);
    await openPage(page, `${localePath(DEFAULT_LOCALE, '/docs/benchmarks/eks-cni')}?${suite}=${oldest}&ThroughputChart.cmp=1`);
    const chart = await drawn(page, 'ThroughputChart', 1);
    await expect(chart).toHaveAttribute('data-dataset', `${suite}@${oldest}`);
    await expect(chart.getByTestId('ThroughputChart-compare')).toHaveCount(0);
    await expect(chart.locator('[data-compare], [data-testid="compare-changes"]')).toHaveCount(0);
    // Nor does the URL keep asking for it: a copied link is the view the reader sees.
    await expect.poll(() => new URL(page.url()).searchParams.has('ThroughputChart.cmp')).toBe(false);
    expect(new URL(page.url()).searchParams.get(suite)).toBe(oldest);
    consoleErrors.expectNone();
  });
});
