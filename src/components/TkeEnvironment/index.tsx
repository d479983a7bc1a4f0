/** The TKE test environment per cluster, read from the dataset (shared environment + per-scenario differences). */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset, Scenario} from '@site/src/data/schema';
import {localized} from '@site/src/words/datasetText';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {scenarioLabel} from '@site/src/words/labels';
import {datasetTerm} from '@site/src/words/terms';
import ScrollTable from '@site/src/components/ScrollTable';
import KeepServerHtml from '@site/src/components/KeepServerHtml';

type Line = {key: string; label: React.ReactNode; value: (s: Scenario, d: Dataset) => string | number | undefined};

const LINES: Line[] = [
  {key: 'cni', label: <Translate id="tke.env.cni">CNI</Translate>, value: (s) => datasetTerm(s.cni)},
  {key: 'kubeProxy', label: <Translate id="tke.env.kubeProxy">Service handling</Translate>, value: (s) => datasetTerm(s.kubeProxy)},
  {key: 'routing', label: <Translate id="tke.env.routing">Pod routing</Translate>, value: (s) => datasetTerm(s.routing)},
  {key: 'ipam', label: <Translate id="tke.env.ipam">Pod addresses (IPAM)</Translate>, value: (s) => datasetTerm(s.ipam)},
  {key: 'cilium', label: <Translate id="tke.env.cilium">Cilium version</Translate>, value: (s) => s.environment?.extra?.ciliumVersion},
  {key: 'tuning', label: <Translate id="tke.env.tuning">Helm values changed</Translate>, value: (s) => s.tuning?.filter((t) => t.applied).map((t) => t.helm).join(', ')},
  {key: 'k8s', label: <Translate id="tke.env.k8s">Kubernetes</Translate>, value: (s, d) => s.environment?.k8sVersion ?? d.environment.k8sVersion},
  {key: 'tier', label: <Translate id="tke.env.tier">Cluster tier</Translate>, value: (s, d) => s.environment?.extra?.clusterTier ?? d.environment.extra?.clusterTier},
  {
    key: 'nodes',
    label: <Translate id="tke.env.nodes">Worker nodes</Translate>,
    value: (s, d) => {
      const e = {...d.environment, ...s.environment};
      const x = {...d.environment.extra, ...s.environment?.extra};
      const spec = x.nodeVcpu !== undefined && x.nodeMemoryGiB !== undefined ? ` (${x.nodeVcpu} vCPU, ${x.nodeMemoryGiB} GiB)` : '';
      return e.nodeType ? `${e.nodeCount ?? '?'} × ${e.nodeType}${spec}` : undefined;
    },
  },
  {key: 'os', label: <Translate id="tke.env.os">OS / kernel</Translate>, value: (s, d) => [s.environment?.os ?? d.environment.os, s.environment?.kernel ?? d.environment.kernel].filter(Boolean).join(' / ')},
];

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function TkeEnvironment(props: {data: SuiteBundle}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <TkeEnvironmentBody {...props} />
    </KeepServerHtml>
  );
}

function TkeEnvironmentBody({data}: {data: SuiteBundle}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {dataset} = useSuite(data);
  return (
    <ScrollTable numeric label={translate({id: 'tke.env.region', message: 'Test environment of each cluster'})} columns={[<Translate id="tke.env.item">Item</Translate>, ...dataset.scenarios.map((s) => scenarioLabel(dataset, s.id))]} data-testid="tke-environment">
      <tbody>
        <tr>
          <th scope="row">
            <Translate id="tke.env.setup">Setup</Translate>
          </th>
          {dataset.scenarios.map((s) => (
            <td key={s.id} style={{whiteSpace: 'normal'}}>
              {s.title ? localized(s.title, i18n.currentLocale) : datasetTerm(s.name)}
            </td>
          ))}
        </tr>
        {LINES.map((line) => (
          <tr key={line.key}>
            <th scope="row">{line.label}</th>
            {dataset.scenarios.map((s) => (
              <td key={s.id} style={{whiteSpace: 'normal'}}>
                {line.value(s, dataset) || '–'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
