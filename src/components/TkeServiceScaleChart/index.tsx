/**
 * Service-scale degradation on TKE: RPS over the number of Services for short
 * connections and keepalive, absolute or as % of the small-scale baseline (the
 * view is kept in the URL), with the iptables/Cilium crossover found in the data.
 */
import React from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {formatNumber} from '@site/src/data/format';
import {scaleSteps, scaleWhere, serviceScaleCrossovers, type ScenarioCrossover} from '@site/src/data/suites/tke-cilium';
import ChartFigure from '@site/src/components/ChartFigure';
import {gridPanel, type Category, type Panel, type ChartOptions} from '@site/src/data/chart/model';
import {scenarioLabel} from '@site/src/data/labels';
import {useSuite} from '@site/src/plugins/bench-data/client';
import styles from './styles.module.css';

export type ScaleView = 'absolute' | 'percent';
export const PERCENT_VIEW = 'percent';

function stepCategories(dataset: Dataset, locale: string, withBaseline: boolean): Category[] {
  const steps = scaleSteps(dataset).map((s) => ({key: String(s), label: formatNumber(s, locale)}));
  return withBaseline ? [{key: 'baseline', label: translate({id: 'tke.scale.baseline', message: 'Baseline'}), x: 0}, ...steps] : steps;
}

function scenarioSeries(dataset: Dataset) {
  return dataset.scenarios.map((s) => ({key: s.id, label: scenarioLabel(dataset, s.id), query: {metric: 'http_rps' as const}}));
}

/** Marker label for a crossover, e.g. "Cilium overlay passes iptables". */
export function crossoverLabel(dataset: Dataset, c: ScenarioCrossover): string {
  return translate({id: 'tke.scale.crossoverMarker', message: '{scenario} passes iptables'}, {scenario: scenarioLabel(dataset, c.scenario)});
}

export function buildServiceScale(dataset: Dataset, {locale, view}: ChartOptions): Panel[] {
  const percent = view === PERCENT_VIEW;
  const servicesAxis = translate({id: 'tke.scale.axis', message: 'Services'});
  const short = gridPanel(
    dataset,
    {
      key: 'short',
      title: translate({id: 'tke.scale.short', message: 'Short connections (new TCP connection per request)'}),
      metric: 'http_rps',
      kind: 'line',
      categoryAxis: servicesAxis,
      categories: stepCategories(dataset, locale, true),
      display: percent ? 'percentOfFirst' : 'absolute',
      markers: serviceScaleCrossovers(dataset).map((c) => ({category: String(c.at), label: crossoverLabel(dataset, c)})),
    },
    scenarioSeries(dataset),
    (c, s) => ({metric: 'http_rps', scenario: s.key, where: scaleWhere('close', c.key === 'baseline' ? undefined : Number(c.key))}),
  );
  // The source printed only the change for keepalive steps, so these rows are already
  // percent of baseline (http_rps_relative) in both views; no absolute RPS is invented.
  const keepalive = gridPanel(
    dataset,
    {
      key: 'keepalive',
      title: translate({id: 'tke.scale.keepalive', message: 'Keepalive, % of baseline in both views'}),
      metric: 'http_rps_relative',
      kind: 'line',
      categoryAxis: servicesAxis,
      categories: stepCategories(dataset, locale, false),
      referenceLines: [{value: 100, label: translate({id: 'tke.scale.baselineLine', message: 'Baseline = 100%'})}],
    },
    scenarioSeries(dataset),
    (c, s) => ({metric: 'http_rps_relative', scenario: s.key, where: scaleWhere('keepalive', Number(c.key))}),
  );
  return [short, keepalive];
}

function ViewSwitch({view, setView}: {view: string | undefined; setView: (v: string | undefined) => void}) {
  const percent = view === PERCENT_VIEW;
  return (
    <div className={styles.switch} role="group" aria-label={translate({id: 'tke.scale.viewLabel', message: 'Show values as'})}>
      <button type="button" className={clsx(styles.option, !percent && styles.active)} aria-pressed={!percent} data-view="absolute" onClick={() => setView(undefined)}>
        {translate({id: 'tke.scale.viewAbsolute', message: 'Requests per second'})}
      </button>
      <button type="button" className={clsx(styles.option, percent && styles.active)} aria-pressed={percent} data-view="percent" onClick={() => setView(PERCENT_VIEW)}>
        {translate({id: 'tke.scale.viewPercent', message: '% of baseline'})}
      </button>
    </div>
  );
}

export default function TkeServiceScaleChart({data, children}: {data: SuiteBundle; children?: React.ReactNode}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  return (
    <ChartFigure
      name="TkeServiceScaleChart"
      data={data}
      title={translate({id: 'tke.scale.title', message: 'HTTP requests per second as the number of Services grows'})}
      description={translate({
        id: 'tke.scale.description',
        message:
          'Saturated fortio through one Service at c64. Dashed vertical lines mark the first Service count at which iptables is below a Cilium cluster. Keepalive steps were published only as a change against the baseline, so that panel stays in percent.',
      })}
      build={buildServiceScale}
      controls={(v) => <ViewSwitch {...v} />}>
      {children}
    </ChartFigure>
  );
}

/**
 * The crossover as an inline figure: `at` (first step where iptables is below), `after`
 * (last step where it was not) or `estimate` (interpolated), for one Cilium cluster or
 * the earliest of them.
 */
export function TkeCrossover({data, scenario, show = 'at'}: {data: SuiteBundle; scenario?: string; show?: 'at' | 'after' | 'estimate'}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {dataset} = useSuite(data);
  const all = serviceScaleCrossovers(dataset);
  const c = scenario ? all.find((x) => x.scenario === scenario) : all[0];
  if (!c) return <span data-crossover="none">{translate({id: 'tke.scale.noCrossover', message: 'no crossover within the measured range'})}</span>;
  // Interpolated points are rounded to hundreds: more digits would claim precision the steps do not have.
  const value = show === 'estimate' ? Math.round(c.estimate / 100) * 100 : c[show];
  return (
    <data value={value} data-crossover={c.scenario}>
      {formatNumber(value, i18n.currentLocale)}
    </data>
  );
}
