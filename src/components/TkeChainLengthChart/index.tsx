/**
 * What each datapath has to hold per Service step: the length of the iptables
 * KUBE-SERVICES chain (scanned per new connection) vs the entries of Cilium's BPF
 * load-balancing map (looked up by hash).
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {formatNumber, typeset} from '@site/src/data/format';
import {conditionValues, selectRows} from '@site/src/data/selectors';
import {IPTABLES} from '@site/src/data/suites/tke-cilium';
import ChartFigure from '@site/src/components/ChartFigure';
import {gridPanel, type Panel, type ChartOptions} from '@site/src/data/chart/model';
import {scenarioLabel} from '@site/src/data/labels';

export function buildTkeChainLength(dataset: Dataset, {locale}: ChartOptions): Panel[] {
  const rows = [...selectRows(dataset, {metric: 'service_chain_length', exact: false}), ...selectRows(dataset, {metric: 'bpf_lb_entries', exact: false})];
  const steps = conditionValues(rows, 'services').sort((a, b) => a - b);
  const series = dataset.scenarios.map((s) => {
    const metric = s.id === IPTABLES ? ('service_chain_length' as const) : ('bpf_lb_entries' as const);
    const what = metric === 'service_chain_length' ? translate({id: 'tke.chain.rules', message: 'KUBE-SERVICES rules'}) : translate({id: 'tke.chain.lbEntries', message: 'BPF LB entries'});
    return {key: s.id, label: typeset(`${scenarioLabel(dataset, s.id)}: ${what}`, locale), query: {metric}};
  });
  return [
    gridPanel(
      dataset,
      {
        key: 'chain',
        metric: 'service_chain_length',
        kind: 'bar',
        categoryAxis: translate({id: 'tke.scale.axis', message: 'Services'}),
        categories: steps.map((s) => ({key: String(s), label: formatNumber(s, locale)})),
      },
      series,
      (c, s) => ({metric: s.query.metric, scenario: s.key, where: {services: Number(c.key)}}),
    ),
  ];
}

export default function TkeChainLengthChart({data, children}: {data: SuiteBundle; children?: React.ReactNode}): React.JSX.Element {
  return (
    <ChartFigure
      name="TkeChainLengthChart"
      data={data}
      title={translate({id: 'tke.chain.title', message: 'iptables chain length and Cilium LB map entries per Service step'})}
      description={translate({
        id: 'tke.chain.description',
        message: 'iptables scans its chain in order for every new connection; Cilium looks its map up by hash, so more entries do not mean a longer lookup.',
      })}
      build={buildTkeChainLength}>
      {children}
    </ChartFigure>
  );
}
