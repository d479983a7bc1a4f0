/**
 * The parts of a link to a chart's view: the charts write and read them
 * (ChartFigure's URL state, the figure's anchor), and bench:site's phone
 * profile opens such a link. One definition, so the two cannot drift apart.
 */

/** Query key of the series hidden in chart `name`: `<Chart>.hide=<series,...>`. */
export const hiddenSeriesKey = (name: string): string => `${name}.hide`;

/** Id of chart `name`'s figure: the anchor of a link to it. */
export const chartAnchorId = (name: string): string => `chart-${name}`;
