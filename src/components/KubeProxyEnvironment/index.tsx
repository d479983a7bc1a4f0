/**
 * The machine and software behind the kube-proxy suite's dataset, read from
 * dataset.environment: one node, so the facts are one list (readable without
 * JavaScript). Facts the run did not record are left out.
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {datasetTerm} from '@site/src/data/terms';
import styles from './styles.module.css';

interface Fact {
  key: string;
  label: string;
  value: string | undefined;
}

const text = (v: string | number | undefined): string | undefined => (v === undefined ? undefined : String(v));
const join = (...parts: (string | undefined)[]): string | undefined => parts.filter(Boolean).join(' · ') || undefined;

export function kubeProxyFacts(dataset: Dataset): {key: string; label: string; value: string}[] {
  const e = dataset.environment;
  const x = e.extra ?? {};
  const facts: Fact[] = [
    {key: 'platform', label: translate({id: 'kubeproxy.env.platform', message: 'Cluster'}), value: join(datasetTerm(e.platform), e.k8sVersion && `Kubernetes ${e.k8sVersion}`)},
    {
      key: 'cpu',
      label: translate({id: 'kubeproxy.env.cpu', message: 'CPU and memory (shared by every component)'}),
      value: join(text(x.cpuModel), x.cpus !== undefined ? translate({id: 'kubeproxy.env.cores', message: '{count} cores'}, {count: String(x.cpus)}) : undefined, text(x.memory)),
    },
    {key: 'kernel', label: translate({id: 'kubeproxy.env.kernel', message: 'OS and kernel'}), value: join(e.os, e.kernel)},
    {key: 'runtime', label: translate({id: 'kubeproxy.env.runtime', message: 'Container runtime'}), value: e.runtime},
    {key: 'iptables', label: 'iptables', value: text(x.iptables)},
    {key: 'nft', label: 'nftables', value: text(x.nft)},
    {key: 'ipvs', label: 'IPVS', value: datasetTerm(text(x.ipvs))},
    {key: 'tools', label: translate({id: 'kubeproxy.env.tools', message: 'Versions'}), value: e.tools ? Object.entries(e.tools).map(([k, v]) => `${k} ${v}`).join(', ') : undefined},
  ];
  return facts.filter((f): f is {key: string; label: string; value: string} => f.value !== undefined);
}

export default function KubeProxyEnvironment({data}: {data: SuiteBundle}): React.JSX.Element {
  const {dataset} = useSuite(data);
  return (
    <dl className={styles.facts} data-testid="kubeproxy-environment" data-dataset={`${dataset.suite}@${dataset.version}`}>
      {kubeProxyFacts(dataset).map((f) => (
        <React.Fragment key={f.key}>
          <dt>{f.label}</dt>
          <dd data-fact={f.key}>{f.value}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}
