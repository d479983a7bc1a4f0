/**
 * axe (WCAG 2 A/AA, support/axe.ts) on a report page with every chart drawn (the
 * recharts SVG, legends and toolbars are scanned too), light and dark on one load
 * (support/axe.ts: every rule in light, the colour rules in dark). Registered per page and locale by
 * report-pages.spec.ts; the other pages of the site are in a11y.spec.ts.
 */
import {test, expectNoA11yViolationsInEachScheme, localePath} from '../support/fixtures';

export function a11yChecks(route: string, locale: string): void {
  test(`${route} (${locale}) has no WCAG 2 A/AA violations with every chart drawn, light and dark`, async ({drawnPages}) => {
    // A long page, every figure drawn, then axe over all of it twice (the colour rules only, the second time): minutes on a shared machine.
    test.setTimeout(240_000);
    const {page} = await drawnPages.open(localePath(locale, route));
    await expectNoA11yViolationsInEachScheme(page);
  });
}
