/**
 * Without JavaScript, on a phone: from the home page a reader reaches every page of the
 * locale's sitemap, report pages included, by following only links that are on screen
 * (after opening the <details> menus, which work without JavaScript), and no control that
 * needs JavaScript is shown (the phone menu button, the search box, the colour switch,
 * "On this page", the sidebar's expanders, a link that goes nowhere). One test per locale;
 * the default locale's is in the fast tier (@smoke). On a desktop too, no dead control is
 * shown; the search page, whose searching runs in the browser, shows no field but a note
 * that leads to the reports' index.
 */
import type {Browser, Page} from '@playwright/test';
import {test, expect, localePath, LOCALE_IDS, DEFAULT_LOCALE} from './support/fixtures';
import {CHART_PAGES} from './support/charts';

const PHONE = {viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true, javaScriptEnabled: false};
const DESKTOP = {viewport: {width: 1440, height: 900}, javaScriptEnabled: false};

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
      // A link that goes somewhere works without JavaScript, whatever its role (the sidebar's category links lead to their first page).
      if (el.tagName === 'A' && el.getAttribute('href') && el.getAttribute('href') !== '#') continue;
      // A hoverable dropdown's toggle (the language menu on a desktop) opens its menu by hover and focus, without JavaScript: checked on its own (dropdownsOpen).
      if (el.matches('.dropdown--hoverable > a.navbar__link')) continue;
      dead.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return dead;
  });
}

/** The hoverable dropdowns on screen whose menu does not show its links on hover and on keyboard focus (each toggle's text). */
async function dropdownsThatDoNotOpen(page: Page): Promise<string[]> {
  const closed: string[] = [];
  const toggles = page.locator('.dropdown--hoverable > a.navbar__link');
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if (!(await toggle.isVisible())) continue;
    const firstLink = toggle.locator('xpath=..').locator('.dropdown__menu a[href]').first();
    // The menu fades in and out (a CSS transition): wait for each state rather than read it at once.
    const shows = () => firstLink.waitFor({state: 'visible', timeout: 3000}).then(() => true, () => false);
    await toggle.hover();
    const onHover = await shows();
    await page.mouse.move(0, 0);
    await firstLink.waitFor({state: 'hidden', timeout: 3000});
    await toggle.focus();
    const onFocus = await shows();
    await toggle.blur();
    if (!onHover || !onFocus) closed.push(`${(await toggle.textContent())?.trim()} (hover: ${onHover}, focus: ${onFocus})`);
  }
  return closed;
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
    // Every page, every disclosure opened by a click: about two minutes on an idle 2-core machine.
    test.setTimeout(360_000);
    const {reached, dead, wanted} = await crawl(browser, locale);
    const reports = CHART_PAGES.map((r) => localePath(locale, r));
    expect(reports.filter((r) => !reached.has(r)), 'report pages not reached').toEqual([]);
    expect(wanted.filter((r) => !reached.has(r)), 'pages of the sitemap not reached').toEqual([]);
    expect(dead, 'controls on screen that need JavaScript').toEqual([]);
  });
}

for (const locale of LOCALE_IDS) {
  const tag = locale === DEFAULT_LOCALE ? ' @smoke' : '';
  test(`without JavaScript the search page shows no field but a note leading to the reports, at both widths (${locale})${tag}`, async ({browser}) => {
    for (const [width, options] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const search = localePath(locale, '/search');
      expect((await page.goto(search))?.status(), `HTTP status of ${search}`).toBe(200);
      // The field is in the page (it works once JavaScript runs) but not on screen.
      expect(await page.locator('input[type="search"]').count(), `${width}: the search page's field is in its HTML`).toBeGreaterThan(0);
      expect(await deadControls(page), `${width}: controls on ${search} that need JavaScript`).toEqual([]);
      const note = page.locator('[data-nojs-search-note]');
      await expect(note, `${width}: the note that stands in for the field`).toBeVisible();
      const docs = localePath(locale, '/docs').replace(/(.)\/$/, '$1');
      const href = await note.locator('a').getAttribute('href');
      expect(new URL(href!, page.url()).pathname.replace(/(.)\/$/, '$1'), `${width}: the note links the reports' index`).toBe(docs);
      await note.locator('a').click();
      await expect(page.locator('[data-testid="suite-list"]'), `${width}: the reports' index lists the suites`).toBeVisible();
      await context.close();
    }
  });

  test(`without JavaScript on a desktop the home page, the reports' index and every report show no dead control (${locale})${tag}`, async ({browser}) => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const dead: string[] = [];
    for (const route of ['/', '/docs', ...CHART_PAGES].map((r) => localePath(locale, r))) {
      expect((await page.goto(route))?.status(), `HTTP status of ${route}`).toBe(200);
      // The navbar's search box needs JavaScript: the <noscript> style hides it.
      await expect(page.locator('.navbar__search'), `${route}: the navbar's search box`).toBeHidden();
      for (const control of await deadControls(page)) dead.push(`${route}: ${control}`);
      for (const menu of await dropdownsThatDoNotOpen(page)) dead.push(`${route}: dropdown ${menu}`);
    }
    expect(dead, 'controls on screen that need JavaScript').toEqual([]);
    // With JavaScript the search page has its field and no note.
    const withJs = await browser.newContext({viewport: DESKTOP.viewport});
    const live = await withJs.newPage();
    await live.goto(localePath(locale, '/search'));
    await expect(live.locator('input[type="search"]').first()).toBeVisible();
    await expect(live.locator('[data-nojs-search-note]')).toBeHidden();
    await withJs.close();
    await context.close();
  });
}
