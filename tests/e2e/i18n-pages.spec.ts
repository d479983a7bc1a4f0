/**
 * Korean and Chinese report pages as a reader sees them:
 * - Korean lines wrap between words, never inside one ("시 작하면"), on a
 *   390 px phone and on a desktop;
 * - the i18n check of the built pages (english strings, English share,
 *   Chinese typography; scripts/i18n/lib/built-pages.ts) passes on the build
 *   under test.
 */
import path from 'node:path';
import type {Page} from '@playwright/test';
import {checkI18n} from '../../scripts/i18n/lib/check';
import {expect, localePath, REPO_ROOT, test} from './support/fixtures';

const REPORTS = ['/docs/benchmarks/eks-cni', '/docs/benchmarks/tke-cilium', '/docs/benchmarks/local'];

/** Places where a line wraps between two Hangul syllables, with the word around it. */
async function breaksInsideKoreanWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hangul = /\p{Script=Hangul}/u;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('article')!, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const text = node.data;
      let prevTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (prevTop !== null && rect.top > prevTop + 2 && hangul.test(text[i]) && hangul.test(text[i - 1] ?? '')) {
          found.push(text.slice(Math.max(0, i - 6), i) + '|' + text.slice(i, i + 6));
        }
        prevTop = rect.top;
      }
    }
    return found;
  });
}

for (const report of REPORTS) {
  test(`Korean lines wrap between words on ${report} @mobile`, async ({page}) => {
    await page.goto(localePath('ko', report));
    await expect(page.locator('article h1').first()).toBeVisible();
    expect(await breaksInsideKoreanWords(page)).toEqual([]);
  });
}

test('the built ko and zh pages pass the i18n page check', async () => {
  const build = path.relative(REPO_ROOT, path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR ?? 'build'));
  const result = await checkI18n(REPO_ROOT, {build});
  const pageProblems = result.problems.filter((p) => p.file.startsWith(`${build}/`));
  expect(result.builtPageCount).toBeGreaterThan(0);
  expect(pageProblems.map((p) => `${p.file}:${p.key} ${p.message}`)).toEqual([]);
});
