/**
 * The local suite's charts, as specs for the chart families: figures of the rule-free veth
 * pair (LOCAL_BASELINE) by streams, percentile or request rate. The report page passes them:
 * `<ThroughputChart data={local} spec={CHARTS.throughput} />`.
 */
import {translate} from '@docusaurus/Translate';
import type {Conditions} from '../../data/schema';
import type {ChartSpec} from '../../data/chartSpec';
import type {MetricId} from '../../data/metrics';
import {conditionPanel, gridPanel, hasRows, measuredConditionValues, stepPanel, type SeriesDef} from '../../data/chart/model';
import {conditionLabel, metricLabel} from '../../words/labels';
import {conditionValues, selectRows} from '../../data/selectors';
import {CHAIN_SCENARIO, LOCAL_BASELINE} from '.';

export const CHARTS = {
  /** iperf3 TCP throughput over the veth pair, by number of parallel streams. */
  throughput: {
    name: 'LocalThroughputChart',
    title: () => translate({id: 'chart.local.throughput.title', message: 'TCP throughput between two namespaces'}),
    build: (dataset, {locale}) => [
      conditionPanel(
        dataset,
        {key: 'tcp', metric: 'tcp_throughput', kind: 'bar', scenario: LOCAL_BASELINE, categoryAxis: translate({id: 'chart.local.streams', message: 'Parallel streams'})},
        'streams',
        measuredConditionValues(dataset, LOCAL_BASELINE, 'streams'),
        (v) => conditionLabel('streams', v, locale),
        [{key: 'tcp', label: metricLabel('tcp_throughput'), query: {metric: 'tcp_throughput'}}],
      ),
    ],
  },

  /** TCP request/response (TCP_RR) and connect/request/response (TCP_CRR) latency percentiles. */
  latency: {
    name: 'LocalLatencyChart',
    title: () => translate({id: 'chart.local.latency.title', message: 'TCP latency: established connection vs new connection'}),
    description: () => `${metricLabel('tcp_rr_latency')} · ${metricLabel('tcp_crr_latency')}`,
    build: (dataset, {locale}) => [
      conditionPanel(
        dataset,
        {key: 'tcp-latency', metric: 'tcp_rr_latency', kind: 'bar', scenario: LOCAL_BASELINE, categoryAxis: translate({id: 'chart.local.percentile', message: 'Percentile'})},
        'stat',
        measuredConditionValues(dataset, LOCAL_BASELINE, 'stat')
          .filter((s) => s.startsWith('p'))
          .sort(),
        (v) => conditionLabel('stat', v, locale),
        [
          {key: 'rr', label: 'TCP_RR', query: {metric: 'tcp_rr_latency'}},
          {key: 'crr', label: 'TCP_CRR', query: {metric: 'tcp_crr_latency'}},
        ],
      ),
    ],
  },

  /** fortio HTTP rate and p99 latency at a fixed QPS and unthrottled, keepalive vs a new connection per request. */
  http: {
    name: 'LocalHttpChart',
    title: () => translate({id: 'chart.local.http.title', message: 'HTTP with fortio: keepalive vs a new connection per request'}),
    height: 280,
    build: (dataset, {locale}) => {
      const qpsLevels = conditionValues(selectRows(dataset, {metric: 'http_rps', scenario: LOCAL_BASELINE, exact: false}), 'qps');
      const categories = qpsLevels.map((q) => ({key: String(q), label: conditionLabel('qps', q, locale)}));
      const series: SeriesDef[] = (['keepalive', 'close'] as const).map((c) => ({
        key: c,
        label: conditionLabel('connection', c, locale),
        query: {metric: 'http_rps', where: {connection: c}},
      }));
      const cell = (extra: Partial<Conditions>) => (category: {key: string}, s: SeriesDef) => ({
        ...s.query,
        scenario: LOCAL_BASELINE,
        exact: false,
        where: {...s.query.where, ...extra, qps: qpsLevels.find((q) => String(q) === category.key)},
      });
      return [
        gridPanel(dataset, {key: 'rps', title: metricLabel('http_rps'), metric: 'http_rps', kind: 'bar', categories}, series, cell({})),
        gridPanel(
          dataset,
          {key: 'p99', title: `${metricLabel('http_latency')} p99`, metric: 'http_latency', kind: 'bar', categories},
          series.map((s) => ({...s, query: {...s.query, metric: 'http_latency'}})),
          cell({stat: 'p99'}),
        ),
      ];
    },
  },

  /**
   * The kube-proxy O(n) effect on one machine: a linear chain of N non-matching rules in the
   * path of every new connection; short-connection RPS and connection setup time as N grows,
   * each metric a panel when the run measured it.
   */
  ruleChainSweep: {
    name: 'RuleChainSweepChart',
    title: () => translate({id: 'chart.local.sweep.title', message: 'New connections through a growing iptables chain'}),
    height: 260,
    build: (dataset, {locale}) => {
      const steps = measuredConditionValues(dataset, CHAIN_SCENARIO, 'rules');
      const axis = translate({id: 'chart.local.rules', message: 'Rules in the chain'});
      const panels: {metric: MetricId; stat?: 'p50'}[] = [{metric: 'http_rps'}, {metric: 'conn_setup_time', stat: 'p50'}, {metric: 'tcp_crr_latency', stat: 'p50'}];
      return panels
        .map(({metric, stat}) =>
          stepPanel(
            dataset,
            {key: metric, title: `${metricLabel(metric)}${stat ? ` ${stat}` : ''}`, metric, kind: 'line', scenario: CHAIN_SCENARIO, categoryAxis: axis},
            'rules',
            steps,
            locale,
            [{key: 'short', label: conditionLabel('connection', 'close', locale), query: {metric, exact: false, where: stat ? {stat} : {}}}],
          ),
        )
        .filter(hasRows);
    },
  },
} satisfies Record<string, ChartSpec>;
