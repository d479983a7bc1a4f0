/**
 * A page load as the counted (not timed) load measures take it: from navigation
 * until React has hydrated the page and the main thread has gone idle. Shared by the
 * call budget (tests/e2e/byte-budget.spec.ts) and scripts/site-bench/load-work.ts.
 */
import type {Page} from '@playwright/test';

/** Opens `url` and waits until React has hydrated the page and the main thread has gone idle. */
export async function loadUntilHydratedAndIdle(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, {timeout: 5000})));
}

export interface ScriptCalls {
  url: string;
  functions: {functionName: string; ranges: {count: number}[]}[];
}

/** V8's precise coverage of the page's own scripts (http URLs) over one load until hydrated and idle. */
export async function coverageAtLoad(page: Page, url: string): Promise<ScriptCalls[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', {callCount: true, detailed: false});
  await loadUntilHydratedAndIdle(page, url);
  const {result} = await cdp.send('Profiler.takePreciseCoverage');
  await cdp.detach();
  return result.filter((s) => s.url.startsWith('http'));
}

/** Calls of a function: its first range covers its whole body, so its count is the number of calls. */
export const callsOf = (f: ScriptCalls['functions'][number]): number => f.ranges[0]?.count ?? 0;

export const callsIn = (scripts: readonly ScriptCalls[]): number => scripts.reduce((sum, s) => sum + s.functions.reduce((n, f) => n + callsOf(f), 0), 0);
