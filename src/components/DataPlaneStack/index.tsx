/**
 * The data-plane stack of each scenario, built from the scenario definitions:
 * Service load balancing, CNI agent, routing and IPAM as stacked layers, with
 * the scenario's RTT and HTTP p99 underneath. iptables layers and eBPF layers
 * get different colours so the difference between columns is visible at a glance.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import {datasetTerm} from '@site/src/words/terms';
import type {Scenario} from '@site/src/data/schema';
import {useSuite} from '@site/src/plugins/bench-data/client';
import Metric from '@site/src/components/Metric';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

export type LayerKind = 'iptables' | 'ebpf' | 'overlay' | 'native' | 'neutral';

/** Colour class of a layer from its text (the scenario data decides, not the layout). */
export function layerKind(text: string): LayerKind {
  const t = text.toLowerCase();
  if (t.includes('iptables')) return 'iptables';
  if (t.includes('ebpf') || t.includes('cilium')) return 'ebpf';
  if (t.includes('vxlan') || t.includes('tunnel') || t.includes('overlay')) return 'overlay';
  if (t.includes('native') || t.includes('eni')) return 'native';
  return 'neutral';
}

export function stackLayers(s: Scenario): {key: string; label: string; value: string}[] {
  return [
    {key: 'service', label: translate({id: 'stack.service', message: 'Service load balancing'}), value: s.kubeProxy === 'iptables' ? 'kube-proxy (iptables)' : (s.kubeProxy ?? '–')},
    {key: 'agent', label: translate({id: 'stack.agent', message: 'CNI agent'}), value: s.cni ?? '–'},
    {key: 'routing', label: translate({id: 'stack.routing', message: 'Routing'}), value: s.routing ?? '–'},
    {key: 'ipam', label: 'IPAM', value: s.ipam ?? '–'},
  ];
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function DataPlaneStack(props: {data: SuiteBundle}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <DataPlaneStackBody {...props} />
    </KeepServerHtml>
  );
}

function DataPlaneStackBody({data}: {data: SuiteBundle}): React.JSX.Element {
  const {dataset} = useSuite(data);
  return (
    <figure className={styles.figure} data-testid="dataplane-stack">
      <div className={styles.columns}>
        {dataset.scenarios.map((s) => {
          const applied = (s.tuning ?? []).filter((t) => t.applied).length;
          return (
            <section key={s.id} className={styles.column} data-scenario={s.id} aria-label={`${s.id}: ${datasetTerm(s.name)}`}>
              <h4 className={styles.head}>
                {s.id}: {datasetTerm(s.name)}
              </h4>
              <ol className={styles.layers}>
                {stackLayers(s).map((l) => (
                  <li key={l.key} className={`${styles.layer} ${styles[layerKind(l.value)]}`} data-layer={l.key}>
                    <span className={styles.layerLabel}>{l.label}</span>
                    <span className={styles.layerValue}>{datasetTerm(l.value)}</span>
                  </li>
                ))}
                {applied > 0 && (
                  <li className={`${styles.layer} ${styles.tuning}`} data-layer="tuning">
                    <span className={styles.layerLabel}>
                      <Translate id="stack.tuning">Tuning</Translate>
                    </span>
                    <span className={styles.layerValue}>
                      <Translate id="stack.tuningCount" values={{count: String(applied)}}>
                        {'{count} options on'}
                      </Translate>
                    </span>
                  </li>
                )}
              </ol>
              <dl className={styles.metrics}>
                <div>
                  <dt>
                    <Translate id="stack.loadedRtt">RTT under load</Translate>
                  </dt>
                  <dd>
                    <Metric data={data} metric="loaded_rtt" scenario={s.id} />
                  </dd>
                </div>
                <div>
                  <dt>HTTP p99</dt>
                  <dd>
                    <Metric data={data} metric="http_latency" scenario={s.id} where={{qps: 1000, stat: 'p99'}} />
                  </dd>
                </div>
              </dl>
            </section>
          );
        })}
      </div>
      <figcaption className={styles.caption}>
        <Translate id="stack.caption">
          Layers from the scenario definitions: red-brown marks iptables, blue eBPF, amber VXLAN overlay, green VPC-native addressing and routing. HTTP p99 is at QPS 1,000.
        </Translate>
      </figcaption>
    </figure>
  );
}
