/** iperf3 -J (TCP and UDP). Throughput is the receiver's view; RTT fields are microseconds. */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {get, num, parseJsonObject} from './common';

const BITS_PER_GBIT = 1e9;

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
  const rtts = Array.isArray(streams) ? streams.map((s) => get(s, 'sender.mean_rtt')).filter((v): v is number => typeof v === 'number') : [];
  if (rtts.length > 0) rows.push({metric: 'pod_rtt', value: rtts.reduce((a, b) => a + b, 0) / rtts.length});
  return rows;
}

export function parseIperf3Udp(text: string, file: string): MetricSample[] {
  const doc = load(text, file);
  if (get(doc, 'start.test_start.protocol') === 'TCP') throw new RawFileError(file, 'is a TCP test, but the meta says iperf3-udp');
  // iperf3 >= 3.12 has the receiver's view in end.sum_received; older versions only end.sum.
  const received = get(doc, 'end.sum_received.lost_percent') !== undefined ? 'end.sum_received' : 'end.sum';
  return [
    {metric: 'udp_throughput', value: num(doc, `${received}.bits_per_second`, file) / BITS_PER_GBIT},
    {metric: 'udp_loss', value: num(doc, `${received}.lost_percent`, file)},
    {metric: 'udp_jitter', value: num(doc, `${received}.jitter_ms`, file)},
  ];
}
