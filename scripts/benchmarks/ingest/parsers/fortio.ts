/** fortio load -json (HTTP and tcp://). Durations in fortio's JSON are seconds. */
import {RawFileError} from '../errors';
import type {Evidence, Fact, MetricSample} from '../types';
import type {Conditions} from '../../../../src/data/schema';
import {get, num, optionArg, parseJsonObject} from './common';

/** More failed calls than this share means the run measured errors, not the network. */
export const MAX_FORTIO_ERROR_RATIO = 0.01;

const PERCENTILES: [number, NonNullable<Conditions['stat']>][] = [
  [50, 'p50'],
  [90, 'p90'],
  [99, 'p99'],
];

/** Successful vs total calls from RetCodes ("200" for HTTP, "OK" for TCP). */
function checkCalls(doc: Record<string, unknown>, file: string, okCode: string): void {
  const codes = get(doc, 'RetCodes');
  if (typeof codes !== 'object' || codes === null) throw new RawFileError(file, 'fortio output has no RetCodes');
  const counts = Object.entries(codes as Record<string, unknown>).map(([code, n]) => [code, typeof n === 'number' ? n : 0] as const);
  const total = counts.reduce((a, [, n]) => a + n, 0);
  const ok = counts.filter(([code]) => code === okCode).reduce((a, [, n]) => a + n, 0);
  const failed = counts.filter(([code]) => code !== okCode);
  const describe = failed.map(([code, n]) => `${n} x ${code === '-1' ? 'connection error' : code}`).join(', ');
  if (ok === 0) throw new RawFileError(file, `fortio made no successful call (${describe || 'no calls'})`);
  if ((total - ok) / total > MAX_FORTIO_ERROR_RATIO) {
    throw new RawFileError(file, `fortio calls failed: ${describe} of ${total} (more than ${MAX_FORTIO_ERROR_RATIO * 100}%)`);
  }
}

/** Seconds in ms, as people read fortio's latencies. */
const formatSeconds = (s: number): string => `${+(s * 1e3).toPrecision(3)} ms`;

function histogramStats(doc: Record<string, unknown>, key: string, file: string, scale: number): {stat: NonNullable<Conditions['stat']>; value: number}[] {
  const list = get(doc, `${key}.Percentiles`);
  if (!Array.isArray(list)) throw new RawFileError(file, `missing ${key}.Percentiles`);
  const resolution = get(doc, 'Resolution');
  const rows = PERCENTILES.map(([p, stat]) => {
    const entry = list.find((e) => get(e, 'Percentile') === p);
    if (entry === undefined) throw new RawFileError(file, `${key}.Percentiles has no p${p}`);
    const seconds = num(entry, 'Value', file);
    // Inside one bucket fortio interpolates linearly, so a bucket wider than the value makes it up.
    if (typeof resolution === 'number' && resolution >= seconds) {
      throw new RawFileError(
        file,
        `histogram resolution ${formatSeconds(resolution)} is coarser than the ${stat} it reports (${formatSeconds(seconds)}) in ${key}: that percentile is interpolated inside one bucket; rerun fortio with -r 0.00001`,
      );
    }
    return {stat, value: seconds * scale};
  });
  rows.push({stat: 'avg', value: num(doc, `${key}.Avg`, file) * scale});
  return rows;
}

function load(text: string, file: string, runType: string, okCode: string): Record<string, unknown> {
  const doc = parseJsonObject(text, file);
  if (doc.RunType !== runType) throw new RawFileError(file, `RunType is ${JSON.stringify(doc.RunType)}, expected "${runType}"`);
  checkCalls(doc, file, okCode);
  return doc;
}

export function parseFortioHttp(text: string, file: string): MetricSample[] {
  const doc = load(text, file, 'HTTP', '200');
  const rows: MetricSample[] = [{metric: 'http_rps', value: num(doc, 'ActualQPS', file)}];
  for (const {stat, value} of histogramStats(doc, 'DurationHistogram', file, 1e3)) rows.push({metric: 'http_latency', value, conditions: {stat}});
  // A new connection per request: fortio's ConnectionStats is the connect() time.
  if (doc.DisableKeepAlive === true) {
    for (const {stat, value} of histogramStats(doc, 'ConnectionStats', file, 1e6)) rows.push({metric: 'conn_setup_time', value, conditions: {stat}});
  }
  return rows;
}

export function parseFortioTcp(text: string, file: string): MetricSample[] {
  const doc = load(text, file, 'TCP', 'OK');
  return histogramStats(doc, 'DurationHistogram', file, 1e6).map(({stat, value}) => ({metric: 'tcp_rr_latency', value, conditions: {stat}}));
}

const GO_DURATION_UNITS: Record<string, number> = {h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, 'µs': 1e-6, ns: 1e-9};

/** A Go duration ("30s", "1m0s", "500ms") in seconds, or undefined when it is not one. */
export function goDurationSeconds(text: string): number | undefined {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(h|ms|us|µs|ns|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return undefined;
  return +parts.reduce((sum, p) => sum + Number(p[1]) * GO_DURATION_UNITS[p[2]], 0).toPrecision(12);
}

/** -qps 0 is fortio's "as fast as it can", which the labels call "max". */
const qpsLabel = (text: string): number | 'max' | undefined => (text === '0' || text === 'max' ? 'max' : Number.isFinite(Number(text)) ? Number(text) : undefined);

/** What a fortio load -json result says it was asked to do: the run type, the target QPS, the connections, keep-alive and the duration. */
function fortioFacts(text: string, file: string): Fact[] {
  const doc = parseJsonObject(text, file);
  const runType = doc.RunType;
  if (runType !== 'HTTP' && runType !== 'TCP') {
    throw new RawFileError(file, `is not fortio load -json output (RunType is ${JSON.stringify(runType)}, expected "HTTP" or "TCP")`);
  }
  const requested = String(get(doc, 'RequestedQPS'));
  const qps = qpsLabel(requested);
  if (qps === undefined) throw new RawFileError(file, `RequestedQPS is ${JSON.stringify(get(doc, 'RequestedQPS'))}, expected "max" or a number`);
  const facts: Fact[] = [
    {field: 'kind', value: runType === 'HTTP' ? 'fortio-http' : 'fortio-tcp', at: `RunType "${runType}"`},
    {field: 'qps', value: qps, at: `RequestedQPS "${requested}"`, option: '-qps', asked: (cmd) => {
      const arg = optionArg(cmd, '-qps');
      // fortio's default target is 8 QPS.
      return arg === undefined ? 8 : qpsLabel(arg);
    }},
    {field: 'concurrency', value: num(doc, 'NumThreads', file), at: 'NumThreads', option: '-c', asked: (cmd) => Number(optionArg(cmd, '-c') ?? 4)},
  ];
  const duration = get(doc, 'RequestedDuration');
  const seconds = typeof duration === 'string' ? goDurationSeconds(duration) : undefined;
  if (seconds !== undefined) {
    facts.push({field: 'duration', value: seconds, at: `RequestedDuration "${duration as string}"`, option: '-t', asked: (cmd) => goDurationSeconds(optionArg(cmd, '-t') ?? '5s')});
  }
  if (runType === 'HTTP') {
    const close = get(doc, 'DisableKeepAlive') === true;
    facts.push({
      field: 'connection',
      value: close ? 'close' : 'keepalive',
      at: `DisableKeepAlive ${String(close)}`,
      option: '-keepalive',
      asked: (cmd) => (optionArg(cmd, '-keepalive') === 'false' ? 'close' : 'keepalive'),
    });
  }
  return facts;
}

export const FORTIO_EVIDENCE: Evidence = {program: 'fortio', facts: fortioFacts};
