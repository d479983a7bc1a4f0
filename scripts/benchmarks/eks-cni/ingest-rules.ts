/** How the ingest names an EKS run's figures the way the EKS report queries them (see ../ingest/rules.ts). */
import type {IngestRules} from '../ingest/rules';
import {withoutKubeProxy} from '../ingest/rules';

export const RULES: IngestRules = {
  // The EKS tables show one CPU and one memory figure per agent: the mean over the samples.
  omitted: [
    {metric: 'cpu_usage', where: {stat: 'max'}},
    {metric: 'memory_usage', where: {stat: 'max'}},
  ],
  unstated: {cpu_usage: {stat: 'avg'}, memory_usage: {stat: 'avg'}, kubeproxy_sync_time: {stat: 'avg'}},
  notApplicable: [withoutKubeProxy],
};
