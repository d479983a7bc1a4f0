/**
 * The one-sentence summary a chart figure is described by (aria-describedby): what is
 * drawn, of which measure, for which series and over which categories. The drawing itself
 * is hidden from assistive technology; its values are in the data table. The English
 * messages have no one-word literal parts (the built-page check looks for them on
 * translated pages), and lists and parentheses follow the reader's language.
 */
import {translate} from '@docusaurus/Translate';
import {visibleSeries, type Panel} from '@site/src/data/chart/model';
import {listText, parentheses, typeset} from '@site/src/data/format';
import {metricLabel} from '@site/src/words/labels';
import {axisUnitLabel} from './axis';

const unique = (items: readonly string[]): string[] => [...new Set(items.filter((s) => s !== ''))];

export function chartSummary(panels: readonly Panel[], hidden: ReadonlySet<string>, locale: string): string {
  if (panels.length === 0) return '';
  const list = (items: readonly string[]) => listText(unique(items), locale);
  const [open, close] = parentheses(locale);
  const drawing =
    panels.length > 1
      ? translate({id: 'chart.summary.panels', message: 'Figure with {count} panels of charts', description: 'Start of a chart summary for screen readers: a figure of several panels'}, {count: panels.length})
      : panels[0].kind === 'line'
        ? translate({id: 'chart.summary.line', message: 'Line chart', description: 'Start of a chart summary for screen readers'})
        : translate({id: 'chart.summary.bar', message: 'Bar chart', description: 'Start of a chart summary for screen readers'});
  const measures = list(
    panels.map((p) => {
      const unit = axisUnitLabel(p);
      const name = metricLabel(p.metric);
      return unit ? `${name}${open === '(' ? ' (' : open}${unit}${close}` : name;
    }),
  );
  const series = list(panels.flatMap((p) => visibleSeries(p, hidden).map((s) => s.label)));
  const categories = list(panels.flatMap((p) => p.categories.map((c) => c.label)));
  // One series named like the measure (a bar per scenario): the series says nothing more.
  const oneSeries = series === '' || panels.every((p) => visibleSeries(p, hidden).every((s) => s.label === metricLabel(p.metric) || s.label === p.title));
  const text = oneSeries
    ? translate(
        {id: 'chart.summary.oneSeries', message: '{drawing} that shows {measures} across the categories {categories}; the data table lists every value.', description: 'Summary of a chart of one series for screen readers'},
        {drawing, measures, categories},
      )
    : translate(
        {
          id: 'chart.summary',
          message: '{drawing} that shows {measures} for the series {series} across the categories {categories}; the data table lists every value.',
          description: 'Summary of a chart for screen readers (the figure is described by it)',
        },
        {drawing, measures, series, categories},
      );
  return typeset(text, locale);
}
