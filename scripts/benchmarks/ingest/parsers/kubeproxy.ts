/**
 * kube-proxy /metrics (Prometheus text), one scrape (kubeproxy-metrics): the
 * rule-sync duration histogram over kube-proxy's lifetime, kept for old runs.
 * What the scripts capture now is a window of two scrapes: kubeproxy-window.ts.
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
