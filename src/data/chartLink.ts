/**
 * The parts of a link to a chart's view: the charts write and read them
 * (ChartFigure's URL state, the figure's anchor), the page's inline script
 * applies the hidden series to the static tables before the bundle has run
 * (src/plugins/chart-link-view), and bench:site's phone profile opens such a
 * link. One definition, so they cannot drift apart.
 */

/** Ends the query key of a chart's hidden series. */
export const HIDDEN_SERIES_SUFFIX = '.hide';

/** Query key of the series hidden in chart `name`: `<Chart>.hide=<series,...>`. */
export const hiddenSeriesKey = (name: string): string => `${name}${HIDDEN_SERIES_SUFFIX}`;

/** Id of chart `name`'s figure: the anchor of a link to it. */
export const chartAnchorId = (name: string): string => `chart-${name}`;

/** Attribute of a chart table's header and cells naming the series of their column. */
export const SERIES_COLUMN_ATTRIBUTE = 'data-series-column';

/** Attribute (its value the chart's name) of the <style> element that hides a link's series in the static table. */
export const LINK_VIEW_STYLE_ATTRIBUTE = 'data-chart-link';
