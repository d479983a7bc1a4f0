/**
 * The chart contact sheet, a review artefact: every chart figure of a report
 * page in one locale, light and dark, at desktop width (desktop project) and
 * phone width (mobile project), cut from one full-page picture per scheme
 * (support/page-picture.ts). The global teardown lays the pictures out in
 * test-results/artifacts/chart-sheet/index.html (support/chart-sheet.ts).
 * Registered per page and locale by report-pages.spec.ts.
 *
 *   npm run build && npm run test:sheet        # only the sheet
 *
 * Fails when a page has no figure or a figure does not draw.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, localePath} from '../support/fixtures';
import {COLOR_SCHEMES, SCREENSHOT_CSS, pageSlug, useColorScheme} from '../support/charts';
import {sheetDir, shotFile, writeShotList, type Shot} from '../support/chart-sheet';
import {captureFullPage} from '../support/page-picture';

const FIGURES = 'figure[data-chart]';

export function contactSheet(route: string, locale: string): void {
  test(`contact sheet: every chart of ${route} (${locale}), light and dark @mobile @sheet`, async ({drawnPages}, testInfo) => {
    // A long page drawn once and photographed in both schemes, on a shared 2-core machine.
    test.setTimeout(300_000);
    const project = testInfo.project.name;
    const {page, figures} = await drawnPages.open(localePath(locale, route));
    const viewportWidth = page.viewportSize()?.width ?? 0;
    const dir = sheetDir(testInfo.project.outputDir);
    const shots: Shot[] = [];
    expect(figures.length, `chart figures on ${route}`).toBeGreaterThan(0);
    const described = await page.locator(FIGURES).evaluateAll((els) =>
      els.map((el, order) => {
        const id = el.getAttribute('aria-labelledby');
        const title = (id && document.getElementById(id)?.textContent) || el.querySelector('caption, h3, h4')?.textContent || '';
        return {chart: el.getAttribute('data-chart') ?? `figure-${order}`, title: title.replace(/\s+/g, ' ').trim()};
      }),
    );
    expect(described.length, 'figures described').toBe(figures.length);
    // Both schemes on one load: the site follows the system scheme live.
    for (const scheme of COLOR_SCHEMES) {
      await useColorScheme(page, scheme);
      const capture = await captureFullPage(page, FIGURES, SCREENSHOT_CSS);
      for (const [order, {chart, title}] of described.entries()) {
        const box = capture.boxes[order];
        const file = shotFile({page: route, chart, locale, scheme, project});
        fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
        fs.writeFileSync(path.join(dir, file), capture.cut(box, `${chart} (${scheme})`));
        shots.push({page: route, chart, order, title, locale, scheme, project, viewportWidth, width: Math.round(box.width), height: Math.round(box.height), file});
      }
    }
    writeShotList(dir, `${pageSlug(route)}-${locale}-${project}`, shots);
  });
}
