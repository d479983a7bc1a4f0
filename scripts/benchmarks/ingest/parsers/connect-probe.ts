/**
 * The kube-proxy study's first-packet window (kind connect-probe): connect-probe's
 * samples (scripts/benchmarks/kube-proxy/connect-probe) to each probe ClusterIP,
 * kube-proxy's sync count over the window, and, in iptables mode, where each probe's
 * rule sat in KUBE-SERVICES right after it.
 *
 * Rows:
 * - connect_latency p01 / p50 / p90 / p99 (nearest rank) over every sample of every probe;
 * - rule_walk_cost, in iptables mode: the least-squares slope of each probe's median
 *   connect time against its rule's position in KUBE-SERVICES, per 1,000 rules ahead of
 *   it. kube-proxy writes that chain in a new random order at every sync, so a sync
 *   inside the window leaves the positions unknown: then there is no slope row; nor
 *   when the probes span fewer than MIN_POSITION_SPAN rules.
 *
 * Raw format (one JSON object, written by bench-kube-proxy.sh):
 *   {probe: {tool, version, perTarget, targets: [{name, address, samplesUs: [...], errors}]},
 *    ruleChain: null | {chain: "KUBE-SERVICES", rules, positionByAddress: {"<ip>": <1-based index>}},
 *    syncsDuring: <syncs kube-proxy ran between the first and the last connect>}
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {median, percentile} from '../../../../src/data/stats';
import {parseJsonObject} from './common';

/** A window whose connects failed more often than this (share) measured something else. */
const MAX_FAILED_SHARE = 0.01;
const STATS = [
  ['p01', 1],
  ['p50', 50],
  ['p90', 90],
  ['p99', 99],
] as const;
const PER_RULES = 1000;
/**
 * Probes spread over fewer rules than this give no slope: a few microseconds of
 * noise over a handful of rules would read as hundreds per 1,000.
 */
export const MIN_POSITION_SPAN = 500;

interface Target {
  name: string;
  address: string;
  samplesUs: number[];
  errors: number;
  lastError?: string;
}

function targetsOf(doc: Record<string, unknown>, file: string): Target[] {
  const probe = doc.probe as {tool?: unknown; targets?: unknown} | undefined;
  if (probe?.tool !== 'connect-probe' || !Array.isArray(probe.targets) || probe.targets.length === 0) {
    throw new RawFileError(file, 'no connect-probe result under "probe" (expected {probe: {tool: "connect-probe", targets: [...]}}; is this a first-packet window?)');
  }
  return probe.targets.map((t: Record<string, unknown>, i: number) => {
    const samples = t.samplesUs;
    if (typeof t.name !== 'string' || typeof t.address !== 'string' || !Array.isArray(samples) || !samples.every((v) => typeof v === 'number' && v > 0)) {
      throw new RawFileError(file, `probe.targets[${i}] is not {name, address, samplesUs: [positive numbers], errors}`);
    }
    return {name: t.name, address: t.address, samplesUs: samples as number[], errors: Number(t.errors ?? 0), lastError: t.lastError as string | undefined};
  });
}

/** Least-squares slope of y over x. */
function slope(points: readonly {x: number; y: number}[]): number {
  const mx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const my = points.reduce((a, p) => a + p.y, 0) / points.length;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  return sxy / sxx;
}

export function parseConnectProbe(text: string, file: string): MetricSample[] {
  const doc = parseJsonObject(text, file);
  const targets = targetsOf(doc, file);
  const failed = targets.reduce((a, t) => a + t.errors, 0);
  const all = targets.flatMap((t) => t.samplesUs);
  const tried = failed + all.length;
  if (all.length === 0 || failed > MAX_FAILED_SHARE * tried) {
    const why = targets.find((t) => t.lastError)?.lastError;
    throw new RawFileError(file, `${failed} of ${tried} connects failed${why ? ` (last: ${why})` : ''}: the probe did not reach its Services; check that the server pod is Ready and kube-proxy programmed the probes`);
  }
  const rows: MetricSample[] = STATS.map(([stat, p]) => ({metric: 'connect_latency', value: percentile(all, p), conditions: {stat}}));

  const chain = doc.ruleChain as {rules?: unknown; positionByAddress?: Record<string, unknown>} | null | undefined;
  if (chain === null || chain === undefined) return rows;
  if (typeof chain.rules !== 'number' || typeof chain.positionByAddress !== 'object' || chain.positionByAddress === null) {
    throw new RawFileError(file, 'ruleChain is not {chain, rules, positionByAddress}');
  }
  // The positions were read after the window: a sync inside it may have reordered them.
  if (doc.syncsDuring !== 0) return rows;
  const points = targets.map((t) => {
    const ip = t.address.replace(/:\d+$/, '');
    const position = chain.positionByAddress?.[ip];
    if (typeof position !== 'number') throw new RawFileError(file, `probe ${t.name} (${ip}) has no rule in ${String((doc.ruleChain as {chain?: unknown}).chain)}: was it programmed?`);
    return {x: position, y: median(t.samplesUs)};
  });
  const xs = points.map((p) => p.x);
  if (Math.max(...xs) - Math.min(...xs) < MIN_POSITION_SPAN) return rows;
  rows.push({metric: 'rule_walk_cost', value: slope(points) * PER_RULES});
  return rows;
}
