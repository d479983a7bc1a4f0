// @vitest-environment jsdom
/**
 * The inline script chart-link-view puts in every page, run as the page runs it: the series a
 * link hides are hidden in that chart's static drawing and table and nowhere else. (The built page, with
 * every script chunk held back, is checked in tests/e2e/eks-report.spec.ts.)
 */
import {describe, expect, it} from 'vitest';
import chartLinkViewPlugin, {LINK_VIEW_SCRIPT} from './index';
import {LINK_VIEW_STYLE_ATTRIBUTE, SERIES_COLUMN_ATTRIBUTE, hiddenSeriesKey} from '../../data/chartLink';

/** jsdom has no CSS.escape; this one escapes what a series key or chart name could hold. */
const escape = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);

/** A figure as the build writes it (its drawing and its table), or live (no drawing: React draws the view itself). */
const figure = (chart: string, series: string[], live = false) => `
  <figure data-chart="${chart}"><div data-panel="p">
    <div ${live ? '' : 'data-static-plot'}>${live ? '' : `<div data-static-drawing><svg>${series.map((s) => `<g data-series="${s}"></g><text data-value-label="${s}">1</text>`).join('')}</svg></div>`}</div>
    <details><table>
      <thead><tr><th>Scenario</th>${series.map((s) => `<th ${SERIES_COLUMN_ATTRIBUTE}="${s}">${s}</th>`).join('')}</tr></thead>
      <tbody><tr><th>A</th>${series.map((s) => `<td ${SERIES_COLUMN_ATTRIBUTE}="${s}">1</td>`).join('')}</tr></tbody>
    </table></details>
  </div></figure>`;

/** Runs the script at `search` and returns the cells its rules hide, as "chart/series". */
function hiddenCells(search: string, body: string): string[] {
  window.history.replaceState(null, '', `/docs/report${search}`);
  (window as unknown as {CSS: {escape: typeof escape}}).CSS = {escape};
  document.head.querySelectorAll('style').forEach((s) => s.remove());
  document.body.innerHTML = body;
  new Function(LINK_VIEW_SCRIPT)();
  const rules = [...document.querySelectorAll<HTMLStyleElement>(`style[${LINK_VIEW_STYLE_ATTRIBUTE}]`)].flatMap((s) => [...s.sheet!.cssRules] as CSSStyleRule[]);
  rules.forEach((r) => expect(r.style.display).toBe('none'));
  const hidden = new Set(rules.flatMap((r) => [...document.querySelectorAll(r.selectorText)]));
  return [...hidden]
    .map((el) => `${el.closest('figure')!.getAttribute('data-chart')}/${el.getAttribute(SERIES_COLUMN_ATTRIBUTE) ?? el.getAttribute('data-series') ?? el.getAttribute('data-value-label')}/${el.tagName.toLowerCase()}`)
    .sort();
}

describe('chart-link-view', () => {
  it("hides a link's series in that chart's drawing (marks, value labels) and table (header, cells)", () => {
    const q = `?${hiddenSeriesKey('DnsChart')}=p99,p50`;
    expect(hiddenCells(q, figure('DnsChart', ['p50', 'p90', 'p99']) + figure('Other', ['p99']))).toEqual([
      'DnsChart/p50/g',
      'DnsChart/p50/td',
      'DnsChart/p50/text',
      'DnsChart/p50/th',
      'DnsChart/p99/g',
      'DnsChart/p99/td',
      'DnsChart/p99/text',
      'DnsChart/p99/th',
    ]);
  });

  it('names its style element after the chart, so the chart can drop it when the reader changes the view', () => {
    hiddenCells(`?${hiddenSeriesKey('A')}=x&${hiddenSeriesKey('B')}=y`, figure('A', ['x']) + figure('B', ['y']));
    expect([...document.querySelectorAll(`style[${LINK_VIEW_STYLE_ATTRIBUTE}]`)].map((s) => s.getAttribute(LINK_VIEW_STYLE_ATTRIBUTE))).toEqual(['A', 'B']);
  });

  it('leaves a live chart, other query keys and odd values alone', () => {
    expect(hiddenCells(`?${hiddenSeriesKey('A')}=x`, figure('A', ['x'], true))).toEqual([]);
    expect(hiddenCells(`?A.cmp=1&A.view=percent&${hiddenSeriesKey('')}=x&hide=x`, figure('A', ['x']))).toEqual([]);
    expect(hiddenCells(`?${hiddenSeriesKey('A')}=,`, figure('A', ['x']))).toEqual([]);
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('quotes what the URL carries: a series key with a quote or bracket cannot break out of its selector', () => {
    expect(hiddenCells(`?${hiddenSeriesKey('A')}=${encodeURIComponent('x"]{}, *{')}`, figure('A', ['x']))).toEqual([]);
  });

  it('is put in the head of every page', () => {
    const tags = (chartLinkViewPlugin().injectHtmlTags as () => {headTags: {tagName: string; innerHTML: string}[]})();
    expect(tags.headTags).toEqual([{tagName: 'script', innerHTML: LINK_VIEW_SCRIPT}]);
  });
});
