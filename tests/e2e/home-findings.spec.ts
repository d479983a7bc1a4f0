/**
 * The home page answers first: on the first screen at 390 and 1,440 px, the link to the
 * decision page and the start of the findings; every finding says in words which setup is
 * compared with which (a lettered scenario by its name too) and links to the chart on its
 * report that draws it; a card shows only findings the site's rule establishes, or, with
 * none, one measured value whose difference it says is not established.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, localePath, LOCALE_IDS, DEFAULT_LOCALE, DATA_DIR, newestVersion} from './support/fixtures';

const WIDTHS = [
  {width: 390, height: 844},
  {width: 1440, height: 900},
] as const;

const ESTABLISHED = ['better', 'worse', 'context'];

/** The newest dataset's lettered scenarios (A, B, …) with their names. */
function letteredScenarios(suite: string): {id: string; name: string}[] {
  const d = JSON.parse(fs.readFileSync(path.join(DATA_DIR, suite, `${newestVersion(suite)}.json`), 'utf8')) as {scenarios: {id: string; name: string}[]};
  return d.scenarios.filter((s) => /^[A-Z]$/.test(s.id));
}

for (const locale of LOCALE_IDS) {
  const tag = locale === DEFAULT_LOCALE ? ' @smoke' : '';
  test(`home page: the decision page's link and the first finding are on the first screen at 390 and 1,440 px (${locale})${tag}`, async ({browser}) => {
    for (const viewport of WIDTHS) {
      const context = await browser.newContext({viewport});
      const page = await context.newPage();
      await page.goto(localePath(locale, '/'));
      const decision = page.locator('[data-decision-link]');
      const box = await decision.boundingBox();
      expect(box, `${viewport.width} px: the decision page's link`).not.toBeNull();
      expect(box!.y + box!.height, `${viewport.width} px: the decision page's link ends on the first screen`).toBeLessThanOrEqual(viewport.height);
      expect(new URL((await decision.getAttribute('href'))!, page.url()).pathname.replace(/(.)\/$/, '$1')).toBe(localePath(locale, '/docs/choosing-a-datapath'));
      const first = await page.locator('[data-headline]').first().boundingBox();
      expect(first!.y, `${viewport.width} px: the first finding starts on the first screen`).toBeLessThan(viewport.height);
      await context.close();
    }
  });

  test(`home page: findings in words, only established ones, each linked to the chart that draws it (${locale})${tag}`, async ({page}) => {
    await page.goto(localePath(locale, '/'));
    const cards = page.locator('[data-testid="suite-list"] > li');
    const links: {suite: string; href: string; chart: string}[] = [];
    for (let i = 0; i < (await cards.count()); i++) {
      const card = cards.nth(i);
      const suite = (await card.getAttribute('data-suite'))!;
      const verdicts = await card.locator('[data-headline]').evaluateAll((els) => els.map((el) => el.getAttribute('data-verdict')));
      // Established findings only; a card with none shows one value, its difference said to be not established.
      if (verdicts.some((v) => !ESTABLISHED.includes(v!))) expect(verdicts, `${suite}: a card without established findings`).toEqual(['not-established']);
      const sentences = await card.locator('[data-headline] [data-finding-link]').allTextContents();
      expect(sentences.length, `${suite}: every figure's sentence links its chart`).toBe(verdicts.length);
      // A lettered scenario appears only in parentheses after its name (in English, the dataset's name itself).
      for (const s of letteredScenarios(suite)) {
        for (const sentence of sentences.filter((t) => new RegExp(`\\b${s.id}\\b`).test(t))) {
          expect(sentence.replace(new RegExp(`[(（]${s.id}[)）]`, 'g'), ''), `${suite}: scenario ${s.id} only beside its name`).not.toMatch(new RegExp(`\\b${s.id}\\b`));
          if (locale === 'en') expect(sentence, `${suite}: scenario ${s.id} named`).toContain(`${s.name} (${s.id})`);
        }
      }
      for (const link of await card.locator('[data-finding-link]').all()) {
        links.push({suite, href: (await link.getAttribute('href'))!, chart: (await link.getAttribute('data-finding-link'))!});
      }
    }
    expect(links.length).toBeGreaterThan(0);
    for (const {suite, href, chart} of links) {
      expect(chart, `${suite}: ${href} names its chart`).not.toBe('');
      const url = new URL(href, page.url());
      expect(url.pathname.replace(/(.)\/$/, '$1')).toBe(localePath(locale, `/docs/benchmarks/${suite}`));
      await page.goto(url.href);
      await expect(page.locator(`figure[id="${url.hash.slice(1)}"][data-chart="${chart}"]`), `${href}: the chart it links`).toHaveCount(1);
    }
  });
}
