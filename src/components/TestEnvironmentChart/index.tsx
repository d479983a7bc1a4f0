/**
 * The environment family: the facts a suite's runs share (from dataset.environment, as the
 * suite's chart module lists them in ENVIRONMENT) as a definition list that reads the same
 * without JavaScript, with per-scenario differences after them. Titled, it is a figure of its
 * own with the cluster sketched one box per node when the spec asks; untitled, the list sits
 * in the text.
 */
import React from 'react';
import clsx from 'clsx';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {recordedFacts, scenarioOverrides, type EnvironmentSpec} from '@site/src/data/environment';
import {useSuite} from '@site/src/plugins/bench-data/client';
import FigureShell from '@site/src/components/FigureShell';
import {datasetTerm} from '@site/src/words/terms';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

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

function Facts({spec, dataset, locale, className, ...rest}: {spec: EnvironmentSpec; dataset: Dataset; locale: string} & React.HTMLAttributes<HTMLDListElement>) {
  return (
    <dl className={clsx(styles.facts, className)} {...rest}>
      {recordedFacts(spec, dataset, locale).map((f) => (
        <div key={f.key} data-fact={f.key}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
      {scenarioOverrides(dataset).map((o) => (
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
  );
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function TestEnvironmentChart(props: {data: SuiteBundle; spec: EnvironmentSpec}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <TestEnvironmentChartBody {...props} />
    </KeepServerHtml>
  );
}

function TestEnvironmentChartBody({data, spec}: {data: SuiteBundle; spec: EnvironmentSpec}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {dataset} = useSuite(data);
  const locale = i18n.currentLocale;
  if (!spec.title) return <Facts spec={spec} dataset={dataset} locale={locale} className={styles.inText} data-environment={spec.name} data-dataset={`${dataset.suite}@${dataset.version}`} />;
  return (
    <FigureShell name={spec.name} dataset={dataset} title={spec.title()}>
      <div className={styles.layout}>
        {spec.sketch && <ClusterSketch dataset={dataset} />}
        <Facts spec={spec} dataset={dataset} locale={locale} />
      </div>
    </FigureShell>
  );
}
