/** The repository's claims files for tests, found as the bench-data plugin finds them (src/data/claims/<suite>.json). */
import path from 'node:path';
import {readClaimSet} from '../claims/load';
import type {ClaimSet} from '../claims/schema';

export const CLAIMS_DIR = path.resolve(__dirname, '../claims');

/** The suite's claims, or undefined when it has none. */
export function maybeClaimsOf(suite: string): ClaimSet | undefined {
  return readClaimSet(CLAIMS_DIR, suite);
}

export function claimsOf(suite: string): ClaimSet {
  const set = maybeClaimsOf(suite);
  if (!set) throw new Error(`no claims file for suite "${suite}" in ${CLAIMS_DIR}`);
  return set;
}
