/**
 * A figure's panels are drawn one per task, the panel the reader scrolled to first
 * (src/components/ChartFigure/drawTurns.ts; issue 16: recharts drew every panel of a figure
 * in one task of ~2.9 s on the phone profile). Counted, not timed: a counter in the page is
 * advanced by a chain of MessageChannel messages, each a task of its own, and read when a
 * panel gains its measured recharts surface (a MutationObserver, which runs in the task that
 * committed it). Two panels read at the same count were drawn with no task between them.
 */
import {test, expect} from './support/fixtures';
import {scrollToFigure} from './support/charts';

const ROUTE = '/docs/benchmarks/eks-cni';
/** A figure of three panels, two side by side and one under them at 1280 px, far enough down to be kept static at load. */
const CHART = 'DnsResourceChart';

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

  // The last panel (alone on its row) to the middle of the screen: it is the one in view.
  const scrolledTo = panels[panels.length - 1];
  await scrollToFigure(figure.locator(`[data-panel="${scrolledTo}"]`));
  await expect.poll(() => page.evaluate(() => window.__drawTurns!.drawn.length), {message: 'every panel drawn'}).toBe(panels.length);
  const drawn = await page.evaluate(() => {
    window.__drawTurns!.stop();
    return window.__drawTurns!.drawn;
  });

  const order = drawn.map((d) => `${d.panel}@task ${d.task}`).join(', ');
  expect.soft(new Set(drawn.map((d) => d.task)).size, `distinct tasks among the ${panels.length} panels' first surfaces (${order})`).toBe(panels.length);
  expect(drawn[0].panel, `first panel drawn (${order})`).toBe(scrolledTo);
});
