/** The repository's claims files for tests, found as the bench-data plugin finds them (static/data/<suite>/claims.json). */
import path from 'node:path';
import {readClaimSet} from '../claims/load';
import type {ClaimSet} from '../claims/schema';

export const DATA_DIR = path.resolve(__dirname, '../../../static/data');

/** The suite's claims, or undefined when it has none. */
export function maybeClaimsOf(suite: string): ClaimSet | undefined {
  return readClaimSet(DATA_DIR, suite);
}

export function claimsOf(suite: string): ClaimSet {
  const set = maybeClaimsOf(suite);
  if (!set) throw new Error(`no claims file for suite "${suite}" in ${DATA_DIR}`);
  return set;
}
