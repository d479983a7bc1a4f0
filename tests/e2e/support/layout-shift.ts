/**
 * Cumulative layout shift as the browser reports it: the 'layout-shift' entries without recent
 * input, summed from the start of the page (an init script, so the first paint's shifts count),
 * with what moved, for the message of a failing check. Shared by the page-weight budget
 * (byte-budget.spec.ts) and the shift sweep over widths (layout-shift.spec.ts).
 */
import type {Page} from '@playwright/test';

/** Images and fonts arrive this long after they are requested: after first paint. */
export const LATE_ASSET_DELAY_MS = 400;
const LATE_ASSET = /\.(svg|png|jpe?g|gif|webp|avif|woff2?|ttf)(\?.*)?$/;

/**
 * Before the page navigates: observe its layout shifts from the start, and hold its images and
 * fonts back a little, so an element whose size depends on a late asset shifts the page on every
 * run, not only when the machine happens to be slow.
 */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {value: number; hadRecentInput: boolean; sources?: {node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly}[]};
    const w = window as unknown as {__layoutShift: number; __shiftSources: string[]};
    w.__layoutShift = 0;
    w.__shiftSources = [];
    const describe = (node: Node | undefined) => {
      const el = node && (node.nodeType === 1 ? (node as Element) : node.parentElement);
      return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).join('.')}` : '(removed node)';
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.__layoutShift += e.value;
        for (const s of e.sources ?? []) {
          const r = (x: DOMRectReadOnly) => `${Math.round(x.x)},${Math.round(x.y)} ${Math.round(x.width)}x${Math.round(x.height)}`;
          w.__shiftSources.push(`${describe(s.node)} moved ${r(s.previousRect)} -> ${r(s.currentRect)} at ${Math.round(e.startTime)} ms`);
        }
      }
    }).observe({type: 'layout-shift', buffered: true});
  });
  await page.route(LATE_ASSET, async (held) => {
    await new Promise((resolve) => setTimeout(resolve, LATE_ASSET_DELAY_MS));
    await held.continue();
  });
}

/** The shift summed so far, and what moved (watchLayoutShift must have run before the page loaded). */
export function layoutShiftSoFar(page: Page): Promise<{shift: number; sources: string[]}> {
  return page.evaluate(() => {
    const w = window as unknown as {__layoutShift: number; __shiftSources: string[]};
    return {shift: w.__layoutShift, sources: w.__shiftSources};
  });
}

/**
 * Scrolls from the top to the bottom of the page a screen at a time, pausing so lazy parts
 * render, then back to the top. In the page, as one step: a test's trace records the page at
 * every step, and a long report is a hundred screens.
 */
export async function scrollThrough(page: Page, pauseMs = 120): Promise<void> {
  await page.evaluate(async (pause) => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, pause));
    while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2) {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.9);
      await settle();
      if (window.scrollY === before) break;
    }
    window.scrollTo(0, 0);
    await settle();
  }, pauseMs);
}
