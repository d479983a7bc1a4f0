/** The key-results banner: four headline figures, each computed from the dataset, and the overall reading. */
import React from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {datasetTerm} from '@site/src/components/ChartFigure/terms';
import type {Dataset} from '@site/src/data/schema';
import {useSuite} from '@site/src/components/BenchData';
import Metric from '@site/src/components/Metric';
import Delta from '@site/src/components/Delta';
import {selectRows} from '@site/src/data/selectors';
import {formatValue} from '@site/src/data/format';
import styles from './styles.module.css';

/** Lowest and highest plain (condition-free) value of a metric over the scenarios. */
export function metricRange(dataset: Dataset, metric: 'tcp_throughput' | 'udp_loss'): {min: number; max: number} | undefined {
  const values = dataset.scenarios.flatMap((s) => selectRows(dataset, {metric, scenario: s.id}).map((r) => r.value)).filter((v): v is number => v !== null);
  return values.length ? {min: Math.min(...values), max: Math.max(...values)} : undefined;
}

function Tile({big, label, detail, id}: {big: React.ReactNode; label: React.ReactNode; detail: React.ReactNode; id: string}) {
  return (
    <div className={styles.tile} data-key-result={id}>
      <div className={styles.big}>{big}</div>
      <div className={styles.label}>{label}</div>
      <div className={styles.detail}>{detail}</div>
    </div>
  );
}

export default function KeyResults({data}: {data: SuiteBundle}): React.JSX.Element {
  const {dataset} = useSuite(data);
  const locale = useDocusaurusContext().i18n.currentLocale;
  const tcp = metricRange(dataset, 'tcp_throughput');
  const e = dataset.environment;
  return (
    <section className={styles.banner} aria-labelledby="key-results-title" data-testid="key-results">
      <h3 id="key-results-title" className={styles.title}>
        <Translate id="keyResults.title">Key results</Translate>
      </h3>
      <p className={styles.subtitle}>
        {datasetTerm(e.platform)} {e.k8sVersion} · {e.nodeType} × {e.nodeCount}
      </p>
      <div className={styles.tiles}>
        <Tile
          id="tcp"
          big={<span>≈</span>}
          label={<Translate id="keyResults.tcp.label">TCP throughput is the same everywhere</Translate>}
          detail={
            tcp && (
              <Translate
                id="keyResults.tcp.detail"
                values={{
                  min: <data value={tcp.min}>{formatValue(tcp.min, 'Gbps', locale)}</data>,
                  max: <data value={tcp.max}>{formatValue(tcp.max, 'Gbps', locale)}</data>,
                  limit: e.nicLimitGbps !== undefined ? formatValue(e.nicLimitGbps, 'Gbps', locale) : '–',
                }}>
                {'{min}–{max}, at the {limit} NIC limit'}
              </Translate>
            )
          }
        />
        <Tile
          id="rtt"
          big={<Delta data={data} metric="pod_rtt" where={{stat: 'p50'}} from="A" to="E" />}
          label={<Translate id="keyResults.rtt.label">Pod-to-pod RTT, A → E</Translate>}
          detail={
            <Translate
              id="keyResults.rtt.detail"
              values={{a: <Metric data={data} metric="pod_rtt" scenario="A" where={{stat: 'p50'}} />, e: <Metric data={data} metric="pod_rtt" scenario="E" where={{stat: 'p50'}} />}}>
              {'{a} → {e}; adds up over multi-hop request paths'}
            </Translate>
          }
        />
        <Tile
          id="udp"
          big={<Metric data={data} metric="udp_loss" scenario="E" />}
          label={<Translate id="keyResults.udp.label">UDP loss with Bandwidth Manager (E)</Translate>}
          detail={
            <Translate id="keyResults.udp.detail" values={{a: <Metric data={data} metric="udp_loss" scenario="A" />}}>
              {'against {a} in A under iperf3 saturation: a feature, rarely seen in production traffic'}
            </Translate>
          }
        />
        <Tile
          id="iptables"
          big={<Delta data={data} metric="iptables_nat_rules" scenario="A" fromWhere={{services: 4}} toWhere={{services: 1000}} format="ratio" />}
          label={<Translate id="keyResults.iptables.label">iptables NAT rules, 4 → 1,000 Services</Translate>}
          detail={
            <Translate
              id="keyResults.iptables.detail"
              values={{
                from: <Metric data={data} metric="iptables_nat_rules" scenario="A" where={{services: 4}} />,
                to: <Metric data={data} metric="iptables_nat_rules" scenario="A" where={{services: 1000}} />,
              }}>
              {'{from} → {to} rules; eBPF service lookup does not grow'}
            </Translate>
          }
        />
      </div>
      <p className={styles.conclusion}>
        <Translate id="keyResults.conclusion">
          In practice the two CNIs perform about the same; the choice rests on features: L7 and FQDN policies, Hubble visibility, running without kube-proxy. Only long multi-hop request chains are likely to feel the RTT gain.
        </Translate>
      </p>
    </section>
  );
}
