/**
 * Recommended setup by workload. The recommendations are editorial (typed,
 * translated content); the supporting figures come from the dataset and the
 * scenario labels from the scenario definitions.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/components/BenchData';
import {scenarioLabel} from '@site/src/components/ChartFigure/model';
import Metric from '@site/src/components/Metric';
import Delta from '@site/src/components/Delta';
import styles from './styles.module.css';

interface Recommendation {
  key: string;
  workload: string;
  scenarios: string[];
  extra?: string;
  why: React.ReactNode;
}

export default function RecommendationMatrix({data}: {data: SuiteBundle}): React.JSX.Element {
  const {dataset} = useSuite(data);
  const rows: Recommendation[] = [
    {
      key: 'small',
      workload: translate({id: 'reco.small', message: 'Small and simple clusters (under about a hundred Services)'}),
      scenarios: ['A'],
      why: <Translate id="reco.small.why">The default add-on, nothing extra to run; performance differences are small.</Translate>,
    },
    {
      key: 'udp',
      workload: translate({id: 'reco.udp', message: 'UDP-heavy traffic (media streaming, games)'}),
      scenarios: ['E'],
      why: (
        <Translate id="reco.udp.why" values={{e: <Metric data={data} metric="udp_loss" scenario="E" />, a: <Metric data={data} metric="udp_loss" scenario="A" />}}>
          {'Bandwidth Manager and BBR: {e} UDP loss against {a} in A at saturation.'}
        </Translate>
      ),
    },
    {
      key: 'policy',
      workload: translate({id: 'reco.policy', message: 'Network policy beyond L3/L4'}),
      scenarios: ['C', 'D'],
      why: <Translate id="reco.policy.why">L7 and FQDN rules, cluster-wide and host policies, verdicts in Hubble.</Translate>,
    },
    {
      key: 'large',
      workload: translate({id: 'reco.large', message: 'Many Services (hundreds to thousands)'}),
      scenarios: ['D'],
      why: (
        <Translate
          id="reco.large.why"
          values={{diff: <Delta data={data} metric="conn_setup_time" scenario="A" where={{connection: 'close', stat: 'avg'}} fromWhere={{services: 4}} toWhere={{services: 1000}} />}}>
          {'eBPF lookups do not grow with Services; iptables connection setup rose {diff} at the largest count measured.'}
        </Translate>
      ),
    },
    {
      key: 'latency',
      workload: translate({id: 'reco.latency', message: 'Latency-sensitive services (trading, real-time, inference chains)'}),
      scenarios: ['E'],
      why: (
        <Translate id="reco.latency.why" values={{delta: <Delta data={data} metric="pod_rtt" where={{stat: 'p50'}} from="A" to="E" />}}>
          {'Lowest pod-to-pod RTT: {delta} against A.'}
        </Translate>
      ),
    },
    {
      key: 'aws',
      workload: translate({id: 'reco.aws', message: 'Close integration with AWS networking tools'}),
      scenarios: ['D', 'E'],
      why: <Translate id="reco.aws.why">Pods keep VPC addresses, so VPC Flow Logs and security groups see them directly.</Translate>,
    },
    {
      key: 'ip',
      workload: translate({id: 'reco.ip', message: 'Short of VPC IP addresses'}),
      scenarios: ['C'],
      why: <Translate id="reco.ip.why">The VXLAN overlay gives pods addresses outside the VPC range.</Translate>,
    },
    {
      key: 'observability',
      workload: translate({id: 'reco.observability', message: 'Multi-tenant clusters that need flow visibility'}),
      scenarios: ['D'],
      extra: '+ Hubble',
      why: <Translate id="reco.observability.why">ENI datapath plus Hubble flow logs and policy verdicts (Hubble was off during the benchmark).</Translate>,
    },
  ];
  return (
    <div className={styles.wrap} role="region" tabIndex={0} aria-label={translate({id: 'reco.region', message: 'Recommended setup by workload'})}>
      <table className={styles.table} data-testid="recommendations">
        <thead>
          <tr>
            <th scope="col">
              <Translate id="reco.col.workload">Workload</Translate>
            </th>
            <th scope="col">
              <Translate id="reco.col.setup">Recommended setup</Translate>
            </th>
            <th scope="col">
              <Translate id="reco.col.why">Why</Translate>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-recommendation={r.key}>
              <th scope="row">{r.workload}</th>
              <td>
                {r.scenarios.map((s) => (
                  <span key={s} className={styles.pill} data-scenario={s}>
                    {scenarioLabel(dataset, s)}
                  </span>
                ))}
                {r.extra && <span className={styles.pill}>{r.extra}</span>}
              </td>
              <td>{r.why}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
