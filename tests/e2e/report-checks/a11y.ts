/**
 * axe (WCAG 2 A/AA, support/axe.ts) on a report page with every chart drawn (the
 * recharts SVG, legends and toolbars are scanned too), light and dark on one load
 * (support/axe.ts: every rule in light, the colour rules in dark), at two widths: the
 * phone's 390 px (the mobile project, @mobile) and 1440 px in the desktop project (the
 * width from which a report shows its table of contents beside the article). Registered
 * per page and locale by report-pages.spec.ts; the other pages of the site are in a11y.spec.ts.
 */
import {test, expectNoA11yViolationsInEachScheme, localePath} from '../support/fixtures';

/** The desktop project's width for axe: where the contents column appears (src/css/custom.css). */
export const WIDE = {width: 1440, height: 900};

export function a11yChecks(route: string, locale: string): void {
  test(`${route} (${locale}) has no WCAG 2 A/AA violations with every chart drawn, light and dark @mobile`, async ({drawnPages, isMobile}) => {
    // A long page, every figure drawn, then axe over all of it twice (the colour rules only, the second time): minutes on a shared machine.
    test.setTimeout(240_000);
    const {page} = await drawnPages.open(localePath(locale, route), isMobile ? undefined : WIDE);
    await expectNoA11yViolationsInEachScheme(page);
  });
}
