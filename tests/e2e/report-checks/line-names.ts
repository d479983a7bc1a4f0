/**
 * On a desktop (1280 px) each line of a line panel is named at its end, right of the plot
 * (never over data), the names never overlapping. Default locale, on the pages with named
 * lines; registered per page by report-pages.spec.ts, so it reads the page its group drew.
 */
import {test, expect, localePath, DEFAULT_LOCALE} from '../support/fixtures';
import {linePanels, overlapping} from '../support/chart-words';

const PAGES = ['/docs/benchmarks/tke-cilium', '/docs/benchmarks/kube-proxy'];
/** The desktop project's viewport: the group's drawn page, not one more. */
const DESKTOP = {width: 1280, height: 800};

export function lineNamesChecks(route: string, locale: string): void {
  if (locale !== DEFAULT_LOCALE || !PAGES.includes(route)) return;
  test(`lines are named at their ends, right of the plot, without overlapping @smoke`, async ({drawnPages}) => {
    test.setTimeout(300_000);
    const {figures} = await drawnPages.open(localePath(locale, route), DESKTOP);
    let named = 0;
    for (const p of await linePanels(figures)) {
      named += p.labels.length;
      expect(p.labels.filter((l) => l.left < p.plotRight).map((l) => l.text), `${p.where}: labels over the plot`).toEqual([]);
      expect(overlapping(p.labels), `${p.where}: labels`).toEqual([]);
    }
    expect(named, `direct labels drawn on ${route} at 1280 px`).toBeGreaterThan(0);
  });
}
