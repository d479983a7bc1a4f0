/**
 * The kube-proxy suite's charts, as specs for the scaling family: iptables mode against
 * nftables mode as dummy Services are added, one figure per view: the data path (new and
 * kept-alive connections to a ClusterIP), the control plane (resync, one-change sync, network
 * programming, CPU and memory of kube-proxy) and the rules kube-proxy wrote. The report page
 * passes them: `<SuiteChart data={kp} spec={CHARTS.control} />`.
 */
import {translate} from '@docusaurus/Translate';
import type {ChartSpec} from '../../data/chartSpec';
import {factText, joinParts, toolVersions, type EnvironmentSpec} from '../../data/environment';
import {datasetTerm} from '../../words/terms';
import type {MetricId} from '../../data/metrics';
import type {Conditions, Dataset} from '../../data/schema';
import {hasRows, stepPanel, type Panel, type SeriesDef} from '../../data/chart/model';
import {metricLabel, scenarioLabel} from '../../words/labels';
import {IPTABLES_MODE, KEEPALIVE, NFTABLES_MODE, SHORT_CONNECTIONS, serviceSteps} from '.';

interface StepPanelDef {
  key: string;
  metric: MetricId;
  title: string;
  /** Conditions besides `services` (other run parameters may take any value). */
  where?: Partial<Conditions>;
  /** Series other than "one per mode", e.g. rules that exist in one mode only. */
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
        (def.series ?? dataset.scenarios.map((s) => ({key: s.id, label: scenarioLabel(dataset, s.id), query: {metric: def.metric, scenario: s.id, where: def.where}}))).map((s) => ({
          ...s,
          query: {...s.query, exact: false},
        })),
      ),
    )
    .filter(hasRows);
}

const connectAt = (stat: 'p50' | 'p99') => ({...SHORT_CONNECTIONS, stat});

export const CHARTS = {
  datapath: {
    name: 'KubeProxyChart-datapath',
    title: () => translate({id: 'kubeproxy.title.datapath', message: 'Traffic to a ClusterIP as Services are added'}),
    description: () =>
      translate({
        id: 'kubeproxy.description.datapath',
        message: 'fortio in a pod, one connection at a time and as fast as it goes, through one ClusterIP Service, while the dummy Services sit in the same rules. connect() time covers the SYN through the nat rules and back.',
      }),
    height: 240,
    build: (dataset, {locale}) =>
      stepPanels(dataset, locale, [
        {key: 'short-rps', metric: 'http_rps', where: SHORT_CONNECTIONS, title: translate({id: 'kubeproxy.panel.shortRps', message: 'New connection per request: requests per second'})},
        {key: 'connect-p50', metric: 'conn_setup_time', where: connectAt('p50'), title: translate({id: 'kubeproxy.panel.connectP50', message: 'TCP connect() to the ClusterIP, p50'})},
        {key: 'connect-p99', metric: 'conn_setup_time', where: connectAt('p99'), title: translate({id: 'kubeproxy.panel.connectP99', message: 'TCP connect() to the ClusterIP, p99'})},
        {key: 'keepalive-rps', metric: 'http_rps', where: KEEPALIVE, title: translate({id: 'kubeproxy.panel.keepaliveRps', message: 'Kept-alive connections: requests per second'})},
      ]),
  },

  control: {
    name: 'KubeProxyChart-control',
    title: () => translate({id: 'kubeproxy.title.control', message: 'kube-proxy programming the rules as Services are added'}),
    description: () =>
      translate({
        id: 'kubeproxy.description.control',
        message: 'From kube-proxy’s own histograms, as the change between a scrape before and a scrape after each event: a full resync forced by a node-label change, and one endpoint change of a probe Service.',
      }),
    height: 240,
    build: (dataset, {locale}) =>
      stepPanels(dataset, locale, [
        {key: 'full-sync', metric: 'kubeproxy_full_sync_time', title: metricLabel('kubeproxy_full_sync_time')},
        {key: 'partial-sync', metric: 'kubeproxy_partial_sync_time', title: metricLabel('kubeproxy_partial_sync_time')},
        {key: 'programming', metric: 'network_programming_latency', title: metricLabel('network_programming_latency')},
        {key: 'cpu', metric: 'kubeproxy_cpu_time', title: metricLabel('kubeproxy_cpu_time')},
        {key: 'memory', metric: 'memory_usage', where: {component: 'kube-proxy'}, title: translate({id: 'kubeproxy.panel.memory', message: 'kube-proxy resident memory after a full resync'})},
      ]),
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
    build: (dataset, {locale}) =>
      stepPanels(dataset, locale, [
        {
          key: 'rules',
          metric: 'iptables_nat_rules',
          title: translate({id: 'kubeproxy.panel.rules', message: 'Rules kube-proxy wrote'}),
          series: [
            {key: 'iptables-nat', label: translate({id: 'kubeproxy.series.iptablesNat', message: 'iptables: nat table rules'}), query: {metric: 'iptables_nat_rules', scenario: IPTABLES_MODE}},
            {key: 'iptables-services', label: translate({id: 'kubeproxy.series.kubeServices', message: 'iptables: KUBE-SERVICES rules'}), query: {metric: 'service_chain_length', scenario: IPTABLES_MODE}},
            {key: 'nft-rules', label: translate({id: 'kubeproxy.series.nftRules', message: 'nftables: rules'}), query: {metric: 'nft_rules', scenario: NFTABLES_MODE}},
            {key: 'nft-elements', label: translate({id: 'kubeproxy.series.nftElements', message: 'nftables: set and map elements'}), query: {metric: 'nft_set_elements', scenario: NFTABLES_MODE}},
          ],
        },
      ]),
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
      {key: 'nft', label: 'nftables', value: factText(x.nft)},
      {key: 'ipvs', label: 'IPVS', value: datasetTerm(factText(x.ipvs))},
      {key: 'tools', label: translate({id: 'kubeproxy.env.tools', message: 'Versions'}), value: toolVersions(dataset)},
    ];
  },
};
