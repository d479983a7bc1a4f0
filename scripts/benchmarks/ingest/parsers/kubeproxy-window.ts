/**
 * kube-proxy /metrics scraped before and after a window: what the window cost,
 * from the DELTA of kube-proxy's histograms between the two scrapes, never from
 * lifetime sums. One reader for every such capture:
 * - kubeproxy-sync-delta (EKS and TKE scripts): a Service-scale step; every sync
 *   kube-proxy ran for it (new Services are applied by partial syncs, so the
 *   full-sync histogram alone does not move);
 * - kubeproxy-fullsync (kube-proxy study): one forced full resync, per IP family a
 *   proxier runs for; its CPU two ways, never one for the other: the cgroup counter
 *   `cgroup_cpu_usage_seconds_total{cgroup="kube-proxy"}` (kube-proxy with the
 *   iptables-restore / nft it runs; the study's capture fails without it) and
 *   kube-proxy's own process_cpu_seconds_total (the process alone);
 * - kubeproxy-netprog (kube-proxy study): one endpoint change.
 *
 * Raw format:
 *   # scrape before <ISO time>
 *   <kube-proxy's /metrics, Prometheus text (the study keeps kubeproxy_* and process CPU/RSS)>
 *   # scrape after <ISO time>
 *   <the same>
 * Runs made before the blocks were named have "# scrape <time>" twice: the first is before.
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {requireText} from './common';
import {bucketDelta, counterIncrease, histogramDelta, parseScrape, seriesValue, type Scrape} from './prometheus';

/** Every sync, partial and full (kube-proxy >= 1.28 also splits them into the two below). */
const ANY_SYNC = 'kubeproxy_sync_proxy_rules_duration_seconds';
const FULL_SYNC = 'kubeproxy_sync_full_proxy_rules_duration_seconds';
const PARTIAL_SYNC = 'kubeproxy_sync_partial_proxy_rules_duration_seconds';
/** CPU seconds of kube-proxy's cgroup (scripts/kube/kube.sh), children included. */
const CGROUP_CPU = 'cgroup_cpu_usage_seconds_total';
const NETWORK_PROGRAMMING = 'kubeproxy_network_programming_duration_seconds';
/** The measured data path is IPv4; a dual-stack kube-proxy exposes both families. */
const FAMILY = 'ip_family="IPv4"';
const IPV6 = 'ip_family="IPv6"';
const MS_PER_S = 1000;
const MIB = 1024 * 1024;

interface Window {
  before: Scrape;
  after: Scrape;
}

function readWindow(text: string, file: string): Window {
  requireText(text, file);
  const lines = text.split('\n');
  const found = lines.flatMap((l, i) => {
    const m = /^# scrape (?:(before|after)\b)?/.exec(l);
    return m ? [{which: m[1], at: i}] : [];
  });
  // Older sync-delta captures name neither block: the first is before, the second after.
  const unnamed = found.length === 2 && found.every((m) => m.which === undefined);
  const marks = found.map((m, k) => ({at: m.at, which: unnamed ? (['before', 'after'] as const)[k] : (m.which ?? 'unnamed')}));
  if (marks.length !== 2 || marks[0].which !== 'before' || marks[1].which !== 'after') {
    const names = marks.map((m) => m.which).join(', ') || 'none';
    throw new RawFileError(file, `expected a "# scrape before" block then a "# scrape after" block, found: ${names} (did the capture time out before its second scrape?)`);
  }
  const before = parseScrape(lines.slice(marks[0].at + 1, marks[1].at), file, marks[0].at + 2);
  const after = parseScrape(lines.slice(marks[1].at + 1), file, marks[1].at + 2);
  if (after.size === 0) throw new RawFileError(file, 'the "after" scrape is empty (kube-proxy stopped answering?)');
  checkOneProcess(before, after, file);
  return {before, after};
}

/**
 * The two scrapes of a window come from one kube-proxy process. One that restarted in
 * between has counters from zero plus its start-up sync of every Service, so any delta
 * would mix two processes' syncs: the window is refused. The start time says so when
 * the capture keeps it; without it, a histogram's count that fell does (counts only
 * grow in one process; kube-proxy's `*_total` rule counts are gauges and may fall).
 */
function checkOneProcess(before: Scrape, after: Scrape, file: string): void {
  const started = [before, after].map((s) => seriesValue(s, 'process_start_time_seconds'));
  const fix = 'rerun the script with the same run directory: the step is measured again';
  if (started[0] !== undefined && started[1] !== undefined && started[0] !== started[1]) {
    throw new RawFileError(file, `kube-proxy restarted between the scrapes (process_start_time_seconds ${started[0]} before, ${started[1]} after): the window mixes two processes' syncs; ${fix}`);
  }
  for (const [key, was] of before) {
    const now = after.get(key);
    if (now !== undefined && now < was && /_count(\{|$)/.test(key)) {
      throw new RawFileError(file, `${key} fell from ${was} to ${now} between the scrapes: kube-proxy restarted in the window, which mixes two processes' syncs; ${fix}`);
    }
  }
}

/** Mean duration in ms of the observations a histogram gained in the window; fails when it gained none. */
function meanMs(w: Window, name: string, file: string, what: string): number {
  const d = histogramDelta(w.before, w.after, name, FAMILY);
  if (d.count < 1) throw new RawFileError(file, `${name} gained no observation between the scrapes: no ${what} happened in the window`);
  return (d.sum / d.count) * MS_PER_S;
}

/**
 * The syncs of one Service-scale step: their mean and p99 (upper bound of the first bucket
 * holding 99 % of the step's syncs: conservative, not interpolated; when the capture has buckets).
 */
export function parseKubeProxySyncDelta(text: string, file: string): MetricSample[] {
  const w = readWindow(text, file);
  const rows: MetricSample[] = [{metric: 'kubeproxy_sync_time', value: meanMs(w, ANY_SYNC, file, 'sync (of any kind)'), conditions: {stat: 'avg'}}];
  const count = histogramDelta(w.before, w.after, ANY_SYNC, FAMILY).count;
  const buckets = bucketDelta(w.before, w.after, ANY_SYNC, FAMILY);
  const p99 = buckets.find((b) => b.count >= 0.99 * count);
  if (p99) rows.push({metric: 'kubeproxy_sync_time', value: p99.le * MS_PER_S, conditions: {stat: 'p99'}});
  return rows;
}

/**
 * A forced full resync: its duration per IP family (the IPv6 proxier of a dual-stack
 * kube-proxy resyncs too, on the same CPUs), the CPU kube-proxy used in the window, and
 * its RSS after.
 */
export function parseKubeProxyFullSync(text: string, file: string): MetricSample[] {
  const w = readWindow(text, file);
  const rows: MetricSample[] = [{metric: 'kubeproxy_full_sync_time', value: meanMs(w, FULL_SYNC, file, 'full resync'), conditions: {family: 'ipv4'}}];
  // Only when the IPv6 series is there: histogramDelta would otherwise fall back to IPv4's
  // (and a proxier that appeared inside the window counts from nothing).
  const v6 = `${FULL_SYNC}_count{${IPV6}}`;
  if (w.after.has(v6)) {
    const d = histogramDelta(w.before.has(v6) ? w.before : new Map(), w.after, FULL_SYNC, IPV6);
    if (d.count < 1) throw new RawFileError(file, `${v6} gained no observation: the IPv6 proxier did not resync in the window`);
    rows.push({metric: 'kubeproxy_full_sync_time', value: (d.sum / d.count) * MS_PER_S, conditions: {family: 'ipv6'}});
  }
  const tree = seriesValue(w.after, CGROUP_CPU);
  if (tree !== undefined) {
    const before = seriesValue(w.before, CGROUP_CPU);
    if (before === undefined) throw new RawFileError(file, `${CGROUP_CPU} is in the "after" scrape but not in the "before" one: the window has no CPU figure`);
    rows.push({metric: 'kubeproxy_tree_cpu_time', value: counterIncrease(before, tree) * MS_PER_S});
  }
  const own = seriesValue(w.after, 'process_cpu_seconds_total');
  if (own !== undefined) rows.push({metric: 'kubeproxy_cpu_time', value: counterIncrease(seriesValue(w.before, 'process_cpu_seconds_total'), own) * MS_PER_S});
  const rss = seriesValue(w.after, 'process_resident_memory_bytes');
  if (rss !== undefined) rows.push({metric: 'memory_usage', value: rss / MIB, conditions: {component: 'kube-proxy'}});
  return rows;
}

/** One endpoint change: kube-proxy's network-programming latency for it, and the partial sync that applied it. */
export function parseKubeProxyNetprog(text: string, file: string): MetricSample[] {
  const w = readWindow(text, file);
  const rows: MetricSample[] = [{metric: 'network_programming_latency', value: meanMs(w, NETWORK_PROGRAMMING, file, 'endpoint change was programmed')}];
  // A change can also land in a full resync (kube-proxy does one hourly); then there is no partial sync to report.
  if (histogramDelta(w.before, w.after, PARTIAL_SYNC, FAMILY).count >= 1) {
    rows.push({metric: 'kubeproxy_partial_sync_time', value: meanMs(w, PARTIAL_SYNC, file, 'partial sync')});
  }
  return rows;
}
