/**
 * Nothing on the home page or a report moves while it loads, settles and the reader scrolls
 * through it, at any width from 360 to 1,920 px: the cumulative layout shift (CLS) is 0 at
 * 1,280 x 720 and on each side of every width where the site's layout changes:
 *
 * - 996/997 px: Docusaurus folds the navbar, sidebar and table of contents (Infima's 996 px);
 *   from 997 to 1,439 px a report's table of contents folds above the article (src/css/custom.css);
 * - 1,439/1,440 px: Infima's widest container, and the report's table of contents column again;
 * - 480/481 px: the environment lists' one-column labels and the home's suite list;
 * - 576/577 px: Infima's small-screen rules; 600/601 px: the home's hero;
 * - the phone widths at which a chart's plot reaches a layout of ChartFigure/layouts.ts (its
 *   container queries), one pixel under and at it.
 *
 * One page load per width and page; the sweep runs in the full tier. The fast tier (@smoke)
 * keeps the case a report once failed: 1,280 x 720, where the article widened by the table of
 * contents' column a moment after first paint.
 */
import type {Page} from '@playwright/test';
import {test, expect, DEFAULT_LOCALE, LOCALE_IDS, localePath} from './support/fixtures';
import {CHART_PAGES} from './support/charts';
import {layoutShiftSoFar, scrollThrough, watchLayoutShift} from './support/layout-shift';
import {LAYOUTS} from '../../src/components/ChartFigure/layouts';

/** A report's plot on a phone is the viewport less this (the page's and the figure's padding); checked below. */
const PHONE_PLOT_INSET = 66;
const HEIGHT = 720;
/** Shifts that come late (a font, a lazily drawn part, a deferred script) have this long after load. */
const SETTLE_MS = 3000;

/** The phone widths at which a plot is one pixel under, and at, a layout's width. */
const LAYOUT_WIDTHS = LAYOUTS.filter((l) => l.from > 0).flatMap((l) => [l.from + PHONE_PLOT_INSET - 1, l.from + PHONE_PLOT_INSET]);

const WIDTHS = [
  360,
  480,
  481,
  576,
  577,
  600,
  601,
  ...LAYOUT_WIDTHS,
  996,
  997,
  1280,
  1439,
  1440,
  1920,
].sort((a, b) => a - b);

const FAST_CASE = {route: CHART_PAGES[0], width: 1280};

async function shiftOverLoadAndScroll(page: Page, url: string, width: number) {
  await page.setViewportSize({width, height: HEIGHT});
  await watchLayoutShift(page);
  const response = await page.goto(url);
  expect(response?.status(), `HTTP status of ${url}`).toBe(200);
  await page.waitForLoadState('load');
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
  await page.waitForTimeout(SETTLE_MS);
  await scrollThrough(page);
  return layoutShiftSoFar(page);
}

for (const route of ['/', ...CHART_PAGES]) {
  for (const width of WIDTHS) {
    const fast = route === FAST_CASE.route && width === FAST_CASE.width;
    // The other locales at the laptop width only: their longer or shorter words wrap differently.
    const locales = width === FAST_CASE.width ? LOCALE_IDS : [DEFAULT_LOCALE];
    for (const locale of locales) {
      const tag = fast && locale === DEFAULT_LOCALE ? ' @smoke' : '';
      test(`${localePath(locale, route)} at ${width} x ${HEIGHT}: no layout shift while it loads, settles and is scrolled through${tag}`, async ({page}) => {
        test.slow();
        const {shift, sources} = await shiftOverLoadAndScroll(page, localePath(locale, route), width);
        test.info().annotations.push({type: 'cls', description: `${localePath(locale, route)} ${width}x${HEIGHT}: ${shift.toFixed(4)}`});
        if (route !== '/' && LAYOUT_WIDTHS.includes(width)) {
          // The layout widths above assume the phone inset: a plot one pixel under a layout's width must be under it.
          const plot = await page.locator('[data-static-plot]').first().evaluate((el) => Math.round(el.parentElement!.getBoundingClientRect().width));
          expect(plot, `plot width at ${width} px`).toBe(width - PHONE_PLOT_INSET);
        }
        expect(shift, `cumulative layout shift; moved: ${sources.join('; ') || 'none recorded'}`).toBe(0);
      });
    }
  }
}
