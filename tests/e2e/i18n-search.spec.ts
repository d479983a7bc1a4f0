/**
 * Local search finds words in the page's own language: Korean words on /ko
 * (Hangul is indexed as words, see patches/@easyops-cn+docusaurus-search-local*)
 * and Chinese words on /zh (segmented by jieba). Each query word is taken from
 * the report page itself, then searched on the locale's search page; the
 * results must link to that report.
 *
 * The navbar's search bar loads the search engine (lunr) and the index only
 * once the reader uses it (src/theme/SearchBar): nothing before, and a query
 * typed at once, before its code has arrived, still lists and opens pages.
 */
import path from 'node:path';
import {expect, localePath, test, LOCALE_IDS, REPO_ROOT} from './support/fixtures';
import {buildFileFor, isLunrChunk} from '../../scripts/site-bench/build-files';

const BUILD_DIR = path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR ?? 'build');

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
    // Four searches, each loading the search page and the locale's index anew.
    test.slow();
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
      await expect(hit, `searching "${word}" on /${locale} does not list ${reportPath}`).toBeVisible({timeout: 30_000});
    }
  });
}

const NAVBAR_CASES = [
  {locale: 'en', word: 'throughput'},
  {locale: 'ko', word: '처리량'},
  {locale: 'zh', word: '吞吐量'},
].filter((c) => LOCALE_IDS.includes(c.locale));

for (const {locale, word} of NAVBAR_CASES) {
  test(`navbar search on /${locale} loads lunr only when used and opens a hit for "${word}"`, async ({page, baseURL, consoleErrors}) => {
    const origin = new URL(baseURL as string).origin;
    const requested: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === origin) requested.push(url.pathname);
    });
    const searchCode = () => requested.filter((p) => /search-index.*\.json$/.test(p) || (p.endsWith('.js') && isLunrChunk(buildFileFor(BUILD_DIR, p))));

    await page.goto(localePath(locale, REPORT));
    await page.waitForLoadState('networkidle');
    expect(searchCode(), 'lunr or the index requested before the reader touched search').toEqual([]);

    // Visible only: once loaded, the plugin's bar is mounted hidden beside the
    // placeholder until the handover, so for a moment the page has two inputs.
    const input = page.locator('.navbar__search-input').filter({visible: true});
    await expect(input).toHaveCount(1);
    await input.focus();
    await page.keyboard.type(word); // at once: the bar's code is still on its way
    await expect(input, 'the text typed before the bar loaded is kept').toHaveValue(word);
    await expect(input).toBeFocused();
    await expect(page.locator('.navbar__search [role="option"]').first(), `no suggestion for "${word}"`).toBeVisible({timeout: 30_000});
    expect(searchCode().some((p) => p.endsWith('.json')), 'the index is fetched once the reader searches').toBe(true);
    expect(searchCode().some((p) => p.endsWith('.js')), 'lunr is fetched once the reader searches').toBe(true);

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]_highlight=${encodeURIComponent(word)}`));
    await expect(page.locator('article mark').first(), `"${word}" is marked on the opened page`).toBeVisible();
    consoleErrors.expectNone();
  });
}
