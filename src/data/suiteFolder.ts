/**
 * A suite's folder under static/data: what a suite is, kept next to its data.
 *
 *   static/data/<suite>/suite.json        the suite's title in every language
 *   static/data/<suite>/claims.json       its conclusions, checked on every version (optional)
 *   static/data/<suite>/versions.json     why each version exists, for versions without their own `release` (releases.ts)
 *   static/data/<suite>/<version>.json    one dataset version each (immutable)
 *   static/data/<suite>/SHA256SUMS        the versions' sha256, `sha256sum -c` format (versionLock.ts)
 *   static/data/<suite>/raw/<version>/    the raw tool outputs a version cites, served for download
 *
 * Every list of suites (the build's modules, the ingest's titles, the tests' loops)
 * is read from these folders: adding a suite adds no entry anywhere else.
 * Node-safe: the bench-data plugin, the ingest and the tests use it.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {localizedText, SUITE_PATTERN, type LocalizedText} from './schema';
import {jsonPath} from './validate';
import {latestVersion} from './versions';

export const SUITE_FILE = 'suite.json';
export const CLAIMS_FILE = 'claims.json';
/** Why each version exists, for the versions that do not say so themselves (releases.ts). */
export const VERSIONS_FILE = 'versions.json';
/** The folder of raw files under a suite's folder; a version cites files below raw/<version>/. */
export const RAW_DIR = 'raw';

/** Files of a suite's folder that are not dataset versions. */
export const SUITE_METADATA_FILES: readonly string[] = [SUITE_FILE, CLAIMS_FILE, VERSIONS_FILE];

export const suiteInfo = z.strictObject({
  $schema: z.string().optional(),
  suite: z.string().regex(SUITE_PATTERN, 'must be lowercase letters, digits and dashes'),
  /** The title the ingest writes into each new version (a `title` in the run's manifest wins). */
  title: localizedText,
});
export type SuiteInfo = z.infer<typeof suiteInfo>;

/** The dataset versions' file names in one suite's folder (every JSON file but the suite's own), unsorted. */
export function versionFiles(suiteDir: string): string[] {
  return fs.readdirSync(suiteDir).filter((f) => f.endsWith('.json') && !SUITE_METADATA_FILES.includes(f));
}

/** The newest dataset version in one suite's folder, by version order (2026-11-23.1 after 2026-11-23); undefined when it has none. */
export function newestVersion(suiteDir: string): string | undefined {
  return latestVersion(versionFiles(suiteDir).map((f) => f.slice(0, -'.json'.length)));
}

export class SuiteFileError extends Error {}

/** The suites that have a folder with a suite.json under `dataDir`, sorted. */
export function listSuites(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs
    .readdirSync(dataDir, {withFileTypes: true})
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dataDir, d.name, SUITE_FILE)))
    .map((d) => d.name)
    .sort();
}

/** `<dataDir>/<suite>/suite.json`, validated; undefined when the suite has no folder or no suite.json. */
export function readSuiteInfo(dataDir: string, suite: string): SuiteInfo | undefined {
  const file = path.join(dataDir, suite, SUITE_FILE);
  if (!SUITE_PATTERN.test(suite) || !fs.existsSync(file)) return undefined;
  const shown = path.relative(process.cwd(), file) || file;
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SuiteFileError(`Invalid suite file ${shown}:\n  - $: not valid JSON (${(e as Error).message})`);
  }
  const parsed = suiteInfo.safeParse(data);
  if (!parsed.success) {
    throw new SuiteFileError(`Invalid suite file ${shown}:\n${parsed.error.issues.map((i) => `  - ${jsonPath(i.path)}: ${i.message}`).join('\n')}`);
  }
  if (parsed.data.suite !== suite) {
    throw new SuiteFileError(`Invalid suite file ${shown}:\n  - $.suite: says "${parsed.data.suite}" but the folder is "${suite}"; make them the same`);
  }
  return parsed.data;
}

/** The suite's title from its suite.json; undefined when it has none. */
export function suiteTitle(dataDir: string, suite: string): LocalizedText | undefined {
  return readSuiteInfo(dataDir, suite)?.title;
}
