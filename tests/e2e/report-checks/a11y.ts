/**
 * axe (WCAG 2 A/AA, support/axe.ts) on a report page with every chart drawn (the
 * recharts SVG, legends and toolbars are scanned too), light and dark on one load
 * (the site follows the system scheme live). Registered per page and locale by
 * report-pages.spec.ts; the other pages of the site are in a11y.spec.ts.
 */
import {test, expectNoA11yViolations, localePath} from '../support/fixtures';
import {COLOR_SCHEMES, useColorScheme} from '../support/charts';

export function a11yChecks(route: string, locale: string): void {
  test(`${route} (${locale}) has no WCAG 2 A/AA violations with every chart drawn, light and dark`, async ({drawnPages}) => {
    // A long page, every figure drawn, then axe over all of it twice: minutes on a shared machine.
    test.setTimeout(240_000);
    const {page} = await drawnPages.open(localePath(locale, route));
    for (const scheme of COLOR_SCHEMES) {
      await useColorScheme(page, scheme);
      // Soft: one run reports both schemes.
      await test.step(scheme, () => expectNoA11yViolations(page, {soft: true}));
    }
  });
}
