/**
 * netperf omni output with -o P50_LATENCY,P90_LATENCY,P99_LATENCY,MEAN_LATENCY,TRANSACTION_RATE
 * (CSV header + values). TCP_RR gives its latency; TCP_CRR also its transaction rate, which
 * is a connection rate there (each transaction opens and closes its own connection).
 */
import {RawFileError} from '../errors';
import type {Evidence, Fact, MetricSample, RawKind} from '../types';
import type {Conditions} from '../../../../src/data/schema';
import {optionArg, requireText} from './common';

/** netperf's human column titles for the selectors bench_netperf asks for. */
const COLUMNS: [string, NonNullable<Conditions['stat']>][] = [
  ['50th Percentile Latency Microseconds', 'p50'],
  ['90th Percentile Latency Microseconds', 'p90'],
  ['99th Percentile Latency Microseconds', 'p99'],
  ['Mean Latency Microseconds', 'avg'],
];

const RATE_COLUMN = 'Transaction Rate Tran/s';

/** netperf's output, refused when it carries netperf's own error (it prints no result then). */
function netperfText(text: string, file: string): string {
  requireText(text, file);
  const problem = /establish_control|establish control|netperf: .*(error|failed|refused)|recv_response|send_omni/i.exec(text);
  if (problem) throw new RawFileError(file, `netperf reported an error: "${problem[0]}" (is netserver running and reachable?)`);
  return text;
}

function parse(text: string, file: string, metric: 'tcp_rr_latency' | 'tcp_crr_latency'): MetricSample[] {
  netperfText(text, file);
  const lines = text.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => l.includes('Percentile Latency Microseconds'));
  if (at < 0) throw new RawFileError(file, 'no latency header line: run netperf with -- -o P50_LATENCY,P90_LATENCY,P99_LATENCY,MEAN_LATENCY');
  const header = lines[at].split(',');
  const values = (lines[at + 1] ?? '').split(',');
  if (values.length !== header.length || values[0] === '') throw new RawFileError(file, 'the values line after the header is missing or incomplete (truncated output?)');
  const rows: MetricSample[] = [];
  for (const [title, stat] of COLUMNS) {
    const i = header.indexOf(title);
    if (i < 0) continue;
    const value = Number(values[i]);
    if (!Number.isFinite(value) || value < 0) throw new RawFileError(file, `"${title}" is "${values[i]}", expected a non-negative number`);
    rows.push({metric, value, conditions: {stat}});
  }
  if (rows.length === 0) throw new RawFileError(file, 'none of the latency columns P50/P90/P99/MEAN_LATENCY is present');
  // A test in which no transaction completed still prints latency columns (zeros): the rate tells.
  const r = header.indexOf(RATE_COLUMN);
  if (r >= 0) {
    const rate = Number(values[r]);
    if (!Number.isFinite(rate) || rate <= 0) throw new RawFileError(file, `"${RATE_COLUMN}" is "${values[r]}", expected a positive number (no transaction completed?)`);
    if (metric === 'tcp_crr_latency') rows.push({metric: 'tcp_crr_rate', value: rate});
  }
  return rows;
}

export const parseNetperfRr = (text: string, file: string) => parse(text, file, 'tcp_rr_latency');
export const parseNetperfCrr = (text: string, file: string) => parse(text, file, 'tcp_crr_latency');

/** netperf's banner line names the test it ran (omni prints "MIGRATED" before it). */
const BANNERS: [RegExp, RawKind, string][] = [
  [/TCP Connect\/Request\/Response TEST/i, 'netperf-crr', 'TCP_CRR'],
  [/TCP REQUEST\/RESPONSE TEST/i, 'netperf-rr', 'TCP_RR'],
];
const KIND_OF_TEST: Record<string, RawKind> = Object.fromEntries(BANNERS.map(([, kind, test]) => [test, kind]));

/** The test netperf says it ran, from its banner (TCP_RR and TCP_CRR print the same columns). */
function netperfFacts(text: string, file: string): Fact[] {
  const banner = netperfText(text, file).split('\n').find((l) => / TEST\b/.test(l));
  const test = banner === undefined ? undefined : BANNERS.find(([re]) => re.test(banner));
  if (test === undefined) {
    const why = banner === undefined ? 'no test banner line (was netperf run with -P 0?)' : `its banner "${banner.trim()}" names neither TCP_RR nor TCP_CRR`;
    throw new RawFileError(file, `${why}: the file does not say which test it measured; rerun it with netperf -t TCP_RR or -t TCP_CRR without -P 0`);
  }
  const [re, kind] = test;
  return [{field: 'kind', value: kind, at: `banner "${re.exec(banner!)![0]}"`, option: '-t', asked: (cmd) => KIND_OF_TEST[optionArg(cmd, '-t') ?? 'TCP_STREAM']}];
}

export const NETPERF_EVIDENCE: Evidence = {program: 'netperf', facts: netperfFacts};
