/**
 * <Delta>: a change computed from two dataset values, inside prose.
 *   <Delta data={eks} metric="loaded_rtt" from="A" to="E" />          -> -36%
 *   <Delta data={eks} metric="iptables_nat_rules" scenario="A"
 *          fromWhere={{services: 4}} toWhere={{services: 1000}} format="ratio" />        -> 101×
 * Rendered as <data value="-35.94">; nothing computed is typed into MDX. A difference the
 * site's rule does not establish (src/data/uncertainty.ts) says so, with the reason, next
 * to the figure: the figure is what was seen, not a better or worse.
 */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {MetricId} from '@site/src/data/metrics';
import {METRICS} from '@site/src/data/metrics';
import type {Conditions} from '@site/src/data/schema';
import {percentChange, ratio} from '@site/src/data/selectors';
import {formatFigure, type FigureKind} from '@site/src/data/format';
import {compareRows} from '@site/src/data/uncertainty';
import {useFigureRow} from '@site/src/plugins/bench-data/client';
import {notEstablishedLabel} from '@site/src/words/labels';

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
  const {row: a, dataset} = useFigureRow(data, {metric, scenario: fromScenario, where: {...where, ...fromWhere}}, `<Delta metric="${metric}">`);
  const b = useFigureRow(data, {metric, scenario: toScenario, where: {...where, ...toWhere}}, `<Delta metric="${metric}">`).row;
  const value = computeDelta(a?.value ?? null, b?.value ?? null, format);
  if (value === null) return <span data-delta={metric}>–</span>;
  const text = formatFigure({kind: KIND[format], value, unit: METRICS[metric].unit}, locale);
  const {verdict, reason} = compareRows(a!, b!, METRICS[metric].direction, dataset.method);
  return (
    <>
      <data value={Number(value.toFixed(6))} data-delta={metric} data-verdict={verdict} data-reason={reason}>
        {text}
      </data>
      {reason && translate({id: 'delta.notEstablished', message: ' ({reason})', description: 'after an inline change: why it is not called better or worse (Chinese uses full-width parentheses)'}, {reason: notEstablishedLabel(reason)})}
    </>
  );
}
