/** dns-latency: one lookup latency in microseconds per line (bench_dns_latency). */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {percentile} from '../stats';
import {requireText} from './common';

const US_PER_MS = 1000;

export function parseDnsLatency(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const us = lines.map((line, i) => {
    if (!/^\d+$/.test(line.trim())) throw new RawFileError(file, `line ${i + 1} is "${line}", expected a latency in whole microseconds`);
    return Number(line);
  });
  return [
    {metric: 'dns_latency', value: percentile(us, 50) / US_PER_MS, conditions: {stat: 'p50'}},
    {metric: 'dns_latency', value: percentile(us, 99) / US_PER_MS, conditions: {stat: 'p99'}},
  ];
}
