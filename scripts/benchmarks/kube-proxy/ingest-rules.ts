/**
 * How the ingest names the kube-proxy study's figures (see scripts/benchmarks/ingest/rules.ts).
 * Each round makes NETPROG_CHANGES endpoint changes: their latencies, and the partial syncs
 * that applied them, are given as the p50 and p90 of every change of a step (at least 10
 * with the defaults), not as a median of per-round values.
 */
import type {IngestRules} from '../ingest/rules';

export const RULES: IngestRules = {
  pooled: [
    {metric: 'network_programming_latency', stats: ['p50', 'p90']},
    {metric: 'kubeproxy_partial_sync_time', stats: ['p50', 'p90']},
  ],
};
