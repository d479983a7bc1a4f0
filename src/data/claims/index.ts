/**
 * The claims of each suite, for pages. The JSON is validated at build (the
 * bench-data plugin) and by the tests; the client only reads it, so zod
 * stays out of the page bundle. A new suite's claims file is added here too
 * (a test checks that this list matches the files).
 */
import type {ClaimSet} from './schema';
import eksCni from './eks-cni.json';
import kubeProxy from './kube-proxy.json';
import tkeCilium from './tke-cilium.json';

export const CLAIM_SETS: Readonly<Record<string, ClaimSet>> = {
  'eks-cni': eksCni as ClaimSet,
  'kube-proxy': kubeProxy as ClaimSet,
  'tke-cilium': tkeCilium as ClaimSet,
};

export function claimSetFor(suite: string): ClaimSet {
  const set = CLAIM_SETS[suite];
  if (!set) throw new Error(`no claims for suite "${suite}" (known: ${Object.keys(CLAIM_SETS).join(', ')}); add src/data/claims/${suite}.json and register it in src/data/claims/index.ts`);
  return set;
}
