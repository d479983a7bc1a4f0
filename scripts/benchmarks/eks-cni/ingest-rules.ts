/** How the ingest names an EKS run's figures the way the EKS report queries them (see ../ingest/rules.ts). */
import type {IngestRules, RetiredFigure} from '../ingest/rules';
import {withoutKubeProxy} from '../ingest/rules';

const podRttRetired = (stat: 'p50' | 'p99'): RetiredFigure => ({
  metric: 'pod_rtt',
  where: {stat},
  reason: {
    en: 'Not measured by the bench scripts: the transcribed RTT came from iperf3 streams under bulk load (queueing included). Measured runs give the request/response round trip as tcp_rr_latency and the bulk-load RTT as loaded_rtt.',
  },
});

export const RULES: IngestRules = {
  // The EKS tables show one CPU and one memory figure per agent: the mean over the samples.
  omitted: [
    {metric: 'cpu_usage', where: {stat: 'max'}},
    {metric: 'memory_usage', where: {stat: 'max'}},
  ],
  unstated: {cpu_usage: {stat: 'avg'}, memory_usage: {stat: 'avg'}, kubeproxy_sync_time: {stat: 'avg'}},
  retired: [podRttRetired('p50'), podRttRetired('p99')],
  notApplicable: [withoutKubeProxy],
};
