/**
 * <Delta>: a change computed from two dataset values, inside prose.
 *   <Delta data={eks} metric="pod_rtt" where={{stat: 'p50'}} from="A" to="E" />          -> -36%
 *   <Delta data={eks} metric="iptables_nat_rules" scenario="A"
 *          fromWhere={{services: 4}} toWhere={{services: 1000}} format="ratio" />        -> 101×
 * Rendered as <data value="-35.94">; nothing computed is typed into MDX.
 */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {MetricId} from '@site/src/data/metrics';
import {METRICS} from '@site/src/data/metrics';
import type {Conditions} from '@site/src/data/schema';
import {percentChange, ratio} from '@site/src/data/selectors';
import {formatFigure, type FigureKind} from '@site/src/data/format';
import {withinNoise} from '@site/src/data/noise';
import {useFigureRow} from '@site/src/plugins/bench-data/client';
import {withinNoiseLabel} from '@site/src/words/labels';

export interface DeltaProps {
  data: SuiteBundle;
  metric: MetricId;
  /** Scenario for both ends (unless from/to name their own). */
  scenario?: string;
  from?: string;
  to?: string;
  where?: Partial<Conditions>;
  fromWhere?: Partial<Conditions>;
  toWhere?: Partial<Conditions>;
  /**
   * percent (default; points for metrics that are percentages): relative change; ratio: to/from;
   * difference: to - from in the metric's unit; absolute: |percent|; points: to - from in percentage points.
   */
  format?: 'percent' | 'ratio' | 'difference' | 'absolute' | 'points';
}

/** How each format is written (rounding is the figure kind's, src/data/format.ts). */
const KIND: Record<NonNullable<DeltaProps['format']>, FigureKind> = {percent: 'change', ratio: 'ratio', difference: 'difference', absolute: 'percent', points: 'points'};

export function computeDelta(a: number | null, b: number | null, format: NonNullable<DeltaProps['format']>): number | null {
  if (format === 'ratio') return ratio(a, b);
  if (format === 'points') return a === null || b === null ? null : b - a;
  if (format === 'difference') return a === null || b === null ? null : b - a;
  const p = percentChange(a, b);
  return p === null ? null : format === 'absolute' ? Math.abs(p) : p;
}

export default function Delta({data, metric, scenario, from, to, where, fromWhere, toWhere, format: asked = 'percent'}: DeltaProps): React.JSX.Element {
  // A percent change of a percentage misleads ("+2,859%" UDP loss): such metrics change in points.
  const format = asked === 'percent' && METRICS[metric].unit === '%' ? 'points' : asked;
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const fromScenario = from ?? scenario;
  const toScenario = to ?? scenario;
  if (!fromScenario || !toScenario) throw new Error(`<Delta metric="${metric}">: give scenario, or from and to`);
  const a = useFigureRow(data, {metric, scenario: fromScenario, where: {...where, ...fromWhere}}, `<Delta metric="${metric}">`).row;
  const b = useFigureRow(data, {metric, scenario: toScenario, where: {...where, ...toWhere}}, `<Delta metric="${metric}">`).row;
  const value = computeDelta(a?.value ?? null, b?.value ?? null, format);
  if (value === null) return <span data-delta={metric}>–</span>;
  const text = formatFigure({kind: KIND[format], value, unit: METRICS[metric].unit}, locale);
  // Both ends have a min-max over rounds and differ by less than that spread: say so next to the figure.
  const noise = withinNoise(a, b) === true;
  return (
    <>
      <data value={Number(value.toFixed(6))} data-delta={metric} data-noise={noise || undefined}>
        {text}
      </data>
      {noise && ` (${withinNoiseLabel()})`}
    </>
  );
}
