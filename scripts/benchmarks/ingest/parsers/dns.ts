/**
 * dns-latency (bench_dns_latency): one line per lookup, its latency in whole
 * microseconds, or "failed: <why>" for a lookup that got no usable answer.
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {percentile} from '../../../../src/data/stats';
import {requireText} from './common';

const US_PER_MS = 1000;
/** More failed lookups than this share means the batch measured failures, not resolution. */
export const MAX_DNS_FAILED_RATIO = 0.05;

export function parseDnsLatency(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const failed: string[] = [];
  const us: number[] = [];
  lines.forEach((line, i) => {
    const failure = /^failed: (.*)$/.exec(line.trim());
    if (failure) failed.push(failure[1]);
    else if (/^\d+$/.test(line.trim())) us.push(Number(line));
    else throw new RawFileError(file, `line ${i + 1} is "${line}", expected a latency in whole microseconds or "failed: <why>"`);
  });
  if (us.length === 0 || failed.length / lines.length > MAX_DNS_FAILED_RATIO) {
    throw new RawFileError(file, `${failed.length} of ${lines.length} lookups failed (first: ${failed[0] ?? 'none'}); more than ${MAX_DNS_FAILED_RATIO * 100} % measures failures, not resolution`);
  }
  return [
    {metric: 'dns_latency', value: percentile(us, 50) / US_PER_MS, conditions: {stat: 'p50'}},
    {metric: 'dns_latency', value: percentile(us, 99) / US_PER_MS, conditions: {stat: 'p99'}},
  ];
}
