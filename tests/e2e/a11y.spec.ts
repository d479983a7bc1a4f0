/**
 * axe (WCAG 2 A/AA, support/axe.ts) on every page a reader can reach other
 * than the report pages, in every locale under test, light and dark, at a phone's
 * 390 px and at 1440 px: each page of the locale's sitemap, the search page and the
 * 404 page, one test per locale and width, both schemes on one load of each page
 * (support/axe.ts: every rule in light, the colour rules in dark). The report pages are
 * checked with every chart drawn by report-checks/a11y.ts (report-pages.spec.ts), at the
 * same two widths. The fast tier runs a representative subset (@smoke): the home page,
 * the reports' index and the EKS report as it loads, in the default locale, at both widths.
 */
import type {Page} from '@playwright/test';
import {test, expect, expectNoA11yViolationsInEachScheme, localePath, LOCALE_IDS, DEFAULT_LOCALE} from './support/fixtures';
import {CHART_PAGES, openPage} from './support/charts';

/**
 * The locale's "page not found" page, opened as the file it is (404.html): the test server,
 * like most static hosts, answers a missing path with the default locale's one.
 */
const NOT_FOUND_PAGE = '/404';

/** The two widths every page is checked at: a phone (the navbar's menu button, tables that scroll) and a wide desktop. */
const WIDTHS = [
  {name: 'phone', use: {viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true}},
  {name: 'desktop', use: {viewport: {width: 1440, height: 900}}},
] as const;

/** Routes of the locale's sitemap (paths, e.g. "/ko/docs"). */
async function sitemapRoutes(page: Page, locale: string): Promise<string[]> {
  const response = await page.request.get(localePath(locale, '/sitemap.xml'));
  expect(response.status(), `sitemap of ${locale}`).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

async function checkRoutes(page: Page, routes: readonly string[]): Promise<void> {
  for (const route of routes) {
    // Each page opens in the light scheme; useColorScheme checks the site follows each switch.
    await page.emulateMedia({colorScheme: 'light'});
    await openPage(page, route);
    // Soft: one run lists every page and scheme with a violation.
    await expectNoA11yViolationsInEachScheme(page);
  }
}

for (const width of WIDTHS) {
  test.describe(`at ${width.use.viewport.width} px`, () => {
    test.use(width.use);

    for (const locale of LOCALE_IDS) {
      test(`every other page, search and 404 (${locale}) have no WCAG 2 A/AA violations, light and dark, at ${width.use.viewport.width} px`, async ({page}) => {
        // About fifteen pages, axe twice on each: four minutes per scheme at load 16 on the shared 2-core machine.
        test.setTimeout(480_000);
        const sitemap = await sitemapRoutes(page, locale);
        const chartPages = CHART_PAGES.map((r) => localePath(locale, r));
        // The report pages have their own tests; they must still be pages of the site.
        expect(sitemap, 'report pages in the sitemap').toEqual(expect.arrayContaining(chartPages));
        const extra = ['/search', NOT_FOUND_PAGE].map((r) => localePath(locale, r));
        const routes = [...new Set([...sitemap.filter((r) => !chartPages.includes(r)), ...extra])];
        expect(routes.length, 'pages to check').toBeGreaterThan(3);
        await checkRoutes(page, routes);
      });
    }

    test(`home, the reports' index and the EKS report as it loads (${DEFAULT_LOCALE}) have no WCAG 2 A/AA violations, light and dark, at ${width.use.viewport.width} px @smoke`, async ({page}) => {
      test.setTimeout(240_000);
      const eks = CHART_PAGES.find((r) => r.endsWith('/eks-cni'));
      expect(eks, 'the EKS report among the report pages').toBeDefined();
      await checkRoutes(page, ['/', '/docs', eks!].map((r) => localePath(DEFAULT_LOCALE, r)));
    });
  });
}
