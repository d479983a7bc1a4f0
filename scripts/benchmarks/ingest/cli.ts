/**
 * npm run ingest -- <run-dir> [<run-dir> ...] [--version YYYY-MM-DD[.N]] [--out static/data] [--kind ...] [--changes "..."]
 *
 * Reads bench run directories of one suite, aggregates rounds to medians,
 * validates with the site's schema and writes a new dataset version.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {buildDataset} from './dataset';
import {IngestError, RawFileError} from './errors';
import {chooseVersion, today, writeDataset} from './output';
import {readManifest, readRun} from './rundir';
import {loadIngestRules} from './rules';
import {DatasetError} from '../../../src/data/validate';
import {SuiteFileError, suiteTitle, versionFiles} from '../../../src/data/suiteFolder';
import {parseDataset} from '../../../src/data/validate';
import {rawFingerprint} from '../../../src/data/releases';
import {RELEASE_KINDS, type Dataset, type Release, type ReleaseKind} from '../../../src/data/schema';

const USAGE = `usage: npm run ingest -- <run-dir> [<run-dir> ...] [--version YYYY-MM-DD[.N]] [--out static/data] [--kind new-run|correction|re-ingest] [--changes "..."]

  <run-dir>   a directory written by a bench script (manifest.json + <scenario>/round-<k>/)
  --version   dataset version (default: today, or today.N when taken); never overwrites
  --out       datasets root (default: static/data); writes <out>/<suite>/<version>.json
  --kind      why the version exists (its release, shown with it): default re-ingest when the
              run's raw files are exactly those of an existing version, else new-run
  --changes   what changed and why, in English (required for a correction or a re-ingest)`;

export interface CliArgs {
  runDirs: string[];
  version?: string;
  out: string;
  kind?: ReleaseKind;
  changes?: string;
}

export function parseArgs(argv: readonly string[]): CliArgs | 'help' {
  const args: CliArgs = {runDirs: [], out: 'static/data'};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new IngestError(`${a} needs a value\n${USAGE}`);
      return v;
    };
    if (a === '-h' || a === '--help') return 'help';
    else if (a === '--version') args.version = value();
    else if (a === '--out') args.out = value();
    else if (a === '--kind') {
      const kind = value();
      if (!(RELEASE_KINDS as readonly string[]).includes(kind)) throw new IngestError(`--kind ${kind}: must be one of ${RELEASE_KINDS.join(', ')}\n${USAGE}`);
      args.kind = kind as ReleaseKind;
    } else if (a === '--changes') args.changes = value();
    else if (a.startsWith('--')) throw new IngestError(`unknown option ${a}\n${USAGE}`);
    else args.runDirs.push(a);
  }
  if (args.runDirs.length === 0) throw new IngestError(`no run directory given\n${USAGE}`);
  return args;
}

/**
 * The new version's release (src/data/releases.ts): a version that cites exactly the raw
 * files of one already in the suite's folder reads them again, so it is a re-ingest and
 * must say what the parser now reads differently; the build checks the same rule.
 */
export function releaseFor(outDir: string, dataset: Dataset, args: Pick<CliArgs, 'kind' | 'changes'>, now = new Date()): Release {
  const dir = join(outDir, dataset.suite);
  const fingerprint = rawFingerprint(dataset);
  const same =
    fingerprint === undefined || !existsSync(dir)
      ? undefined
      : versionFiles(dir)
          .map((f) => parseDataset(readFileSync(join(dir, f), 'utf8'), join(dir, f)))
          .find((d) => rawFingerprint(d) === fingerprint)?.version;
  const kind = args.kind ?? (same ? 're-ingest' : 'new-run');
  if (kind !== 'new-run' && args.changes === undefined) {
    const why = same ? `the run's raw files are exactly those of ${dataset.suite}@${same}, so this version is a ${kind}` : `a ${kind}`;
    throw new IngestError(`${why}: say what changed and why with --changes "..." (shown with the version), or --kind new-run for new measurements`);
  }
  return {kind, publishedAt: today(now), ...(args.changes !== undefined && {changes: {en: args.changes}})};
}

/** Runs the ingest; returns the written file path. */
export async function ingest(args: CliArgs): Promise<string> {
  const dirs = args.runDirs.map((d) => resolve(d));
  // Check suites before parsing anything: mixing suites is a usage error.
  const suites = new Set(dirs.map((d) => readManifest(d).suite));
  if (suites.size > 1) throw new IngestError(`run directories belong to different suites (${[...suites].join(', ')}); ingest one suite at a time`);
  const runs = dirs.map(readRun);
  for (const warning of runs.flatMap((r) => r.measurements.flatMap((m) => m.warnings))) console.warn(`ingest: flagged: ${warning}`);
  const outDir = resolve(args.out);
  const suite = runs[0].manifest.suite;
  const version = chooseVersion(outDir, suite, args.version);
  // The suite's folder beside the new version says what the suite is called.
  const title = runs[0].manifest.title ?? suiteTitle(outDir, suite);
  if (title === undefined) console.warn(`ingest: no ${args.out}/${suite}/suite.json (and the run has no title); the dataset is titled "${suite} benchmark". Write that file ({"suite": "${suite}", "title": {"en": "..."}}) to name the suite`);
  const dataset = buildDataset(runs, {version, title, rules: await loadIngestRules(suite)});
  return writeDataset(outDir, {...dataset, release: releaseFor(outDir, dataset, args)});
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args === 'help') {
      console.log(USAGE);
      return 0;
    }
    const file = await ingest(args);
    console.log(`wrote ${file}`);
    return 0;
  } catch (e) {
    if (e instanceof IngestError || e instanceof RawFileError || e instanceof DatasetError || e instanceof SuiteFileError) {
      console.error(`ingest: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main(process.argv.slice(2)).then((code) => process.exit(code));
