/**
 * How the measured differences carry over to AI/ML workloads on EKS, by workload type: a
 * relevance level, why, and the figure measured here. The levels are editorial judgement
 * (typed content); every figure beside them is computed from the dataset. The EKS report puts
 * it under the AI/ML chart (CHARTS.aiml).
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {BASELINE, TUNED} from '@site/src/suites/eks-cni';
import Delta from '@site/src/components/Delta';
import Metric from '@site/src/components/Metric';
import ScrollTable from '@site/src/components/ScrollTable';
import styles from './styles.module.css';

type Level = 'high' | 'medium' | 'low' | 'none';

function LevelBadge({level}: {level: Level}) {
  const text = {
    high: translate({id: 'aiml.level.high', message: 'High'}),
    medium: translate({id: 'aiml.level.medium', message: 'Medium'}),
    low: translate({id: 'aiml.level.low', message: 'Low'}),
    none: translate({id: 'aiml.level.none', message: 'None'}),
  }[level];
  return (
    <span className={`${styles.level} ${styles[level]}`} data-level={level}>
      {text}
    </span>
  );
}

export default function AimlRelevanceTable({data}: {data: SuiteBundle}): React.JSX.Element {
  const {dataset} = useSuite(data);
  const rtt = <Delta data={data} metric="loaded_rtt" from={BASELINE} to={TUNED} />;
  // Batch inference and training without EFA are both throughput-bound: one measured signal.
  const tcp = (
    <Translate
      id="aiml.signal.tcp"
      values={{a: <Metric data={data} metric="tcp_throughput" scenario={BASELINE} />, e: <Metric data={data} metric="tcp_throughput" scenario={TUNED} />}}>
      {'TCP throughput A {a}, E {e}'}
    </Translate>
  );
  const rows: {key: string; workload: string; level: Level; why: string; signal: React.ReactNode}[] = [
    {
      key: 'serving',
      workload: translate({id: 'aiml.row.serving', message: 'Real-time inference serving'}),
      level: 'high',
      why: translate({id: 'aiml.row.serving.why', message: 'HTTP/gRPC requests through Services; tail latency and Service lookup apply directly.'}),
      signal: (
        <a href="#claim-http-p99-run-to-run">
          <Translate id="aiml.signal.p99runs">HTTP p99 at QPS 1,000 does not rank the setups: it moves more between two runs of one setup than between setups</Translate>
        </a>
      ),
    },
    {
      key: 'pipeline',
      workload: translate({id: 'aiml.row.pipeline', message: 'Multi-hop inference pipeline (gateway, router, model server, RAG, vector DB)'}),
      level: 'high',
      why: translate({
        id: 'aiml.row.pipeline.loadedWhy',
        message: 'Each hop pays the pod-to-pod round trip again, so savings add up. The run measured the round trip under bulk load only, not an idle request/response one.',
      }),
      signal: (
        <Translate id="aiml.signal.loadedRtt" values={{change: rtt}}>
          {'TCP RTT under bulk load A→E {change}'}
        </Translate>
      ),
    },
    {
      key: 'batch',
      workload: translate({id: 'aiml.row.batch', message: 'Batch inference'}),
      level: 'medium',
      why: translate({id: 'aiml.row.batch.why', message: 'Throughput-bound; TCP throughput hardly differs between CNIs.'}),
      signal: tcp,
    },
    {
      key: 'training',
      workload: translate({id: 'aiml.row.training', message: 'Distributed training without EFA'}),
      level: 'medium',
      why: translate({id: 'aiml.row.training.why', message: "NCCL's socket transport runs over TCP through the CNI datapath; its bulk transfers meet the same NIC limit as iperf3's TCP streams."}),
      signal: tcp,
    },
    {
      key: 'efa',
      workload: translate({id: 'aiml.row.efa', message: 'Distributed training with EFA'}),
      level: 'low',
      why: translate({id: 'aiml.row.efa.why', message: 'EFA traffic bypasses the kernel network stack and with it the CNI.'}),
      signal: translate({id: 'aiml.signal.none', message: 'not covered by this benchmark'}),
    },
    {
      key: 'single',
      workload: translate({id: 'aiml.row.single', message: 'Single-node training'}),
      level: 'none',
      why: translate({id: 'aiml.row.single.why', message: 'No traffic between pods on different nodes.'}),
      signal: translate({id: 'aiml.signal.none', message: 'not covered by this benchmark'}),
    },
  ];
  return (
    <>
      <ScrollTable
        wrapClassName={styles.tableWrap}
        className={styles.table}
        label
        caption={<Translate id="aiml.table.caption">Relevance by AI/ML workload type</Translate>}
        columns={[
          <Translate id="aiml.table.workload">Workload</Translate>,
          <Translate id="aiml.table.relevance">Relevance</Translate>,
          <Translate id="aiml.table.why">Why</Translate>,
          <Translate id="aiml.table.signal">Measured here</Translate>,
        ]}>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-workload={r.key}>
              <th scope="row">{r.workload}</th>
              <td>
                <LevelBadge level={r.level} />
              </td>
              <td>{r.why}</td>
              <td>{r.signal}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className={styles.note}>
        <Translate id="aiml.note" values={{node: dataset.environment.nodeType ?? '–'}}>
          {'Measured on {node} nodes without GPUs. GPU instances have far faster NICs and optional EFA, so size production AI/ML clusters with a benchmark on the instances you will run.'}
        </Translate>
      </p>
    </>
  );
}
