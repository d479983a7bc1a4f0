/** The numbered findings: each a short reading of the data, its figures computed, some with a comparison table. */
import React from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/components/BenchData';
import Metric from '@site/src/components/Metric';
import Delta from '@site/src/components/Delta';
import DetailTable from '@site/src/components/DetailTable';
import type {PresetName} from '@site/src/components/DetailTable/presets';
import {metricRange} from '@site/src/components/KeyResults';
import {formatValue} from '@site/src/data/format';
import styles from './styles.module.css';

interface Finding {
  key: string;
  title: React.ReactNode;
  body: React.ReactNode;
  table?: PresetName;
}

export default function Findings({data}: {data: SuiteBundle}): React.JSX.Element {
  const {dataset} = useSuite(data);
  const locale = useDocusaurusContext().i18n.currentLocale;
  const tcp = metricRange(dataset, 'tcp_throughput');
  const rtt = (s: string) => <Metric data={data} metric="pod_rtt" scenario={s} where={{stat: 'p50'}} />;
  const rttDelta = (from: string, to: string) => <Delta data={data} metric="pod_rtt" where={{stat: 'p50'}} from={from} to={to} />;
  const findings: Finding[] = [
    {
      key: 'tcp',
      title: <Translate id="findings.tcp.title">The NIC, not the CNI, caps TCP throughput</Translate>,
      body: (
        <Translate
          id="findings.tcp.body"
          values={{
            min: tcp ? formatValue(tcp.min, 'Gbps', locale) : '–',
            max: tcp ? formatValue(tcp.max, 'Gbps', locale) : '–',
            limit: dataset.environment.nicLimitGbps !== undefined ? formatValue(dataset.environment.nicLimitGbps, 'Gbps', locale) : '–',
          }}>
          {'Every scenario landed between {min} and {max}, right under the {limit} the instance type allows. On instances with up to this bandwidth, the CNI does not change bulk TCP transfer.'}
        </Translate>
      ),
    },
    {
      key: 'udp',
      title: <Translate id="findings.udp.title">UDP loss separates the setups, and it is a feature effect</Translate>,
      body: (
        <Translate
          id="findings.udp.body"
          values={{
            a: <Metric data={data} metric="udp_loss" scenario="A" />,
            d: <Metric data={data} metric="udp_loss" scenario="D" />,
            e: <Metric data={data} metric="udp_loss" scenario="E" />,
          }}>
          {'A lost {a} and D lost {d} of the datagrams; E, with Bandwidth Manager and BBR, lost {e}. iperf3 pushes UDP at a fixed high rate until receive buffers overflow, a load production traffic rarely creates. Bandwidth Manager paces senders (EDT) to what the receiver can take: a Cilium feature more than a datapath speed-up.'}
        </Translate>
      ),
    },
    {
      key: 'rtt',
      title: <Translate id="findings.rtt.title">Native routing and tuning shorten the round trip</Translate>,
      body: (
        <Translate id="findings.rtt.body" values={{a: rtt('A'), d: rtt('D'), e: rtt('E'), ad: rttDelta('A', 'D'), ae: rttDelta('A', 'E'), de: rttDelta('D', 'E')}}>
          {'RTT went from {a} in A to {d} in D ({ad}) and {e} in E ({ae}; {de} from D). Likely contributors are BPF host routing, socket-level load balancing and the absence of VXLAN; their individual shares were not measured.'}
        </Translate>
      ),
    },
    {
      key: 'kubeproxyRemoval',
      title: <Translate id="findings.kpRemoval.title">Removing kube-proxy: mixed at small scale (B → C)</Translate>,
      body: (
        <Translate id="findings.kpRemoval.body">
          With only a handful of Services the eBPF replacement brings no clear gain: throughput is unchanged, RTT moves slightly the wrong way while HTTP p99 and DNS p99 improve. The case for it grows with the number of Services, as the kube-proxy scaling run shows.
        </Translate>
      ),
      table: 'kubeproxyRemoval',
    },
    {
      key: 'overlay',
      title: <Translate id="findings.overlay.title">ENI native routing against the VXLAN overlay (C → D)</Translate>,
      body: (
        <Translate id="findings.overlay.body" values={{delta: rttDelta('C', 'D')}}>
          {'Dropping encapsulation changes RTT by {delta}. ENI mode hands out VPC addresses to pods, so it uses more of the VPC range; where addresses are scarce the overlay remains the practical choice. Without Bandwidth Manager, D drops as much UDP as A.'}
        </Translate>
      ),
      table: 'overlayVsNative',
    },
    {
      key: 'tuning',
      title: <Translate id="findings.tuning.title">The tuning set together (D → E)</Translate>,
      body: (
        <Translate id="findings.tuning.body">
          RTT and UDP loss fall and the unthrottled request rate rises a little, while HTTP p99 at QPS 1,000 gets slightly worse: tuning is not a gain on every metric. XDP acceleration and DSR could not be used on this hardware, so this is a partial tuning set.
        </Translate>
      ),
      table: 'tuning',
    },
    {
      key: 'scaling',
      title: <Translate id="findings.scaling.title">iptables at 1,000 Services: measurable, still small</Translate>,
      body: (
        <Translate
          id="findings.scaling.body"
          values={{
            ratio: <Delta data={data} metric="iptables_nat_rules" scenario="A" fromWhere={{services: 4}} toWhere={{services: 1000}} format="ratio" />,
            diff: <Delta data={data} metric="conn_setup_time" scenario="A" where={{connection: 'close', stat: 'avg'}} fromWhere={{services: 4}} toWhere={{services: 1000}} format="difference" />,
          }}>
          {'NAT rules grew {ratio}, yet keepalive traffic did not notice: conntrack answers for established flows. Each new connection paid {diff} more to walk the longer chain. That cost grows with the Service count, so clusters with thousands of Services have the most to gain from eBPF lookups.'}
        </Translate>
      ),
      table: 'scaling1000',
    },
  ];
  return (
    <ol className={styles.list} data-testid="findings">
      {findings.map((f) => (
        <li key={f.key} className={styles.item} data-finding={f.key}>
          <h4 className={styles.title}>{f.title}</h4>
          <p className={styles.body}>{f.body}</p>
          {f.table && <DetailTable data={data} preset={f.table} />}
        </li>
      ))}
    </ol>
  );
}
