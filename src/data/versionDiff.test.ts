import {describe, expect, it} from 'vitest';
import {versionDiff} from './versionDiff';
import {makeDataset, scenario} from './testing/makeDataset';
import type {ResultRow} from './schema';
import {METRICS} from './metrics';

const row = (metric: ResultRow['metric'], value: number | null, extra: Partial<ResultRow> = {}): ResultRow => ({
  metric,
  scenario: 'A',
  value,
  unit: METRICS[metric].unit,
  ...(value === null && {flags: [{kind: 'not-measured'}]}),
  ...extra,
});

describe('versionDiff', () => {
  const before = makeDataset({
    version: '2026-01-01',
    scenarios: [scenario('A')],
    results: [row('tcp_throughput', 9, {conditions: {streams: 1}}), row('tcp_throughput', 8, {conditions: {streams: 4}}), row('pod_rtt', 0.2), row('udp_loss', 1)],
  });

  it('lists metrics only one version has, and counts changed values, changed flags, new and dropped rows among the rest', () => {
    const after = makeDataset({
      scenarios: [scenario('A')],
      results: [
        row('tcp_throughput', 9.5, {conditions: {streams: 1}}),
        row('tcp_throughput', 7, {conditions: {streams: 8}}),
        row('udp_loss', 1, {flags: [{kind: 'high-loss'}]}),
        row('tcp_crr_rate', 1000),
        row('loaded_rtt', 0.2),
      ],
    });
    const d = versionDiff(before, after);
    expect(d.previous).toBe('2026-01-01');
    expect(d.addedMetrics).toEqual(['tcp_crr_rate', 'loaded_rtt']);
    expect(d.removedMetrics).toEqual(['pod_rtt']);
    expect(d.shared).toBe(2);
    expect(d.changedValues).toBe(1);
    expect(d.changedFlags).toBe(1);
    expect(d.addedRows).toBe(1);
    expect(d.removedRows).toBe(1);
  });

  it('a value that became missing counts as changed; the same dataset changes nothing', () => {
    const after = makeDataset({scenarios: [scenario('A')], results: before.results.map((r) => (r.metric === 'udp_loss' ? row('udp_loss', null) : r))});
    expect(versionDiff(before, after).changedValues).toBe(1);
    const same = versionDiff(before, before);
    expect([same.changedValues, same.changedFlags, same.addedRows, same.removedRows, same.addedMetrics.length, same.removedMetrics.length]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(same.shared).toBe(before.results.length);
  });
});
