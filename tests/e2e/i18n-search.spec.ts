/**
 * Local search finds words in the page's own language: Korean words on /ko
 * (Hangul is indexed as words, see patches/@easyops-cn+docusaurus-search-local*)
 * and Chinese words on /zh (segmented by jieba). Each query word is taken from
 * the report page itself, then searched on the locale's search page; the
 * results must link to that report.
 */
import {expect, localePath, test} from './support/fixtures';

const REPORT = '/docs/benchmarks/eks-cni';

/** Native-script runs of two or more characters in `text`. */
const nativeWords = (text: string, script: RegExp) => [...text.matchAll(script)].map((m) => m[0]);

const CASES = [
  // The words the issue reported as unsearchable, plus one from the page title.
  {locale: 'ko', script: /\p{Script=Hangul}{2,}/gu, words: ['지연', '처리량', '서비스']},
  {locale: 'zh', script: /\p{Script=Han}{2,}/gu, words: ['延迟', '吞吐量']},
];

for (const {locale, script, words} of CASES) {
  test(`search on /${locale} finds the report by words from it`, async ({page}) => {
    const reportPath = localePath(locale, REPORT);
    await page.goto(reportPath);
    const body = await page.locator('article').first().innerText();
    const title = await page.locator('article h1').first().innerText();
    const fromTitle = nativeWords(title, script).sort((a, b) => b.length - a.length)[0];
    expect(fromTitle, `no ${locale} word in the title "${title}"`).toBeTruthy();
    for (const word of [...words, fromTitle]) {
      expect(body.includes(word) || title.includes(word), `"${word}" is not on ${reportPath}`).toBe(true);
      await page.goto(`${localePath(locale, '/search')}?q=${encodeURIComponent(word)}`);
      // Result links carry the query as ?_highlight=; the navbar and sidebar links do not.
      const hit = page.locator(`a[href^="${reportPath}?_highlight="]`).first();
      await expect(hit, `searching "${word}" on /${locale} does not list ${reportPath}`).toBeVisible({timeout: 15_000});
    }
  });
}
