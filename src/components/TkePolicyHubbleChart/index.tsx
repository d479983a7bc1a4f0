/** Cilium-only: saturated RPS with Hubble off/on and with no, L3/L4 or L7 NetworkPolicy. */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {ciliumScenarios} from '@site/src/data/suites/tke-cilium';
import ChartFigure from '@site/src/components/ChartFigure';
import {casePanel, type Panel, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel} from '@site/src/data/labels';

export function buildTkePolicyHubble(dataset: Dataset, {locale}: ChartOptions): Panel[] {
  const scenarios = ciliumScenarios(dataset);
  const hubble = casePanel(
    dataset,
    {key: 'hubble', title: translate({id: 'tke.policy.hubblePanel', message: 'Hubble'}), metric: 'http_rps', scenarios},
    [false, true].map((on) => ({key: on ? 'on' : 'off', label: conditionLabel('hubble', on, locale), query: {metric: 'http_rps', where: {qps: 'max', hubble: on}}})),
  );
  const policy = casePanel(
    dataset,
    {key: 'policy', title: translate({id: 'tke.policy.policyPanel', message: 'CiliumNetworkPolicy'}), metric: 'http_rps', scenarios},
    (['none', 'l3l4', 'l7'] as const).map((p) => ({key: p, label: conditionLabel('policy', p, locale), query: {metric: 'http_rps', where: {qps: 'max', policy: p}}})),
  );
  return [hubble, policy];
}

export default function TkePolicyHubbleChart({data, children}: {data: SuiteBundle; children?: React.ReactNode}): React.JSX.Element {
  return (
    <ChartFigure
      name="TkePolicyHubbleChart"
      data={data}
      title={translate({id: 'tke.policy.title', message: 'Requests per second with Hubble and NetworkPolicy (Cilium clusters)'})}
      description={translate({id: 'tke.policy.description', message: 'The iptables cluster runs no Cilium, so it has no figures here.'})}
      build={buildTkePolicyHubble}>
      {children}
    </ChartFigure>
  );
}
