/**
 * Where a panel's drawing names its series: the panel's key above the plot (`data-key-series`)
 * or a line's name at its end (`data-direct-label`), each attribute holding the series' key
 * (RechartsView). A panel of several series must name every one in the drawing itself: its
 * picture, printed or downloaded, goes without the toolbar's legend. One rule, read by the
 * checks on the build's drawings (legibility.test.ts) and on the printed page
 * (tests/e2e/print-charts.spec.ts).
 */
export const SERIES_NAME_ATTRIBUTES = ['data-key-series', 'data-direct-label'] as const;

/**
 * The keys of the series the drawing names. Self-contained (the attributes passed in), so a
 * browser test runs this very function in the page (its source, see tests/e2e/support/drawing-marks.ts).
 */
export function seriesNamedIn(svg: ParentNode, attributes: readonly string[] = SERIES_NAME_ATTRIBUTES): Set<string> {
  const names = svg.querySelectorAll(attributes.map((a) => `[${a}]`).join(', '));
  return new Set([...names].map((e) => attributes.map((a) => e.getAttribute(a)).find((k) => k !== null) ?? ''));
}

/** The series of a panel of several that its drawing leaves unnamed (none when it has one series: the panel title names it). */
export function unnamedSeries(series: readonly string[], named: ReadonlySet<string>): string[] {
  return series.length > 1 ? series.filter((s) => !named.has(s)) : [];
}
