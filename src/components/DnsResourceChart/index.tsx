/** DNS resolution latency and the CNI agent's CPU and memory per scenario. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import ChartFigure from '@site/src/components/ChartFigure';
import {scenarioPanel} from '@site/src/data/chart/model';
import {metricLabel} from '@site/src/data/labels';

export function buildDnsResources(dataset: Dataset) {
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
}

export default function DnsResourceChart({data}: {data: SuiteBundle}): React.JSX.Element {
  return (
    <ChartFigure
      name="DnsResourceChart"
      data={data}
      title={translate({id: 'chart.dnsResources.title', message: 'DNS resolution and CNI agent resources'})}
      description={translate({
        id: 'chart.dnsResources.description',
        message: 'DNS timings come from dig in whole milliseconds. CPU and memory are per node under benchmark load; N/M marks a value that was not measured.',
      })}
      build={buildDnsResources}
      height={260}
    />
  );
}
