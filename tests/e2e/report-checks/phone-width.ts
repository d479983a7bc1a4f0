/**
 * A report page is never wider than the phone screen (mobile project, 390 px), before its
 * charts draw and after every one has: once on a fresh load, each chart still the static
 * HTML it keeps until scrolled near, and once on the page drawn for the other checks. The
 * page is as wide as its widest element, so any mix of drawn and undrawn charts met while
 * scrolling is no wider than the wider of the two. Registered per page and locale by
 * report-pages.spec.ts.
 */
import {test, expect, localePath} from '../support/fixtures';
import {openPage} from '../support/charts';

export function phoneWidthChecks(route: string, locale: string): void {
  test(`${route} (${locale}) is never wider than the phone screen, before or after the charts draw @mobile`, async ({drawnPages, page}, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'runs in the phone-width project');
    test.setTimeout(240_000);
    const url = localePath(locale, route);
    const screen = page.viewportSize()?.width ?? 0;
    expect(screen, 'phone screen width').toBeLessThan(500);
    const pageWidth = (p: typeof page) => p.evaluate(() => document.documentElement.scrollWidth);
    await openPage(page, url);
    expect(await pageWidth(page), 'page width before the charts draw').toBeLessThanOrEqual(screen);
    const drawn = await drawnPages.open(url);
    expect(await pageWidth(drawn.page), 'page width with every chart drawn').toBeLessThanOrEqual(screen);
  });
}
