/**
 * The site suite's charts: this site's pages side by side (the plain docs home first, then
 * each report) on the figures the site sets goals for, one panel per metric, one bar per
 * language; and the report pages' timings on an emulated phone. The contributing guide
 * passes them: `<SuiteChart data={site} spec={CHARTS.speed} />`.
 */
import {translate} from '@docusaurus/Translate';
import type {ChartSpec} from '../../data/chartSpec';
import type {MetricId} from '../../data/metrics';
import {hasRows, scenarioPanel} from '../../data/chart/model';
import {conditionLabel, metricLabel} from '../../words/labels';
import {conditionValues} from '../../data/selectors';
import type {Dataset} from '../../data/schema';
import {PAGE_SCENARIOS, PHONE_CHARTS, PHONE_GOALS} from '.';

/** The panels, in the order the page reads them: the score, then what it is made of, then the bytes behind it. */
const PANELS: MetricId[] = ['lighthouse_performance', 'total_blocking_time', 'largest_contentful_paint', 'js_first_view'];

/** The phone timings, in the order a reader meets them: a chart scrolled to (the panel in view, then all), then a shared link's table and chart, then the empty boxes. */
const PHONE_PANELS: MetricId[] = ['phone_panel_after_scroll', 'phone_chart_after_scroll', 'phone_shared_view', 'phone_shared_chart', 'phone_empty_box'];

/** True when a version of the site suite has phone timings (the first, 2026-11-26, has none). */
export function hasPhoneTimings(dataset: Dataset): boolean {
  return dataset.results.some((r) => PHONE_PANELS.includes(r.metric) && r.value !== null);
}

/** The suite's pages side by side on `metrics`, one bar per language: each spec's panels. */
function pagePanels(dataset: Dataset, locale: string, metrics: MetricId[], scenarioIds: string[], goals: Partial<Record<MetricId, number>> = {}) {
  const pages = scenarioIds.filter((id) => dataset.scenarios.some((s) => s.id === id));
  const series = conditionValues(dataset.results, 'locale').map((l) => ({key: l, label: conditionLabel('locale', l, locale), query: {where: {locale: l}}}));
  return metrics
    .map((metric) => {
      // A goal of 0 (no empty box) is the axis itself: no line for it.
      const goal = goals[metric];
      return scenarioPanel(
        dataset,
        {key: metric, metric, title: metricLabel(metric), scenarios: pages, ...(goal ? {referenceLines: [{value: goal, label: translate({id: 'chart.site.goal', message: 'Goal'})}]} : {})},
        series.map((s) => ({...s, query: {...s.query, metric}})),
      );
    })
    .filter(hasRows);
}

export const CHARTS = {
  speed: {
    name: 'SiteSpeedChart',
    title: () => translate({id: 'chart.site.speed.title', message: 'This site\'s pages on a simulated phone: plain page and reports'}),
    description: () => translate({id: 'chart.site.speed.description', message: 'Median of the Lighthouse runs per page and language; the range is the lowest and highest run.'}),
    height: 220,
    build: (dataset, {locale}) => pagePanels(dataset, locale, PANELS, PAGE_SCENARIOS.map((s) => s.id)),
  },
  phone: {
    name: 'SitePhoneChart',
    title: () => translate({id: 'chart.site.phone.title', message: 'The report pages on an emulated slow phone: a chart scrolled to and a shared link'}),
    description: () =>
      translate({
        id: 'chart.site.phone.description',
        message: 'Median of the runs per page and language; the range is the fastest and slowest run. The line marks the goal where the issue set one.',
      }),
    height: 220,
    build: (dataset, {locale}) => pagePanels(dataset, locale, PHONE_PANELS, Object.keys(PHONE_CHARTS), PHONE_GOALS),
  },
} satisfies Record<string, ChartSpec>;
