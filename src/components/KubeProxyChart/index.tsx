/**
 * kube-proxy iptables mode against nftables mode as dummy Services are added,
 * one chart per view: the data path (new connections and kept-alive ones to a
 * ClusterIP), the control plane (resync, one-change sync, network programming,
 * CPU and memory of kube-proxy) and the rules kube-proxy wrote.
 */
import React, {useCallback} from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Conditions, Dataset} from '@site/src/data/schema';
import type {MetricId} from '@site/src/data/metrics';
import {formatNumber} from '@site/src/data/format';
import {IPTABLES_MODE, KEEPALIVE, NFTABLES_MODE, SHORT_CONNECTIONS, serviceSteps} from '@site/src/data/suites/kube-proxy';
import ChartFigure from '@site/src/components/ChartFigure';
import {gridPanel, type Panel, type SeriesDef, type ChartOptions} from '@site/src/data/chart/model';
import {metricLabel, scenarioLabel} from '@site/src/data/labels';

export type KubeProxyView = 'datapath' | 'control' | 'rules';

interface PanelSpec {
  key: string;
  metric: MetricId;
  title: string;
  /** Conditions besides `services` (other run parameters may take any value). */
  where?: Partial<Conditions>;
  /** Series other than "one per mode", e.g. rules that exist in one mode only. */
  series?: SeriesDef[];
}

function modeSeries(dataset: Dataset, spec: PanelSpec): SeriesDef[] {
  return dataset.scenarios.map((s) => ({key: s.id, label: scenarioLabel(dataset, s.id), query: {metric: spec.metric, scenario: s.id, where: spec.where}}));
}

function stepPanel(dataset: Dataset, locale: string, spec: PanelSpec): Panel {
  const categories = serviceSteps(dataset).map((n) => ({key: String(n), label: formatNumber(n, locale)}));
  const series = spec.series ?? modeSeries(dataset, spec);
  return gridPanel(
    dataset,
    {key: spec.key, title: spec.title, metric: spec.metric, kind: 'line', categoryAxis: translate({id: 'kubeproxy.axis.services', message: 'Dummy Services'}), categories},
    series,
    (c, s) => ({...s.query, scenario: s.query.scenario, where: {...s.query.where, services: Number(c.key)}, exact: false}),
  );
}

const p = (stat: 'p50' | 'p99') => ({...SHORT_CONNECTIONS, stat});

function specs(view: KubeProxyView): PanelSpec[] {
  switch (view) {
    case 'datapath':
      return [
        {key: 'short-rps', metric: 'http_rps', where: SHORT_CONNECTIONS, title: translate({id: 'kubeproxy.panel.shortRps', message: 'New connection per request: requests per second'})},
        {key: 'connect-p50', metric: 'conn_setup_time', where: p('p50'), title: translate({id: 'kubeproxy.panel.connectP50', message: 'TCP connect() to the ClusterIP, p50'})},
        {key: 'connect-p99', metric: 'conn_setup_time', where: p('p99'), title: translate({id: 'kubeproxy.panel.connectP99', message: 'TCP connect() to the ClusterIP, p99'})},
        {key: 'keepalive-rps', metric: 'http_rps', where: KEEPALIVE, title: translate({id: 'kubeproxy.panel.keepaliveRps', message: 'Kept-alive connections: requests per second'})},
      ];
    case 'control':
      return [
        {key: 'full-sync', metric: 'kubeproxy_full_sync_time', title: metricLabel('kubeproxy_full_sync_time')},
        {key: 'partial-sync', metric: 'kubeproxy_partial_sync_time', title: metricLabel('kubeproxy_partial_sync_time')},
        {key: 'programming', metric: 'network_programming_latency', title: metricLabel('network_programming_latency')},
        {key: 'cpu', metric: 'kubeproxy_cpu_time', title: metricLabel('kubeproxy_cpu_time')},
        {key: 'memory', metric: 'memory_usage', where: {component: 'kube-proxy'}, title: translate({id: 'kubeproxy.panel.memory', message: 'kube-proxy resident memory after a full resync'})},
      ];
    case 'rules':
      return [
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
      ];
  }
}

/** Panels of one view; a panel with no measured row at all is left out (e.g. a run without rule dumps). */
export function buildKubeProxy(dataset: Dataset, {locale, view = 'datapath'}: ChartOptions<KubeProxyView>): Panel[] {
  return specs(view)
    .map((spec) => stepPanel(dataset, locale, spec))
    .filter((panel) => Object.values(panel.cells).some((row) => Object.values(row).some((r) => r !== undefined)));
}

function title(view: KubeProxyView): string {
  switch (view) {
    case 'datapath':
      return translate({id: 'kubeproxy.title.datapath', message: 'Traffic to a ClusterIP as Services are added'});
    case 'control':
      return translate({id: 'kubeproxy.title.control', message: 'kube-proxy programming the rules as Services are added'});
    case 'rules':
      return translate({id: 'kubeproxy.title.rules', message: 'Size of the ruleset'});
  }
}

function description(view: KubeProxyView): string {
  switch (view) {
    case 'datapath':
      return translate({
        id: 'kubeproxy.description.datapath',
        message: 'fortio in a pod, one connection at a time and as fast as it goes, through one ClusterIP Service, while the dummy Services sit in the same rules. connect() time covers the SYN through the nat rules and back.',
      });
    case 'control':
      return translate({
        id: 'kubeproxy.description.control',
        message: 'From kube-proxy’s own histograms, as the change between a scrape before and a scrape after each event: a full resync forced by a node-label change, and one endpoint change of a probe Service.',
      });
    case 'rules':
      return translate({
        id: 'kubeproxy.description.rules',
        message: 'Counted in iptables-save -t nat (iptables mode) and nft -j list table ip kube-proxy (nftables mode), once per step.',
      });
  }
}

export default function KubeProxyChart({data, view}: {data: SuiteBundle; view: KubeProxyView}): React.JSX.Element {
  // Each view is its own figure: the view comes from the page, not the URL.
  const build = useCallback((d: Dataset, options: ChartOptions) => buildKubeProxy(d, {...options, view}), [view]);
  return <ChartFigure name={`KubeProxyChart-${view}`} data={data} title={title(view)} description={description(view)} build={build} height={view === 'rules' ? 280 : 240} />;
}
