/**
 * The site suite's chart: this site's pages side by side (the plain docs home first, then
 * each report) on the figures issue 16 set goals for, one panel per metric, one bar per
 * language. The contributing guide passes it: `<ComparisonChart data={site} spec={CHARTS.speed} />`.
 */
import {translate} from '@docusaurus/Translate';
import type {ChartSpec} from '../chartSpec';
import type {MetricId} from '../metrics';
import {hasRows, scenarioPanel} from '../chart/model';
import {conditionLabel, metricLabel} from '../labels';
import {conditionValues} from '../selectors';
import {PAGE_SCENARIOS} from './site';

/** The panels, in the order the page reads them: the score, then what it is made of, then the bytes behind it. */
const PANELS: MetricId[] = ['lighthouse_performance', 'total_blocking_time', 'largest_contentful_paint', 'js_first_view'];

export const CHARTS = {
  speed: {
    name: 'SiteSpeedChart',
    title: () => translate({id: 'chart.site.speed.title', message: 'This site\'s pages on a simulated phone: plain page and reports'}),
    description: () => translate({id: 'chart.site.speed.description', message: 'Median of the Lighthouse runs per page and language; the range is the lowest and highest run.'}),
    height: 220,
    build: (dataset, {locale}) => {
      const pages = PAGE_SCENARIOS.map((s) => s.id).filter((id) => dataset.scenarios.some((s) => s.id === id));
      const locales = conditionValues(dataset.results, 'locale');
      const series = locales.map((l) => ({key: l, label: conditionLabel('locale', l, locale), query: {where: {locale: l}}}));
      return PANELS.map((metric) =>
        scenarioPanel(
          dataset,
          {key: metric, metric, title: metricLabel(metric), scenarios: pages},
          series.map((s) => ({...s, query: {...s.query, metric}})),
        ),
      ).filter(hasRows);
    },
  },
} satisfies Record<string, ChartSpec>;
