/** Run directories of one suite -> one validated dataset. */
import {relative, resolve} from 'node:path';
import {validateDataset} from '../../../src/data/validate';
import {SCHEMA_VERSION, type Dataset, type Environment, type LocalizedText, type RunProtocol, type RunTime, type Scenario} from '../../../src/data/schema';
import {aggregate} from './aggregate';
import {applyRules, notApplicableRows, type IngestRules} from './rules';
import {IngestError} from './errors';
import {refuseDuplicates, type Run} from './rundir';

const ENV_KEYS = ['platform', 'k8sVersion', 'nodeType', 'nodeCount', 'region', 'os', 'kernel', 'runtime', 'nicLimitGbps'] as const;

/** Well-known keys as they are; any other scalar goes under `extra`. */
function environmentOf(run: Run): Environment {
  const src = run.manifest.environment;
  if (typeof src.platform !== 'string' || src.platform === '') {
    throw new IngestError(`${run.dir}/manifest.json: $.environment.platform is missing (e.g. "Amazon EKS" or "Linux network namespaces")`);
  }
  const env: Record<string, unknown> = {};
  const extra: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(src)) {
    if ((ENV_KEYS as readonly string[]).includes(k)) env[k] = v;
    else if (k === 'extra' && typeof v === 'object' && v !== null) Object.assign(extra, v);
    else if (typeof v === 'string' || typeof v === 'number') extra[k] = v;
  }
  if (Object.keys(run.manifest.tools).length > 0) env.tools = run.manifest.tools;
  if (Object.keys(extra).length > 0) env.extra = extra;
  return env as Environment;
}

/** What differs from the first run's environment (TKE: one cluster per run). */
function environmentDiff(base: Environment, other: Environment): Partial<Environment> | undefined {
  const diff: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(other)) {
    if (JSON.stringify(v) !== JSON.stringify((base as Record<string, unknown>)[k])) diff[k] = v;
  }
  return Object.keys(diff).length > 0 ? (diff as Partial<Environment>) : undefined;
}

/**
 * The runs' protocol (order, rest, idle gate), which must be the same in every run;
 * the seeds are listed when the runs drew different ones. None for runs from before
 * the protocol was recorded.
 */
function protocolOf(runs: readonly Run[]): RunProtocol | undefined {
  const having = runs.filter((r) => r.manifest.protocol !== undefined);
  if (having.length === 0) return undefined;
  if (having.length < runs.length) {
    const without = runs.filter((r) => r.manifest.protocol === undefined).map((r) => r.dir);
    throw new IngestError(`${without.join(', ')}: manifest.json has no protocol but ${having[0].dir} has one; merge only runs measured with the same protocol`);
  }
  const rest = same(runs, (r) => {
    const {order, roundRestSeconds, idleGate} = r.manifest.protocol!;
    return {order, roundRestSeconds, idleGate};
  }, '$.protocol (order, roundRestSeconds, idleGate)');
  const seeds = [...new Set(runs.map((r) => r.manifest.protocol!.seed))];
  return {...rest, seed: seeds.length === 1 ? seeds[0] : seeds};
}

/** One run's step times; merged runs each measured steps of their own, so theirs are not added up. */
function runTimeOf(runs: readonly Run[]): RunTime | undefined {
  const having = runs.filter((r) => r.manifest.runTime !== undefined);
  if (having.length > 1) throw new IngestError(`${having.map((r) => r.dir).join(', ')}: more than one run records .runTime; a dataset with a run budget is built from one run`);
  return having[0]?.manifest.runTime;
}

function same<T>(runs: readonly Run[], pick: (r: Run) => T, what: string): T {
  const first = pick(runs[0]);
  for (const r of runs.slice(1)) {
    if (JSON.stringify(pick(r)) !== JSON.stringify(first)) {
      throw new IngestError(`${r.dir}: ${what} is ${JSON.stringify(pick(r))} but ${runs[0].dir} has ${JSON.stringify(first)}; runs of one dataset must agree`);
    }
  }
  return first;
}

/** Raw file paths as stored in provenance: relative to `root` (the repository) when inside it. */
function provenancePath(path: string, root: string): string {
  const rel = relative(root, path);
  return rel.startsWith('..') ? resolve(path) : rel.split('\\').join('/');
}

export interface BuildOptions {
  version: string;
  /** Paths in source.raw are made relative to this directory (default: cwd). */
  root?: string;
  /** The suite's title (static/data/<suite>/suite.json); a manifest's own title comes first. */
  title?: LocalizedText;
  /** The suite's ingest rules (scripts/benchmarks/<suite>/ingest-rules.ts, see loadIngestRules); none by default. */
  rules?: IngestRules;
}

export function buildDataset(runs: readonly Run[], options: BuildOptions): Dataset {
  if (runs.length === 0) throw new IngestError('no run directory given');
  const suite = same(runs, (r) => r.manifest.suite, '$.suite');
  const script = same(runs, (r) => r.manifest.script, '$.script');
  const scriptVersion = same(runs, (r) => r.manifest.scriptVersion, '$.scriptVersion');
  const root = options.root ?? process.cwd();

  const environment = environmentOf(runs[0]);
  const scenarios: Scenario[] = [];
  const owner = new Map<string, string>();
  for (const run of runs) {
    const envDiff = runs.length > 1 ? environmentDiff(environment, environmentOf(run)) : undefined;
    for (const [id, s] of Object.entries(run.manifest.scenarios)) {
      if (!run.rounds.has(id)) continue; // declared but not measured in this run
      const previous = owner.get(id);
      if (previous !== undefined) throw new IngestError(`scenario id "${id}" appears in both ${previous} and ${run.dir}; scenario ids must be unique across merged runs`);
      owner.set(id, run.dir);
      const scenarioEnv = {...(s.environment ?? {}), ...(envDiff ?? {})};
      scenarios.push({...s, id, ...(Object.keys(scenarioEnv).length > 0 ? {environment: scenarioEnv} : {})} as Scenario);
    }
  }

  // Each run is checked when read; merged runs must not share a raw file either.
  if (runs.length > 1) refuseDuplicates(runs.flatMap((r) => r.measurements));
  const measured = aggregate(applyRules(options.rules, runs.flatMap((r) => r.measurements)), options.rules?.pooled);
  const results = [...measured, ...notApplicableRows(options.rules, scenarios, measured)];
  const rounds = Math.max(...runs.flatMap((r) => [...r.rounds.values()].map((list) => list.length)));
  const params: Record<string, string | number> = {};
  for (const run of runs) {
    for (const [k, v] of Object.entries(run.manifest.params)) params[k] = typeof v === 'boolean' ? String(v) : v;
  }
  const durations = Object.fromEntries(
    Object.entries(params)
      .filter(([k, v]) => /_DURATION$/.test(k) && typeof v === 'number')
      .map(([k, v]) => [k.replace(/_DURATION$/, '').toLowerCase(), v as number]),
  );
  const tools = Object.fromEntries(runs.flatMap((r) => r.measurements.map((m) => [m.meta.kind, m.meta.tool] as const)));
  const startedAt = runs.map((r) => r.manifest.startedAt).sort()[0];
  const commit = runs.map((r) => r.manifest.commit).find((c) => c !== undefined && c !== '');
  const protocol = protocolOf(runs);
  const runTime = runTimeOf(runs);

  const dataset = {
    schemaVersion: SCHEMA_VERSION,
    suite,
    version: options.version,
    collectedAt: startedAt,
    title: runs[0].manifest.title ?? options.title ?? {en: `${suite} benchmark`},
    source: {
      kind: 'measured' as const,
      script,
      scriptVersion,
      ...(commit !== undefined ? {commit} : {}),
      raw: runs.flatMap((r) => r.files.map((f) => ({path: provenancePath(f.path, root), sha256: f.sha256}))),
    },
    environment,
    method: {
      rounds,
      aggregate: 'median' as const,
      ...(Object.keys(durations).length > 0 ? {durations} : {}),
      tools,
      ...(Object.keys(params).length > 0 ? {params} : {}),
      ...(protocol !== undefined ? {protocol} : {}),
      ...(runTime !== undefined ? {runTime} : {}),
    },
    scenarios,
    results,
  };
  return validateDataset(dataset, `${suite}/${options.version}.json (built from ${runs.map((r) => r.dir).join(', ')})`);
}
