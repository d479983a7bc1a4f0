/**
 * kube-proxy /metrics (Prometheus text): the rule-sync duration histogram.
 *
 * kubeproxy-sync-delta (what the cluster scripts capture): two scrapes, each
 * starting with a "# scrape <time>" line, taken before and after a step; the
 * sync time is read from the difference, i.e. only the syncs of that step.
 * kubeproxy-metrics (one scrape): kube-proxy's lifetime average, kept for old runs.
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {requireText} from './common';

/** Full syncs only (kube-proxy >= 1.28); older versions have only the all-syncs histogram. */
const FULL_SYNC = 'kubeproxy_sync_full_proxy_rules_duration_seconds';
const ANY_SYNC = 'kubeproxy_sync_proxy_rules_duration_seconds';
const MS_PER_S = 1000;

interface Histogram {
  name: string;
  count: number;
  sum: number;
  /** Cumulative counts by upper bound, ascending (finite bounds only). */
  buckets: {le: number; cumulative: number}[];
}

function sampleValue(lines: string[], name: string, file: string): number | undefined {
  const line = lines.find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (line === undefined) return undefined;
  const value = Number(line.trim().split(/\s+/).at(-1));
  if (!Number.isFinite(value)) throw new RawFileError(file, `${name} has no numeric value: "${line}"`);
  return value;
}

function histogram(text: string, file: string, where: string): Histogram {
  const lines = text.split('\n').filter((l) => !l.startsWith('#'));
  for (const name of [FULL_SYNC, ANY_SYNC]) {
    const count = sampleValue(lines, `${name}_count`, file);
    const sum = sampleValue(lines, `${name}_sum`, file);
    if (count === undefined || sum === undefined) continue;
    const buckets = lines
      .map((l) => new RegExp(`^${name}_bucket\\{.*le="([^"]+)".*\\}\\s+(\\S+)`).exec(l))
      .filter((m): m is RegExpExecArray => m !== null && m[1] !== '+Inf')
      .map((m) => ({le: Number(m[1]), cumulative: Number(m[2])}))
      .sort((a, b) => a.le - b.le);
    return {name, count, sum, buckets};
  }
  throw new RawFileError(file, `${where}: no ${FULL_SYNC} or ${ANY_SYNC} histogram (is this kube-proxy's /metrics?)`);
}

/** Mean and p99 (upper bound of the first bucket holding 99 %: conservative, not interpolated) in ms. */
function syncRows(h: Histogram): MetricSample[] {
  const rows: MetricSample[] = [{metric: 'kubeproxy_sync_time', value: (h.sum / h.count) * MS_PER_S, conditions: {stat: 'avg'}}];
  const p99 = h.buckets.find((b) => b.cumulative >= 0.99 * h.count);
  if (p99) rows.push({metric: 'kubeproxy_sync_time', value: p99.le * MS_PER_S, conditions: {stat: 'p99'}});
  return rows;
}

export function parseKubeProxyMetrics(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const h = histogram(text, file, 'the scrape');
  if (h.count <= 0) throw new RawFileError(file, `${h.name}_count is ${h.count}: kube-proxy has not synced rules yet`);
  return syncRows(h);
}

export function parseKubeProxySyncDelta(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const parts = text.split(/^# scrape .*$/m).slice(1);
  if (parts.length !== 2) throw new RawFileError(file, `expected two scrapes each starting with "# scrape <time>" (before and after the step), found ${parts.length}`);
  const [before, after] = parts.map((p, i) => histogram(p, file, i === 0 ? 'the scrape before the step' : 'the scrape after the step'));
  if (before.name !== after.name) throw new RawFileError(file, `the scrapes use different histograms (${before.name}, ${after.name}): was kube-proxy upgraded during the step?`);
  const count = after.count - before.count;
  if (count < 0) throw new RawFileError(file, `${after.name}_count went down (${before.count} -> ${after.count}): kube-proxy restarted during the step`);
  if (count === 0) throw new RawFileError(file, `${after.name}_count did not change (${before.count}): kube-proxy did not sync during the step`);
  const buckets = after.buckets.map((b) => ({le: b.le, cumulative: b.cumulative - (before.buckets.find((x) => x.le === b.le)?.cumulative ?? 0)}));
  return syncRows({name: after.name, count, sum: after.sum - before.sum, buckets});
}
