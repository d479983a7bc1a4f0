/**
 * Where a chart puts its words, read from the rendered SVG: on a phone (390 px) the tick
 * labels of a numeric x axis (Service counts, rule counts) never touch one another or the
 * "log scale" note, and the labels over bars (values, ⚠, N/M) never touch one another or a
 * neighbouring bar, with one policy per panel (every bar's value or none); and on the report
 * pages at 1280 px the article gets the width the table of contents would take. Line names at
 * 1280 px are checked on the drawn page of report-pages.spec.ts (report-checks/line-names.ts).
 */
import {test, expect, DEFAULT_LOCALE, localePath} from './support/fixtures';
import {CHART_PAGES, openPage} from './support/charts';
import {barPanels, linePanels, overlapping, overlaps, ownBar} from './support/chart-words';

/**
 * The fast tier's pages (the two cloud reports): between them, line panels on a numeric
 * Service-count axis and bar panels labelled over their bars. The full tier checks every page.
 */
const SMOKE_PAGES = ['/docs/benchmarks/eks-cni', '/docs/benchmarks/tke-cilium'];

test.describe('on a phone (390 px)', () => {
  for (const route of CHART_PAGES)
    test(`${route}: x-axis labels of line panels and labels over bars do not touch${SMOKE_PAGES.includes(route) ? ' @smoke' : ''}`, async ({drawnPages}) => {
      test.setTimeout(300_000);
      const {figures} = await drawnPages.open(localePath(DEFAULT_LOCALE, route), {width: 390, height: 844});
      for (const p of await linePanels(figures)) {
        expect(overlapping(p.ticks), `${p.where}: ticks ${JSON.stringify(p.ticks.map((t) => t.text))}`).toEqual([]);
        if (p.axisLabel) expect(p.ticks.filter((t) => overlaps(t, p.axisLabel!)).map((t) => t.text), `${p.where}: ticks under "${p.axisLabel.text}"`).toEqual([]);
        expect(p.ticks.length, `${p.where}: some ticks are labelled`).toBeGreaterThan(1);
      }
      for (const p of await barPanels(figures)) {
        expect(overlapping(p.labels), `${p.where}: labels ${JSON.stringify(p.labels.map((l) => l.text))}`).toEqual([]);
        const onNeighbours = p.labels.flatMap((l) => p.bars.filter((b) => !ownBar(l, b) && overlaps(l, b, 0)).map((b) => `"${l.text}" on a ${b.series} bar`));
        expect(onNeighbours, `${p.where}: labels over a neighbouring bar`).toEqual([]);
        // One policy per panel: every drawn bar carries its value, or none does.
        const valued = p.labels.filter((l) => l.value).length;
        expect([0, p.bars.length], `${p.where}: ${valued} of ${p.bars.length} bars carry their value`).toContain(valued);
      }
    });
});

test('at 1280 px the report article takes the width of the folded table of contents @smoke', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await openPage(page, localePath(DEFAULT_LOCALE, '/docs/benchmarks/tke-cilium'));
  const article = await page.locator('article').first().boundingBox();
  expect(article!.width, 'article width').toBeGreaterThan(880);
  await expect(page.locator('.theme-doc-toc-mobile')).toBeVisible();
  await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
  // A page without charts keeps its table of contents beside the text.
  await openPage(page, localePath(DEFAULT_LOCALE, '/docs/contributing/architecture'));
  await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
});
