/**
 * Node-side: read and validate every static/data/<suite>/claims.json, and check
 * every claim against every dataset version of its suite. Used by the
 * bench-data plugin (warnings at build) and the tests (failures).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Dataset} from '../schema';
import {jsonPath} from '../validate';
import {claimSet, type ClaimSet} from './schema';
import {evaluateClaims, type ClaimResult} from './evaluate';
import {describeFailure} from './render';
import {CLAIMS_FILE} from '../suiteFolder';

export class ClaimFileError extends Error {}

/** ` (in claim "<id>")` when an issue lies inside a claim that has an id: `$.claims[7]` alone does not say which. */
function claimOf(data: unknown, issuePath: readonly PropertyKey[]): string {
  if (issuePath[0] !== 'claims' || typeof issuePath[1] !== 'number') return '';
  const claims = (data as {claims?: unknown} | null)?.claims;
  const id = Array.isArray(claims) ? (claims[issuePath[1]] as {id?: unknown} | undefined)?.id : undefined;
  return typeof id === 'string' ? ` (in claim "${id}")` : '';
}

export function parseClaimSet(text: string, file: string): ClaimSet {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ClaimFileError(`Invalid claims file ${file}:\n  - $: not valid JSON (${(e as Error).message})`);
  }
  const parsed = claimSet.safeParse(data);
  if (!parsed.success) {
    throw new ClaimFileError(`Invalid claims file ${file}:\n${parsed.error.issues.map((i) => `  - ${jsonPath(i.path)}: ${i.message}${claimOf(data, i.path)}`).join('\n')}`);
  }
  const folder = path.basename(path.dirname(file));
  if (parsed.data.suite !== folder) throw new ClaimFileError(`Invalid claims file ${file}:\n  - $.suite: says "${parsed.data.suite}" but the file is in the folder of suite "${folder}"; make them the same`);
  return parsed.data;
}

/** A suite's claims file, found by the suite's name: <dataDir>/<suite>/claims.json. */
export function claimsFile(dataDir: string, suite: string): string {
  return path.join(dataDir, suite, CLAIMS_FILE);
}

/** The suite's claims, validated; undefined when the suite has no claims file. */
export function readClaimSet(dataDir: string, suite: string): ClaimSet | undefined {
  const file = claimsFile(dataDir, suite);
  return fs.existsSync(file) ? parseClaimSet(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file) || file) : undefined;
}

/** Every <suite>/claims.json under `dataDir` (static/data), validated (all problems of all files reported together). */
export function loadClaimSets(dataDir: string): ClaimSet[] {
  const suites = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((d) => fs.existsSync(claimsFile(dataDir, d))).sort() : [];
  const sets: ClaimSet[] = [];
  const problems: string[] = [];
  for (const suite of suites) {
    try {
      const set = readClaimSet(dataDir, suite);
      if (set) sets.push(set);
    } catch (e) {
      if (e instanceof ClaimFileError) problems.push(e.message);
      else throw e;
    }
  }
  if (problems.length) throw new ClaimFileError(problems.join('\n'));
  return sets;
}

export interface SuiteClaimReport {
  results: ClaimResult[];
  /** One message per claim that does not hold on some version. */
  warnings: string[];
}

/** Evaluate every claim set on every dataset version of its suite. */
export function checkClaims(sets: readonly ClaimSet[], datasets: readonly Dataset[]): SuiteClaimReport {
  const results: ClaimResult[] = [];
  const warnings: string[] = [];
  for (const set of sets) {
    const versions = datasets.filter((d) => d.suite === set.suite);
    if (versions.length === 0) warnings.push(`claims file ${set.suite}/claims.json names suite "${set.suite}", which has no dataset`);
    for (const dataset of versions) {
      for (const r of evaluateClaims(dataset, set)) {
        results.push(r);
        if (r.status !== 'holds') warnings.push(describeFailure(r, dataset));
      }
    }
  }
  return {results, warnings};
}
