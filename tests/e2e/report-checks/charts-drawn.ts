/**
 * Every chart a report must show (REPORT_CHARTS in support/charts.ts: the EKS and TKE
 * reports) is on the drawn page, draws, and names the newest version of the report's
 * dataset, and the page reported no console error, failed request or uncaught exception
 * while it was opened and drawn; at phone width (mobile project) the drawn page also fits
 * the screen. Registered per page and locale by report-pages.spec.ts, so it reads the
 * page its group drew instead of drawing it once more.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, localePath, DATA_DIR} from '../support/fixtures';
import {REPORT_CHARTS} from '../support/charts';
import {latestVersion} from '../../../src/data/versions';

/** The newest version of a suite's dataset in static/data/<suite>/. */
function newestVersion(suite: string): string {
  const versions = fs.readdirSync(path.join(DATA_DIR, suite)).filter((f) => f.endsWith('.json')).map((f) => path.basename(f, '.json'));
  const newest = latestVersion(versions);
  if (!newest) throw new Error(`no dataset version in static/data/${suite}/`);
  return newest;
}

export function chartsDrawnChecks(route: string, locale: string): void {
  const report = REPORT_CHARTS[route];
  if (!report) return;
  test(`${route} (${locale}) shows every chart, each with its dataset, without console errors @smoke @mobile`, async ({drawnPages}, testInfo) => {
    // Every figure drawn, unless the group drew the page already: minutes on a shared machine.
    test.setTimeout(300_000);
    const {page, consoleErrors} = await drawnPages.open(localePath(locale, route));
    const dataset = `${report.suite}@${newestVersion(report.suite)}`;
    for (const name of report.charts) {
      const figure = page.locator(`figure[data-chart="${name}"]`);
      await expect(figure.locator(report.drawing).first(), `${name} draws`).toBeVisible();
      await expect(figure, `${name} reads the newest dataset`).toHaveAttribute('data-dataset', dataset);
    }
    // One recharts view per chart panel: drawn, not only static SVG, and none twice.
    await expect(page.locator('.recharts-surface')).toHaveCount(await page.locator('[data-chart] [data-panel]').count());
    if (testInfo.project.name === 'mobile') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal overflow of the drawn page at phone width').toBeLessThanOrEqual(0);
    }
    consoleErrors.expectNone();
  });
}
