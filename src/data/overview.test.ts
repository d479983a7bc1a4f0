/** The overview's rule on small hand-made datasets: each verdict, the range rule, the threshold, and errors that name the problem. */
import {describe, expect, it} from 'vitest';
import type {ResultRow} from './schema';
import {makeDataset, scenario} from './testing/makeDataset';
import {FigureRows} from './selectors';
import {changeFigure, overviewLines, suiteHeadlines, type OverviewConfig} from './overview';

const row = (metric: ResultRow['metric'], s: string, value: number | null, unit: ResultRow['unit'], extra: Partial<ResultRow> = {}): ResultRow => ({metric, scenario: s, value, unit, ...extra});

const dataset = makeDataset({
  scenarios: [scenario('A', 'base'), scenario('B', 'other'), scenario('C', 'third')],
  results: [
    row('tcp_throughput', 'A', 10, 'Gbps'),
    row('tcp_throughput', 'B', 10.4, 'Gbps'),
    row('tcp_throughput', 'C', 8, 'Gbps'),
    row('pod_rtt', 'A', 100, 'us', {min: 90, max: 130}),
    row('pod_rtt', 'B', 80, 'us', {min: 70, max: 85}),
    row('pod_rtt', 'C', 40, 'us', {min: 38, max: 45}),
    row('udp_loss', 'A', 20, '%'),
    row('udp_loss', 'B', 1, '%'),
    row('udp_loss', 'C', null, '%', {flags: [{kind: 'not-measured'}]}),
    row('udp_throughput', 'A', 10, 'Gbps'),
    row('udp_throughput', 'B', 8, 'Gbps'),
    row('udp_throughput', 'C', 8, 'Gbps'),
  ],
});

const config: OverviewConfig = {
  baseline: 'A',
  rows: [
    {key: 'tcp', metric: 'tcp_throughput', unclearBelow: 5},
    {key: 'rtt', metric: 'pod_rtt', unclearBelow: 5},
    {key: 'loss', metric: 'udp_loss', unclearBelow: 2},
    {key: 'udp', metric: 'udp_throughput', unclearBelow: 5},
  ],
  headlines: [{row: 'rtt', scenario: 'C'}, {row: 'loss', scenario: 'C'}],
};

const verdicts = (key: string) => {
  const line = overviewLines(new FigureRows(dataset), config).find((l) => l.spec.key === key)!;
  return Object.fromEntries(line.cells.map((c) => [c.scenario, c.verdict]));
};

describe('overviewLines', () => {
  it('judges by direction and threshold for single values', () => {
    // +4% is under 5%; -20% on a higher-is-better metric is worse.
    expect(verdicts('tcp')).toEqual({A: 'reference', B: 'unclear', C: 'worse'});
  });

  it('lets the rounds\u2019 ranges decide when both rows have one', () => {
    // B: 20 below A, inside A's 40-wide range; C: 60 below, outside it, and lower is better.
    expect(verdicts('rtt')).toEqual({A: 'reference', B: 'unclear', C: 'better'});
    const line = overviewLines(new FigureRows(dataset), config).find((l) => l.spec.key === 'rtt')!;
    expect(line.ranged).toBe(true);
    expect(line.cells.find((c) => c.scenario === 'B')?.unclearBy).toBe('range');
  });

  it('writes a metric in % as a change in points, and leaves a missing value uncompared', () => {
    expect(verdicts('loss')).toEqual({A: 'reference', B: 'better', C: 'none'});
    const line = overviewLines(new FigureRows(dataset), config).find((l) => l.spec.key === 'loss')!;
    expect(line.cells[1].change).toEqual({kind: 'points', value: -19});
  });

  it('never calls a metric without a better direction better or worse', () => {
    expect(verdicts('udp')).toEqual({A: 'reference', B: 'context', C: 'context'});
  });

  it('writes a change of 2× or more as a ratio, and a bar strength capped at 4×', () => {
    expect(changeFigure('Gbps', 2, 5)).toEqual({kind: 'ratio', value: 2.5});
    expect(changeFigure('Gbps', 5, 2)).toEqual({kind: 'change', value: -60});
    const big = makeDataset({scenarios: [scenario('A', 'a'), scenario('B', 'b')], results: [row('tcp_throughput', 'A', 1, 'Gbps'), row('tcp_throughput', 'B', 100, 'Gbps')]});
    const [line] = overviewLines(new FigureRows(big), {baseline: 'A', rows: [config.rows[0]], headlines: []});
    expect(line.cells[1].strength).toBe(2);
  });

  it('keeps a query that names no row for the build to report, and names a bad baseline', () => {
    const select = new FigureRows(dataset);
    overviewLines(select, {baseline: 'A', rows: [{key: 'dns', metric: 'dns_latency', where: {stat: 'p99'}, unclearBelow: 5}], headlines: []});
    expect(select.problems.map((p) => p.message).join('\n')).toMatch(/metric: dns_latency, scenario: A, where: \{"stat":"p99"\}\} matches no row/);
    expect(() => overviewLines(new FigureRows(dataset), {...config, baseline: 'Z'})).toThrow(/Z is not a scenario \(A, B, C\)/);
    expect(() => overviewLines(new FigureRows(dataset), {rows: config.rows, headlines: []})).toThrow(/row "tcp" compares with the baseline, and the config names none/);
  });
});

describe('suiteHeadlines', () => {
  it('gives the configured cells and leaves out one without a value, saying so', () => {
    const h = suiteHeadlines(dataset, config);
    expect(h.headlines.map((x) => [x.row.key, x.scenario, x.versus, x.verdict])).toEqual([['rtt', 'C', 'A', 'better']]);
    expect(h.problems).toEqual([expect.stringMatching(/headline loss\/C of .* has no measured value/)]);
    expect(() => suiteHeadlines(dataset, {...config, headlines: [{row: 'nope', scenario: 'A'}]})).toThrow(/no such overview cell \(rows: tcp, rtt, loss, udp/);
  });
});
