/**
 * Prometheus text exposition, as far as the parsers need it: samples by series
 * (name plus label set), and the change of a counter or histogram between two
 * scrapes of one process.
 */
import {RawFileError} from '../errors';

/** Series -> value. The key is the series exactly as exposed, e.g. `x_count{ip_family="IPv4"}`. */
export type Scrape = Map<string, number>;

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)(?:\s+\d+)?$/;

/** Parse exposition text (comments and blank lines skipped); a malformed sample fails naming its line. */
export function parseScrape(lines: readonly string[], file: string, firstLine = 1): Scrape {
  const out: Scrape = new Map();
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = SAMPLE.exec(line);
    const value = m ? Number(m[3] === '+Inf' ? Infinity : m[3]) : NaN;
    if (!m || Number.isNaN(value)) throw new RawFileError(file, `line ${firstLine + i} is not a Prometheus sample: "${line}"`);
    out.set(`${m[1]}${m[2] ?? ''}`, value);
  });
  return out;
}

/**
 * The value of `name` (a counter, gauge or a histogram's _sum/_count) in a scrape. When the
 * series carries labels, the one whose labels include `prefer` (e.g. ip_family="IPv4") wins;
 * undefined when the process never exposed it.
 */
export function seriesValue(scrape: Scrape, name: string, prefer?: string): number | undefined {
  const matches = [...scrape.entries()].filter(([key]) => key === name || key.startsWith(`${name}{`));
  if (matches.length === 0) return undefined;
  const preferred = prefer === undefined ? undefined : matches.find(([key]) => key.includes(prefer));
  return (preferred ?? matches[0])[1];
}

/**
 * Increase of a counter between two scrapes. A lower value after means the process restarted
 * in between: as Prometheus' rate() does, the whole later value is the increase.
 */
export function counterIncrease(before: number | undefined, after: number | undefined): number {
  const a = after ?? 0;
  const b = before ?? 0;
  return a >= b ? a - b : a;
}

export interface HistogramDelta {
  /** Observations between the scrapes. */
  count: number;
  /** Sum of those observations, in the histogram's unit. */
  sum: number;
}

export function histogramDelta(before: Scrape, after: Scrape, name: string, prefer?: string): HistogramDelta {
  const afterCount = seriesValue(after, `${name}_count`, prefer);
  const beforeCount = seriesValue(before, `${name}_count`, prefer);
  const restarted = afterCount !== undefined && beforeCount !== undefined && afterCount < beforeCount;
  return {
    count: counterIncrease(restarted ? 0 : beforeCount, afterCount),
    sum: counterIncrease(restarted ? 0 : seriesValue(before, `${name}_sum`, prefer), seriesValue(after, `${name}_sum`, prefer)),
  };
}

/** Label value of `name` in a series key such as `x_bucket{ip_family="IPv4",le="0.5"}`. */
function labelValue(key: string, name: string): string | undefined {
  return new RegExp(`[{,]${name}="([^"]*)"`).exec(key)?.[1];
}

/**
 * Observations per bucket (upper bound -> count, finite bounds, ascending) that a histogram
 * gained between two scrapes; empty when the scrapes carry no buckets. With `prefer`
 * (e.g. ip_family="IPv4"), only the buckets of that series when the histogram has it.
 */
export function bucketDelta(before: Scrape, after: Scrape, name: string, prefer?: string): {le: number; count: number}[] {
  const buckets = (scrape: Scrape) => {
    const all = [...scrape.entries()].filter(([key]) => key.startsWith(`${name}_bucket{`));
    const chosen = prefer !== undefined && all.some(([key]) => key.includes(prefer)) ? all.filter(([key]) => key.includes(prefer)) : all;
    return new Map(chosen.map(([key, v]) => [Number(labelValue(key, 'le') ?? NaN), v]));
  };
  const b = buckets(before);
  return [...buckets(after).entries()]
    .filter(([le]) => Number.isFinite(le))
    .map(([le, v]) => ({le, count: v - (b.get(le) ?? 0)}))
    .sort((x, y) => x.le - y.le);
}
