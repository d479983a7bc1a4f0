/** Element screenshots for a human look, under test-results/screenshots/, named by the caller. */
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../test-results/screenshots');

/** Saves the first element matching `selector` as test-results/screenshots/<name>.png and returns its path. */
export async function saveElementScreenshot(page: Page, selector: string, name: string): Promise<string> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`screenshot name "${name}" may hold only letters, digits, '.', '_' and '-'`);
  fs.mkdirSync(SCREENSHOT_DIR, {recursive: true});
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // A figure taller than the viewport is captured in parts; the sticky navbar would cover some.
  await page.addStyleTag({content: '.navbar { position: static !important; }'});
  // Wait for web fonts so text is not captured in a fallback face.
  await page.evaluate(() => document.fonts.ready);
  await page.locator(selector).first().screenshot({path: file, animations: 'disabled'});
  return file;
}
