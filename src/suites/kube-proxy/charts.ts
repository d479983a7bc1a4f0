/**
 * The kube-proxy suite's charts, as specs for the scaling family: one series per datapath
 * (iptables mode on nf_tables or on x_tables, nftables mode, single- or dual-stack) as dummy
 * Services are added, one figure per view: the first packet of a new connection, kube-proxy
 * programming the rules, what dual-stack adds, and the rules kube-proxy wrote. Series come
 * from the dataset's scenarios, so every published version draws with the same specs. The
 * report page passes them: `<SuiteChart data={kp} spec={CHARTS.control} />`.
 */
import {translate} from '@docusaurus/Translate';
import type {ChartSpec} from '../../data/chartSpec';
import {factText, joinParts, toolVersions, type EnvironmentSpec} from '../../data/environment';
import {datasetTerm} from '../../words/terms';
import type {MetricId} from '../../data/metrics';
import type {Conditions, Dataset} from '../../data/schema';
import {hasRows, stepPanel, type Panel, type SeriesDef} from '../../data/chart/model';
import {conditionLabel, metricLabel, scenarioLabel} from '../../words/labels';
import {IPV4_PROXIER, IPV6_PROXIER, isIptablesMode, isNftablesMode, serviceSteps} from '.';

interface StepPanelDef {
  key: string;
  metric: MetricId;
  title: string;
  /** Conditions besides `services` (other run parameters may take any value). */
  where?: Partial<Conditions>;
  /** Series other than "one per datapath", e.g. rules that exist in one mode only. */
  series?: SeriesDef[];
}

/** Each panel over the measured Service counts; a panel with no measured row at all is left out (e.g. a run without rule dumps). */
function stepPanels(dataset: Dataset, locale: string, defs: StepPanelDef[]): Panel[] {
  const axis = translate({id: 'kubeproxy.axis.services', message: 'Dummy Services'});
  return defs
    .map((def) =>
      stepPanel(
        dataset,
        {key: def.key, title: def.title, metric: def.metric, kind: 'line', categoryAxis: axis},
        'services',
        serviceSteps(dataset),
        locale,
        (def.series ?? perDatapath(dataset, def.metric, def.where)).map((s) => ({...s, query: {...s.query, exact: false}})),
      ),
    )
    .filter(hasRows);
}

/** One series per datapath (scenario) of the dataset, optionally only some. */
function perDatapath(dataset: Dataset, metric: MetricId, where?: Partial<Conditions>, keep: (id: string) => boolean = () => true): SeriesDef[] {
  return dataset.scenarios.filter((s) => keep(s.id)).map((s) => ({key: s.id, label: scenarioLabel(dataset, s.id), query: {metric, scenario: s.id, where}}));
}

/**
 * The same, each series only at the steps that have its metric: a rule-walk slope needs
 * probes spread over enough rules, so the smallest steps have none, on purpose.
 */
function perDatapathWhereMeasured(dataset: Dataset, metric: MetricId, keep: (id: string) => boolean): SeriesDef[] {
  return perDatapath(dataset, metric, undefined, keep).map((s) => ({
    ...s,
    categories: serviceSteps(dataset, metric)
      .filter((n) => dataset.results.some((r) => r.metric === metric && r.scenario === s.key && r.conditions?.services === n))
      .map(String),
  }));
}

/** The IPv4 proxier's resync: named by family where the run recorded one per family. */
const ipv4ProxierOf = (dataset: Dataset): Partial<Conditions> | undefined =>
  dataset.results.some((r) => r.metric === 'kubeproxy_full_sync_time' && r.conditions?.family !== undefined) ? IPV4_PROXIER : undefined;

const connectAt = (stat: 'p01' | 'p50' | 'p90' | 'p99') => ({stat});

export const CHARTS = {
  firstPacket: {
    name: 'KubeProxyChart-firstPacket',
    title: () => translate({id: 'kubeproxy.title.firstPacket', message: 'The first packet of a new connection to a ClusterIP'}),
    description: () =>
      translate({
        id: 'kubeproxy.description.firstPacket',
        message:
          'Blocking connect() calls from a pod to 20 ClusterIP Services, each answered by the same server pod: the SYN is the packet the Service rules steer. Percentiles over every connect of a round; the line is the median of the rounds, the whiskers their min–max.',
      }),
    height: 240,
    build: (dataset, {locale}) =>
      stepPanels(dataset, locale, [
        {key: 'connect-p50', metric: 'connect_latency', where: connectAt('p50'), title: translate({id: 'kubeproxy.panel.connectP50', message: 'connect() to a ClusterIP, p50'})},
        {key: 'connect-p99', metric: 'connect_latency', where: connectAt('p99'), title: translate({id: 'kubeproxy.panel.connectP99', message: 'connect() to a ClusterIP, p99'})},
        {
          key: 'rule-walk',
          metric: 'rule_walk_cost',
          title: metricLabel('rule_walk_cost'),
          series: perDatapathWhereMeasured(dataset, 'rule_walk_cost', (id) => isIptablesMode(dataset, id)),
        },
      ]),
  },

  control: {
    name: 'KubeProxyChart-control',
    title: () => translate({id: 'kubeproxy.title.control', message: 'kube-proxy programming the rules as Services are added'}),
    description: () =>
      translate({
        id: 'kubeproxy.description.control',
        message:
          'From kube-proxy’s own histograms, as the change between a scrape before and a scrape after each event: a full resync forced by a node-label change (its IPv4 proxier), and endpoint changes of one Service (p50 of every change of a step). CPU from kube-proxy’s cgroup, which counts the iptables-restore or nft it runs.',
      }),
    height: 240,
    build: (dataset, {locale}) =>
      stepPanels(dataset, locale, [
        {key: 'full-sync', metric: 'kubeproxy_full_sync_time', where: ipv4ProxierOf(dataset), title: metricLabel('kubeproxy_full_sync_time')},
        {key: 'partial-sync', metric: 'kubeproxy_partial_sync_time', where: {stat: 'p50'}, title: metricLabel('kubeproxy_partial_sync_time')},
        {key: 'programming', metric: 'network_programming_latency', where: {stat: 'p50'}, title: metricLabel('network_programming_latency')},
        {key: 'cpu', metric: 'kubeproxy_tree_cpu_time', title: metricLabel('kubeproxy_tree_cpu_time')},
        {key: 'memory', metric: 'memory_usage', where: {component: 'kube-proxy'}, title: translate({id: 'kubeproxy.panel.memory', message: 'kube-proxy resident memory after a full resync'})},
      ]),
  },

  dualStack: {
    name: 'KubeProxyChart-dualStack',
    title: () => translate({id: 'kubeproxy.title.dualStack', message: 'What the IPv6 proxier of a dual-stack kube-proxy adds (nftables mode)'}),
    description: () =>
      translate({
        id: 'kubeproxy.description.dualStack',
        message:
          'The same forced full resync with kube-proxy single-stack and dual-stack. Every dummy Service is IPv4; the IPv6 proxier has next to nothing to program, yet it resyncs too, on the same two cores.',
      }),
    height: 240,
    build: (dataset, {locale}) => {
      const nft = dataset.scenarios.filter((s) => isNftablesMode(dataset, s.id));
      const dual = nft.filter((s) => s.environment?.extra?.ipFamilies === 'dual');
      if (dual.length === 0) return [];
      const v6 = dual.map((s) => ({
        key: `${s.id}-ipv6`,
        label: `${scenarioLabel(dataset, s.id)}: ${conditionLabel('family', 'ipv6', locale)}`,
        query: {metric: 'kubeproxy_full_sync_time' as const, scenario: s.id, where: IPV6_PROXIER},
      }));
      return stepPanels(dataset, locale, [
        {
          key: 'dual-full-sync',
          metric: 'kubeproxy_full_sync_time',
          title: metricLabel('kubeproxy_full_sync_time'),
          series: [
            ...nft.map((s) => ({key: s.id, label: `${scenarioLabel(dataset, s.id)}: ${conditionLabel('family', 'ipv4', locale)}`, query: {metric: 'kubeproxy_full_sync_time' as const, scenario: s.id, where: IPV4_PROXIER}})),
            ...v6,
          ],
        },
        {key: 'dual-cpu', metric: 'kubeproxy_tree_cpu_time', title: metricLabel('kubeproxy_tree_cpu_time'), series: perDatapath(dataset, 'kubeproxy_tree_cpu_time', undefined, (id) => isNftablesMode(dataset, id))},
      ]);
    },
  },

  rules: {
    name: 'KubeProxyChart-rules',
    title: () => translate({id: 'kubeproxy.title.rules', message: 'Size of the ruleset'}),
    description: () =>
      translate({
        id: 'kubeproxy.description.rules',
        message: 'Counted in iptables-save -t nat (iptables mode) and nft -j list table ip kube-proxy (nftables mode), once per step.',
      }),
    height: 280,
    build: (dataset, {locale}) => {
      const ipt = dataset.scenarios.find((s) => isIptablesMode(dataset, s.id))?.id;
      const nft = dataset.scenarios.find((s) => isNftablesMode(dataset, s.id))?.id;
      return stepPanels(dataset, locale, [
        {
          key: 'rules',
          metric: 'iptables_nat_rules',
          title: translate({id: 'kubeproxy.panel.rules', message: 'Rules kube-proxy wrote'}),
          series: [
            ...(ipt === undefined
              ? []
              : [
                  {key: 'iptables-nat', label: translate({id: 'kubeproxy.series.iptablesNat', message: 'iptables: nat table rules'}), query: {metric: 'iptables_nat_rules' as const, scenario: ipt}},
                  {key: 'iptables-services', label: translate({id: 'kubeproxy.series.kubeServices', message: 'iptables: KUBE-SERVICES rules'}), query: {metric: 'service_chain_length' as const, scenario: ipt}},
                ]),
            ...(nft === undefined
              ? []
              : [
                  {key: 'nft-rules', label: translate({id: 'kubeproxy.series.nftRules', message: 'nftables: rules'}), query: {metric: 'nft_rules' as const, scenario: nft}},
                  {key: 'nft-elements', label: translate({id: 'kubeproxy.series.nftElements', message: 'nftables: set and map elements'}), query: {metric: 'nft_set_elements' as const, scenario: nft}},
                ]),
          ],
        },
      ]);
    },
  },
} satisfies Record<string, ChartSpec>;

/** The machine and software behind the dataset: one node, so the facts are one list in the text (no sketch). */
export const ENVIRONMENT: EnvironmentSpec = {
  name: 'KubeProxyEnvironment',
  facts: (dataset) => {
    const e = dataset.environment;
    const x = e.extra ?? {};
    return [
      {key: 'platform', label: translate({id: 'kubeproxy.env.platform', message: 'Cluster'}), value: joinParts(datasetTerm(e.platform), e.k8sVersion && `Kubernetes ${e.k8sVersion}`)},
      {
        key: 'cpu',
        label: translate({id: 'kubeproxy.env.cpu', message: 'CPU and memory (shared by every component)'}),
        value: joinParts(factText(x.cpuModel), x.cpus !== undefined ? translate({id: 'kubeproxy.env.cores', message: '{count} cores'}, {count: String(x.cpus)}) : undefined, factText(x.memory)),
      },
      {key: 'kernel', label: translate({id: 'kubeproxy.env.kernel', message: 'OS and kernel'}), value: joinParts(e.os, e.kernel)},
      {key: 'runtime', label: translate({id: 'kubeproxy.env.runtime', message: 'Container runtime'}), value: e.runtime},
      {key: 'iptables', label: 'iptables', value: factText(x.iptables)},
      {key: 'iptables-legacy', label: 'iptables-legacy', value: factText(x.iptablesLegacy)},
      {key: 'nft', label: 'nftables', value: factText(x.nft)},
      {key: 'ipvs', label: 'IPVS', value: datasetTerm(factText(x.ipvs))},
      {key: 'tools', label: translate({id: 'kubeproxy.env.tools', message: 'Versions'}), value: toolVersions(dataset)},
    ];
  },
};
