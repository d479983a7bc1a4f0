/**
 * Smoke tests of the built site in every locale: pages load cleanly, carry the
 * right language, list every dataset on disk, switch language and colour
 * scheme. The report pages at phone width, axe and the chart pictures for a human look
 * are checked in report-pages.spec.ts (report-checks/) and a11y.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {
  test,
  expect,
  datasetFiles,
  localePath,
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_IDS,
} from './support/fixtures';
import {localized} from '../../src/words/datasetText';
import {REPO_ROOT} from './support/site';

const PAGES = {landing: '/', docsHome: '/docs'} as const;

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `HTTP status of ${path}`).toBe(200);
  await page.waitForLoadState('networkidle');
}

async function headingOf(page: Page, path: string): Promise<string> {
  await open(page, path);
  return (await page.locator('h1').first().innerText()).trim();
}

for (const locale of LOCALE_IDS) {
  const {htmlLang} = LOCALES[locale];

  test.describe(`${locale}`, () => {
    test('landing and docs home load with the right language and no errors @smoke', async ({page, consoleErrors}) => {
      for (const route of Object.values(PAGES)) {
        await open(page, localePath(locale, route));
        await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
        await expect(page.locator('h1').first()).toBeVisible();
      }
      consoleErrors.expectNone();
    });

    test('the suite list shows every dataset in static/data @smoke', async ({page}) => {
      const datasets = datasetFiles();
      expect(datasets.length, 'dataset files in static/data').toBeGreaterThan(0);
      const newest = new Map<string, string>();
      for (const {suite, version} of datasets) if (!newest.has(suite) || version.localeCompare(newest.get(suite)!) > 0) newest.set(suite, version);
      for (const route of Object.values(PAGES)) {
        await open(page, localePath(locale, route));
        const list = page.getByTestId('suite-list');
        for (const {suite, version, title} of datasets) {
          const card = list.locator(`[data-suite="${suite}"]`);
          // The landing page's cards are the suites with a report page; the docs home lists all.
          if (route === PAGES.landing && !fs.existsSync(path.join(REPO_ROOT, 'docs/benchmarks', `${suite}.mdx`))) {
            await expect(card, `no card of ${suite} (no report page) on ${route}`).toHaveCount(0);
            continue;
          }
          await expect(card, `card of ${suite} on ${route}`).toBeVisible();
          await expect(card.locator('code', {hasText: suite}).first()).toBeVisible();
          // The docs home lists every version; the landing page's cards name the newest (with its headline figures).
          if (route === PAGES.docsHome) await expect(card.locator('td code').getByText(version, {exact: true}), `${suite} ${version} on ${route}`).toBeVisible();
          else if (version === newest.get(suite)) await expect(card.locator('code').getByText(version, {exact: true}), `${suite} ${version} on ${route}`).toBeVisible();
          // The card is titled by its newest version, as localized() gives it (zh typeset), not raw.
          const expectedTitle = title.en === undefined ? undefined : localized({...title, en: title.en}, locale);
          if (expectedTitle && version === newest.get(suite)) await expect(card.getByRole('heading')).toHaveText(expectedTitle);
        }
      }
    });

    test('dark mode follows the operating system @smoke', async ({page}) => {
      for (const colorScheme of ['dark', 'light'] as const) {
        await page.emulateMedia({colorScheme});
        await open(page, localePath(locale, PAGES.docsHome));
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      }
    });

    test('sitemap.xml lists the docs home @smoke', async ({request}) => {
      const response = await request.get(localePath(locale, '/sitemap.xml'));
      expect(response.status()).toBe(200);
      const body = await response.text();
      expect(body).toContain('<urlset');
      expect(body).toMatch(new RegExp(`<loc>[^<]*${localePath(locale, PAGES.docsHome)}</loc>`));
    });
  });
}

test.describe('locale dropdown', () => {
  const others = LOCALE_IDS.filter((l) => l !== DEFAULT_LOCALE);

  for (const target of others) {
    for (const route of Object.values(PAGES)) {
      test(`switches ${DEFAULT_LOCALE} -> ${target} on ${route} @mobile`, async ({page, isMobile, consoleErrors}) => {
        const translatedHeading = await headingOf(page, localePath(target, route));
        const englishHeading = await headingOf(page, localePath(DEFAULT_LOCALE, route));
        expect(translatedHeading, 'the translated page has its own heading').not.toBe(englishHeading);

        // Locale links carry lang=<htmlLang>; their text is the configured label.
        const targetLink = `a[lang="${LOCALES[target].htmlLang}"]`;
        if (isMobile) {
          // On phones the navbar items live in the sidebar behind the menu button.
          await page.locator('button.navbar__toggle').click();
          // Docs pages open the sidebar on the docs menu; the navbar items are one level up.
          await expect(page.locator('.navbar-sidebar__brand')).toBeVisible();
          if (await page.locator('.navbar-sidebar__items--show-secondary').count()) await page.locator('.navbar-sidebar__back').click();
          const primaryMenu = page.locator('.navbar-sidebar .navbar-sidebar__item').first();
          // Dropdowns render their links only once expanded (a caret click on an open one would close it).
          for (const caret of await primaryMenu.locator('button.menu__caret[aria-expanded="false"]').all()) await caret.click();
          const link = primaryMenu.locator(targetLink);
          await expect(link).toHaveText(LOCALES[target].label);
          // The dropdown opens by growing its list's height with overflow hidden: the link stands still
          // but is clipped meanwhile. Clicked then, Playwright scrolls the clipped list to reach it; when
          // the opening ends the list's scroll snaps back to 0, and if that falls between mouse down and
          // up the click lands on no link (CI, bf1c992). Docusaurus' Collapsible sets overflow back to
          // visible when the opening's transition ends: click after that, as a person taps what they see.
          await expect(link.locator('xpath=ancestor::ul[1]')).toHaveCSS('overflow', 'visible');
          await link.click();
        } else {
          const dropdown = page.locator('.navbar__items--right .dropdown').filter({has: page.locator(targetLink)});
          await expect(dropdown.locator('.navbar__link')).toHaveText(LOCALES[DEFAULT_LOCALE].label);
          await dropdown.hover();
          await expect(dropdown.locator(targetLink)).toHaveText(LOCALES[target].label);
          await dropdown.locator(targetLink).click();
        }

        await expect(page).toHaveURL(new RegExp(`${localePath(target, route).replace(/\/$/, '')}/?$`));
        await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[target].htmlLang);
        await expect(page.locator('h1').first()).toHaveText(translatedHeading);
        consoleErrors.expectNone();
      });
    }
  }
});
