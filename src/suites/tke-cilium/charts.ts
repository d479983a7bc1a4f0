/**
 * The TKE suite's charts, as specs for the chart families: which rows, in which panels
 * (cases of path, streams and connection; the three clusters as series). The report page
 * passes them: `<ThroughputChart data={tke} spec={CHARTS.throughput} />`.
 */
import {translate} from '@docusaurus/Translate';
import type {Conditions, Dataset} from '../../data/schema';
import type {ChartSpec} from '../../data/chartSpec';
import {formatNumber, listText, typeset} from '../../data/format';
import {conditionValues, selectRows} from '../../data/selectors';
import {casePanel, gridPanel, stepPanel, type CaseDef, type Category, type Panel} from '../../data/chart/model';
import {conditionLabel, scenarioLabel} from '../../words/labels';
import {IPTABLES, ciliumScenarios, scaleSteps, scaleWhere, serviceScaleCrossovers, type ScenarioCrossover} from '.';

/** The scale chart's second view: each step as % of the small-scale baseline. */
export const PERCENT_VIEW = 'percent';

const caseAxis = () => translate({id: 'tke.case', message: 'Case'});
const servicesAxis = () => translate({id: 'tke.scale.axis', message: 'Services'});

const THROUGHPUT_CASES = [
  {path: 'host', streams: 8},
  {path: 'pod', streams: 1},
  {path: 'pod', streams: 8},
  {path: 'pod', streams: 16},
  {path: 'service', streams: 8},
] as const;

const RPS_CASES = [
  {path: 'pod', concurrency: 64, connection: 'keepalive'},
  {path: 'service', concurrency: 64, connection: 'keepalive'},
  {path: 'service', concurrency: 256, connection: 'keepalive'},
  {path: 'service', concurrency: 64, connection: 'close'},
] as const;

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

/** Series labels name the component measured: "kube-proxy iptables (kube-proxy)". */
function withComponent(dataset: Dataset, panel: Panel, locale: string): Panel {
  const series = panel.series.map((s) => {
    const component = panel.categories.map((c) => panel.cells[c.key]?.[s.key]?.conditions?.component).find(Boolean);
    return component ? {...s, label: typeset(`${scenarioLabel(dataset, s.key)} (${component})`, locale)} : s;
  });
  return {...panel, series};
}

export const CHARTS = {
  /** TCP throughput (iperf3) by case: host network, pod to pod at 1/8/16 streams, via Service. */
  throughput: {
    name: 'TkeThroughputChart',
    title: () => translate({id: 'tke.throughput.title', message: 'Cross-node TCP throughput by case (Gbps)'}),
    build: (dataset, {locale}) => {
      const cases: CaseDef[] = THROUGHPUT_CASES.map((c) => ({
        key: `${c.path}-${c.streams}`,
        label: typeset(listText([conditionLabel('path', c.path, locale), conditionLabel('streams', c.streams, locale)], locale), locale),
        query: {metric: 'tcp_throughput', where: {path: c.path, streams: c.streams}},
      }));
      return [casePanel(dataset, {key: 'throughput', metric: 'tcp_throughput', categoryAxis: caseAxis()}, cases)];
    },
  },

  /** netperf TCP_RR p50/p99 and TCP_CRR p99 (µs), and HTTP p99 at 1,000 QPS (ms); one panel per unit. */
  latency: {
    name: 'TkeLatencyChart',
    title: () => translate({id: 'tke.latency.title', message: 'Latency: TCP round trips and HTTP p99 at 1,000 QPS'}),
    build: (dataset, {locale}) => [
      casePanel(dataset, {key: 'tcp', title: translate({id: 'tke.latency.tcp', message: 'TCP round trips (netperf), µs'}), metric: 'tcp_rr_latency'}, [
        {key: 'rr-p50', label: 'TCP_RR p50', query: {metric: 'tcp_rr_latency', where: {stat: 'p50'}}},
        {key: 'rr-p99', label: 'TCP_RR p99', query: {metric: 'tcp_rr_latency', where: {stat: 'p99'}}},
        {key: 'crr-p99', label: 'TCP_CRR p99', query: {metric: 'tcp_crr_latency', where: {stat: 'p99'}}},
      ]),
      casePanel(dataset, {key: 'http', title: translate({id: 'tke.latency.http', message: 'HTTP at a fixed rate (fortio), ms'}), metric: 'http_latency'}, [
        {key: 'http-p99', label: listText(['p99', conditionLabel('qps', 1000, locale)], locale), query: {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}},
      ]),
    ],
  },

  /** Saturated HTTP RPS by case: pod or Service, c64 or c256, keepalive or short connections. */
  http: {
    name: 'TkeRpsChart',
    title: () => translate({id: 'tke.rps.title', message: 'Saturated HTTP requests per second by case'}),
    description: () => translate({id: 'tke.rps.description', message: 'fortio without a rate limit (the CPU is the limit), small-scale baseline before any extra Services exist.'}),
    build: (dataset, {locale}) => {
      const cases: CaseDef[] = RPS_CASES.map((c) => ({
        key: `${c.path}-c${c.concurrency}-${c.connection}`,
        label: typeset(listText([conditionLabel('path', c.path, locale), `c${c.concurrency}`, conditionLabel('connection', c.connection, locale)], locale), locale),
        query: {metric: 'http_rps', where: {...scaleWhere(c.connection), path: c.path, concurrency: c.concurrency}},
      }));
      return [casePanel(dataset, {key: 'rps', metric: 'http_rps', categoryAxis: caseAxis()}, cases)];
    },
  },

  /**
   * RPS over the number of Services for short connections and keepalive, absolute or as % of
   * the small-scale baseline (the view is kept in the URL), with the iptables/Cilium crossover.
   */
  scaling: {
    name: 'TkeServiceScaleChart',
    title: () => translate({id: 'tke.scale.title', message: 'HTTP requests per second as the number of Services grows'}),
    description: () =>
      translate({
        id: 'tke.scale.description',
        message:
          'Saturated fortio through one Service at c64. Dashed vertical lines mark the first Service count at which iptables is below a Cilium cluster. Keepalive steps were published only as a change against the baseline, so that panel stays in percent.',
      }),
    build: (dataset, {locale, view}) => {
      // One line per cluster over the Service steps; `where` names a step's row.
      const scalePanel = (base: Omit<Panel, 'cells' | 'series' | 'unit' | 'kind'>, where: (category: Category) => Partial<Conditions>) =>
        gridPanel(dataset, {kind: 'line', categoryAxis: servicesAxis(), ...base}, scenarioSeries(dataset), (c, s) => ({metric: base.metric, scenario: s.key, where: where(c)}));
      const short = scalePanel(
        {
          key: 'short',
          title: translate({id: 'tke.scale.short', message: 'Short connections (new TCP connection per request)'}),
          metric: 'http_rps',
          categories: stepCategories(dataset, locale, true),
          display: view === PERCENT_VIEW ? 'percentOfFirst' : 'absolute',
          markers: serviceScaleCrossovers(dataset).map((c) => ({category: String(c.at), label: crossoverLabel(dataset, c)})),
        },
        (c) => scaleWhere('close', c.key === 'baseline' ? undefined : Number(c.key)),
      );
      // The source printed only the change for keepalive steps, so these rows are already
      // percent of baseline (http_rps_relative) in both views; no absolute RPS is invented.
      const keepalive = scalePanel(
        {
          key: 'keepalive',
          title: translate({id: 'tke.scale.keepalive', message: 'Keepalive, % of baseline in both views'}),
          metric: 'http_rps_relative',
          categories: stepCategories(dataset, locale, false),
          referenceLines: [{value: 100, label: translate({id: 'tke.scale.baselineLine', message: 'Baseline = 100%'})}],
        },
        (c) => scaleWhere('keepalive', Number(c.key)),
      );
      return [short, keepalive];
    },
    views: [
      {key: 'absolute', label: () => translate({id: 'tke.scale.viewAbsolute', message: 'Requests per second'})},
      {key: PERCENT_VIEW, label: () => translate({id: 'tke.scale.viewPercent', message: '% of baseline'})},
    ],
  },

  /**
   * Datapath component CPU and memory at the largest Service step (kube-proxy or cilium-agent,
   * average and maximum), and BPF map memory by LB-map size (the page puts <TkeBpfMapTable> under it).
   */
  resources: {
    name: 'TkeResourceChart',
    title: () => translate({id: 'tke.resources.title', message: 'Datapath component resources and BPF map memory'}),
    description: () =>
      translate({
        id: 'tke.resources.description',
        message: 'CPU and memory sampled at steady state with the largest number of Services; BPF map memory for two sizes of the load-balancing map.',
      }),
    build: (dataset, {locale}) => {
      const stats = (['avg', 'max'] as const).map((stat) => ({key: stat, label: conditionLabel('stat', stat, locale)}));
      const cpu = casePanel(
        dataset,
        {key: 'cpu', title: translate({id: 'tke.resources.cpu', message: 'CPU (millicores)'}), metric: 'cpu_usage'},
        stats.map((s) => ({...s, query: {metric: 'cpu_usage', where: {stat: s.key}, exact: false}})),
      );
      const memory = casePanel(
        dataset,
        {key: 'memory', title: translate({id: 'tke.resources.memory', message: 'Memory (MiB)'}), metric: 'memory_usage'},
        stats.map((s) => ({...s, query: {metric: 'memory_usage', where: {stat: s.key}, exact: false}})),
      );
      const sizes = conditionValues(selectRows(dataset, {metric: 'bpf_map_memory', exact: false}), 'lbMapMax').sort((a, b) => b - a);
      const bpf = casePanel(
        dataset,
        {key: 'bpf', title: translate({id: 'tke.resources.bpf', message: 'BPF map memory, all maps (MB)'}), metric: 'bpf_map_memory', scenarios: ciliumScenarios(dataset)},
        sizes.map((size) => ({key: String(size), label: conditionLabel('lbMapMax', size, locale), query: {metric: 'bpf_map_memory', where: {lbMapMax: size}}})),
      );
      return [withComponent(dataset, cpu, locale), withComponent(dataset, memory, locale), bpf];
    },
  },

  /**
   * What each datapath holds per Service step: the iptables KUBE-SERVICES chain (scanned per
   * new connection) against the entries of Cilium's BPF load-balancing map (looked up by hash).
   */
  chainLength: {
    name: 'TkeChainLengthChart',
    title: () => translate({id: 'tke.chain.title', message: 'iptables chain length and Cilium LB map entries per Service step'}),
    description: () =>
      translate({
        id: 'tke.chain.description',
        message: 'iptables scans its chain in order for every new connection; Cilium looks its map up by hash, so more entries do not mean a longer lookup.',
      }),
    build: (dataset, {locale}) => {
      const metricOf = (scenario: string) => (scenario === IPTABLES ? 'service_chain_length' : 'bpf_lb_entries');
      const rows = [...selectRows(dataset, {metric: 'service_chain_length', exact: false}), ...selectRows(dataset, {metric: 'bpf_lb_entries', exact: false})];
      const series = dataset.scenarios.map((s) => {
        const what = s.id === IPTABLES ? translate({id: 'tke.chain.rules', message: 'KUBE-SERVICES rules'}) : translate({id: 'tke.chain.lbEntries', message: 'BPF LB entries'});
        return {key: s.id, label: typeset(`${scenarioLabel(dataset, s.id)}: ${what}`, locale), query: {metric: metricOf(s.id), scenario: s.id}} as const;
      });
      const steps = conditionValues(rows, 'services').sort((a, b) => a - b);
      return [stepPanel(dataset, {key: 'chain', metric: 'service_chain_length', kind: 'bar', categoryAxis: servicesAxis()}, 'services', steps, locale, series)];
    },
  },

  /** Cilium only: saturated RPS with Hubble off and on, and with no, L3/L4 or L7 CiliumNetworkPolicy. */
  policyHubble: {
    name: 'TkePolicyHubbleChart',
    title: () => translate({id: 'tke.policy.title', message: 'Requests per second with Hubble and NetworkPolicy (Cilium clusters)'}),
    description: () => translate({id: 'tke.policy.description', message: 'The iptables cluster runs no Cilium, so it has no figures here.'}),
    build: (dataset, {locale}) => {
      const scenarios = ciliumScenarios(dataset);
      const saturated = (where: Partial<Conditions>) => ({metric: 'http_rps' as const, where: {qps: 'max' as const, ...where}});
      return [
        casePanel(
          dataset,
          {key: 'hubble', title: translate({id: 'tke.policy.hubblePanel', message: 'Hubble'}), metric: 'http_rps', scenarios},
          [false, true].map((on) => ({key: on ? 'on' : 'off', label: conditionLabel('hubble', on, locale), query: saturated({hubble: on})})),
        ),
        casePanel(
          dataset,
          {key: 'policy', title: translate({id: 'tke.policy.policyPanel', message: 'CiliumNetworkPolicy'}), metric: 'http_rps', scenarios},
          (['none', 'l3l4', 'l7'] as const).map((p) => ({key: p, label: conditionLabel('policy', p, locale), query: saturated({policy: p})})),
        ),
      ];
    },
  },
} satisfies Record<string, ChartSpec>;
