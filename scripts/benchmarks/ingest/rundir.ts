/**
 * Read one run directory (see scripts/benchmarks/README.md): the manifest, and
 * every measurement of every finished round, parsed into metric samples.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {gunzipSync} from 'node:zlib';
import type {z} from 'zod';
import type {Conditions, FlagKind} from '../../../src/data/schema';
import {IngestError, RawFileError} from './errors';
import {checkEvidence} from './evidence';
import {PARSERS} from './parsers';
import {counterDeltas, judgeWindow, parseNodeCounters, type WindowJudgement} from './parsers/node-counters';
import {manifestSchema, metaSchema, type Manifest, type Meta, type MetricSample, type RawKind} from './types';

/** UDP loss above this share (percent) makes a UDP row suspect. */
export const HIGH_LOSS_PERCENT = 5;
/** A fortio run that reached less than this share of its target QPS did not measure that QPS. */
export const TARGET_REACHED_RATIO = 0.9;

export interface Row {
  metric: MetricSample['metric'];
  value: number;
  conditions: Conditions;
}

export interface Measurement {
  scenario: string;
  round: number;
  /** Raw file path (for messages and provenance). */
  file: string;
  sha256: string;
  /** How to measure it again (named when it is refused). */
  rerun: string;
  meta: Meta;
  rows: Row[];
  /** The node counters read around the window (<id>.counters.txt), when it has them. */
  counters?: RawFile;
  flags: FlagKind[];
  /** What a flag found in this measurement, for the reader (the node counters' deltas), by kind. */
  details?: Partial<Record<FlagKind, string>>;
  /** Why each flag the parser raised was raised, with the file named (printed by the CLI). */
  warnings: string[];
}

export interface RawFile {
  /** Absolute path. */
  path: string;
  sha256: string;
}

export interface Run {
  dir: string;
  manifest: Manifest;
  measurements: Measurement[];
  /** Rounds found per scenario. */
  rounds: Map<string, number[]>;
  files: RawFile[];
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `$${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`).join('; ');
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new IngestError(`${file}: cannot read JSON (${(e as Error).message})`);
  }
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export function readManifest(dir: string): Manifest {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) throw new IngestError(`${dir}: no manifest.json (is this a run directory written by a bench script?)`);
  const parsed = manifestSchema.safeParse(readJson(file));
  if (!parsed.success) throw new IngestError(`${file}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/**
 * Measurements of traffic between a client pod and a server pod: the only ones for which
 * "client and server on the same node" says something (the packets never left the node).
 * A ruleset dump, a kube-proxy scrape or a resource sample has no such path.
 */
const CLIENT_SERVER_KINDS: ReadonlySet<RawKind> = new Set(['iperf3-tcp', 'iperf3-udp', 'fortio-http', 'fortio-tcp', 'netperf-rr', 'netperf-crr']);

/** Validity flags one measurement carries, from its own numbers and meta. */
function flagsOf(meta: Meta, rows: Row[]): FlagKind[] {
  const flags: FlagKind[] = [];
  if (CLIENT_SERVER_KINDS.has(meta.kind) && meta.clientNode !== undefined && meta.clientNode === meta.serverNode) flags.push('same-node');
  const target = meta.conditions.qps;
  const rps = rows.find((r) => r.metric === 'http_rps');
  if (typeof target === 'number' && rps !== undefined && rps.value < TARGET_REACHED_RATIO * target) flags.push('target-not-reached');
  const loss = rows.find((r) => r.metric === 'udp_loss');
  if (loss !== undefined && loss.value > HIGH_LOSS_PERCENT) flags.push('high-loss');
  if (busyHost(meta) !== undefined) flags.push('busy-host');
  return flags;
}

/**
 * Why the host was too busy for this window to be trusted, or undefined: the idle
 * gate did not pass before it, or the hypervisor took more CPU than the gate allows
 * during it (busy CPUs during a window are the load itself and say nothing).
 */
export function busyHost(meta: Meta): string | undefined {
  const host = meta.host;
  if (host === undefined) return undefined;
  const why: string[] = [];
  if (!host.gate.passed) {
    const b = host.before;
    const seen: Record<string, number | null> = {load1: b.load1, busyPercent: b.busyPercent, psiCpuSomeAvg10: b.psiCpuSomeAvg10, stealPercent: b.stealPercent};
    const over = host.gate.over.map((name) => `${name} ${seen[name] ?? '?'} > ${(host.gate.thresholds as Record<string, number>)[name] ?? '?'}`);
    why.push(`the host was not quiet before it (after waiting ${host.gate.waitedSeconds} s: ${over.join(', ') || 'over the idle gate'})`);
  }
  const steal = host.during.stealPercent;
  const maxSteal = host.gate.thresholds.stealPercent;
  if (steal !== null && steal > maxSteal) why.push(`${steal} % of the CPU time was stolen during it (more than ${maxSteal} %)`);
  return why.length > 0 ? why.join('; ') : undefined;
}

/**
 * How to measure one step of a finished round again. The bench scripts skip a
 * scenario or round that has its .done and a measurement whose meta says it
 * succeeded, so all four must go before the rerun.
 */
function rerunAdvice(files: readonly string[], round: RoundPlace): string {
  return `delete ${[...files, join(round.roundDir, '.done'), join(round.scenarioDir, '.done')].join(', ')}, then rerun the bench script with the same run directory (it measures only what is missing)`;
}

/** Where a measurement sits: its round's directory and its scenario's (a step directory is inside the round). */
interface RoundPlace {
  scenarioDir: string;
  roundDir: string;
}

function readMeasurement(dir: string, metaFile: string, scenario: string, round: number, place: RoundPlace): Measurement {
  const metaPath = join(dir, metaFile);
  const parsed = metaSchema.safeParse(readJson(metaPath));
  if (!parsed.success) throw new IngestError(`${metaPath}: ${describeIssues(parsed.error)}`);
  const meta = parsed.data;
  const id = metaFile.slice(0, -'.meta.json'.length);
  const candidates = RAW_EXTENSIONS.map((ext) => join(dir, `${id}.${ext}`)).filter((p) => existsSync(p));
  if (candidates.length === 0) throw new IngestError(`${metaPath}: its raw file ${id}.{${RAW_EXTENSIONS.join(',')}} is missing`);
  if (candidates.length > 1) {
    throw new IngestError(`${metaPath}: describes one raw file, but ${candidates.join(' and ')} both exist; keep the one the tool wrote and delete the other`);
  }
  const raw = candidates[0];
  if (meta.exitCode !== 0) {
    throw new RawFileError(raw, `the measurement failed (exit code ${meta.exitCode}${meta.exitCode === 124 ? ', timed out' : ''}); rerun the bench script with the same OUT directory to measure it again`);
  }
  if (meta.rejected !== undefined) {
    throw new RawFileError(raw, `was rejected when captured (${meta.rejected}); rerun the bench script with the same run directory to measure it again`);
  }
  const text = readRawText(raw);
  const rerun = rerunAdvice([raw, metaPath], place);
  checkEvidence(meta, raw, text, {metaPath, rerun});
  const samples = PARSERS[meta.kind](text, raw);
  const rows = samples.map((s) => ({metric: s.metric, value: s.value, conditions: {...meta.conditions, ...s.conditions}}));
  const raised = samples.flatMap((s) => [...(s.flag ? [s.flag] : []), ...(s.flags ?? [])]);
  const counters = windowCounters(dir, meta, metaPath, rerun);
  const flags = [...new Set([...flagsOf(meta, rows), ...raised.map((f) => f.kind), ...(counters?.judgement.flags.map((f) => f.kind) ?? [])])];
  const busy = busyHost(meta);
  const whys = [
    ...raised.map((f) => f.why),
    ...(busy !== undefined ? [`${raw}: busy host: ${busy}`] : []),
    ...(counters?.judgement.flags.map((f) => f.why) ?? []),
  ];
  const details = counters !== undefined && counters.judgement.flags.length > 0
    ? Object.fromEntries(counters.judgement.flags.map((f) => [f.kind, counters.judgement.retransmits !== undefined ? `${f.detail} (${counters.judgement.retransmits})` : f.detail]))
    : undefined;
  return {
    scenario, round, file: raw, sha256: sha256(raw), rerun, meta, rows, flags,
    ...(details !== undefined ? {details} : {}),
    ...(counters !== undefined ? {counters: {path: counters.path, sha256: sha256(counters.path)}} : {}),
    warnings: [...new Set(whys)],
  };
}

/**
 * The window's node counters (the file its meta names), judged: undefined for a
 * measurement that read none (an older run, or a kind without a window). A meta that
 * names a file the run directory does not hold is refused.
 */
function windowCounters(dir: string, meta: Meta, metaPath: string, rerun: string): {path: string; judgement: WindowJudgement} | undefined {
  if (meta.counters === undefined) return undefined;
  const path = join(dir, meta.counters);
  if (!existsSync(path)) throw new RawFileError(path, `is missing, but ${metaPath} says the window's node counters were read into it; ${rerun}`);
  const text = readFileSync(path, 'utf8');
  return {path, judgement: judgeWindow(counterDeltas(parseNodeCounters(text, path), path), path)};
}

/** Raw file names a measurement may have; `.gz` ones are large captures the bench script gzipped. */
const RAW_EXTENSIONS = ['json', 'txt', 'json.gz', 'txt.gz'];

/** A raw file as text; a `.gz` capture is decompressed (and refused, naming it, when cut off). */
export function readRawText(file: string): string {
  if (!file.endsWith('.gz')) return readFileSync(file, 'utf8');
  try {
    return gunzipSync(readFileSync(file)).toString('utf8');
  } catch (e) {
    throw new RawFileError(file, `is not a complete gzip file (${(e as Error).message})`);
  }
}

const ROUND_DIR = /^round-(\d+)$/;
/** A service-scale step of a round: round-<k>/services-<N>/ holds the measurements taken with N Services. */
const STEP_DIR = /^services-(\d+)$/;

/**
 * A directory's .done marker, or why it is not finished. bench_mark_done writes
 * the time it finished into the marker, so an empty one was not made by it.
 */
function doneProblem(dir: string): string | undefined {
  const marker = join(dir, '.done');
  if (!existsSync(marker)) return 'no .done marker';
  if (readFileSync(marker, 'utf8').trim() === '') return 'its .done marker is empty, where the bench script writes the time it finished';
  return undefined;
}

/**
 * The finished service-scale steps of a round, in ascending N. A step without
 * its .done marker was interrupted; every measurement in it must say services N.
 */
function stepDirs(roundDir: string, scenarioDir: string): string[] {
  const steps = readdirSync(roundDir)
    .map((name) => ({name, m: STEP_DIR.exec(name)}))
    .filter((s): s is {name: string; m: RegExpExecArray} => s.m !== null && statSync(join(roundDir, s.name)).isDirectory())
    .sort((a, b) => Number(a.m[1]) - Number(b.m[1]));
  for (const {name, m} of steps) {
    const dir = join(roundDir, name);
    const problem = doneProblem(dir);
    if (problem !== undefined) {
      // The round's own .done says it finished, so a rerun would skip it and never reach this step.
      throw new IngestError(`${dir}: service step did not finish (${problem}), inside a round marked finished; ${rerunAdvice([], {roundDir, scenarioDir})}`);
    }
    for (const metaFile of readdirSync(dir).filter((f) => f.endsWith('.meta.json'))) {
      const services = (readJson(join(dir, metaFile)) as {conditions?: {services?: unknown}}).conditions?.services;
      if (services !== Number(m[1])) {
        throw new IngestError(`${join(dir, metaFile)}: conditions.services is ${JSON.stringify(services)}, but the step directory ${name} says services ${m[1]}`);
      }
    }
  }
  return steps.map((s) => join(roundDir, s.name));
}

export function readRun(dir: string): Run {
  const manifest = readManifest(dir);
  const files: RawFile[] = [{path: join(dir, 'manifest.json'), sha256: sha256(join(dir, 'manifest.json'))}];
  const measurements: Measurement[] = [];
  const rounds = new Map<string, number[]>();
  const scenarioDirs = readdirSync(dir)
    .filter((name) => name !== 'logs' && statSync(join(dir, name)).isDirectory())
    .sort();
  for (const scenario of scenarioDirs) {
    if (!(scenario in manifest.scenarios)) {
      throw new IngestError(`${join(dir, scenario)}: scenario "${scenario}" is not declared in manifest.json scenarios (${Object.keys(manifest.scenarios).join(', ')})`);
    }
    const found: number[] = [];
    for (const name of readdirSync(join(dir, scenario)).sort()) {
      const m = ROUND_DIR.exec(name);
      if (!m) continue;
      const scenarioDir = join(dir, scenario);
      const roundDir = join(scenarioDir, name);
      const problem = doneProblem(roundDir);
      if (problem !== undefined) {
        const marked = doneProblem(scenarioDir) === undefined ? ` (delete ${join(scenarioDir, '.done')} first: it says the scenario finished)` : '';
        throw new IngestError(`${roundDir}: round did not finish (${problem}); rerun the bench script with the same run directory to resume it${marked}`);
      }
      const round = Number(m[1]);
      found.push(round);
      const before = measurements.length;
      for (const stepDir of [roundDir, ...stepDirs(roundDir, scenarioDir)]) {
        for (const metaFile of readdirSync(stepDir).filter((f) => f.endsWith('.meta.json')).sort()) {
          const measurement = readMeasurement(stepDir, metaFile, scenario, round, {scenarioDir, roundDir});
          measurements.push(measurement);
          files.push({path: measurement.file, sha256: measurement.sha256});
          const metaPath = join(stepDir, metaFile);
          files.push({path: metaPath, sha256: sha256(metaPath)});
          if (measurement.counters !== undefined) files.push(measurement.counters);
        }
      }
      // A round counts in method.rounds: one without a measurement would claim a round that measured nothing.
      if (measurements.length === before) {
        throw new IngestError(`${roundDir}: round is marked finished but holds no measurement (no <id>.meta.json in it or its steps); ${rerunAdvice([], {scenarioDir, roundDir})}`);
      }
    }
    if (found.length > 0) {
      const problem = doneProblem(join(dir, scenario));
      if (problem !== undefined) {
        const run = manifest.finishedAt === undefined ? 'the manifest has no finishedAt either: the run stopped before the scenario ended' : 'yet the manifest says the run finished';
        throw new IngestError(`${join(dir, scenario)}: scenario did not finish (${problem}; ${run}); rerun the bench script with the same run directory to finish it, or move ${join(dir, scenario)} out of the run directory to ingest the other scenarios`);
      }
      rounds.set(scenario, found.sort((a, b) => a - b));
    }
  }
  if (measurements.length === 0) throw new IngestError(`${dir}: no finished round with measurements (nothing under <scenario>/round-<k>/)`);
  refuseDuplicates(measurements);
  return {dir, manifest, measurements, rounds, files};
}

/**
 * Measurements over time whose output cannot repeat byte for byte: two identical
 * files are one run filed twice. A state dump (a rule set, a map listing) is left
 * out: the same state gives the same bytes in every round.
 */
const TIMED_KINDS: ReadonlySet<RawKind> = new Set([...CLIENT_SERVER_KINDS, 'dns-latency', 'connect-probe']);

/** Refuses two measurements (across rounds, rows or merged runs) backed by byte-identical raw files. */
export function refuseDuplicates(measurements: readonly Measurement[]): void {
  const seen = new Map<string, Measurement>();
  for (const m of measurements) {
    if (!TIMED_KINDS.has(m.meta.kind)) continue;
    const first = seen.get(m.sha256);
    if (first === undefined) {
      seen.set(m.sha256, m);
      continue;
    }
    const where = (x: Measurement) => `${x.scenario} round ${x.round} ${JSON.stringify(x.meta.conditions)}`;
    throw new RawFileError(
      m.file,
      `sha256: ${m.sha256} is that of ${first.file} too: the labels say two measurements (${where(first)} and ${where(m)}), the byte-identical files say one run; keep the file where that run belongs and measure the other step again: ${m.rerun}`,
    );
  }
}

