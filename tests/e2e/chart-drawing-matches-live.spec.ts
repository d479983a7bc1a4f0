/**
 * The build's drawing of a chart and the live chart recharts draws when the reader reaches for
 * it are one picture: for every panel of every chart figure of the report pages, the same marks
 * (bars, lines, points, each with its series, category and ⚠ / ≈ / N/M mark), the same words
 * (axis ticks, unit, key, line-end names, values over bars, category notes), each within 1 px
 * of the same place in the plot's box. The drawing is read from the page as the build wrote
 * it, then the figure goes live and recharts' SVG is read the same way
 * (support/drawing-marks.ts).
 *
 * Default locale, at the desktop project's 1,280 px (panels alone and two side by side: the
 * 702 and 449 px layouts) and, tagged @mobile, at a phone's 390 px (the 324 px layout).
 * Each page draws every chart live: about a minute per page, so it runs in the full tier.
 */
import {test, expect, localePath, DEFAULT_LOCALE} from './support/fixtures';
import {CHART_PAGES, drawAllFigures, openPage} from './support/charts';
import {panelPictures, pictureDifferences, type PanelPicture} from './support/drawing-marks';

for (const route of CHART_PAGES)
  test(`${route}: every chart's build drawing is the picture recharts draws live @mobile`, async ({page}) => {
    test.setTimeout(300_000);
    await openPage(page, localePath(DEFAULT_LOCALE, route));
    const figures = await page.locator('figure[data-chart]').all();
    const built: PanelPicture[] = [];
    for (const figure of figures) built.push(...(await panelPictures(figure, 'build')));
    expect(built.length, `panels on ${route}`).toBeGreaterThan(0);

    const live: PanelPicture[] = [];
    for (const figure of await drawAllFigures(page)) live.push(...(await panelPictures(figure, 'live')));
    expect(live.map((p) => p.where), 'the same panels, live').toEqual(built.map((p) => p.where));

    const differences = built.flatMap((b, i) => pictureDifferences(b, live[i]).map((d) => `${b.where} (${b.layout} px): ${d}`));
    expect(differences, 'build drawing against live chart').toEqual([]);
    expect(built.reduce((n, p) => n + p.items.length, 0), 'marks and words read').toBeGreaterThan(built.length * 5);
  });
