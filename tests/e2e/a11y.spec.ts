/**
 * axe (WCAG 2 A/AA, support/axe.ts) on every page a reader can reach other
 * than the report pages, in every locale under test, light and dark: each page
 * of the locale's sitemap, the search page and the 404 page, one test per
 * locale, both schemes on one load of each page (support/axe.ts: every rule in
 * light, the colour rules in dark). The report pages are checked with every chart drawn by
 * report-checks/a11y.ts (report-pages.spec.ts).
 */
import type {Page} from '@playwright/test';
import {test, expect, expectNoA11yViolationsInEachScheme, localePath, LOCALE_IDS} from './support/fixtures';
import {CHART_PAGES, openPage} from './support/charts';

/**
 * The locale's "page not found" page, opened as the file it is (404.html): the test server,
 * like most static hosts, answers a missing path with the default locale's one.
 */
const NOT_FOUND_PAGE = '/404';

/** Routes of the locale's sitemap (paths, e.g. "/ko/docs"). */
async function sitemapRoutes(page: Page, locale: string): Promise<string[]> {
  const response = await page.request.get(localePath(locale, '/sitemap.xml'));
  expect(response.status(), `sitemap of ${locale}`).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

for (const locale of LOCALE_IDS) {
  test(`every other page, search and 404 (${locale}) have no WCAG 2 A/AA violations, light and dark`, async ({page}) => {
    // About fifteen pages, axe twice on each: four minutes per scheme at load 16 on the shared 2-core machine.
    test.setTimeout(480_000);
    const sitemap = await sitemapRoutes(page, locale);
    const chartPages = CHART_PAGES.map((r) => localePath(locale, r));
    // The report pages have their own tests; they must still be pages of the site.
    expect(sitemap, 'report pages in the sitemap').toEqual(expect.arrayContaining(chartPages));
    const extra = ['/search', NOT_FOUND_PAGE].map((r) => localePath(locale, r));
    const routes = [...new Set([...sitemap.filter((r) => !chartPages.includes(r)), ...extra])];
    expect(routes.length, 'pages to check').toBeGreaterThan(3);
    for (const route of routes) {
      // Each page opens in the light scheme; useColorScheme checks the site follows each switch.
      await page.emulateMedia({colorScheme: 'light'});
      await openPage(page, route);
      // Soft: one run lists every page and scheme with a violation.
      await expectNoA11yViolationsInEachScheme(page);
    }
  });
}
