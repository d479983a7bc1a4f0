/** kube-proxy /metrics (Prometheus text): the rule-sync duration histogram. */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {requireText} from './common';

const HISTOGRAM = 'kubeproxy_sync_proxy_rules_duration_seconds';
const MS_PER_S = 1000;

function sampleValue(lines: string[], name: string, file: string): number {
  const line = lines.find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (line === undefined) throw new RawFileError(file, `no ${name} sample (is this kube-proxy's /metrics?)`);
  const value = Number(line.trim().split(/\s+/).at(-1));
  if (!Number.isFinite(value)) throw new RawFileError(file, `${name} has no numeric value: "${line}"`);
  return value;
}

export function parseKubeProxyMetrics(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const lines = text.split('\n').filter((l) => !l.startsWith('#'));
  const count = sampleValue(lines, `${HISTOGRAM}_count`, file);
  const sum = sampleValue(lines, `${HISTOGRAM}_sum`, file);
  if (count <= 0) throw new RawFileError(file, `${HISTOGRAM}_count is ${count}: kube-proxy has not synced rules yet`);
  // p99 = upper bound of the first bucket holding 99% of syncs (Prometheus' own histogram_quantile is interpolated; this is the conservative bound).
  const buckets = lines
    .map((l) => new RegExp(`^${HISTOGRAM}_bucket\\{.*le="([^"]+)".*\\}\\s+(\\S+)`).exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({le: m[1] === '+Inf' ? Infinity : Number(m[1]), cumulative: Number(m[2])}))
    .sort((a, b) => a.le - b.le);
  const rows: MetricSample[] = [{metric: 'kubeproxy_sync_time', value: (sum / count) * MS_PER_S, conditions: {stat: 'avg'}}];
  const p99 = buckets.find((b) => b.cumulative >= 0.99 * count && Number.isFinite(b.le));
  if (p99) rows.push({metric: 'kubeproxy_sync_time', value: p99.le * MS_PER_S, conditions: {stat: 'p99'}});
  return rows;
}
