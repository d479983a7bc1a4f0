/**
 * The EKS suite's report configuration: the scenario cards (SCENARIO_CARDS) and the charts
 * beyond the families' defaults (throughput draws one bar per scenario, the family's own
 * spec): the RTT under bulk load, HTTP by target rate, the Service-scaling re-runs of A and E, DNS and
 * agent resources. The report page passes them: `<SuiteChart data={eks} spec={CHARTS.http} />`.
 */
import {translate} from '@docusaurus/Translate';
import type {ChartSpec, ScenarioCardsSpec} from '../../data/chartSpec';
import {factText, joinParts, toolVersions, type EnvironmentSpec} from '../../data/environment';
import {formatValue} from '../../data/format';
import {datasetTerm} from '../../words/terms';
import type {MetricId} from '../../data/metrics';
import {casePanel, conditionPanel, hasRows, measuredConditionValues, metricPanel, scenarioPanel, type SeriesDef} from '../../data/chart/model';
import type {Dataset} from '../../data/schema';
import {UDP_OFFERED_LOAD} from '../../data/conditionKeys';
import {conditionLabel, metricLabel} from '../../words/labels';
import {conditionValues, selectRows} from '../../data/selectors';
import {BASELINE, TUNED} from '.';

export const CHARTS = {
  /**
   * The RTT iperf3's sender reads from its own sockets while its streams saturate the link:
   * one mean per scenario (queueing included), not a distribution, so no percentiles.
   */
  latency: {
    name: 'LatencyChart',
    title: () => translate({id: 'chart.loadedRtt.title', message: 'TCP round-trip time under bulk load (µs)'}),
    build: (dataset) => [metricPanel(dataset, {key: 'rtt', metric: 'loaded_rtt', title: metricLabel('loaded_rtt')}, {metric: 'loaded_rtt'})],
  },

  /** HTTP latency and achieved request rate (fortio -> httpbin) at QPS 1,000, 5,000 and unthrottled. */
  http: {
    name: 'HttpPerformanceChart',
    title: () => translate({id: 'chart.http.title', message: 'HTTP latency and achieved request rate'}),
    description: () =>
      translate({
        id: 'chart.http.description',
        message: 'Fortio against httpbin (two replicas). Series toggles apply to every panel; values marked ⚠ carry a validity note below.',
      }),
    height: 300,
    build: (dataset, {locale}) => {
      const qps = (q: number | 'max') => conditionLabel('qps', q, locale);
      // One latency panel per target rate: p99 at 5,000 QPS (hundreds of ms where the target was
      // missed) and unthrottled (tens of ms) would flatten each other on one scale. With the
      // request rate that makes four panels, two rows of two where the figure is wide.
      const latencyAt = (q: 1000 | 5000 | 'max', stats: readonly ('p50' | 'p99')[], title: string) =>
        scenarioPanel(
          dataset,
          {key: `latency${q === 'max' ? 'Max' : q}`, metric: 'http_latency', title},
          stats.map((stat) => ({key: stat, label: stat, query: {metric: 'http_latency', where: {qps: q, stat}}})),
        );
      // A one-series panel has no legend of its own: its title names the percentile.
      const p99At = (q: 5000 | 'max') => latencyAt(q, ['p99'], translate({id: 'chart.http.p99At', message: 'p99 latency at {qps}'}, {qps: qps(q)}));
      return [
        latencyAt(1000, ['p50', 'p99'], translate({id: 'chart.http.latencyAt', message: 'Latency at {qps}'}, {qps: qps(1000)})),
        p99At(5000),
        p99At('max'),
        scenarioPanel(dataset, {key: 'rps', metric: 'http_rps', title: metricLabel('http_rps')}, [
          {key: 'q1000', label: qps(1000), query: {metric: 'http_rps', where: {qps: 1000}}},
          {key: 'q5000', label: qps(5000), query: {metric: 'http_rps', where: {qps: 5000}}},
          {key: 'qmax', label: qps('max'), query: {metric: 'http_rps', where: {qps: 'max'}}},
        ]),
      ];
    },
  },

  /**
   * kube-proxy (iptables, the baseline) as Services grow: rule count, sync time, per-connection
   * setup under Connection: close, and HTTP p99 with keepalive against Connection: close. The
   * tuned scenario's rule count is drawn beside it (not applicable under eBPF: N/A, never 0).
   */
  kubeProxyScaling: {
    name: 'KubeproxyScalingChart',
    title: () => translate({id: 'chart.kubeproxy.title', message: 'kube-proxy (iptables) as Services grow'}),
    description: () =>
      translate({
        id: 'chart.kubeproxy.description',
        message: 'Scenario A re-run with more Services. Points without a measurement are left out of the lines and named in the tables.',
      }),
    height: 240,
    build: (dataset, {locale}) => {
      const scenario = BASELINE;
      const services = measuredConditionValues(dataset, scenario, 'services');
      const label = (n: number) => conditionLabel('services', n, locale);
      const base = {kind: 'line' as const, scenario, categoryAxis: translate({id: 'chart.axis.services', message: 'Services'})};
      const kubeProxy = translate({id: 'chart.kubeproxy.seriesIptables', message: 'kube-proxy iptables (A)'});
      return [
        conditionPanel(dataset, {...base, key: 'nat', metric: 'iptables_nat_rules', title: metricLabel('iptables_nat_rules')}, 'services', services, label, [
          {key: 'iptables', label: kubeProxy, query: {metric: 'iptables_nat_rules'}},
          {
            key: 'ebpf',
            label: translate({id: 'chart.kubeproxy.seriesEbpf', message: 'Cilium eBPF (E)'}),
            query: {metric: 'iptables_nat_rules', scenario: TUNED},
            // E's rows (N/A under eBPF) exist for the Service counts its run had, not every count A went to.
            categories: conditionValues(selectRows(dataset, {metric: 'iptables_nat_rules', scenario: TUNED, exact: false}), 'services').map(String),
          },
        ]),
        conditionPanel(dataset, {...base, key: 'sync', metric: 'kubeproxy_sync_time', title: metricLabel('kubeproxy_sync_time')}, 'services', services, label, [
          {key: 'iptables', label: kubeProxy, query: {metric: 'kubeproxy_sync_time'}},
        ]),
        conditionPanel(
          dataset,
          {...base, key: 'conn', metric: 'conn_setup_time', title: translate({id: 'chart.kubeproxy.connSetup', message: 'Connection setup, Connection: close (average)'})},
          'services',
          services,
          label,
          [{key: 'iptables', label: kubeProxy, query: {metric: 'conn_setup_time', where: {connection: 'close', stat: 'avg'}}}],
        ),
        conditionPanel(
          dataset,
          {...base, key: 'p99', metric: 'http_latency', title: translate({id: 'chart.kubeproxy.p99', message: 'HTTP p99: keepalive against Connection: close'})},
          'services',
          services,
          label,
          [
            {key: 'keepalive', label: conditionLabel('connection', 'keepalive', locale), query: {metric: 'http_latency', where: {qps: 1000, connection: 'keepalive', stat: 'p99'}}},
            {key: 'close', label: conditionLabel('connection', 'close', locale), query: {metric: 'http_latency', where: {connection: 'close', stat: 'p99'}}},
          ],
        ),
      ];
    },
  },

  /** The tuned scenario (Cilium eBPF service lookup) with few and with many Services: one small panel per metric. */
  serviceScaling: {
    name: 'ServiceScalingChart',
    title: () => translate({id: 'chart.serviceScaling.title', message: 'Scenario E with few and many Services'}),
    description: () =>
      translate({
        id: 'chart.serviceScaling.description',
        message: 'A separate run of scenario E with extra Services created: does the eBPF service lookup slow down as Services are added?',
      }),
    height: 220,
    build: (dataset, {locale}) => {
      const scenario = TUNED;
      const services = measuredConditionValues(dataset, scenario, 'services');
      const axis = translate({id: 'chart.axis.services', message: 'Services'});
      const panel = (key: string, metric: MetricId, title: string, query: SeriesDef['query']) =>
        conditionPanel(dataset, {key, metric, kind: 'bar', scenario, title, categoryAxis: axis}, 'services', services, (n) => conditionLabel('services', n, locale), [
          {key: 'value', label: title, query},
        ]);
      return [
        panel('p99', 'http_latency', translate({id: 'chart.serviceScaling.p99', message: 'HTTP p99 at QPS 1,000 (keepalive)'}), {
          metric: 'http_latency',
          where: {qps: 1000, connection: 'keepalive', stat: 'p99'},
        }),
        panel('rps', 'http_rps', translate({id: 'chart.serviceScaling.rps', message: 'Max achieved requests per second'}), {
          metric: 'http_rps',
          where: {qps: 'max', connection: 'keepalive'},
        }),
        panel('tcp', 'tcp_throughput', metricLabel('tcp_throughput'), {metric: 'tcp_throughput'}),
        panel('dns', 'dns_latency', translate({id: 'chart.serviceScaling.dns', message: 'DNS resolution p50'}), {metric: 'dns_latency', where: {stat: 'p50'}}),
      ];
    },
  },

  /** DNS resolution latency and the CNI agent's CPU and memory per scenario. */
  resources: {
    name: 'DnsResourceChart',
    title: () => translate({id: 'chart.dnsResources.title', message: 'DNS resolution and CNI agent resources'}),
    description: () =>
      translate({
        id: 'chart.dnsResources.description',
        message: 'DNS timings come from dig in whole milliseconds. CPU and memory are per node under benchmark load; N/M marks a value that was not measured.',
      }),
    height: 260,
    build: (dataset) => {
      const agent = translate({id: 'chart.dnsResources.agent', message: 'CNI agent'});
      return [
        scenarioPanel(dataset, {key: 'dns', metric: 'dns_latency', title: metricLabel('dns_latency')}, [
          {key: 'p50', label: 'p50', query: {metric: 'dns_latency', where: {stat: 'p50'}}},
          {key: 'p99', label: 'p99', query: {metric: 'dns_latency', where: {stat: 'p99'}}},
        ]),
        // The agent differs by scenario (aws-node, cilium-agent): any component, one row per scenario.
        scenarioPanel(dataset, {key: 'cpu', metric: 'cpu_usage', title: translate({id: 'chart.dnsResources.cpu', message: 'CNI agent CPU (millicores, range)'})}, [
          {key: 'agent', label: agent, query: {metric: 'cpu_usage', exact: false}},
        ]),
        scenarioPanel(dataset, {key: 'memory', metric: 'memory_usage', title: translate({id: 'chart.dnsResources.memory', message: 'CNI agent memory'})}, [
          {key: 'agent', label: agent, query: {metric: 'memory_usage', exact: false}},
        ]),
      ];
    },
  },

  /**
   * UDP loss beside UDP throughput: the rate alone is context (a high rate with heavy loss
   * delivers less). A dataset with a UDP sweep (rows named by offeredGbps) first shows loss and
   * jitter against offered load, one line per scenario that swept; one without (the transcribed
   * reports) shows the single-rate panels only.
   */
  udp: {
    name: 'UdpLossChart',
    title: () => translate({id: 'chart.udp.title', message: 'UDP packet loss and UDP throughput'}),
    description: () =>
      translate({
        id: 'chart.udp.description',
        message: 'iperf3 sends UDP at a fixed target rate. Read the rate together with the loss: a high rate with heavy loss delivers less data.',
      }),
    height: 280,
    build: (dataset, {locale}) => {
      const single = (['udp_loss', 'udp_throughput'] as const).map((metric) =>
        metricPanel(dataset, {key: metric === 'udp_loss' ? 'loss' : 'throughput', metric, title: metricLabel(metric)}, {metric}),
      );
      const loads = offeredLoads(dataset);
      if (loads.length === 0) return single;
      const swept = new Set(selectRows(dataset, {metric: 'udp_loss', exact: false}).filter((r) => r.conditions?.[UDP_OFFERED_LOAD] !== undefined).map((r) => r.scenario));
      const scenarios = dataset.scenarios.map((s) => s.id).filter((id) => swept.has(id));
      const axis = translate({id: 'chart.udp.axis.offered', message: 'Offered load (iperf3 target bitrate)'});
      const byLoad = (key: string, metric: MetricId, title: string) =>
        casePanel(
          dataset,
          {key, metric, kind: 'line', title, categoryAxis: axis, scenarios},
          loads.map((g) => ({key: String(g), label: conditionLabel(UDP_OFFERED_LOAD, g, locale), query: {metric, where: {[UDP_OFFERED_LOAD]: g}}})),
        );
      return [
        byLoad('lossByLoad', 'udp_loss', translate({id: 'chart.udp.lossByLoad', message: 'UDP packet loss by offered load'})),
        byLoad('jitterByLoad', 'udp_jitter', translate({id: 'chart.udp.jitterByLoad', message: 'UDP jitter by offered load'})),
        // A sweep-only dataset has no single-rate rows: leave out panels that would be empty.
        ...single.filter(hasRows),
      ];
    },
  },

  /**
   * How the measured differences carry over to AI/ML workloads: RTT and HTTP p99 of every
   * scenario as a share of the baseline (A). The page puts the relevance guide by workload type
   * (<AimlRelevanceTable>) under it.
   */
  aiml: {
    name: 'AimlRelevanceChart',
    title: () => translate({id: 'chart.aiml.title', message: 'What the results mean for AI/ML workloads'}),
    description: () =>
      translate({
        id: 'chart.aiml.description',
        message: 'Each scenario as a share of the VPC CNI baseline (A = 100%): below 100% is faster.',
      }),
    height: 240,
    build: (dataset) => [
      metricPanel(dataset, {key: 'rtt', metric: 'loaded_rtt', display: 'percentOfFirst', title: translate({id: 'chart.aiml.loadedRttShare', message: 'TCP RTT under bulk load, % of A'})}, {
        metric: 'loaded_rtt',
      }),
      metricPanel(dataset, {key: 'http', metric: 'http_latency', display: 'percentOfFirst', title: translate({id: 'chart.aiml.httpShare', message: 'HTTP p99 at QPS 1,000, % of A'})}, {
        metric: 'http_latency',
        where: {qps: 1000, stat: 'p99'},
      }),
    ],
  },

  /**
   * The five scenarios side by side: small multiples of the key metrics, one panel per metric
   * in its own unit and direction, so no metric is rescaled or combined into a score. The page
   * puts the scenario definitions (<ScenarioDefinitions>) above it.
   */
  scenarios: {
    name: 'ScenarioComparisonChart',
    title: () => translate({id: 'chart.scenarios.title', message: 'The five scenarios across key metrics'}),
    height: 220,
    build: (dataset) => [
      metricPanel(dataset, {key: 'tcp', metric: 'tcp_throughput', title: metricLabel('tcp_throughput')}, {metric: 'tcp_throughput'}),
      metricPanel(dataset, {key: 'udpLoss', metric: 'udp_loss', title: metricLabel('udp_loss')}, {metric: 'udp_loss'}),
      metricPanel(dataset, {key: 'rtt', metric: 'loaded_rtt', title: translate({id: 'chart.scenarios.loadedRtt', message: 'TCP RTT under bulk load'})}, {metric: 'loaded_rtt'}),
      metricPanel(dataset, {key: 'p99', metric: 'http_latency', title: translate({id: 'chart.scenarios.p99', message: 'HTTP p99 at QPS 1,000'})}, {metric: 'http_latency', where: {qps: 1000, stat: 'p99'}}),
      metricPanel(dataset, {key: 'rps', metric: 'http_rps', title: translate({id: 'chart.scenarios.rps', message: 'Max achieved requests per second'})}, {metric: 'http_rps', where: {qps: 'max'}}),
      metricPanel(dataset, {key: 'memory', metric: 'memory_usage', title: translate({id: 'chart.dnsResources.memory', message: 'CNI agent memory'})}, {metric: 'memory_usage', exact: false}),
    ],
  },
} satisfies Record<string, ChartSpec>;

/** The offered loads of the dataset's UDP sweep, ascending (empty: no sweep). */
export function offeredLoads(dataset: Dataset): number[] {
  return conditionValues(selectRows(dataset, {metric: 'udp_loss', exact: false}), UDP_OFFERED_LOAD).sort((a, b) => a - b);
}

/** The setups worth choosing, as cards at the end of the report: what each fits and what it asks of its operators. */
export const SCENARIO_CARDS: ScenarioCardsSpec = {
  baseline: BASELINE,
  cards: [
    {scenario: 'A', complexity: 'low', fit: () => translate({id: 'cards.A.fit', message: 'Development, staging, small clusters'}), summary: () => translate({id: 'cards.A.summary', message: 'The EKS default: nothing to learn, performance sufficient for most services.'})},
    {scenario: 'D', complexity: 'medium', fit: () => translate({id: 'cards.D.fit', message: 'General production'}), summary: () => translate({id: 'cards.D.summary', message: 'No kube-proxy, VPC-native pod addresses, Cilium policies and visibility at default settings.'})},
    {scenario: 'E', complexity: 'high', fit: () => translate({id: 'cards.E.fit', message: 'Latency-sensitive and UDP-heavy services'}), summary: () => translate({id: 'cards.E.summary', message: 'The lowest RTT and UDP loss, paid for with more settings to understand and keep working.'})},
    {scenario: 'C', complexity: 'medium', fit: () => translate({id: 'cards.C.fit', message: 'Rich network policy where VPC addresses are scarce'}), summary: () => translate({id: 'cards.C.summary', message: 'Overlay addressing with eBPF Service handling and the full Cilium policy model.'})},
  ],
};

/** The test environment: the cluster sketched one box per node, and its facts from dataset.environment. */
export const ENVIRONMENT: EnvironmentSpec = {
  name: 'TestEnvironmentChart',
  title: () => translate({id: 'chart.environment.title', message: 'Test environment'}),
  sketch: true,
  facts: (dataset, locale) => {
    const e = dataset.environment;
    const x = e.extra ?? {};
    return [
      {key: 'platform', label: translate({id: 'env.platform', message: 'Platform'}), value: joinParts(datasetTerm(e.platform), e.k8sVersion && `Kubernetes ${e.k8sVersion}`, factText(x.eksPlatformVersion))},
      {key: 'cilium', label: translate({id: 'env.cilium', message: 'Cilium'}), value: joinParts(factText(x.ciliumVersion), x.ciliumHelmChart !== undefined ? translate({id: 'env.helmChart', message: 'Helm chart {chart}'}, {chart: String(x.ciliumHelmChart)}) : undefined)},
      {
        key: 'node',
        label: translate({id: 'env.node', message: 'Node type'}),
        value: joinParts(
          e.nodeType,
          x.nodeVcpu !== undefined ? translate({id: 'env.vcpu', message: '{count} vCPU'}, {count: String(x.nodeVcpu)}) : undefined,
          x.nodeMemoryGB !== undefined ? translate({id: 'env.memory', message: '{count} GB memory'}, {count: String(x.nodeMemoryGB)}) : undefined,
          factText(x.nic),
          e.nicLimitGbps !== undefined ? translate({id: 'env.nicLimit', message: 'NIC limit {limit}'}, {limit: formatValue(e.nicLimitGbps, 'Gbps', locale)}) : undefined,
        ),
      },
      {key: 'nodes', label: translate({id: 'env.nodeCount', message: 'Nodes'}), value: joinParts(factText(e.nodeCount), datasetTerm(factText(x.zoneLayout)), factText(x.availabilityZone) ?? e.region)},
      {key: 'os', label: translate({id: 'env.os', message: 'OS and kernel'}), value: joinParts(e.os, e.kernel)},
      {key: 'runtime', label: translate({id: 'env.runtime', message: 'Container runtime'}), value: e.runtime},
      {key: 'serviceCidr', label: translate({id: 'env.serviceCidr', message: 'Service CIDR'}), value: factText(x.serviceCidr)},
      {key: 'tools', label: translate({id: 'env.tools', message: 'Tools'}), value: toolVersions(dataset)},
      {
        key: 'method',
        label: translate({id: 'env.method', message: 'Measurement'}),
        value:
          dataset.method.aggregate === 'median'
            ? translate({id: 'provenance.median', message: 'median of {rounds} rounds'}, {rounds: String(dataset.method.rounds)})
            : translate({id: 'provenance.single', message: '{rounds} round(s), no aggregation'}, {rounds: String(dataset.method.rounds)}),
      },
    ];
  },
};
