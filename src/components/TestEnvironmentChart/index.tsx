/**
 * The test environment, drawn from dataset.environment (and any per-scenario
 * differences): a cluster sketch with one box per node, and the facts as a
 * definition list that reads the same without JavaScript.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {useSuite} from '@site/src/plugins/bench-data/client';
import FigureShell from '@site/src/components/FigureShell';
import {formatValue} from '@site/src/data/format';
import {datasetTerm} from '@site/src/data/terms';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

export interface Fact {
  key: string;
  label: string;
  value: string;
}

const str = (v: string | number | undefined) => (v === undefined ? undefined : String(v));

/** The environment as labelled facts; absent facts are left out rather than shown empty. */
export function environmentFacts(dataset: Dataset, locale: string): Fact[] {
  const e = dataset.environment;
  const x = e.extra ?? {};
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;
  const facts: (Fact | {key: string; label: string; value: string | undefined})[] = [
    {key: 'platform', label: translate({id: 'env.platform', message: 'Platform'}), value: join(datasetTerm(e.platform), e.k8sVersion && `Kubernetes ${e.k8sVersion}`, str(x.eksPlatformVersion))},
    {key: 'cilium', label: translate({id: 'env.cilium', message: 'Cilium'}), value: join(str(x.ciliumVersion), x.ciliumHelmChart !== undefined ? translate({id: 'env.helmChart', message: 'Helm chart {chart}'}, {chart: String(x.ciliumHelmChart)}) : undefined)},
    {
      key: 'node',
      label: translate({id: 'env.node', message: 'Node type'}),
      value: join(
        e.nodeType,
        x.nodeVcpu !== undefined ? translate({id: 'env.vcpu', message: '{count} vCPU'}, {count: String(x.nodeVcpu)}) : undefined,
        x.nodeMemoryGB !== undefined ? translate({id: 'env.memory', message: '{count} GB memory'}, {count: String(x.nodeMemoryGB)}) : undefined,
        str(x.nic),
        e.nicLimitGbps !== undefined ? translate({id: 'env.nicLimit', message: 'NIC limit {limit}'}, {limit: formatValue(e.nicLimitGbps, 'Gbps', locale)}) : undefined,
      ),
    },
    {key: 'nodes', label: translate({id: 'env.nodeCount', message: 'Nodes'}), value: join(str(e.nodeCount), datasetTerm(str(x.zoneLayout)), str(x.availabilityZone) ?? e.region)},
    {key: 'os', label: translate({id: 'env.os', message: 'OS and kernel'}), value: join(e.os, e.kernel)},
    {key: 'runtime', label: translate({id: 'env.runtime', message: 'Container runtime'}), value: e.runtime},
    {key: 'serviceCidr', label: translate({id: 'env.serviceCidr', message: 'Service CIDR'}), value: str(x.serviceCidr)},
    {key: 'tools', label: translate({id: 'env.tools', message: 'Tools'}), value: e.tools ? Object.entries(e.tools).map(([k, v]) => `${k} ${v}`).join(', ') : undefined},
    {
      key: 'method',
      label: translate({id: 'env.method', message: 'Measurement'}),
      value:
        dataset.method.aggregate === 'median'
          ? translate({id: 'provenance.median', message: 'median of {rounds} rounds'}, {rounds: String(dataset.method.rounds)})
          : translate({id: 'provenance.single', message: '{rounds} round(s), no aggregation'}, {rounds: String(dataset.method.rounds)}),
    },
  ];
  return facts.filter((f): f is Fact => f.value !== undefined);
}

/** Per-scenario differences from the shared environment (e.g. a different Cilium version on one cluster). */
export function scenarioOverrides(dataset: Dataset): {scenario: string; facts: string}[] {
  return dataset.scenarios
    .filter((s) => s.environment && Object.keys(s.environment).length > 0)
    .map((s) => ({
      scenario: s.id,
      // Raw dataset keys (shown as code): nested `extra` facts are flattened.
      facts: Object.entries(s.environment ?? {})
        .flatMap(([k, v]) => (typeof v === 'object' ? Object.entries(v) : [[k, v]]))
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', '),
    }));
}

function ClusterSketch({dataset}: {dataset: Dataset}) {
  const e = dataset.environment;
  const count = e.nodeCount ?? 1;
  const w = 120;
  const gap = 16;
  const width = count * w + (count - 1) * gap + 40;
  const zone = String(e.extra?.availabilityZone ?? e.region ?? datasetTerm(e.platform));
  return (
    <svg className={styles.sketch} viewBox={`0 0 ${width} 130`} role="img" aria-labelledby="env-sketch-title" style={{maxWidth: width * 1.4}}>
      <title id="env-sketch-title">
        {translate({id: 'env.sketch', message: '{count} nodes of type {type} in {zone}'}, {count: String(count), type: e.nodeType ?? '?', zone})}
      </title>
      <rect x={4} y={4} width={width - 8} height={122} rx={10} className={styles.zone} />
      <text x={16} y={24} className={styles.zoneLabel}>
        {datasetTerm(e.platform)} · {zone}
      </text>
      {Array.from({length: count}, (_, i) => {
        const x = 20 + i * (w + gap);
        return (
          <g key={i} data-node={i + 1}>
            <rect x={x} y={38} width={w} height={74} rx={6} className={styles.node} />
            <text x={x + w / 2} y={62} textAnchor="middle" className={styles.nodeTitle}>
              {translate({id: 'env.nodeN', message: 'node {n}'}, {n: String(i + 1)})}
            </text>
            <text x={x + w / 2} y={82} textAnchor="middle" className={styles.nodeText}>
              {e.nodeType}
            </text>
            {e.nicLimitGbps !== undefined && (
              <text x={x + w / 2} y={100} textAnchor="middle" className={styles.nodeText}>
                {String(e.extra?.nic ?? 'NIC')} ≤ {e.nicLimitGbps} Gbps
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function TestEnvironmentChart(props: {data: SuiteBundle}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <TestEnvironmentChartBody {...props} />
    </KeepServerHtml>
  );
}

function TestEnvironmentChartBody({data}: {data: SuiteBundle}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {dataset} = useSuite(data);
  const facts = environmentFacts(dataset, i18n.currentLocale);
  const overrides = scenarioOverrides(dataset);
  return (
    <FigureShell name="TestEnvironmentChart" dataset={dataset} title={<Translate id="chart.environment.title">Test environment</Translate>}>
      <div className={styles.layout}>
        <ClusterSketch dataset={dataset} />
        <dl className={styles.facts}>
          {facts.map((f) => (
            <div key={f.key} data-fact={f.key}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
          {overrides.map((o) => (
            <div key={o.scenario} data-fact={`scenario-${o.scenario}`}>
              <dt>
                <Translate id="env.scenarioOverride" values={{scenario: o.scenario}}>
                  {'Scenario {scenario} differs'}
                </Translate>
              </dt>
              <dd>
                <code>{o.facts}</code>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </FigureShell>
  );
}
