/**
 * bench:site's phone profile: what a reader on a slow phone waits for on a
 * report page, timed in Chromium driven by Playwright, with the
 * network and the CPU throttled over CDP to the values of Lighthouse's mobile
 * preset (Lighthouse's own "devtools" throttling sends the same two commands)
 * and Lighthouse's phone screen:
 *
 * - a chart scrolled into view once the page has settled: from the scroll to
 *   the panel in view painted (the one nearest the middle of the screen), and to
 *   every panel painted: the build's drawing, which the browser skips until the
 *   plot nears the screen (content-visibility), or the live chart once there is one;
 * - a shared link to that chart with a saved view (a hidden series): from
 *   navigation start to the view shown (the build's drawing or the table, without
 *   the series), and to every panel on
 *   the screen drawn (the link lands at the figure's top; a panel below the screen
 *   is, by design, drawn only once the reader scrolls near it);
 * - in both, how often the figure became an empty box (a panel that showed a
 *   table or a chart, then neither): the reader should never lose the table.
 *
 * Times are read in the page, in the first animation frame showing each state,
 * so they are what was painted, not when a CDP round trip noticed it. Every
 * load gets a fresh browser context: a cold cache, as for a first visit.
 */
import fs from 'node:fs';
import {chromium, type Browser, type BrowserContext, type Page} from '@playwright/test';
import {PHONE_CHARTS} from '../../src/suites/site';
import {chartAnchorId, hiddenSeriesKey} from '../../src/data/chartLink';
import type {BenchPage} from './pages';
import type {PhoneFacts, PhoneResult, PhoneRow, PhoneSample} from './results';
import {scenarioOf} from './dataset';
import {CHROMIUM_FLAGS} from '../chromium';

/** How long one wait (a load, a chart to draw) may take before the run counts as failed. */
const WAIT_MS = 60_000;
/** A page has settled when its network was quiet for 0.5 s (Playwright's networkidle) and then no long task ran for this long. */
const QUIET_MS = 1_000;
/** After the chart is drawn, keep watching this long for a flash of an empty box. */
const AFTER_DRAWN_MS = 500;

const packageVersion = (name: string): string => (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {version: string}).version;

/**
 * The emulated phone, from the installed Lighthouse: its mobile preset's throttling
 * (throttling.mobileSlow4G: 150 ms RTT and 1.6 Mbit/s down, 750 kbit/s up, with
 * DevTools' adjustment factors x3.75 and x0.9, the values DevTools long called "Fast 3G"),
 * converted to bytes per second as Lighthouse's devtools throttling does
 * (core/lib/emulation.js), and its phone screen (screenEmulationMetrics.mobile).
 */
export async function lighthousePhone(): Promise<PhoneFacts> {
  const {throttling, screenEmulationMetrics} = await import('lighthouse/core/config/constants.js');
  const version = packageVersion('lighthouse');
  const t = throttling.mobileSlow4G;
  const screen = screenEmulationMetrics.mobile;
  if (!screen) throw new Error(`Lighthouse ${version}: no screenEmulationMetrics.mobile in core/config/constants.js`);
  return {
    source: `Lighthouse ${version} throttling.mobileSlow4G and screenEmulationMetrics.mobile`,
    latencyMs: t.requestLatencyMs,
    downloadBytesPerSecond: Math.floor((t.downloadThroughputKbps * 1024) / 8),
    uploadBytesPerSecond: Math.floor((t.uploadThroughputKbps * 1024) / 8),
    cpuSlowdown: t.cpuSlowdownMultiplier,
    viewport: {width: screen.width, height: screen.height, deviceScaleFactor: screen.deviceScaleFactor},
  };
}

/** What the in-page watcher has seen, in ms of performance.now() (from navigation start). */
export interface Watched {
  viewAt?: number;
  /** Every panel drawn (`every`), or every panel on the screen (`onScreen`, at least one). */
  drawnAt?: number;
  /** The panel named by `inView` (set after the scroll) drawn. */
  inViewDrawnAt?: number;
  emptyBoxes: number;
}

declare global {
  interface Window {
    __phoneWatch?: Watched & {empty: boolean; seen: boolean; inView?: string};
  }
}

/**
 * Runs in the page before any of its scripts (an init script, so self-contained): every
 * animation frame, look at the figure as it is about to be painted.
 */
/** A chart's drawing in a panel: the live chart recharts draws, or the build's drawing at one of its layouts. */
export const CHART_SVG = 'svg.recharts-surface, [data-layout] > svg';

export function watchFigure({chart, hide, hiddenLabel, drawn: drawnWhen, chartSvg}: {chart: string; hide?: string; hiddenLabel?: string; drawn: 'every' | 'onScreen'; chartSvg: string}): void {
  if (window.top !== window) return;
  const state = {emptyBoxes: 0, empty: false, seen: false} as NonNullable<Window['__phoneWatch']>;
  window.__phoneWatch = state;
  // checkVisibility, not layout boxes: the table in a drawn chart's closed "Data table" <details> has boxes but is not painted.
  const shown = (el: Element) => el.checkVisibility({visibilityProperty: true});
  // Panels (by key: React replaces the elements) that have shown a table or a chart: one that then shows neither is
  // the table replaced by an empty box; a panel the HTML parser has not finished yet is the page still loading.
  const filled = new Set<string>();
  const frame = () => {
    const now = performance.now();
    const figure = document.querySelector(`figure[data-chart="${chart}"]`);
    if (figure || state.seen) {
      state.seen = true;
      const panels = figure ? [...figure.querySelectorAll('[data-panel]')] : [];
      // Drawn: a chart painted in the panel, the live one or the build's drawing at the shown layout (not
      // a drawing content-visibility still skips, off the screen, nor the layouts the panel's width hides).
      const drawn = (p: Element) =>
        [...p.querySelectorAll(chartSvg)].some((s) => s.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}) && s.getBoundingClientRect().width > 0);
      const tables = panels.flatMap((p) => [...p.querySelectorAll('table')].filter(shown));
      const hasContent = (p: Element) => drawn(p) || [...p.querySelectorAll('table')].some(shown);
      const key = (p: Element) => (p as HTMLElement).dataset.panel ?? '';
      const emptied = panels.filter((p) => !hasContent(p) && filled.has(key(p)));
      panels.filter(hasContent).forEach((p) => filled.add(key(p)));
      const empty = emptied.length > 0 || (panels.length === 0 && filled.size > 0);
      if (empty && !state.empty) state.emptyBoxes++;
      state.empty = empty;
      // A panel partly on the screen counts as on it; one wholly above or below does not.
      const onScreen = (p: Element) => {
        const r = p.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight;
      };
      const awaited = drawnWhen === 'every' ? panels : panels.filter(onScreen);
      if (state.drawnAt === undefined && awaited.length > 0 && awaited.every(drawn)) state.drawnAt = now;
      if (state.inViewDrawnAt === undefined && panels.some((p) => key(p) === state.inView && drawn(p))) state.inViewDrawnAt = now;
      // The saved view shown: a panel on the screen painted (its drawing or its table), without the hidden
      // series' marks (a link's style hides them in the build's drawing before React applies the view) or column.
      // A mark is shown when it has a box: Chromium's checkVisibility says true for an SVG group with display: none.
      if (hide !== undefined && hiddenLabel !== undefined && state.viewAt === undefined) {
        const visible = panels.filter(onScreen).filter(hasContent);
        const marks = visible.flatMap((p) => [...p.querySelectorAll(`svg [data-series="${CSS.escape(hide)}"]`)].filter((m) => m.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}) && m.getBoundingClientRect().width > 0));
        const headers = tables.flatMap((t) => [...t.querySelectorAll('thead th')].filter(shown).map((th) => th.textContent?.trim()));
        if (visible.length > 0 && marks.length === 0 && !headers.includes(hiddenLabel)) state.viewAt = now;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** A fresh context (cold cache) on the emulated phone: its screen, and its network and CPU throttled over CDP. */
export async function throttledPhonePage(browser: Browser, facts: PhoneFacts): Promise<{context: BrowserContext; page: Page}> {
  const context = await browser.newContext({viewport: {width: facts.viewport.width, height: facts.viewport.height}, deviceScaleFactor: facts.viewport.deviceScaleFactor, isMobile: true, hasTouch: true});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {offline: false, latency: facts.latencyMs, downloadThroughput: facts.downloadBytesPerSecond, uploadThroughput: facts.uploadBytesPerSecond});
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: facts.cpuSlowdown});
  // tsx compiles with esbuild's keepNames: functions sent to the page call a __name() helper the page lacks.
  await page.addInitScript({content: 'globalThis.__name ??= (f) => f;'});
  return {context, page};
}

/** A fresh phone page with the figure watcher (watchFigure) installed before the page's own scripts. */
export async function phonePage(browser: Browser, facts: PhoneFacts, watch: Omit<Parameters<typeof watchFigure>[0], 'chartSvg'>): Promise<{context: BrowserContext; page: Page}> {
  const {context, page} = await throttledPhonePage(browser, facts);
  await page.addInitScript(watchFigure, {...watch, chartSvg: CHART_SVG});
  return {context, page};
}

/**
 * The emulated latency delays the document (Chromium holds back the body, not the
 * headers, so responseEnd rather than responseStart): a check that the throttling took effect.
 */
async function expectThrottled(page: Page, facts: PhoneFacts): Promise<void> {
  const lastByte = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? 0);
  if (lastByte < facts.latencyMs) throw new Error(`network throttling is not in effect: the document's last byte came at ${lastByte.toFixed(0)} ms, before the emulated latency (${facts.latencyMs} ms)`);
}

/** Waits until the watcher has seen the chart drawn (then a little longer, for a flash of an empty box) and returns what it saw. */
export async function watched(page: Page, chart: string): Promise<Watched> {
  try {
    await page.waitForFunction(() => window.__phoneWatch?.drawnAt !== undefined, undefined, {timeout: WAIT_MS, polling: 250});
  } catch (e) {
    // Which panels were not drawn, and where they were: the bare timeout named neither.
    const panels = await page
      .evaluate(({chart, chartSvg}) => {
        const rows = [...document.querySelectorAll<HTMLElement>(`figure[data-chart="${chart}"] [data-panel]`)].map((p) => {
          const r = p.getBoundingClientRect();
          const drawn = [...p.querySelectorAll(chartSvg)].some((s) => s.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}) && s.getBoundingClientRect().width > 0);
          return `${p.dataset.panel} ${drawn ? 'drawn' : 'not drawn'} at ${Math.round(r.top)}-${Math.round(r.bottom)} px`;
        });
        return `${rows.join(', ') || 'no panel'} (screen height ${innerHeight} px)`;
      }, {chart, chartSvg: CHART_SVG})
      .catch(() => 'panels unreadable');
    throw new Error(`${chart} not drawn within ${WAIT_MS / 1000} s: ${panels}`, {cause: e});
  }
  await page.waitForTimeout(AFTER_DRAWN_MS);
  return page.evaluate(() => {
    const {viewAt, drawnAt, inViewDrawnAt, emptyBoxes} = window.__phoneWatch!;
    return {viewAt, drawnAt, inViewDrawnAt, emptyBoxes};
  });
}

/** Network quiet, then no long task for QUIET_MS (bounded by WAIT_MS). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', {timeout: WAIT_MS});
  await page.evaluate(
    ({quiet, limit}) =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        let busyUntil = start;
        new PerformanceObserver((list) => list.getEntries().forEach((e) => (busyUntil = Math.max(busyUntil, e.startTime + e.duration)))).observe({type: 'longtask'});
        const check = () => (performance.now() - busyUntil >= quiet || performance.now() - start > limit ? resolve() : setTimeout(check, 100));
        check();
      }),
    {quiet: QUIET_MS, limit: WAIT_MS},
  );
}

/** The User Timing mark set at the scroll: where a trace of the page puts performance.now() = the time scrollToChart returns. */
export const SCROLL_MARK = 'phone:scroll-to-chart';

/**
 * Scrolls the chart to the middle of the screen and tells the watcher which panel the reader
 * looks at: the one nearest the middle once scrolled (as src/components/ChartFigure/drawTurns.ts
 * reckons it). Returns the page's performance.now() at the scroll.
 */
export async function scrollToChart(page: Page, chart: string): Promise<number> {
  return page.evaluate(
    ({chart, mark}) => {
      const t = performance.mark(mark).startTime;
      const el = document.querySelector(`figure[data-chart="${chart}"]`)!;
      el.scrollIntoView({block: 'center'});
      const offCentre = (p: Element) => {
        const r = p.getBoundingClientRect();
        return Math.hypot((r.left + r.right) / 2 - innerWidth / 2, (r.top + r.bottom) / 2 - innerHeight / 2);
      };
      const [nearest] = [...el.querySelectorAll<HTMLElement>('[data-panel]')].sort((a, b) => offCentre(a) - offCentre(b));
      window.__phoneWatch!.inView = nearest?.dataset.panel;
      return t;
    },
    {chart, mark: SCROLL_MARK},
  );
}

/** One run of both measurements on a report page. */
async function phoneRun(browser: Browser, facts: PhoneFacts, url: string, chart: string, hide: string): Promise<PhoneSample> {
  const figure = `figure[data-chart="${chart}"]`;
  // The chart scrolled into view.
  let hiddenLabel: string;
  let afterScroll: Watched;
  let scrolledAt: number;
  {
    const {context, page} = await phonePage(browser, facts, {chart, drawn: 'every'});
    try {
      await page.goto(url, {waitUntil: 'load', timeout: WAIT_MS});
      await expectThrottled(page, facts);
      await settle(page);
      const before = await page.evaluate(
        ({figure, hide}) => {
          const el = document.querySelector(figure);
          const button = el?.querySelector(`button[data-series="${hide}"]`);
          const headers = [...(el?.querySelectorAll('[data-panel] table thead th') ?? [])].map((th) => th.textContent?.trim());
          return {found: el !== null, static: el?.querySelector('[data-static-plot]') !== null, label: button?.textContent?.trim(), headers};
        },
        {figure, hide},
      );
      if (!before.found) throw new Error(`${url}: no ${figure} (src/suites/site/index.ts PHONE_CHARTS)`);
      if (!before.static) throw new Error(`${url}: ${chart} was drawn before it was scrolled to: pick a chart further down (PHONE_CHARTS)`);
      if (!before.label || !before.headers.includes(before.label)) throw new Error(`${url}: ${chart} has no series "${hide}" in its legend and tables (PHONE_CHARTS)`);
      hiddenLabel = before.label;
      scrolledAt = await scrollToChart(page, chart);
      afterScroll = await watched(page, chart);
      if (afterScroll.inViewDrawnAt === undefined) throw new Error(`${url}: ${chart}: every panel was drawn but the panel in view was never seen drawn`);
    } finally {
      await context.close();
    }
  }
  // The shared link, anchored at the chart, with the series hidden.
  const {context, page} = await phonePage(browser, facts, {chart, hide, hiddenLabel, drawn: 'onScreen'});
  try {
    await page.goto(sharedLink(url, chart, hide), {waitUntil: 'commit', timeout: WAIT_MS});
    const shared = await watched(page, chart);
    await expectThrottled(page, facts);
    return {
      panelAfterScrollMs: afterScroll.inViewDrawnAt - scrolledAt,
      chartAfterScrollMs: afterScroll.drawnAt! - scrolledAt,
      sharedViewMs: shared.viewAt,
      sharedChartMs: shared.drawnAt,
      emptyBoxes: afterScroll.emptyBoxes + shared.emptyBoxes,
    };
  } finally {
    await context.close();
  }
}

/** The link the chart's "copy link" gives for the view with `hide` hidden. */
export function sharedLink(url: string, chart: string, hide: string): string {
  return `${url}?${sharedQuery(chart, hide)}#${chartAnchorId(chart)}`;
}

const sharedQuery = (chart: string, hide: string) => `${hiddenSeriesKey(chart)}=${encodeURIComponent(hide)}`;

export interface PhoneOptions {
  /** Origin of the served build, e.g. http://127.0.0.1:41234. */
  serverUrl: string;
  /** The report pages to time (other pages are skipped). */
  pages: BenchPage[];
  runs: number;
  chromePath: string;
}

export async function measurePhone({serverUrl, pages, runs, chromePath}: PhoneOptions): Promise<PhoneResult> {
  const browser = await chromium.launch({executablePath: chromePath, args: [...CHROMIUM_FLAGS]});
  const facts: PhoneFacts = {...(await lighthousePhone()), browserVersion: browser.version(), playwrightVersion: packageVersion('@playwright/test')};
  const rows: PhoneRow[] = [];
  try {
    for (const page of pages.filter((p) => p.kind === 'report')) {
      const pick = PHONE_CHARTS[scenarioOf(page)];
      if (!pick) throw new Error(`${page.route}: no chart to time on a phone (src/suites/site/index.ts PHONE_CHARTS)`);
      const url = `${serverUrl}${page.route}`;
      const base = {page, chart: pick.chart, sharedQuery: sharedQuery(pick.chart, pick.hide)};
      if ((await fetch(url, {method: 'HEAD'})).status !== 200) {
        rows.push({...base, status: 'missing'});
        continue;
      }
      process.stdout.write(`phone ${page.route} ${pick.chart} x${runs} ... `);
      const samples: PhoneSample[] = [];
      let error: string | undefined;
      for (let i = 0; i < runs; i++) {
        try {
          samples.push(await phoneRun(browser, facts, url, pick.chart, pick.hide));
        } catch (e) {
          error = (e as Error).message.split('\n')[0];
        }
      }
      rows.push(samples.length > 0 ? {...base, status: 'ok', samples, ...(error ? {error} : {})} : {...base, status: 'error', error});
      console.log(samples.length === runs ? 'done' : `${runs - samples.length} of ${runs} runs failed: ${error}`);
    }
  } finally {
    await browser.close();
  }
  return {facts, rows};
}
