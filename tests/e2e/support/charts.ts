/**
 * The pages that carry chart figures, and how to get every figure of a page
 * drawn (each recharts view mounts lazily once scrolled near) so it can be
 * read or photographed. Shared by the chart checks, the contact sheet and the
 * visual-regression test.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, type Locator, type Page} from '@playwright/test';

/** Report pages with chart figures (figure[data-chart]), in reading order of the sidebar. */
export const CHART_PAGES = ['/docs/benchmarks/eks-cni', '/docs/benchmarks/tke-cilium', '/docs/benchmarks/local', '/docs/benchmarks/kube-proxy'];

export interface ReportCharts {
  /** Suite whose dataset the charts read. */
  suite: string;
  /** data-chart of every chart the report must show. */
  charts: string[];
  /** What each of them draws: any SVG (the EKS environment sketch is static) or a recharts view. */
  drawing: 'svg' | 'svg.recharts-surface';
}

/** The charts each report must show, by route. */
export const REPORT_CHARTS: Record<string, ReportCharts> = {
  '/docs/benchmarks/eks-cni': {
    suite: 'eks-cni',
    drawing: 'svg',
    charts: [
      'AimlRelevanceChart',
      'TestEnvironmentChart',
      'ScenarioComparisonChart',
      'ThroughputChart',
      'LatencyChart',
      'UdpLossChart',
      'HttpPerformanceChart',
      'ServiceScalingChart',
      'KubeproxyScalingChart',
      'DnsResourceChart',
    ],
  },
  '/docs/benchmarks/tke-cilium': {
    suite: 'tke-cilium',
    drawing: 'svg.recharts-surface',
    charts: ['TkeThroughputChart', 'TkeRpsChart', 'TkeLatencyChart', 'TkeServiceScaleChart', 'TkeChainLengthChart', 'TkePolicyHubbleChart', 'TkeResourceChart'],
  },
};

/** "eks-cni" for "/docs/benchmarks/eks-cni": a page's short name in file names. */
export function pageSlug(route: string): string {
  return route.split('/').filter(Boolean).at(-1) ?? 'home';
}

/**
 * CSS applied while taking a figure's picture: the sticky navbar and the
 * back-to-top button are fixed to the viewport and would be painted over a
 * figure scrolled under them. Hidden, not removed, so the layout stays.
 */
export const SCREENSHOT_CSS_PATH = path.join(__dirname, 'screenshot.css');
export const SCREENSHOT_CSS = fs.readFileSync(SCREENSHOT_CSS_PATH, 'utf8');

/** Opens a page, checks it is served (200) and waits until its requests have settled. */
export async function openPage(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), `HTTP status of ${url}`).toBe(200);
  await page.waitForLoadState('networkidle');
}

/**
 * Scroll a figure (or a part of one) into view. A report keeps a chart's static HTML until
 * the chart nears the viewport and then draws it in its place (KeepServerHtml), so the
 * element can be replaced while Playwright's own scroll action waits for it to be stable;
 * one scrollIntoView in the page has no such race. Locators re-resolve after it.
 */
export async function scrollToFigure(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({block: 'center'}));
}

/**
 * How long a test waits for one panel to draw once scrolled to. Panels draw one at a
 * time, nearest the screen centre first (ChartFigure/drawTurns), so a panel can wait for
 * those ahead of it; with other work on a 2-core machine one draw took more than 15 s.
 */
export const DRAW_TIMEOUT = 30_000;

/**
 * Every chart figure of the page, each of its panels scrolled to in reading order until it
 * has drawn its SVG (a panel draws only once near the viewport, in its turn: drawTurns.ts);
 * figures without panels (the environment sketch, tables) are returned as they are. Fails
 * naming the figure and panel that does not draw.
 *
 * The scrolling and waiting run in the page, in one call: stepped from here, each panel
 * cost a few round trips and the retry back-off of `expect` (most of a drawn page's time,
 * over a hundred panels on the EKS page at phone width).
 */
export async function drawAllFigures(page: Page): Promise<Locator[]> {
  const notDrawn = await page.evaluate(async (timeoutMs) => {
    // Re-read by position at every step: a figure going live replaces its elements.
    const figureAt = (f: number) => document.querySelectorAll('figure[data-chart]')[f];
    const panelAt = (f: number, p: number) => figureAt(f)?.querySelectorAll('[data-panel]')[p];
    const drawn = (f: number, p: number) => [...(panelAt(f, p)?.querySelectorAll('svg.recharts-surface') ?? [])].some((svg) => Number(svg.getAttribute('width')) > 0);
    const until = (done: () => boolean) =>
      new Promise<boolean>((resolve) => {
        if (done()) return resolve(true);
        const finish = (result: boolean) => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(result);
        };
        const observer = new MutationObserver(() => done() && finish(true));
        const timer = setTimeout(() => finish(done()), timeoutMs);
        observer.observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['width']});
      });
    const names = [...document.querySelectorAll('figure[data-chart]')].map((figure) => figure.getAttribute('data-chart'));
    for (const [f, name] of names.entries()) {
      const panels = figureAt(f).querySelectorAll('[data-panel]').length;
      for (let p = 0; p < panels; p++) {
        const where = `${name} panel ${p + 1} of ${panels}`;
        if (drawn(f, p)) continue;
        const panel = panelAt(f, p);
        if (!panel) return `${where} (gone from the page)`;
        panel.scrollIntoView({block: 'center'});
        if (!(await until(() => drawn(f, p)))) return where;
      }
    }
    // Text is captured in its final face, not a fallback one.
    await document.fonts.ready;
    return '';
  }, DRAW_TIMEOUT);
  expect(notDrawn, `a chart panel that did not draw within ${DRAW_TIMEOUT / 1000} s of being scrolled to`).toBe('');
  const figures = await page.locator('figure[data-chart]').all();
  for (const figure of figures) {
    const panels = await figure.locator('[data-panel]').count();
    const name = await figure.getAttribute('data-chart');
    // One recharts view per panel, each visible: drawn, not a leftover of a panel drawn twice.
    await expect(figure.locator('[data-panel] svg.recharts-surface'), `${name} draws every panel`).toHaveCount(panels);
    if (panels > 0) await expect(figure.locator('[data-panel] svg.recharts-surface').last(), `${name} draws`).toBeVisible();
  }
  return figures;
}

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/**
 * Switches the operating system's colour scheme and waits until the site
 * follows it (the theme listens to prefers-color-scheme; no reload, so a page
 * whose charts are drawn is checked in both schemes with one load).
 */
export async function useColorScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({colorScheme: scheme});
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  // The charts repaint in the new palette on the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
