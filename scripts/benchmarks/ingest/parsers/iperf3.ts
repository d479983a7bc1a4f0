/** iperf3 -J (TCP and UDP). Throughput is the receiver's view; RTT fields are microseconds. */
import {RawFileError} from '../errors';
import type {Evidence, Fact, MetricSample} from '../types';
import {get, num, optionArg, parseJsonObject, scaledNumber} from './common';
import {formatFigure, formatValue} from '../../../../src/data/format';

const BITS_PER_GBIT = 1e9;
/** iperf3 before 3.12 gives the client no receiver summary (end.sum_received) of a UDP test. */
export const MIN_UDP_VERSION: readonly [number, number] = [3, 12];
/** A UDP run that sent less than this share of its target bitrate measured the sender's CPU, not that load. */
export const UDP_SENT_RATIO = 0.9;

/** iperf3 -J output, finished or not; anything else is refused as not iperf3's (a test that did not finish still has its start). */
function iperf3Doc(text: string, file: string): Record<string, unknown> {
  const doc = parseJsonObject(text, file);
  if (typeof doc.error === 'string') throw new RawFileError(file, `iperf3 reported an error: ${doc.error}`);
  if (typeof get(doc, 'start.test_start') !== 'object' || get(doc, 'start.test_start') === null) {
    const keys = Object.keys(doc).slice(0, 6).join(', ');
    throw new RawFileError(file, `is not iperf3 -J output (no start.test_start; its top-level keys are ${keys || 'none'}): check the meta's kind and the command that wrote the file`);
  }
  return doc;
}

function load(text: string, file: string): Record<string, unknown> {
  const doc = iperf3Doc(text, file);
  if (typeof doc.end !== 'object' || doc.end === null || Object.keys(doc.end).length === 0) {
    throw new RawFileError(file, 'iperf3 output has no "end" summary (the test did not finish)');
  }
  return doc;
}

export function parseIperf3Tcp(text: string, file: string): MetricSample[] {
  const doc = load(text, file);
  if (get(doc, 'start.test_start.protocol') === 'UDP') throw new RawFileError(file, 'is a UDP test, but the meta says iperf3-tcp');
  const rows: MetricSample[] = [{metric: 'tcp_throughput', value: num(doc, 'end.sum_received.bits_per_second', file) / BITS_PER_GBIT}];
  const streams = get(doc, 'end.streams');
  const rtts = Array.isArray(streams) ? streams.map((s) => get(s, 'sender.mean_rtt')) : [];
  if (rtts.some((v) => v !== undefined)) {
    const reverse = get(doc, 'start.test_start.reverse') === 1;
    rtts.forEach((v, i) => {
      if (typeof v !== 'number' || !(v > 0)) {
        const why = reverse
          ? 'in reverse mode (-R) the client receives, and its sender statistics carry no RTT; run without -R to measure RTT'
          : 'an RTT must be positive (the kernel had no RTT sample for this stream)';
        throw new RawFileError(file, `stream ${i + 1} reports a sender mean_rtt of ${JSON.stringify(v)} us: ${why}`);
      }
    });
    const values = rtts as number[];
    rows.push({metric: 'loaded_rtt', value: values.reduce((a, b) => a + b, 0) / values.length});
  }
  return withCpuFlags(rows, doc, file);
}

/** An iperf3 end above this CPU share (end.cpu_utilization_percent) was bound by its own CPU. */
export const CPU_BOUND_PERCENT = 90;

/** iperf3 from 3.16 runs one thread per stream, and its CPU figures add up the threads. */
const THREADED_VERSION: readonly [number, number] = [3, 16];

/**
 * sender-cpu-bound / receiver-cpu-bound from iperf3's own CPU figures: host_total is the
 * client's, remote_total the server's; the client sends unless the test ran reversed (-R).
 * iperf3 gives them as percent of one core (CPU seconds over wall seconds); a
 * single-threaded iperf3 (before 3.16) near 100 % ran out of its one core, a threaded one
 * out of its streams' threads when above CPU_BOUND_PERCENT x streams (the node's core count
 * is not in the file, so fewer cores than streams saturated is not caught).
 */
export function cpuBoundFlags(doc: Record<string, unknown>, file: string): {kind: 'sender-cpu-bound' | 'receiver-cpu-bound'; why: string}[] {
  const reverse = get(doc, 'start.test_start.reverse') === 1;
  const version = versionOf(doc);
  const streams = get(doc, 'start.test_start.num_streams');
  const threaded = version !== undefined && (version.major > THREADED_VERSION[0] || (version.major === THREADED_VERSION[0] && version.minor >= THREADED_VERSION[1]));
  const threads = threaded && typeof streams === 'number' && streams > 1 ? streams : 1;
  const limit = CPU_BOUND_PERCENT * threads;
  const ends = [
    {who: 'client', value: get(doc, 'end.cpu_utilization_percent.host_total'), at: 'host_total'},
    {who: 'server', value: get(doc, 'end.cpu_utilization_percent.remote_total'), at: 'remote_total'},
  ];
  return ends.flatMap(({who, value, at}) => {
    if (typeof value !== 'number' || !(value > limit)) return [];
    const sender = (who === 'client') !== reverse;
    const kind = sender ? ('sender-cpu-bound' as const) : ('receiver-cpu-bound' as const);
    const of = threads > 1 ? ` of ${threads} threads' ${threads * 100} %` : '';
    return [{kind, why: `${file}: the ${sender ? 'sender' : 'receiver'} (iperf3 ${who}) used ${value.toFixed(1)} % CPU${of} (end.cpu_utilization_percent.${at} > ${limit} %): the throughput is its CPU's limit, not the network's`}];
  });
}

function withCpuFlags(rows: MetricSample[], doc: Record<string, unknown>, file: string): MetricSample[] {
  const flags = cpuBoundFlags(doc, file);
  if (flags.length > 0) for (const r of rows) r.flags = [...(r.flags ?? []), ...flags];
  return rows;
}

function versionOf(doc: Record<string, unknown>): {text: string; major: number; minor: number} | undefined {
  const text = get(doc, 'start.version');
  const m = typeof text === 'string' ? /(\d+)\.(\d+)/.exec(text) : null;
  return m ? {text: text as string, major: Number(m[1]), minor: Number(m[2])} : undefined;
}

export function parseIperf3Udp(text: string, file: string): MetricSample[] {
  const doc = load(text, file);
  if (get(doc, 'start.test_start.protocol') === 'TCP') throw new RawFileError(file, 'is a TCP test, but the meta says iperf3-udp');
  const version = versionOf(doc);
  const [major, minor] = MIN_UDP_VERSION;
  if (version !== undefined && (version.major < major || (version.major === major && version.minor < minor))) {
    throw new RawFileError(file, `${version.text} has no receiver summary (end.sum_received) of a UDP test; loss and jitter need iperf3 ${major}.${minor} or newer on the client`);
  }
  // The receiver's view only: the sender's end.sum knows what it sent, not what arrived.
  const rows: MetricSample[] = [
    {metric: 'udp_throughput', value: num(doc, 'end.sum_received.bits_per_second', file) / BITS_PER_GBIT},
    {metric: 'udp_loss', value: num(doc, 'end.sum_received.lost_percent', file)},
    {metric: 'udp_jitter', value: num(doc, 'end.sum_received.jitter_ms', file)},
  ];
  const target = get(doc, 'start.test_start.target_bitrate');
  const sent = get(doc, 'end.sum_sent.bits_per_second');
  if (typeof target === 'number' && target > 0 && typeof sent === 'number' && sent < UDP_SENT_RATIO * target) {
    const why = `${file}: sent ${formatValue(sent / BITS_PER_GBIT, 'Gbps', 'en')} of the ${formatValue(target / BITS_PER_GBIT, 'Gbps', 'en')} target (${formatFigure({kind: 'percent', value: (sent / target) * 100}, 'en')}): the sender was the limit, so loss and throughput describe iperf3's CPU, not this offered load`;
    for (const r of rows) r.flag = {kind: 'target-not-reached', why};
  }
  return withCpuFlags(rows, doc, file);
}

/** iperf3's own defaults, for a command that does not give the option. */
const IPERF3_DEFAULT_SECONDS = 10;

/** What iperf3's start.test_start says the test was: protocol, streams, direction, duration, datagram size and target bitrate. */
function iperf3Facts(text: string, file: string): Fact[] {
  const doc = iperf3Doc(text, file);
  const at = (key: string) => `start.test_start.${key}`;
  const udp = get(doc, at('protocol')) === 'UDP';
  const target = get(doc, at('target_bitrate'));
  const askedUdp = (cmd: readonly string[]) => cmd.includes('-u') || cmd.includes('--udp');
  const facts: Fact[] = [
    {field: 'kind', value: udp ? 'iperf3-udp' : 'iperf3-tcp', at: `${at('protocol')} "${String(get(doc, at('protocol')))}"`, asked: (cmd) => (askedUdp(cmd) ? 'iperf3-udp' : 'iperf3-tcp')},
    {field: 'protocol', value: udp ? 'udp' : 'tcp', at: at('protocol'), option: '-u', asked: (cmd) => (askedUdp(cmd) ? 'udp' : 'tcp')},
    {field: 'streams', value: num(doc, at('num_streams'), file), at: at('num_streams'), option: '-P', asked: (cmd) => Number(optionArg(cmd, '-P') ?? 1)},
    {field: 'reverse', value: get(doc, at('reverse')) === 1, at: at('reverse'), option: '-R', asked: (cmd) => cmd.includes('-R') || cmd.includes('--reverse')},
    {field: 'duration', value: num(doc, at('duration'), file), at: at('duration'), option: '-t', asked: (cmd) => Number(optionArg(cmd, '-t') ?? IPERF3_DEFAULT_SECONDS)},
    {
      field: 'offeredGbps',
      value: typeof target === 'number' && target > 0 ? target / BITS_PER_GBIT : null,
      at: at('target_bitrate'),
      option: '-b',
      asked: (cmd) => {
        const bits = scaledNumber(optionArg(cmd, '-b') ?? '');
        // Without -b a UDP test sends 1 Mbit/s and a TCP test is unlimited.
        return bits !== undefined ? bits / BITS_PER_GBIT : askedUdp(cmd) ? 1e-3 : null;
      },
    },
  ];
  // A TCP test's blksize is its write size, which no label names.
  if (udp) facts.push({field: 'length', value: num(doc, at('blksize'), file), at: at('blksize'), option: '-l', asked: (cmd) => (optionArg(cmd, '-l') !== undefined ? Number(optionArg(cmd, '-l')) : undefined)});
  return facts;
}

export const IPERF3_EVIDENCE: Evidence = {program: 'iperf3', facts: iperf3Facts};
