/**
 * A report printed on A4: every chart panel shows the build's drawing of the layout its box
 * on paper takes (ChartFigure/layouts.ts, as on a screen of that width), whole: no word of it
 * (axis ticks, unit, key, line-end names, values, notes) past the edge of its picture or of
 * the plot's box, every series of a panel of several named in the drawing
 * (ChartFigure/seriesNames.ts); the toolbars and the data tables' disclosures are not
 * printed, and the notes on the data are printed open under their heading
 * (ChartFigure/styles.module.css, @media print).
 *
 * Chromium lays a printed page out at the paper's width less its margins: A4 is 210 mm,
 * 794 px at 96 dpi; Chromium's default margins (1 cm a side) leave 718 px, narrow
 * ones (2 cm) 643 px. The page is laid out at those widths with the print media type. The
 * live chart (a reader who pointed at a chart, then printed) is checked the same way.
 */
import {test, expect, localePath, DEFAULT_LOCALE} from './support/fixtures';
import {CHART_PAGES, drawAllFigures, openPage} from './support/charts';
import {panelPictures, type PanelPicture} from './support/drawing-marks';
import {unnamedSeries} from '../../src/components/ChartFigure/seriesNames';
import {layoutFor} from '../../src/components/ChartFigure/layouts';
import type {Page} from '@playwright/test';

/** A4's text width at 96 dpi with Chromium's default print margins (1 cm) and with 2 cm margins. */
const A4_TEXT_WIDTHS = [718, 643];
const A4_HEIGHT = 1123;

function problems(pictures: PanelPicture[]): string[] {
  return pictures.flatMap((p) => [
    ...(p.layout === layoutFor(p.plotWidth).width ? [] : [`${p.where}: a ${Math.round(p.plotWidth)} px box printed the ${p.layout} px layout, not the ${layoutFor(p.plotWidth).width} px one`]),
    ...p.cut.map((c) => `${p.where}: ${c} is cut`),
    ...unnamedSeries(p.series, new Set(p.named)).map((s) => `${p.where}: series "${s}" not named in the drawing`),
  ]);
}

async function printedPictures(page: Page, which: 'build' | 'live'): Promise<PanelPicture[]> {
  const figures = await page.locator('figure[data-chart]').all();
  const out: PanelPicture[] = [];
  for (const figure of figures) {
    const chart = await figure.getAttribute('data-chart');
    // Nothing of the toolbar on paper: its buttons do nothing there. The notes' summary stays, as their heading.
    await expect(figure.locator('button:visible, select:visible, details:not([data-testid="data-notes"]) > summary:visible'), `${chart}: controls on paper`).toHaveCount(0);
    for (const note of await figure.locator('[data-testid="data-notes"] li').all()) await expect(note, `${chart}: a note on the data on paper`).toBeVisible();
    out.push(...(await panelPictures(figure, which)));
  }
  return out;
}

for (const route of CHART_PAGES)
  test(`${route} printed on A4: every chart drawn whole, keyed, without its controls @smoke`, async ({page}) => {
    test.setTimeout(120_000);
    await openPage(page, localePath(DEFAULT_LOCALE, route));
    // A reader closed the notes on the data before printing: paper shows them anyway.
    await page.evaluate(() => document.querySelectorAll<HTMLDetailsElement>('[data-testid="data-notes"]').forEach((notes) => (notes.open = false)));
    await page.emulateMedia({media: 'print'});
    for (const width of A4_TEXT_WIDTHS) {
      await page.setViewportSize({width, height: A4_HEIGHT});
      const pictures = await printedPictures(page, 'build');
      expect(pictures.length, `chart panels on ${route}`).toBeGreaterThan(0);
      expect(problems(pictures), `${route} printed ${width} px wide`).toEqual([]);
    }
  });

test('a chart gone live prints whole too @behaviour', async ({page}) => {
  test.setTimeout(180_000);
  const route = '/docs/benchmarks/kube-proxy';
  // A browser lays the page out again for paper without running the page's code: the live chart keeps
  // the scale it had on the screen. Here resizes stop being reported once "printing" starts.
  await page.addInitScript(() => {
    const Observer = window.ResizeObserver;
    window.ResizeObserver = class extends Observer {
      constructor(callback: ResizeObserverCallback) {
        super((entries, observer) => (window as {printing?: boolean}).printing || callback(entries, observer));
      }
    };
  });
  await openPage(page, localePath(DEFAULT_LOCALE, route));
  await drawAllFigures(page);
  await page.evaluate(() => ((window as {printing?: boolean}).printing = true));
  await page.emulateMedia({media: 'print'});
  await page.setViewportSize({width: A4_TEXT_WIDTHS[0], height: A4_HEIGHT});
  const pictures = await printedPictures(page, 'live');
  expect(pictures.length).toBeGreaterThan(0);
  // The live chart keeps the layout it was drawn at on the screen: what it cuts and names is checked.
  expect(problems(pictures).filter((p) => !p.includes('layout')), `${route} printed live`).toEqual([]);
});
