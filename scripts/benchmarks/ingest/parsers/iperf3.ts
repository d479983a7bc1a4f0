/** iperf3 -J (TCP and UDP). Throughput is the receiver's view; RTT fields are microseconds. */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {get, num, parseJsonObject} from './common';
import {formatFigure, formatValue} from '../../../../src/data/format';

const BITS_PER_GBIT = 1e9;
/** iperf3 before 3.12 gives the client no receiver summary (end.sum_received) of a UDP test. */
export const MIN_UDP_VERSION: readonly [number, number] = [3, 12];
/** A UDP run that sent less than this share of its target bitrate measured the sender's CPU, not that load. */
export const UDP_SENT_RATIO = 0.9;

function load(text: string, file: string): Record<string, unknown> {
  const doc = parseJsonObject(text, file);
  if (typeof doc.error === 'string') throw new RawFileError(file, `iperf3 reported an error: ${doc.error}`);
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
  return rows;
}

function versionOf(doc: Record<string, unknown>): {text: string; major: number; minor: number} | undefined {
  const text = get(doc, 'start.version');
  const m = typeof text === 'string' ? /(\d+)\.(\d+)/.exec(text) : null;
  return m ? {text: text as string, major: Number(m[1]), minor: Number(m[2])} : undefined;
}

/** The target bitrate (iperf3 -b) a UDP run was asked for, in Gbps; undefined when the output does not say. */
export function udpTargetGbps(text: string, file: string): number | undefined {
  const target = get(load(text, file), 'start.test_start.target_bitrate');
  return typeof target === 'number' && target > 0 ? target / BITS_PER_GBIT : undefined;
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
  return rows;
}
