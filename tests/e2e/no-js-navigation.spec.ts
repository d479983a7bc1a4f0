/**
 * Without JavaScript, on a phone: from the home page a reader reaches every page of the
 * locale's sitemap, report pages included, by following only links that are on screen
 * (after opening the <details> menus, which work without JavaScript), and no control that
 * needs JavaScript is shown (the phone menu button, the search box, the colour switch,
 * "On this page", the sidebar's expanders, a link that goes nowhere). One test per locale;
 * the default locale's is in the fast tier (@smoke).
 */
import type {Browser, Page} from '@playwright/test';
import {test, expect, localePath, LOCALE_IDS, DEFAULT_LOCALE} from './support/fixtures';
import {CHART_PAGES} from './support/charts';

const PHONE = {viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true, javaScriptEnabled: false};

/** Visible controls that would need JavaScript: buttons, form fields, links to "#", and the known dead widgets. */
async function deadControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dead: string[] = [];
    const candidates = document.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="button"], a[href="#"], a:not([href]), .navbar__toggle, .navbar__search, .theme-doc-toc-mobile, .menu__caret');
    for (const el of candidates) {
      if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A <summary> toggles its <details> without JavaScript; an anchor without href inside a heading is a target, not a control.
      if (el.closest('summary')) continue;
      if (el.tagName === 'A' && !el.hasAttribute('href') && !el.hasAttribute('role') && !el.hasAttribute('tabindex')) continue;
      dead.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return dead;
  });
}

/** Paths of the same-origin, same-locale links visible on screen, with every <details> open. */
async function visibleLinks(page: Page, locale: string): Promise<string[]> {
  // Opened by clicking each visible summary, as a reader would (the native toggle needs no JavaScript).
  const summaries = page.locator('details:not([open]) > summary');
  for (let i = (await summaries.count()) - 1; i >= 0; i--) {
    const summary = summaries.nth(i);
    if (await summary.isVisible()) await summary.click();
  }
  const hrefs = await page.locator('a[href]').evaluateAll((links) =>
    links
      .filter((a) => (a as HTMLElement).checkVisibility({visibilityProperty: true, opacityProperty: true}) && a.getBoundingClientRect().width > 0)
      .map((a) => new URL((a as HTMLAnchorElement).href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname.replace(/\.html$/, '').replace(/(.)\/$/, '$1')),
  );
  const prefix = localePath(locale, '/').replace(/\/$/, '');
  const others = ['ko', 'zh', 'en'].filter((l) => l !== locale && l !== DEFAULT_LOCALE).map((l) => `/${l}/`);
  return [...new Set(hrefs)].filter((p) => (prefix ? p === prefix || p.startsWith(`${prefix}/`) : !others.some((o) => `${p}/`.startsWith(o))) && !/\.\w+$/.test(p) && !p.includes('/data/') && !p.includes('/scripts/'));
}

async function sitemapRoutes(page: Page, locale: string): Promise<string[]> {
  const response = await page.request.get(localePath(locale, '/sitemap.xml'));
  expect(response.status(), `sitemap of ${locale}`).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname.replace(/(.)\/$/, '$1'));
}

async function crawl(browser: Browser, locale: string): Promise<{reached: Set<string>; dead: string[]; wanted: string[]}> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const home = localePath(locale, '/').replace(/(.)\/$/, '$1');
  // The search page needs JavaScript to search: without it the search box is hidden and nothing links there.
  const wanted = (await sitemapRoutes(page, locale)).filter((r) => r !== localePath(locale, '/search'));
  const reached = new Set<string>([home]);
  const queue = [home];
  const dead: string[] = [];
  while (queue.length > 0) {
    const route = queue.shift()!;
    const response = await page.goto(route);
    expect(response?.status(), `HTTP status of ${route}`).toBe(200);
    for (const control of await deadControls(page)) dead.push(`${route}: ${control}`);
    for (const link of await visibleLinks(page, locale)) {
      if (reached.has(link) || !wanted.includes(link)) continue;
      reached.add(link);
      queue.push(link);
    }
  }
  await context.close();
  return {reached, dead, wanted};
}

for (const locale of LOCALE_IDS) {
  const tag = locale === DEFAULT_LOCALE ? ' @smoke' : '';
  test(`without JavaScript a phone reader reaches every page from the home page (${locale}), and no dead control is shown${tag}`, async ({browser}) => {
    test.setTimeout(180_000);
    const {reached, dead, wanted} = await crawl(browser, locale);
    const reports = CHART_PAGES.map((r) => localePath(locale, r));
    expect(reports.filter((r) => !reached.has(r)), 'report pages not reached').toEqual([]);
    expect(wanted.filter((r) => !reached.has(r)), 'pages of the sitemap not reached').toEqual([]);
    expect(dead, 'controls on screen that need JavaScript').toEqual([]);
  });
}
