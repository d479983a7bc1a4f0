/**
 * The `test` every e2e spec imports: Playwright's, plus a console-error
 * collector attached to the page before it navigates.
 *
 *   import {test, expect} from './support/fixtures';
 *   test('x', async ({page, consoleErrors}) => { ...; consoleErrors.expectNone(); });
 */
import {test as base} from '@playwright/test';
import {ConsoleErrors} from './console-errors';

export const test = base.extend<{consoleErrors: ConsoleErrors}>({
  consoleErrors: async ({page}, use) => {
    await use(new ConsoleErrors(page));
  },
});

export {expect} from '@playwright/test';
export {expectNoA11yViolations} from './axe';
export {saveElementScreenshot} from './screenshots';
export {startStaticServer} from './static-server';
export * from './site';
