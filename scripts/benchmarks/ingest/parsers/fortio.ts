/** fortio load -json (HTTP and tcp://). Durations in fortio's JSON are seconds. */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import type {Conditions} from '../../../../src/data/schema';
import {get, num, parseJsonObject} from './common';

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
