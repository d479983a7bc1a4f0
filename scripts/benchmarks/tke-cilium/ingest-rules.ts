/** How the ingest names a TKE run's figures the way the TKE report queries them (see ../ingest/rules.ts). */
import type {IngestRules} from '../ingest/rules';
import {withoutCilium, withoutKubeProxy} from '../ingest/rules';

export const RULES: IngestRules = {
  deriveRelativeRps: true,
  notApplicable: [
    withoutKubeProxy,
    withoutCilium(['bpf_lb_entries', 'bpf_map_memory', 'bpf_map_count', 'bpf_map_max_entries', 'agent_rss']),
    withoutCilium(['http_rps'], ['hubble', 'policy']),
  ],
};
