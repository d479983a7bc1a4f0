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

/**
 * The build's files of a page's charts (src/plugins/chart-drawings/chartFiles.ts): each chart as a
 * standalone SVG, for embedding, and the page's link preview, in a folder of the page's own under
 * img/charts (not beside the page: a folder named as a page makes some hosts redirect the page's
 * address into it). `siteBase` is the locale's published root (https://host/ko/), `route` the page's
 * path under it (docs/benchmarks/eks-cni; "" for the root page).
 */
export const chartFilesFolder = (route: string): string => `img/charts/${route.replace(/^\/|\/$/g, '') || 'index'}`;

const chartFilesUrl = (siteBase: string, route: string): string => `${siteBase.replace(/\/?$/, '/')}${chartFilesFolder(route)}`;

/** Chart `name` of the page as the build drew it. */
export const chartFileUrl = (siteBase: string, route: string, name: string): string => `${chartFilesUrl(siteBase, route)}/${chartAnchorId(name)}.svg`;

/** The page's link preview (og:image). */
export const previewImageUrl = (siteBase: string, route: string): string => `${chartFilesUrl(siteBase, route)}/preview.png`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML a reader pastes to embed chart `name` of the page: its build file, linked to the chart on the page. */
export const embedCode = (siteBase: string, route: string, name: string, title: string): string =>
  `<a href="${escapeHtml(`${siteBase.replace(/\/?$/, '/')}${route.replace(/^\//, '')}#${chartAnchorId(name)}`)}"><img src="${escapeHtml(chartFileUrl(siteBase, route, name))}" alt="${escapeHtml(title)}" style="max-width:100%;height:auto"></a>`;
