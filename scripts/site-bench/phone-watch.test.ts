/**
 * The phone profile's in-page watcher (phone-profile.ts watchFigure) in Chromium, on a hand-written
 * figure: which panels "the chart drawn" waits for. On the shared link it waits for the panels on the
 * screen: the link lands at the figure's top, and a panel below the screen is drawn only once the
 * reader scrolls near it (src/components/ChartFigure/drawTurns.ts). Waiting for every panel timed out
 * on the English TKE report, whose resource chart's third panel lands 413 px below a phone's screen.
 * A panel is drawn when a chart in it is painted: the live one, or the build's drawing once the
 * browser no longer skips it (content-visibility).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chromium, type Browser, type Page} from '@playwright/test';
import {CHART_SVG, watchFigure} from './phone-profile';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';

const ORIGIN = 'http://figure.test';
/** Three 500 px panels on an 823 px screen: the first two on it, the third below it. */
const FIGURE = `<!doctype html><body style="margin:0"><figure data-chart="C" style="margin:0">
  ${['a', 'b', 'c'].map((k) => `<div data-panel="${k}" style="height:500px"></div>`).join('')}
</figure></body>`;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS]});
});
afterAll(() => browser?.close());

/**
 * The build's drawings, 3,000 px below the screen, in plots the browser skips until they near it
 * (content-visibility, as src/components/ChartFigure/styles.module.css has them), and a second
 * layout the panel's width hides.
 */
const DRAWN_FIGURE = `<!doctype html><body style="margin:0"><div style="height:3000px"></div><figure data-chart="C" style="margin:0">
  ${['a', 'b']
    .map((k) => `<div data-panel="${k}"><div data-static-plot style="content-visibility:auto;contain-intrinsic-size:auto 300px;height:300px">
      <div data-layout="324"><svg width="300" height="300" style="width:300px;height:300px"></svg></div>
      <div data-layout="700" style="display:none"><svg width="680" height="300"></svg></div></div></div>`)
    .join('')}
</figure></body>`;

async function figurePage(drawn: 'every' | 'onScreen', body = FIGURE): Promise<Page> {
  const page = await browser.newPage({viewport: {width: 412, height: 823}});
  await page.route(`${ORIGIN}/`, (route) => route.fulfill({contentType: 'text/html', body}));
  // Functions sent to the page may call the __name() helper esbuild's keepNames adds.
  await page.addInitScript({content: 'globalThis.__name ??= (f) => f;'});
  await page.addInitScript(watchFigure, {chart: 'C', drawn, chartSvg: CHART_SVG});
  await page.goto(`${ORIGIN}/`);
  return page;
}

/** A measured recharts surface in the panel, as recharts draws it. */
const draw = (page: Page, panel: string) =>
  page.evaluate((panel) => {
    document.querySelector(`[data-panel="${panel}"]`)!.innerHTML = '<svg class="recharts-surface" width="300" height="300" style="width:300px;height:300px"></svg>';
  }, panel);

/** A few frames for the watcher (it looks once per animation frame). */
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
const drawnAt = (page: Page) => page.evaluate(() => window.__phoneWatch?.drawnAt);

describe('the phone watcher', () => {
  it('on the shared link, the chart is drawn once the panels on the screen are, not the one below it', async () => {
    const page = await figurePage('onScreen');
    await draw(page, 'a');
    await frames(page);
    expect(await drawnAt(page), 'one of the two panels on the screen drawn').toBeUndefined();
    await draw(page, 'b');
    await frames(page);
    expect(await drawnAt(page), 'both panels on the screen drawn, the one below it not').toBeGreaterThan(0);
    await page.close();
  });

  it('after the scroll, it waits for every panel', async () => {
    const page = await figurePage('every');
    await draw(page, 'a');
    await draw(page, 'b');
    await frames(page);
    expect(await drawnAt(page), 'the panel below the screen not drawn').toBeUndefined();
    await draw(page, 'c');
    await frames(page);
    expect(await drawnAt(page)).toBeGreaterThan(0);
    await page.close();
  });

  it("counts the build's drawing once it is painted: not while the browser skips its plot below the screen", async () => {
    const page = await figurePage('every', DRAWN_FIGURE);
    await frames(page);
    expect(await drawnAt(page), 'drawings 3,000 px down, skipped').toBeUndefined();
    await page.evaluate(() => document.querySelector('figure')!.scrollIntoView({block: 'center'}));
    await frames(page);
    expect(await drawnAt(page), 'both drawings on the screen, painted').toBeGreaterThan(0);
    await page.close();
  });
});
