/** Full-page screenshots under test-results/screenshots/, named by the caller. */
import path from 'node:path';
import type {Page} from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../test-results/screenshots');

/** Saves test-results/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`screenshot name "${name}" may hold only letters, digits, '.', '_' and '-'`);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Wait for web fonts so text is not captured in a fallback face.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({path: file, fullPage: true, animations: 'disabled'});
  return file;
}
