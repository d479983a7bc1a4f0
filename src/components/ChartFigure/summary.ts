/**
 * The one-sentence summary a chart figure is described by (aria-describedby): what is
 * drawn, of which measure, for which series and over which categories. The drawing itself
 * is hidden from assistive technology; its values are in the data table.
 */
import {translate} from '@docusaurus/Translate';
import {visibleSeries, type Panel} from '@site/src/data/chart/model';
import {axisUnitLabel} from './axis';
import {metricLabel} from '@site/src/words/labels';

const list = (items: readonly string[]): string => [...new Set(items.filter((s) => s !== ''))].join(', ');

export function chartSummary(panels: readonly Panel[], hidden: ReadonlySet<string>): string {
  if (panels.length === 0) return '';
  const kinds = new Set(panels.map((p) => p.kind));
  const drawing =
    panels.length > 1
      ? translate({id: 'chart.summary.panels', message: '{count} charts', description: 'Start of a chart summary for screen readers: a figure of several panels'}, {count: panels.length})
      : kinds.has('line')
        ? translate({id: 'chart.summary.line', message: 'Line chart', description: 'Start of a chart summary for screen readers'})
        : translate({id: 'chart.summary.bar', message: 'Bar chart', description: 'Start of a chart summary for screen readers'});
  const measures = list(
    panels.map((p) => {
      const unit = axisUnitLabel(p);
      const name = metricLabel(p.metric);
      return unit && name ? `${name} (${unit})` : name || unit;
    }),
  );
  const series = list(panels.flatMap((p) => visibleSeries(p, hidden).map((s) => s.label)));
  const categories = list(panels.flatMap((p) => p.categories.map((c) => c.label)));
  // One series named like the measure (a bar per scenario): the series says nothing more.
  if (series === '' || panels.every((p) => visibleSeries(p, hidden).every((s) => s.label === metricLabel(p.metric) || s.label === p.title))) {
    return translate(
      {id: 'chart.summary.oneSeries', message: '{drawing} of {measures}, by {categories}; the data table lists every value.', description: 'Summary of a chart of one series for screen readers'},
      {drawing, measures, categories},
    );
  }
  return translate(
    {
      id: 'chart.summary',
      message: '{drawing} of {measures} for {series}, by {categories}; the data table lists every value.',
      description: 'Summary of a chart for screen readers (the figure is described by it)',
    },
    {
      drawing,
      measures,
      series,
      categories,
    },
  );
}
