/**
 * The `test` every e2e spec imports: Playwright's, plus a console-error
 * collector attached to the page before it navigates, and the worker's drawn
 * report pages (support/drawn-pages.ts) for tests that only read a drawn page.
 *
 *   import {test, expect} from './support/fixtures';
 *   test('x', async ({page, consoleErrors}) => { ...; consoleErrors.expectNone(); });
 *   test('y', async ({drawnPages}) => { const {page, figures} = await drawnPages.open('/docs/benchmarks/eks-cni'); ... });
 */
import {test as base} from '@playwright/test';
import {ConsoleErrors} from './console-errors';
import {DrawnPages} from './drawn-pages';

export const test = base.extend<{consoleErrors: ConsoleErrors}, {drawnPages: DrawnPages}>({
  consoleErrors: async ({page}, use) => {
    await use(new ConsoleErrors(page));
  },
  drawnPages: [
    async ({browser}, use, workerInfo) => {
      const {viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL} = workerInfo.project.use;
      const pages = new DrawnPages(browser, {viewport: viewport ?? undefined, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL});
      await use(pages);
      await pages.close();
    },
    {scope: 'worker'},
  ],
});

export {expect} from '@playwright/test';
export {expectNoA11yViolations, expectNoA11yViolationsInEachScheme} from './axe';
export {saveElementScreenshot} from './screenshots';
export {startStaticServer} from './static-server';
export * from './site';
