/**
 * Why each dataset version exists, and when it was published.
 *
 * A version's reason is its `release` field; versions are immutable, so those published
 * before the field existed have theirs in the suite's versions file instead,
 * static/data/<suite>/versions.json:
 *
 *   {"suite": "local", "versions": {"2026-11-23": {"kind": "re-ingest", "publishedAt": "2026-11-23", "changes": {"en": "..."}}}}
 *
 * The build (bench-data plugin) resolves every version's release here and stops, naming the
 * file, the field and the fix, when a version has none, has two, or says it re-reads the raw
 * files of an earlier version when it cites other ones (or the other way round).
 * Node-safe: the plugin, the tests and the ingest use it.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {release, SUITE_PATTERN, VERSION_PATTERN, type Dataset, type Release} from './schema';
import {jsonPath} from './validate';
import {compareVersions} from './versions';
import {VERSIONS_FILE} from './suiteFolder';

export {VERSIONS_FILE};

export const versionLog = z.strictObject({
  $schema: z.string().optional(),
  suite: z.string().regex(SUITE_PATTERN, 'must be lowercase letters, digits and dashes'),
  versions: z.record(z.string().regex(VERSION_PATTERN, 'must be a version, YYYY-MM-DD or YYYY-MM-DD.N'), release),
});
export type VersionLog = z.infer<typeof versionLog>;

/** A version's release as the site shows it: where it is written, and the earlier version whose raw files it cites, if any. */
export interface ResolvedRelease extends Release {
  /** The oldest earlier version citing exactly the same raw files (by sha256); undefined when none does or the version cites none. */
  sameRawAs?: string;
}

export class ReleaseError extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} dataset version(s) without a valid release:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ReleaseError';
  }
}

function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

/** `<dataDir>/<suite>/versions.json`, validated; undefined when the suite has none. */
export function readVersionLog(dataDir: string, suite: string): VersionLog | undefined {
  const file = path.join(dataDir, suite, VERSIONS_FILE);
  if (!fs.existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ReleaseError([`${shown(file)}: $: not valid JSON (${(e as Error).message})`]);
  }
  const parsed = versionLog.safeParse(data);
  if (!parsed.success) throw new ReleaseError(parsed.error.issues.map((i) => `${shown(file)}: ${jsonPath(i.path)}: ${i.message}`));
  if (parsed.data.suite !== suite) throw new ReleaseError([`${shown(file)}: $.suite: says "${parsed.data.suite}" but the folder is "${suite}"; make them the same`]);
  return parsed.data;
}

/** The set of raw files a version cites, as one comparable string; undefined when it cites none. */
export function rawFingerprint(d: Pick<Dataset, 'source'>): string | undefined {
  const hashes = (d.source.raw ?? []).map((r) => r.sha256).sort();
  return hashes.length ? hashes.join(',') : undefined;
}

const TEMPLATE = '{"kind": "new-run" | "correction" | "re-ingest", "publishedAt": "YYYY-MM-DD", "changes": {"en": "what changed and why"}}';

/**
 * Every version of one suite (`datasets`, any order) with its release. `log`: the suite's
 * versions file; `folder`: the suite's folder as messages name it (static/data/<suite>).
 * Throws ReleaseError listing every problem.
 */
export function resolveReleases(datasets: readonly Dataset[], log: VersionLog | undefined, folder: string): Map<string, ResolvedRelease> {
  const logFile = `${folder}/${VERSIONS_FILE}`;
  const problems: string[] = [];
  const out = new Map<string, ResolvedRelease>();
  const sorted = [...datasets].sort((a, b) => compareVersions(a.version, b.version));
  const firstWithRaw = new Map<string, string>();
  const file = (d: Dataset) => `${folder}/${d.version}.json`;
  for (const d of sorted) {
    const logged = log?.versions[d.version];
    const own = d.release;
    if (own && logged) {
      problems.push(`${logFile}: $.versions["${d.version}"]: ${file(d)} has its own $.release; remove this entry (the version's own field is the one that counts)`);
    }
    const r = own ?? logged;
    const fingerprint = rawFingerprint(d);
    const sameRawAs = fingerprint === undefined ? undefined : firstWithRaw.get(fingerprint);
    if (fingerprint !== undefined && sameRawAs === undefined) firstWithRaw.set(fingerprint, d.version);
    if (!r) {
      problems.push(
        `${file(d)}: $.release: missing, and ${logFile} has no $.versions["${d.version}"]; the version file is immutable, so add to ${logFile} "${d.version}": ${TEMPLATE}`,
      );
      continue;
    }
    const where = own ? `${file(d)}: $.release.kind` : `${logFile}: $.versions["${d.version}"].kind`;
    if (r.kind === 're-ingest' && sameRawAs === undefined) {
      problems.push(`${where}: "re-ingest", but ${d.version} cites raw files no earlier version cites (sha256 compared); say "correction" or "new-run"`);
    }
    if (r.kind === 'new-run' && sameRawAs !== undefined) {
      problems.push(`${where}: "new-run", but ${d.version} cites exactly the raw files of ${sameRawAs} (sha256 compared); say "re-ingest" (or "correction"), with what changed`);
    }
    if (r.publishedAt < d.collectedAt.slice(0, 10)) {
      problems.push(`${own ? `${file(d)}: $.release` : `${logFile}: $.versions["${d.version}"]`}.publishedAt: ${r.publishedAt} is before the collection date ${d.collectedAt.slice(0, 10)}; give the day it was published`);
    }
    out.set(d.version, {...r, ...(sameRawAs !== undefined && {sameRawAs})});
  }
  for (const v of Object.keys(log?.versions ?? {})) {
    if (!datasets.some((d) => d.version === v)) problems.push(`${logFile}: $.versions["${v}"]: there is no ${folder}/${v}.json; remove the entry or fix the version`);
  }
  if (problems.length) throw new ReleaseError(problems);
  return out;
}

/** Every suite's releases under `dataDir`, from its datasets and its versions file; throws ReleaseError listing every problem of every suite. */
export function loadReleases(dataDir: string, datasets: readonly Dataset[]): Map<string, Map<string, ResolvedRelease>> {
  const bySuite = new Map<string, Dataset[]>();
  for (const d of datasets) bySuite.set(d.suite, [...(bySuite.get(d.suite) ?? []), d]);
  const out = new Map<string, Map<string, ResolvedRelease>>();
  const problems: string[] = [];
  for (const [suite, ds] of bySuite) {
    try {
      out.set(suite, resolveReleases(ds, readVersionLog(dataDir, suite), shown(path.join(dataDir, suite))));
    } catch (e) {
      if (e instanceof ReleaseError) problems.push(...e.problems);
      else throw e;
    }
  }
  if (problems.length) throw new ReleaseError(problems);
  return out;
}
