/**
 * Once a figure goes live (the reader points at it), its panels are drawn one per task, the panel the reader scrolled to first
 * (src/components/ChartFigure/drawTurns.ts: recharts draws all panels of a figure in one task,
 * about 2.9 s on the phone profile, unless they are given turns). Counted, not timed: a counter in the page is
 * advanced by a chain of MessageChannel messages, each a task of its own, and read when a
 * panel gains its measured recharts surface (a MutationObserver, which runs in the task that
 * committed it). Two panels read at the same count were drawn with no task between them.
 */
import {test, expect} from './support/fixtures';
import {goLive} from './support/charts';
import {chartAnchorId, hiddenSeriesKey} from '../../src/data/chartLink';

const ROUTE = '/docs/benchmarks/eks-cni';
/** A figure of three panels, two side by side and one under them at 1280 px, far enough down to be kept static at load. */
const CHART = 'DnsResourceChart';
/**
 * Layout reads while a panel is drawn: the turn's width (TableUntilDrawn) and where each waiting panel is
 * (drawTurns), recharts' container scale (read again once the chart, drawn at its layout, is scaled to its box),
 * a few axis labels measured: 8.7 per panel (26 for the three at phone width), with recharts' tooltip, which
 * measures its box twice as it mounts, waiting for the reader to point at or focus the plot; an unbounded panel
 * makes about 20.
 */
const MAX_LAYOUT_READS_PER_PANEL = 9;

interface Drawn {
  panel: string;
  task: number;
}

declare global {
  interface Window {
    __drawTurns?: {task: number; drawn: Drawn[]; stop: () => void};
  }
}

test(`${CHART}: each panel drawn in a task of its own, the one scrolled to first`, async ({page, baseURL}) => {
  await page.goto(`${baseURL}${ROUTE}`);
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  const figure = page.locator(`figure[data-chart="${CHART}"]`);
  const panels = await figure.locator('[data-panel]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.panel!));
  expect(panels.length, `${CHART} has several panels`).toBeGreaterThan(2);
  await expect(figure.locator('[data-static-plot]').first(), `${CHART} is still its static HTML before the scroll`).toBeAttached();

  await page.evaluate((chart) => {
    const state: NonNullable<Window['__drawTurns']> = {task: 0, drawn: [], stop: () => {}};
    window.__drawTurns = state;
    const channel = new MessageChannel();
    let running = true;
    channel.port1.onmessage = () => {
      state.task++;
      if (running) channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      for (const panel of document.querySelectorAll<HTMLElement>(`figure[data-chart="${chart}"] [data-panel]`)) {
        const key = panel.dataset.panel!;
        if (seen.has(key) || ![...panel.querySelectorAll('svg.recharts-surface')].some((svg) => Number(svg.getAttribute('width')) > 0)) continue;
        seen.add(key);
        state.drawn.push({panel: key, task: state.task});
      }
    });
    observer.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['width']});
    state.stop = () => {
      running = false;
      observer.disconnect();
    };
  }, CHART);

  // The last panel (alone on its row) to the middle of the screen, and pointed at: the figure goes live, that panel in view.
  const scrolledTo = panels[panels.length - 1];
  await goLive(figure.locator(`[data-panel="${scrolledTo}"]`));
  await figure.locator(`[data-panel="${scrolledTo}"]`).evaluate((el) => el.dispatchEvent(new PointerEvent('pointerover', {bubbles: true})));
  await expect.poll(() => page.evaluate(() => window.__drawTurns!.drawn.length), {message: 'every panel drawn'}).toBe(panels.length);
  const drawn = await page.evaluate(() => {
    window.__drawTurns!.stop();
    return window.__drawTurns!.drawn;
  });

  const order = drawn.map((d) => `${d.panel}@task ${d.task}`).join(', ');
  expect.soft(new Set(drawn.map((d) => d.task)).size, `distinct tasks among the ${panels.length} panels' first surfaces (${order})`).toBe(panels.length);
  expect(drawn[0].panel, `first panel drawn (${order})`).toBe(scrolledTo);
});

declare global {
  interface Window {
    __layoutReads?: {counting: boolean; reads: Record<string, number>; articleBlocksRemoved: string[]};
  }
}

/**
 * What drawing a figure costs beyond recharts' own rendering, counted: reads of the page's layout
 * (each one forces the browser to restyle and lay out whatever changed, in the middle of the
 * panel's task) and blocks of the article removed (one makes the browser restyle every element
 * of the article: Infima's :first-child/:last-child rules). In a trace of a panel drawn on the
 * phone profile, recharts measures every value-axis label in a hidden span and reads the tick
 * font with getComputedStyle and its ResponsiveContainer's box; a figure that replaced its
 * wrapper on going live would restyle a block of the article (5,491 elements on the EKS report).
 */
// At phone width, where drawing costs most and the page has no table of contents following the scroll (its own layout reads).
test.describe('on a phone', () => {
  test.use({viewport: {width: 412, height: 823}});

  test(`${CHART}: drawn with at most ${MAX_LAYOUT_READS_PER_PANEL} layout reads per panel, and no block of the article replaced`, async ({page, baseURL}) => {
    await page.addInitScript(() => {
      const state: NonNullable<Window['__layoutReads']> = {counting: false, reads: {}, articleBlocksRemoved: []};
      window.__layoutReads = state;
      const count = (name: string) => state.counting && (state.reads[name] = (state.reads[name] ?? 0) + 1);
      const wrapMethod = <T extends object>(proto: T, name: keyof T & string) => {
        const original = proto[name] as unknown as (...args: unknown[]) => unknown;
        Object.defineProperty(proto, name, {configurable: true, writable: true, value: function (this: unknown, ...args: unknown[]) {
          count(name);
          // A bare getComputedStyle(el) call has no `this`.
          return original.apply(this ?? proto, args);
        }});
      };
      const wrapGetter = (proto: object, name: string) => {
        const d = Object.getOwnPropertyDescriptor(proto, name)!;
        Object.defineProperty(proto, name, {configurable: true, get(this: unknown) {
          count(name);
          return d.get!.call(this);
        }});
      };
      wrapMethod(Element.prototype, 'getBoundingClientRect');
      wrapMethod(window, 'getComputedStyle');
      for (const name of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft']) wrapGetter(HTMLElement.prototype, name);
      for (const name of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight']) wrapGetter(Element.prototype, name);
      new MutationObserver((records) => {
        for (const r of records) {
          if (!state.counting || !(r.target as Element).matches?.('.theme-doc-markdown, .markdown')) continue;
          for (const node of Array.from(r.removedNodes)) if (node instanceof Element) state.articleBlocksRemoved.push(`${node.tagName.toLowerCase()}.${Array.from(node.classList).join('.')}`);
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await page.goto(`${baseURL}${ROUTE}`);
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    const figure = page.locator(`figure[data-chart="${CHART}"]`);
    await expect(figure.locator('[data-static-plot]').first(), `${CHART} is still its static HTML before the scroll`).toBeAttached();
    const panels = await figure.locator('[data-panel]').count();

    await page.evaluate(() => (window.__layoutReads!.counting = true));
    // Scrolled and pointed at by the page itself (Playwright's scrolling reads the layout too), panel by panel:
    // the figure goes live when pointed at, and each panel is drawn only near the viewport.
    for (let i = 0; i < panels; i++) {
      await page.evaluate(({chart, i}) => {
        const panel = document.querySelectorAll(`figure[data-chart="${chart}"] [data-panel]`)[i];
        panel.scrollIntoView({block: 'center'});
        panel.dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
      }, {chart: CHART, i});
      await expect(figure.locator('[data-panel]').nth(i).locator('svg.recharts-surface').first()).toBeAttached();
    }
    await expect(figure.locator('[data-drawn]'), 'every panel drawn').toHaveCount(panels);
    const {reads, articleBlocksRemoved} = await page.evaluate(() => {
      window.__layoutReads!.counting = false;
      return window.__layoutReads!;
    });
    const total = Object.values(reads).reduce((a, b) => a + b, 0);
    const said = Object.entries(reads).map(([k, v]) => `${k} ${v}`).join(', ');
    test.info().annotations.push({type: 'layout-reads', description: `${CHART}, ${panels} panels: ${total} (${said}); article blocks removed: ${articleBlocksRemoved.length}`});
    expect.soft(articleBlocksRemoved, 'blocks of the article removed as the figure went live').toEqual([]);
    expect(total, `layout reads while ${panels} panels were drawn (${said})`).toBeLessThanOrEqual(MAX_LAYOUT_READS_PER_PANEL * panels);
  });
});

declare global {
  interface Window {
    /** For each request of the chart library's chunk: whether React had started on the page (hydrateRoot) by then. */
    __chartChunk?: {reactStarted: boolean}[];
  }
}

/**
 * A link to a chart's view draws that chart as soon as the page has hydrated, so the chart library is requested
 * when the page's code runs, before React starts hydrating (on the phone profile hydrating a report page
 * takes seconds, and the library would wait for it). Told by order, not time: the chunk's <script> is inserted
 * while the page's root has no React container yet.
 */
test(`a link to ${CHART}'s view requests the chart library before React starts on the page`, async ({page, baseURL}) => {
  await page.addInitScript(() => {
    const seen: NonNullable<Window['__chartChunk']> = [];
    window.__chartChunk = seen;
    const reactStarted = () => {
      const root = document.getElementById('__docusaurus');
      return root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer$'));
    };
    new MutationObserver((records) => {
      for (const r of records) for (const n of Array.from(r.addedNodes)) if (n instanceof HTMLScriptElement && /\/chart-view\.[^/]*\.js$/.test(n.src)) seen.push({reactStarted: reactStarted()});
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto(`${baseURL}${ROUTE}?${hiddenSeriesKey(CHART)}=p99#${chartAnchorId(CHART)}`);
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await expect(page.locator(`figure[data-chart="${CHART}"] svg.recharts-surface`).first(), 'the linked chart drawn').toBeAttached();
  const requests = await page.evaluate(() => window.__chartChunk!);
  expect(requests.length, 'requests of the chart-view chunk (a <script>)').toBeGreaterThan(0);
  expect(requests[0].reactStarted, 'React had started on the page when the chart library was first requested').toBe(false);
});
