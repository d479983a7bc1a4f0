/**
 * Every chart a report must show (each chart its suite's module declares:
 * src/suites/<suite>/charts.ts, support/declared-charts.ts) is on the drawn page and draws,
 * every figure of the page (the family charts with their default spec too) names the newest
 * version of the report's dataset, and the page reported no console error, failed request or
 * uncaught exception while it was opened and drawn, at desktop and at phone width (that the
 * drawn page fits the phone's screen is phone-width.ts). Registered per report page and locale
 * by report-pages.spec.ts, so it reads the page its group drew instead of drawing it once more.
 */
import {test, expect, localePath, newestVersion} from '../support/fixtures';
import {declaredCharts, suiteOfRoute} from '../support/charts';

export function chartsDrawnChecks(route: string, locale: string): void {
  const suite = suiteOfRoute(route);
  if (!suite) return;
  test(`${route} (${locale}) shows every chart, each with its dataset, without console errors @smoke @mobile`, async ({drawnPages}) => {
    // Every figure drawn, unless the group drew the page already: minutes on a shared machine.
    test.setTimeout(300_000);
    const {page, consoleErrors} = await drawnPages.open(localePath(locale, route));
    const dataset = `${suite}@${newestVersion(suite)}`;
    const declared = declaredCharts(suite);
    expect(declared.length, `charts declared in src/suites/${suite}/charts.ts`).toBeGreaterThan(0);
    for (const name of declared) {
      // A chart is a figure; environment facts without a title are a list in the text.
      const shown = page.locator(`figure[data-chart="${name}"], [data-environment="${name}"]`).first();
      await expect(shown, `${name} is on the page`).toBeVisible();
      await expect(shown, `${name} reads the newest dataset`).toHaveAttribute('data-dataset', dataset);
      // Drawn: a recharts view per panel, or the static SVG of a figure without panels (the environment sketch).
      const isFigure = await shown.evaluate((el) => el.matches('figure'));
      if (isFigure) {
        const drawing = (await shown.locator('[data-panel]').count()) > 0 ? 'svg.recharts-surface' : 'svg';
        await expect(shown.locator(drawing).first(), `${name} draws`).toBeVisible();
      }
    }
    const datasets = await page.locator('figure[data-chart]').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-chart')}: ${el.getAttribute('data-dataset')}`));
    expect(datasets.filter((d) => !d.endsWith(`: ${dataset}`)), `figures not reading ${dataset}`).toEqual([]);
    // One recharts view per chart panel: drawn, not only static SVG, and none twice.
    await expect(page.locator('.recharts-surface')).toHaveCount(await page.locator('[data-chart] [data-panel]').count());
    consoleErrors.expectNone();
  });
}
