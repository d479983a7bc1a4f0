/**
 * kubelet-resource: the kubelet's resource metrics (`/metrics/resource`, read
 * through the API server: `kubectl get --raw /api/v1/nodes/<node>/proxy/metrics/resource`)
 * sampled right before a load starts and at intervals during it. Works without
 * metrics-server (EKS has none by default, so `kubectl top` has no data there).
 *
 * Raw format (lib/k8s.sh k8s_resource_usage):
 *   # pods <namespace>/<pod> ...          the pods whose containers are measured
 *   # sample <i> <ISO time> node=<node>   i = 0 before the load, 1..n during it
 *   <the kubelet's Prometheus text for that node>
 *   ...                                   one block per node and sample
 *
 * Per container name (the component), over every selected pod:
 * - cpu_usage (millicores): avg = container_cpu_usage_seconds_total increase from
 *   sample 0 to the last sample over the kubelet's own timestamps of those two
 *   values (a counter delta over the sampled window, not an instantaneous gauge);
 *   max = the largest such rate between consecutive samples;
 * - memory_usage (MiB): avg and max of container_memory_working_set_bytes in the
 *   samples taken during the load.
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {mean} from '../../../../src/data/stats';
import {requireText} from './common';

const CPU = 'container_cpu_usage_seconds_total';
const MEMORY = 'container_memory_working_set_bytes';
const MIB = 1024 * 1024;
/** `name{container="c",namespace="n",pod="p"} value timestamp-ms` (label order as the kubelet writes it, any accepted). */
const SAMPLE = /^(container_cpu_usage_seconds_total|container_memory_working_set_bytes)\{([^}]*)\}\s+(\S+)(?:\s+(\d+))?$/;

interface Point {
  value: number;
  /** The kubelet's timestamp of the value (ms); absent in exposition without timestamps. */
  at?: number;
}

/** Per sample index: "<ns>/<pod>/<container>" -> cpu and memory points. */
type Samples = Map<number, Map<string, {cpu?: Point; mem?: Point}>>;

function labels(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

export function parseKubeletResource(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const lines = text.split('\n');
  const podsLine = lines.find((l) => l.startsWith('# pods '));
  if (podsLine === undefined) throw new RawFileError(file, 'no "# pods <namespace>/<pod> ..." line: which pods were measured is unknown');
  const pods = new Set(podsLine.slice('# pods '.length).trim().split(/\s+/).filter(Boolean));
  if (pods.size === 0) throw new RawFileError(file, 'the "# pods" line names no pod (the selector matched nothing?)');

  const samples: Samples = new Map();
  let current: Map<string, {cpu?: Point; mem?: Point}> | undefined;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const mark = /^# sample (\d+) /.exec(line);
    if (mark) {
      const index = Number(mark[1]);
      current = samples.get(index) ?? new Map();
      samples.set(index, current);
      return;
    }
    if (line === '' || line.startsWith('#')) return;
    const m = SAMPLE.exec(line);
    if (!m) return; // node, pod and other series of the kubelet
    if (current === undefined) throw new RawFileError(file, `line ${i + 1} comes before any "# sample <i>" line`);
    const l = labels(m[2]);
    if (!pods.has(`${l.namespace}/${l.pod}`) || !l.container) return;
    const value = Number(m[3]);
    if (!Number.isFinite(value) || value < 0) throw new RawFileError(file, `line ${i + 1}: ${m[1]} is "${m[3]}", expected a non-negative number`);
    const key = `${l.namespace}/${l.pod}/${l.container}`;
    const entry = current.get(key) ?? {};
    entry[m[1] === CPU ? 'cpu' : 'mem'] = {value, at: m[4] === undefined ? undefined : Number(m[4])};
    current.set(key, entry);
  });

  const indexes = [...samples.keys()].sort((a, b) => a - b);
  if (indexes[0] !== 0) throw new RawFileError(file, 'no "# sample 0" block: the scrape before the load is missing');
  if (indexes.length < 2) throw new RawFileError(file, `only the scrape before the load: no sample during it (did the capture stop early?)`);
  const containers = [...samples.get(0)!.keys()];
  if (containers.length === 0) throw new RawFileError(file, `no ${CPU} series of the pods ${[...pods].join(', ')} in sample 0 (wrong node scraped, or the pods are gone?)`);

  const perComponent = new Map<string, {avg: number[]; max: number[]; mem: number[]}>();
  for (const key of containers) {
    const series = indexes.map((i) => {
      const point = samples.get(i)!.get(key);
      if (point?.cpu === undefined) throw new RawFileError(file, `${key}: no ${CPU} in sample ${i} (the container restarted or left the node?)`);
      return {index: i, cpu: point.cpu, mem: point.mem};
    });
    const rate = (from: Point, to: Point, where: string): number => {
      if (from.at === undefined || to.at === undefined) throw new RawFileError(file, `${key}: ${CPU} without the kubelet's timestamps (${where})`);
      if (to.value < from.value) throw new RawFileError(file, `${key}: ${CPU} went down (${from.value} -> ${to.value}, ${where}): the container restarted during the load`);
      if (to.at <= from.at) return NaN; // the kubelet had not collected a newer value yet
      return ((to.value - from.value) / ((to.at - from.at) / 1000)) * 1000;
    };
    const first = series[0];
    const last = series[series.length - 1];
    const avg = rate(first.cpu, last.cpu, `samples ${first.index} to ${last.index}`);
    if (Number.isNaN(avg)) throw new RawFileError(file, `${key}: the kubelet's ${CPU} has the same timestamp in samples ${first.index} and ${last.index}: the window is shorter than its stats interval; sample longer`);
    const steps = series.slice(1).map((s, k) => rate(series[k].cpu, s.cpu, `samples ${series[k].index} to ${s.index}`)).filter((r) => !Number.isNaN(r));
    const mem = series.slice(1).flatMap((s) => (s.mem === undefined ? [] : [s.mem.value / MIB]));
    if (mem.length === 0) throw new RawFileError(file, `${key}: no ${MEMORY} in the samples during the load`);
    const component = key.split('/')[2];
    const entry = perComponent.get(component) ?? {avg: [], max: [], mem: []};
    entry.avg.push(avg);
    entry.max.push(Math.max(...steps));
    entry.mem.push(...mem);
    perComponent.set(component, entry);
  }

  const rows: MetricSample[] = [];
  for (const [component, {avg, max, mem}] of perComponent) {
    rows.push({metric: 'cpu_usage', value: mean(avg), conditions: {component, stat: 'avg'}});
    rows.push({metric: 'cpu_usage', value: Math.max(...max), conditions: {component, stat: 'max'}});
    rows.push({metric: 'memory_usage', value: mean(mem), conditions: {component, stat: 'avg'}});
    rows.push({metric: 'memory_usage', value: Math.max(...mem), conditions: {component, stat: 'max'}});
  }
  return rows;
}
