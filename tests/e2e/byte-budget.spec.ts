/**
 * The page-weight budget, deterministic: bytes are the gzip sizes of the
 * built files a page requests (computed with zlib from build/), not timings.
 *
 * - a report page loads at most JS_BUDGET_FACTOR x the JS of the plain doc page, which
 *   stays under its own ceiling (PLAIN_PAGE_JS_CEILING);
 * - the chart library (recharts) is not requested before a chart nears the viewport,
 *   nor the search engine (lunr) before the reader uses search;
 * - no layout shift while the page loads and the reader scrolls through the charts.
 *   Images and fonts are held back a little (support/layout-shift.ts), so an element
 *   whose size depends on a late asset shifts the page on every run, not only
 *   when the machine happens to be slow (the navbar logo once did, at random).
 *
 * - main-thread work at load, counted (not timed): the JavaScript function calls
 *   a report page makes until it has hydrated and gone idle stay within
 *   CALL_BUDGET_FACTOR[report] x those of the plain doc page (V8's precise coverage
 *   counts every call; the count varies by well under 1% between runs).
 *
 * - no block of the article is replaced while the page loads: elements React removes
 *   from `.markdown` until the page has hydrated and gone idle are counted (the parser
 *   never removes any), except a chart's when it goes live near the viewport. A block
 *   inserted into `.markdown` makes the browser restyle and lay out the whole article
 *   (Infima's :first-child/:last-child rules): Docusaurus' CodeBlock remounts every code
 *   block after hydration unless src/theme/CodeBlock keeps it.
 *
 * - each route chunk is prefetched once: Docusaurus prefetches the chunks of every internal
 *   link that shows, and many routes share chunks; the plain page added 99 <link
 *   rel="prefetch"> for 13 files (EKS 170 for 18), in the task after hydration (patches/@docusaurus+core:
 *   once per file, in idle time).
 *
 * - no locale-sensitive formatting or comparison at load: a page's first Intl.DateTimeFormat
 *   or localeCompare makes the browser set up ICU's date or collation data (tens of ms of CPU
 *   on a phone, in one task). The docs home's suite list formatted its dates again at hydration,
 *   and Docusaurus sorted with localeCompare on every doc page (patches/@docusaurus+theme-common).
 *
 * - a report's chart plots far from the screen are not rendered at load (content-visibility,
 *   src/components/ChartFigure/styles.module.css): the browser does not style, lay out or paint
 *   them until the reader nears them. Counted in elements, not timed.
 *
 * Runs against build/ (E2E_BUILD_DIR overrides, as for the server), in the
 * locales under test (E2E_LOCALES).
 */
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, REPO_ROOT, LOCALE_IDS} from './support/fixtures';
import {benchPages, JS_BUDGET_FACTOR, REPORT_ROUTES, type BenchPage} from '../../scripts/site-bench/pages';
import {buildFileFor, gzipSize, isLunrChunk, isRechartsChunk, kib} from '../../scripts/site-bench/build-files';
import {callsIn, coverageAtLoad, loadUntilHydratedAndIdle} from '../../scripts/site-bench/load';
import {goLive} from './support/charts';
import {layoutShiftSoFar, watchLayoutShift} from './support/layout-shift';

const BUILD_DIR = path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR ?? 'build');
/** Small phone viewport: the first view shows little, so lazy parts must stay lazy. */
const VIEWPORT = {width: 360, height: 640};
/** ChartFigure starts loading recharts within this distance of the viewport (its IntersectionObserver rootMargin). */
const NEAR_MARGIN_PX = 400;

/**
 * Calls until hydrated and idle, measured in en/ko/zh: the plain page 52.1-52.8k, the EKS report
 * 99.9-100.0k (1.91x), TKE 76-79k (1.46-1.51x). They are this low because the figures, the prose
 * and the table of contents keep the build's HTML at load (KeepServerHtml: a chart goes live when
 * it nears the viewport, the overview, claims, findings and tables when another version is shown),
 * code blocks do not remount after hydration (src/theme/CodeBlock), zod, Prism, lunr and mark.js
 * are not evaluated at load (search loads them when the reader uses it), and no query scans every
 * dataset row. Budgets, one factor per report so neither's gain can slip back under the other's:
 * ~7% over the highest ratio (a figure that hydrates at load again adds ~10-40k calls, prose that
 * hydrates again ~38k on EKS, code blocks that remount again ~15k), and a ceiling on the plain page
 * itself (52.8k + 8%) so a library evaluated on every page cannot come back unnoticed. What remains
 * is React hydrating the navigation, sidebar, code blocks and the kept blocks' wrappers, and the
 * page chunk's evaluation.
 */
const CALL_BUDGET_FACTOR: Record<(typeof REPORT_ROUTES)[number], number> = {
  '/docs/benchmarks/eks-cni': 2.05,
  '/docs/benchmarks/tke-cilium': 1.62,
};
const PLAIN_PAGE_CALL_CEILING = 57_000;
/**
 * The plain page's own JS, gzip: 168.4 KiB (ko) and 168.2 KiB (zh). Every translated interface
 * string ships in the locale's main bundle (Docusaurus' code.json), so the words of the chart
 * summaries, evidence marks, run-time table and counter flags count here; the ceiling is ko + ~3%.
 */
const PLAIN_PAGE_JS_CEILING = 174 * 1024;

/**
 * Share of a report's article elements the browser skips at load on the small phone (those with
 * a box: a closed <details>' content counts as neither): the chart plots below the first screen
 * (content-visibility, src/components/ChartFigure/styles.module.css): on Lighthouse's phone this
 * takes about a quarter off style, layout and paint at load. Measured EKS 34.2 % (1,754 of 5,122),
 * TKE 31.5 % (684 of 2,168), the same in en/ko/zh; floors 3.5-4.2 points under. Whole figures and
 * code blocks are not skipped: their height follows their content, so the page would shift each
 * time one was first drawn.
 */
const SKIPPED_SHARE_FLOOR: Record<(typeof REPORT_ROUTES)[number], number> = {
  '/docs/benchmarks/eks-cni': 0.3,
  '/docs/benchmarks/tke-cilium': 0.28,
};

test.use({viewport: VIEWPORT});

/** JavaScript function calls of a page load, from navigation until hydrated and idle. */
async function callsAtLoad(page: Page, url: string): Promise<number> {
  return callsIn(await coverageAtLoad(page, url));
}

/**
 * Elements of the article the browser renders once the page has hydrated and gone idle, and
 * those it skips (inside a block with content-visibility: auto, off the screen). Elements with
 * no box anyway (display: none, a closed <details>' content) count as neither.
 */
async function articleRenderedAtLoad(page: Page, url: string): Promise<{rendered: number; skipped: number}> {
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, {timeout: 5000})));
  return page.locator('.theme-doc-markdown').evaluate((article) => {
    let rendered = 0;
    let skipped = 0;
    for (const el of article.querySelectorAll('*')) {
      if (!el.checkVisibility()) continue;
      if (el.checkVisibility({contentVisibilityAuto: true})) rendered++;
      else skipped++;
    }
    return {rendered, skipped};
  });
}

/**
 * Elements removed from the article (`.theme-doc-markdown`) from navigation until the page
 * has hydrated and gone idle, with their descendants; a chart's own (it goes live near the
 * viewport) are not counted. Returns the count and where the removed elements were.
 */
async function articleElementsReplacedAtLoad(page: Page, url: string): Promise<{count: number; where: string[]}> {
  await page.addInitScript(() => {
    const w = window as unknown as {__replaced: {count: number; where: string[]}};
    w.__replaced = {count: 0, where: []};
    new MutationObserver((records) => {
      for (const r of records) {
        const parent = r.target as Element;
        if (!parent.closest?.('.theme-doc-markdown') || parent.closest('[data-chart]')) continue;
        for (const node of Array.from(r.removedNodes)) {
          if (!(node instanceof Element) || node.matches('[data-chart]') || node.querySelector('[data-chart]')) continue;
          w.__replaced.count += 1 + node.querySelectorAll('*').length;
          w.__replaced.where.push(`${node.tagName.toLowerCase()}.${Array.from(node.classList).join('.')} in ${parent.tagName.toLowerCase()}.${Array.from(parent.classList).join('.')}`);
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
  await loadUntilHydratedAndIdle(page, url);
  return page.evaluate(() => (window as unknown as {__replaced: {count: number; where: string[]}}).__replaced);
}

/** What a page asks of ICU from navigation until hydrated and idle: localeCompare calls and Intl objects made, with where the first was. */
async function localeWorkAtLoad(page: Page, url: string): Promise<{count: number; what: string[]}> {
  await page.addInitScript(() => {
    const w = window as unknown as {__localeWork: {count: number; what: string[]}};
    w.__localeWork = {count: 0, what: []};
    const seen = (what: string) => {
      w.__localeWork.count++;
      if (w.__localeWork.what.length < 3) w.__localeWork.what.push(`${what} ${new Error().stack?.split('\n')[3]?.trim()}`);
    };
    const compare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
      seen('localeCompare');
      return compare.apply(this, args);
    };
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
    for (const name of ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'ListFormat', 'RelativeTimeFormat', 'Segmenter']) {
      const Original = intl[name];
      if (!Original) continue;
      intl[name] = new Proxy(Original, {
        construct(target, args) {
          seen(`new Intl.${name}`);
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          seen(`Intl.${name}()`);
          return Reflect.apply(target as unknown as (...a: unknown[]) => object, self, args);
        },
      });
    }
  });
  await loadUntilHydratedAndIdle(page, url);
  return page.evaluate(() => (window as unknown as {__localeWork: {count: number; what: string[]}}).__localeWork);
}

interface Load {
  scripts: string[];
  status: number;
}

/** Open a page without scrolling; return the same-origin scripts it requested. */
async function openUnscrolled(page: Page, route: string, origin: string): Promise<Load> {
  const scripts: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'script' && url.origin === origin) scripts.push(url.pathname);
  });
  await watchLayoutShift(page);
  const response = await page.goto(route);
  await page.waitForLoadState('networkidle');
  return {scripts: [...new Set(scripts)], status: response?.status() ?? 0};
}

const jsBytes = (scripts: string[]) => scripts.reduce((sum, s) => sum + gzipSize(buildFileFor(BUILD_DIR, s)), 0);
const rechartsIn = (scripts: string[]) => scripts.filter((s) => isRechartsChunk(buildFileFor(BUILD_DIR, s)));
const lunrIn = (scripts: string[]) => scripts.filter((s) => isLunrChunk(buildFileFor(BUILD_DIR, s)));

const pages = benchPages().filter((p) => LOCALE_IDS.includes(p.locale));
const plainOf = (locale: string) => pages.find((p) => p.kind === 'plain' && p.locale === locale) as BenchPage;

/** The report a route is, in any locale (the key of CALL_BUDGET_FACTOR and SKIPPED_SHARE_FLOOR). */
function reportOf(route: string): (typeof REPORT_ROUTES)[number] {
  const report = REPORT_ROUTES.find((r) => route.endsWith(r));
  if (!report) throw new Error(`${route} is not a report in REPORT_ROUTES (scripts/site-bench/pages.ts)`);
  return report;
}

for (const bench of pages) {
  test(`${bench.route}: no block of the article replaced while the page loads @smoke`, async ({page}) => {
    const replaced = await articleElementsReplacedAtLoad(page, bench.route);
    test.info().annotations.push({type: 'replaced-at-load', description: `${bench.route}: ${replaced.count} elements (${replaced.where.join('; ') || 'none'})`});
    expect(await page.locator('.theme-doc-markdown *').count(), 'the article has content').toBeGreaterThan(10);
    expect(replaced.count, `elements of the article removed at load: ${replaced.where.join('; ')}`).toBe(0);
  });
}

for (const bench of pages) {
  test(`${bench.route}: no locale-sensitive formatting or comparison at load @smoke`, async ({page}) => {
    const work = await localeWorkAtLoad(page, bench.route);
    expect(await page.locator('.theme-doc-markdown *').count(), 'the article has content').toBeGreaterThan(10);
    expect(work.count, `localeCompare calls and Intl objects made at load (the first: ${work.what.join('; ')})`).toBe(0);
  });
}

for (const bench of pages) {
  test(`${bench.route}: each route chunk prefetched once @smoke`, async ({page}) => {
    await page.goto(bench.route);
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
    // Prefetching runs in idle time: wait until the links have stopped coming.
    let hrefs: string[] = [];
    for (let previous = -1; hrefs.length !== previous; ) {
      previous = hrefs.length;
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), {timeout: 5000})));
      hrefs = await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
    }
    const repeated = [...new Set(hrefs.filter((h, i) => hrefs.indexOf(h) !== i))];
    test.info().annotations.push({type: 'prefetch', description: `${bench.route}: ${hrefs.length} prefetch links, ${new Set(hrefs).size} files`});
    expect(hrefs.length, 'the page prefetches the chunks of the pages it links to').toBeGreaterThan(0);
    expect(repeated, `files prefetched by more than one <link> (${hrefs.length} links for ${new Set(hrefs).size} files)`).toEqual([]);
  });
}

for (const report of pages.filter((p) => p.kind === 'report')) {
  test(`${report.route}: chart plots off the screen not rendered at load @smoke`, async ({page}) => {
    const {rendered, skipped} = await articleRenderedAtLoad(page, report.route);
    const share = skipped / (rendered + skipped);
    test.info().annotations.push({type: 'skipped-at-load', description: `${report.route}: ${skipped} of ${rendered + skipped} elements skipped (${(share * 100).toFixed(1)} %)`});
    expect(rendered, 'the first screen is rendered').toBeGreaterThan(20);
    const floor = SKIPPED_SHARE_FLOOR[reportOf(report.route)];
    expect(share, `share of the article's ${rendered + skipped} elements skipped at load`).toBeGreaterThanOrEqual(floor);
  });
}

for (const report of pages.filter((p) => p.kind === 'report')) {
  const callFactor = CALL_BUDGET_FACTOR[reportOf(report.route)];
  test(`${report.route}: JavaScript calls at load within ${callFactor}x the plain doc page @smoke`, async ({page, browser, baseURL}) => {
    test.slow();
    const reportCalls = await callsAtLoad(page, report.route);
    const plainPage = await browser.newPage({viewport: VIEWPORT});
    const plainCalls = await callsAtLoad(plainPage, `${new URL(baseURL as string).origin}${plainOf(report.locale).route}`);
    await plainPage.close();
    test.info().annotations.push({type: 'js-calls', description: `${report.route} ${reportCalls} vs ${plainOf(report.locale).route} ${plainCalls} (${(reportCalls / plainCalls).toFixed(2)}x)`});
    expect(plainCalls, 'the plain doc page runs some JavaScript').toBeGreaterThan(10_000);
    expect(plainCalls, `calls at load of the plain doc page vs its ceiling ${PLAIN_PAGE_CALL_CEILING}`).toBeLessThanOrEqual(PLAIN_PAGE_CALL_CEILING);
    expect(reportCalls, `calls at load of ${report.route} vs ${callFactor}x the plain page's ${plainCalls}`).toBeLessThanOrEqual(plainCalls * callFactor);
  });

  test(`${report.route}: JS within ${JS_BUDGET_FACTOR}x the plain doc page, recharts lazy, no layout shift @smoke`, async ({page, browser, baseURL}) => {
    // Two page loads and a scroll through every chart: about 10 s on an idle machine, 2-3 minutes in the
    // full tier, where the e2e tests share two cores with the cluster tests and bats.
    test.setTimeout(360_000);
    const origin = new URL(baseURL as string).origin;
    const load = await openUnscrolled(page, report.route, origin);
    expect(load.status).toBe(200);

    const plainPage = await browser.newPage({viewport: VIEWPORT});
    const plain = await openUnscrolled(plainPage, `${origin}${plainOf(report.locale).route}`, origin);
    await plainPage.close();
    const reportBytes = jsBytes(load.scripts);
    const plainBytes = jsBytes(plain.scripts);
    test.info().annotations.push({type: 'js-gzip', description: `${report.route} ${kib(reportBytes)} vs ${plainOf(report.locale).route} ${kib(plainBytes)} (${(reportBytes / plainBytes).toFixed(2)}x)`});
    expect(plainBytes, 'the plain doc page loads some JS').toBeGreaterThan(0);
    expect(plainBytes, `JS gzip of the plain doc page (${kib(plainBytes)}) vs its ceiling ${kib(PLAIN_PAGE_JS_CEILING)}`).toBeLessThanOrEqual(PLAIN_PAGE_JS_CEILING);
    // The search engine loads when the reader uses search (i18n-search.spec.ts shows it then does).
    expect(lunrIn([...load.scripts, ...plain.scripts]), 'lunr requested before the reader used search').toEqual([]);
    expect(reportBytes, `JS gzip of ${report.route} (${kib(reportBytes)}) vs ${JS_BUDGET_FACTOR}x plain (${kib(plainBytes * JS_BUDGET_FACTOR)})`).toBeLessThanOrEqual(plainBytes * JS_BUDGET_FACTOR);

    const charts = page.locator('[data-chart]');
    const chartCount = await charts.count();
    if (chartCount === 0) return;
    // Chart roots reserve their height: the rendered figure must not be a collapsed box.
    for (let i = 0; i < chartCount; i++) expect((await charts.nth(i).boundingBox())?.height ?? 0, `height of chart ${i}`).toBeGreaterThan(100);

    const firstChartTop = (await charts.first().boundingBox())?.y ?? 0;
    if (firstChartTop > VIEWPORT.height + NEAR_MARGIN_PX) {
      expect(rechartsIn(load.scripts), 'recharts chunks requested before scrolling').toEqual([]);
    } else {
      test.info().annotations.push({type: 'note', description: `first chart starts at ${firstChartTop}px, near the first view: recharts may load at once`});
    }

    // Scroll through every chart: each is the build's drawing, no chart code runs, nothing shifts.
    const before = load.scripts.length;
    for (let i = 0; i < chartCount; i++) {
      await charts.nth(i).evaluate((el) => el.scrollIntoView({block: 'center'}));
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-chart] .recharts-wrapper'), 'charts drawn by recharts before the reader used one').toHaveCount(0);
    // Pointing at a chart draws it live: recharts loads (proving the check above can see it), and still nothing shifts.
    const plot = page.locator('[data-static-plot]').last();
    await goLive(plot);
    await expect(page.locator('[data-chart] .recharts-wrapper').first()).toBeVisible();
    const all = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
    expect(rechartsIn(all).length, 'a recharts chunk is requested once a chart is near').toBeGreaterThan(0);
    expect(all.length).toBeGreaterThanOrEqual(before);
    const {shift, sources} = await layoutShiftSoFar(page);
    expect(shift, `cumulative layout shift during load and scroll; moved: ${sources.join('; ') || 'none recorded'}`).toBe(0);
  });
}
