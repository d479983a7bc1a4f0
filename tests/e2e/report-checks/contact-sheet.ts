/**
 * The chart contact sheet, a review artefact: every chart figure of a report
 * page in one locale, light and dark, at desktop width (desktop project) and
 * phone width (mobile project), photographed one figure at a time. The global
 * teardown lays the pictures out in test-results/artifacts/chart-sheet/index.html
 * (support/chart-sheet.ts). Registered per page and locale by report-pages.spec.ts.
 *
 *   npm run build && npm run test:sheet        # only the sheet
 *
 * Fails when a page has no figure or a figure does not draw.
 */
import path from 'node:path';
import {test, expect, localePath} from '../support/fixtures';
import {COLOR_SCHEMES, SCREENSHOT_CSS, pageSlug, useColorScheme} from '../support/charts';
import {sheetDir, shotFile, writeShotList, type Shot} from '../support/chart-sheet';

export function contactSheet(route: string, locale: string): void {
  test(`contact sheet: every chart of ${route} (${locale}), light and dark @mobile @sheet`, async ({drawnPages}, testInfo) => {
    // Up to ten figures, drawn once and photographed in both schemes, on a shared 2-core machine.
    test.setTimeout(300_000);
    const project = testInfo.project.name;
    const {page, figures} = await drawnPages.open(localePath(locale, route));
    const viewportWidth = page.viewportSize()?.width ?? 0;
    const dir = sheetDir(testInfo.project.outputDir);
    const shots: Shot[] = [];
    expect(figures.length, `chart figures on ${route}`).toBeGreaterThan(0);
    // Both schemes on one load: the site follows the system scheme live.
    for (const scheme of COLOR_SCHEMES) {
      await useColorScheme(page, scheme);
      for (const [order, figure] of figures.entries()) {
        const chart = (await figure.getAttribute('data-chart')) ?? `figure-${order}`;
        const title = await figure.evaluate((el) => {
          const id = el.getAttribute('aria-labelledby');
          const text = (id && document.getElementById(id)?.textContent) || el.querySelector('caption, h3, h4')?.textContent || '';
          return text.replace(/\s+/g, ' ').trim();
        });
        const file = shotFile({page: route, chart, locale, scheme, project});
        await figure.screenshot({path: path.join(dir, file), style: SCREENSHOT_CSS, animations: 'disabled', scale: 'css'});
        const box = await figure.boundingBox();
        shots.push({page: route, chart, order, title, locale, scheme, project, viewportWidth, width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0), file});
      }
    }
    writeShotList(dir, `${pageSlug(route)}-${locale}-${project}`, shots);
  });
}
