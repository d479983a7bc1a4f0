/**
 * The TKE at-a-glance table: one line per dimension, the three clusters' values
 * from the dataset and a verdict computed by the rule in ./winner.ts (stated
 * under the table with its constants).
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {MetricId} from '@site/src/data/metrics';
import {METRICS} from '@site/src/data/metrics';
import type {Dataset, ResultRow} from '@site/src/data/schema';
import {conditionValues, FigureRows, percentChange, selectRows, type RowQuery} from '@site/src/data/selectors';
import {formatFigure, formatNumber, typeset} from '@site/src/data/format';
import {ciliumScenarios, scaleSteps, scaleWhere} from '@site/src/data/suites/tke-cilium';
import {useFigureCheck, useSuite} from '@site/src/plugins/bench-data/client';
import FigureShell from '@site/src/components/FigureShell';
import CellValue from '@site/src/components/CellValue';
import {conditionLabel, missingLabel, scenarioLabel} from '@site/src/data/labels';
import {LARGE_OVERHEAD_PCT, NOISE_PCT, OVERHEAD_NOISE_PCT, overheadVerdict, pickWinner, type NoiseClass, type OverheadVerdict, type Verdict} from './winner';
import styles from './styles.module.css';
import ScrollTable from '@site/src/components/ScrollTable';

interface CompareLine {
  kind: 'compare';
  key: string;
  label: string;
  metric: MetricId;
  noise: NoiseClass;
  rows: Record<string, ResultRow | undefined>;
  verdict: Verdict;
}

interface OverheadLine {
  kind: 'overhead';
  key: string;
  label: string;
  /** % change on vs off per scenario; null: not applicable / missing. */
  changes: Record<string, number | null>;
  verdict: OverheadVerdict;
}

export type GlanceLine = CompareLine | OverheadLine;

function compareLine(select: FigureRows, key: string, label: string, query: Omit<RowQuery, 'scenario'>, noise: NoiseClass): CompareLine {
  const {dataset} = select;
  const rows: CompareLine['rows'] = {};
  for (const s of dataset.scenarios) rows[s.id] = select.row({...query, scenario: s.id});
  const candidates = dataset.scenarios.map((s) => ({scenario: s.id, value: rows[s.id]?.value ?? null}));
  return {kind: 'compare', key, label, metric: query.metric, noise, rows, verdict: pickWinner(candidates, METRICS[query.metric].direction, NOISE_PCT[noise])};
}

function overheadLine(select: FigureRows, key: string, label: string, off: RowQuery['where'], on: RowQuery['where']): OverheadLine {
  const {dataset} = select;
  const changes: OverheadLine['changes'] = {};
  for (const s of dataset.scenarios) {
    const from = select.value({metric: 'http_rps', scenario: s.id, where: off});
    const to = select.value({metric: 'http_rps', scenario: s.id, where: on});
    changes[s.id] = percentChange(from, to);
  }
  return {kind: 'overhead', key, label, changes, verdict: overheadVerdict(ciliumScenarios(dataset).map((id) => changes[id]))};
}

/** The table's lines; queries that name no row or several are left in `select.problems`. */
export function glanceLines(select: FigureRows, locale: string): GlanceLine[] {
  const {dataset} = select;
  const n = (v: number) => formatNumber(v, locale);
  const lastSteps = scaleSteps(dataset).slice(-2);
  const lbSizes = conditionValues(selectRows(dataset, {metric: 'bpf_map_memory', exact: false}), 'lbMapMax');
  const maxLb = Math.max(...lbSizes);
  return [
    compareLine(select, 'throughput', translate({id: 'tke.glance.throughput', message: 'Pod-to-pod TCP throughput, 8 streams'}), {metric: 'tcp_throughput', where: {path: 'pod', streams: 8}}, 'throughput'),
    compareLine(select, 'rps-keepalive', translate({id: 'tke.glance.rpsKeepalive', message: 'RPS via Service, c64, keepalive'}), {metric: 'http_rps', where: scaleWhere('keepalive')}, 'rps'),
    compareLine(select, 'rps-short', translate({id: 'tke.glance.rpsShort', message: 'RPS via Service, c64, short connections (small scale)'}), {metric: 'http_rps', where: scaleWhere('close')}, 'rps'),
    compareLine(select, 'tcp-rr-p99', translate({id: 'tke.glance.tcpRr', message: 'TCP_RR p99'}), {metric: 'tcp_rr_latency', where: {stat: 'p99'}}, 'latency'),
    compareLine(select, 'http-p99', translate({id: 'tke.glance.httpP99', message: 'HTTP p99 at {qps} QPS'}, {qps: n(1000)}), {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}, 'latency'),
    ...lastSteps.map((step) =>
      compareLine(
        select,
        `rps-short-${step}`,
        translate({id: 'tke.glance.rpsShortAt', message: 'RPS, {connection}, with {services} Services'}, {connection: conditionLabel('connection', 'close', locale), services: n(step)}),
        {metric: 'http_rps', where: scaleWhere('close', step)},
        'rps',
      ),
    ),
    overheadLine(select, 'policy-l3l4', translate({id: 'tke.glance.l3l4', message: 'L3/L4 NetworkPolicy, change in RPS'}), {qps: 'max', policy: 'none'}, {qps: 'max', policy: 'l3l4'}),
    overheadLine(select, 'policy-l7', translate({id: 'tke.glance.l7', message: 'L7 NetworkPolicy, change in RPS'}), {qps: 'max', policy: 'none'}, {qps: 'max', policy: 'l7'}),
    overheadLine(select, 'hubble', translate({id: 'tke.glance.hubble', message: 'Hubble on, change in RPS'}), {qps: 'max', hubble: false}, {qps: 'max', hubble: true}),
    ...(Number.isFinite(maxLb)
      ? [compareLine(select, 'bpf-memory', translate({id: 'tke.glance.bpfMemory', message: 'BPF map memory per node (bpf-lb-map-max {size})'}, {size: n(maxLb)}), {metric: 'bpf_map_memory', where: {lbMapMax: maxLb}}, 'resources')]
      : []),
    compareLine(select, 'memory', translate({id: 'tke.glance.memory', message: 'Datapath component memory, average'}), {metric: 'memory_usage', where: {stat: 'avg'}, exact: false}, 'resources'),
  ];
}

export function verdictText(dataset: Dataset, line: GlanceLine, locale: string): string {
  const name = (id: string) => scenarioLabel(dataset, id);
  if (line.kind === 'overhead') {
    switch (line.verdict) {
      case 'none': return translate({id: 'tke.glance.overheadNone', message: 'No measurable overhead'});
      case 'large': return translate({id: 'tke.glance.overheadLarge', message: 'Large overhead: enable selectively'});
      case 'measurable': return translate({id: 'tke.glance.overheadSome', message: 'Measurable overhead'});
      case 'incomplete': return missingLabel('not-measured');
    }
  }
  const v = line.verdict;
  switch (v.kind) {
    case 'incomplete': return translate({id: 'tke.glance.incomplete', message: 'No winner: not measured on every cluster'});
    case 'tie': return translate({id: 'tke.glance.tie', message: 'Tie'});
    case 'shared': return v.scenarios.map(name).join(' ≈ ');
    case 'winner': {
      const lower = METRICS[line.metric].direction === 'lower';
      const margin = formatFigure(v.margin >= 2 ? {kind: 'ratio', value: v.margin} : {kind: 'change', value: (lower ? 1 / v.margin - 1 : v.margin - 1) * 100}, locale);
      return typeset(`${name(v.scenario)} (${margin})`, locale);
    }
  }
}

export default function TkeAtAGlance({data}: {data: SuiteBundle}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const {dataset} = useSuite(data);
  const select = new FigureRows(dataset);
  const lines = glanceLines(select, locale);
  useFigureCheck(data, dataset, '<TkeAtAGlance>', select.problems);
  return (
    <FigureShell
      name="TkeAtAGlance"
      dataset={dataset}
      framed={false}
      caption={
        <p className={styles.rule}>
          <Translate
            id="tke.glance.rule"
            values={{
              throughput: NOISE_PCT.throughput,
              rps: NOISE_PCT.rps,
              latency: NOISE_PCT.latency,
              resources: NOISE_PCT.resources,
              overhead: OVERHEAD_NOISE_PCT,
              large: LARGE_OVERHEAD_PCT,
            }}>
            {
              'How the last column is computed: the best value wins (higher or lower, by metric). Because every figure is a single round, clusters within {throughput}% of the best for throughput, {rps}% for request rates, {latency}% for latency and {resources}% for resources count as tied with it; the margin is against the next cluster. A winner is named only when all three clusters have a value. For the "change in RPS" rows (feature on vs off, Cilium only): all changes within ±{overhead}% mean no measurable overhead, a drop of {large}% or more is a large overhead.'
            }
          </Translate>
        </p>
      }>
      <ScrollTable
        numeric
        className={styles.table}
        caption={<Translate id="tke.glance.caption">The three TKE clusters at a glance</Translate>}
        captionHidden
        columns={[
          <Translate id="tke.glance.dimension">Dimension</Translate>,
          ...dataset.scenarios.map((s) => scenarioLabel(dataset, s.id)),
          <Translate id="tke.glance.verdict">Winner (computed)</Translate>,
        ]}>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} data-line={line.key}>
              <th scope="row" className={styles.dimension}>
                {line.label}
              </th>
              {dataset.scenarios.map((s) => (
                <td key={s.id}>
                  {line.kind === 'compare' ? (
                    <CellValue row={line.rows[s.id]} unit={METRICS[line.metric].unit} />
                  ) : line.changes[s.id] === null ? (
                    <span className={styles.missing}>{missingLabel('not-applicable')}</span>
                  ) : (
                    <data value={Number(line.changes[s.id]!.toFixed(4))}>{formatFigure({kind: 'change', value: line.changes[s.id]!}, locale)}</data>
                  )}
                </td>
              ))}
              <td className={styles.verdict} data-verdict={line.kind === 'compare' ? line.verdict.kind : line.verdict}>{verdictText(dataset, line, locale)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </FigureShell>
  );
}
