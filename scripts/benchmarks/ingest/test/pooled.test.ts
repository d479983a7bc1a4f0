/**
 * Pooled metrics (aggregate.ts): events measured several times per round are
 * summarised by percentiles of every event of every round; any other metric
 * measured twice in one round is a clash.
 */
import {describe, expect, it} from 'vitest';
import {aggregate} from '../aggregate';
import type {Measurement} from '../rundir';

const change = (round: number, id: string, value: number): Measurement => ({
  scenario: 'iptables-nft',
  round,
  file: `run/iptables-nft/round-${round}/services-0/${id}.txt`,
  sha256: `${round}-${id}`,
  rerun: 'rerun',
  meta: {kind: 'kubeproxy-netprog', tool: 'kube-proxy', conditions: {services: 0}, cmd: ['x'], startedAt: 't', exitCode: 0},
  rows: [{metric: 'network_programming_latency', value, conditions: {services: 0}}],
  flags: [],
  warnings: [],
});

// Five rounds of two changes: 10 events.
const events = [[110, 130], [90, 400], [100, 120], [105, 95], [115, 125]];
const measurements = events.flatMap(([a, b], i) => [change(i + 1, 'netprog-1', a), change(i + 1, 'netprog-2', b)]);

describe('pooled metrics', () => {
  it('give p50 and p90 (nearest rank) over every change of every round, with their range', () => {
    const rows = aggregate(measurements, [{metric: 'network_programming_latency', stats: ['p50', 'p90']}]);
    const sorted = events.flat().sort((a, b) => a - b);
    expect(sorted).toHaveLength(10);
    const p50 = rows.find((r) => r.conditions?.stat === 'p50');
    const p90 = rows.find((r) => r.conditions?.stat === 'p90');
    expect(p50?.value).toBe(sorted[4]);
    expect(p90?.value).toBe(sorted[8]);
    expect(p90?.samples).toHaveLength(10);
    expect([p90?.min, p90?.max]).toEqual([sorted[0], sorted[9]]);
    expect(p50?.conditions).toEqual({services: 0, stat: 'p50'});
  });

  it('a metric that is not pooled and appears twice in a round is refused, naming both files', () => {
    expect(() => aggregate(measurements)).toThrow(/round-1\/services-0\/netprog-2\.txt and run\/iptables-nft\/round-1\/services-0\/netprog-1\.txt both give network_programming_latency/);
  });
});
