/**
 * A pod-to-Service request through kube-proxy/iptables and through Cilium
 * eBPF, step by step. Drawn in HTML so it reflows on phones and reads as two
 * ordered lists without styles or JavaScript.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

type Kind = 'pod' | 'kernel' | 'iptables' | 'ebpf' | 'wire';

interface Step {
  key: string;
  kind: Kind;
  title: string;
  note?: string;
}

export function iptablesPath(): Step[] {
  return [
    {key: 'app', kind: 'pod', title: translate({id: 'path.app', message: 'Client pod: connect() to the Service ClusterIP'})},
    {key: 'veth', kind: 'kernel', title: translate({id: 'path.veth', message: 'veth pair into the host network namespace'})},
    {key: 'prerouting', kind: 'iptables', title: translate({id: 'path.prerouting', message: 'netfilter PREROUTING → KUBE-SERVICES'}), note: translate({id: 'path.prerouting.note', message: 'rules are matched one after another: cost grows with the number of Services'})},
    {key: 'dnat', kind: 'iptables', title: translate({id: 'path.dnat', message: 'KUBE-SVC / KUBE-SEP: random backend pick, DNAT'}), note: translate({id: 'path.dnat.note', message: 'only for the first packet; conntrack handles the rest of the flow'})},
    {key: 'route', kind: 'kernel', title: translate({id: 'path.route', message: 'Host routing, then eth0 (VPC ENI)'})},
    {key: 'wire', kind: 'wire', title: translate({id: 'path.wire', message: 'VPC fabric to the backend node'})},
    {key: 'backend', kind: 'pod', title: translate({id: 'path.backend', message: 'Backend pod'})},
  ];
}

export function ebpfPath(): Step[] {
  return [
    {key: 'app', kind: 'pod', title: translate({id: 'path.app', message: 'Client pod: connect() to the Service ClusterIP'})},
    {key: 'socklb', kind: 'ebpf', title: translate({id: 'path.socklb', message: 'Socket LB (cgroup eBPF) rewrites the address at connect()'}), note: translate({id: 'path.socklb.note', message: 'hash-map lookup: constant cost however many Services exist'})},
    {key: 'tc', kind: 'ebpf', title: translate({id: 'path.tc', message: 'eBPF on the lxc veth: policy, conntrack, forwarding'})},
    {key: 'hostrouting', kind: 'ebpf', title: translate({id: 'path.hostrouting', message: 'BPF host routing redirects straight to eth0'}), note: translate({id: 'path.hostrouting.note', message: 'no iptables in the host namespace'})},
    {key: 'encap', kind: 'wire', title: translate({id: 'path.encap', message: 'ENI mode: sent as is; overlay mode: wrapped in VXLAN'})},
    {key: 'backend', kind: 'pod', title: translate({id: 'path.backend.ebpf', message: 'Backend pod (eBPF on its veth delivers it)'})},
  ];
}

function Lane({title, steps, testId}: {title: string; steps: Step[]; testId: string}) {
  return (
    <section className={styles.lane} data-testid={testId} aria-label={title}>
      <h4 className={styles.laneTitle}>{title}</h4>
      <ol className={styles.steps}>
        {steps.map((s) => (
          <li key={s.key} className={`${styles.step} ${styles[s.kind]}`} data-step={s.key}>
            <span className={styles.stepTitle}>{s.title}</span>
            {s.note && <span className={styles.note}>{s.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Drawn from no dataset: kept as the build wrote it (KeepServerHtml). */
export default function PacketPathDiagram(): React.JSX.Element {
  return (
    <KeepServerHtml>
      <PacketPathDiagramBody />
    </KeepServerHtml>
  );
}

function PacketPathDiagramBody(): React.JSX.Element {
  return (
    <figure className={styles.figure} data-testid="packet-path">
      <div className={styles.lanes}>
        <Lane testId="path-iptables" title={translate({id: 'path.lane.iptables', message: 'VPC CNI + kube-proxy (iptables)'})} steps={iptablesPath()} />
        <Lane testId="path-ebpf" title={translate({id: 'path.lane.ebpf', message: 'Cilium with eBPF kube-proxy replacement'})} steps={ebpfPath()} />
      </div>
      <figcaption className={styles.caption}>
        <span className={`${styles.key} ${styles.iptables}`}>iptables</span> <span className={`${styles.key} ${styles.ebpf}`}>eBPF</span>{' '}
        <span className={`${styles.key} ${styles.kernel}`}>
          <Translate id="path.key.kernel">kernel</Translate>
        </span>{' '}
        <span className={`${styles.key} ${styles.wire}`}>
          <Translate id="path.key.wire">network</Translate>
        </span>{' '}
        <Translate id="path.caption">Pod-to-Service request, first packet of a new connection.</Translate>
      </figcaption>
    </figure>
  );
}
