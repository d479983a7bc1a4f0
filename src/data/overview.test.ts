/** The overview on small hand-made datasets: each verdict by the site's rule (src/data/uncertainty.ts), headlines, and errors that name the problem. */
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
    row('tcp_throughput', 'C', 8, 'Gbps', {min: 7.5, max: 8.5}),
    row('pod_rtt', 'A', 100, 'us', {min: 90, max: 130}),
    row('pod_rtt', 'B', 80, 'us', {min: 70, max: 85}),
    row('pod_rtt', 'C', 40, 'us', {min: 38, max: 45}),
    row('udp_loss', 'A', 20, '%', {min: 18, max: 22}),
    row('udp_loss', 'B', 1, '%', {min: 0.5, max: 2}),
    row('udp_loss', 'C', null, '%', {flags: [{kind: 'not-measured'}]}),
    row('udp_throughput', 'A', 10, 'Gbps', {min: 9, max: 11}),
    row('udp_throughput', 'B', 8, 'Gbps', {min: 7, max: 8.5}),
    row('udp_throughput', 'C', 10, 'Gbps', {min: 9.5, max: 10.5}),
  ],
});

const config: OverviewConfig = {
  baseline: 'A',
  rows: [
    {key: 'tcp', metric: 'tcp_throughput'},
    {key: 'rtt', metric: 'pod_rtt'},
    {key: 'loss', metric: 'udp_loss'},
    {key: 'udp', metric: 'udp_throughput'},
  ],
  headlines: [{row: 'rtt', scenario: 'C'}, {row: 'loss', scenario: 'C'}],
};

const verdicts = (key: string) => {
  const line = overviewLines(new FigureRows(dataset), config).find((l) => l.spec.key === key)!;
  return Object.fromEntries(line.cells.map((c) => [c.scenario, c.verdict]));
};

describe('overviewLines', () => {
  it('calls no difference better or worse when a side keeps no range over rounds, however large', () => {
    // A has no min–max: B's +4% and C's -20% are both what was seen, not established.
    expect(verdicts('tcp')).toEqual({A: 'reference', B: 'not-established', C: 'not-established'});
    const line = overviewLines(new FigureRows(dataset), config).find((l) => l.spec.key === 'tcp')!;
    expect(line.cells.map((c) => c.reason)).toEqual([undefined, 'no-spread', 'no-spread']);
    expect(line.cells[2].strength, 'no bar for a difference not established').toBeUndefined();
  });

  it('lets the rounds\u2019 ranges decide when both rows have one', () => {
    // B (70–85) lies wholly below A (90–130): established, and lower is better; C (38–45) too.
    expect(verdicts('rtt')).toEqual({A: 'reference', B: 'better', C: 'better'});
    const overlapping = makeDataset({
      scenarios: [scenario('A', 'a'), scenario('B', 'b')],
      results: [row('pod_rtt', 'A', 100, 'us', {min: 90, max: 130}), row('pod_rtt', 'B', 80, 'us', {min: 70, max: 90})],
    });
    const [line] = overviewLines(new FigureRows(overlapping), {baseline: 'A', rows: [config.rows[1]], headlines: []});
    expect(line.cells[1]).toMatchObject({verdict: 'not-established', reason: 'overlap'});
  });

  it('writes a metric in % as a change in points, and leaves a missing value uncompared', () => {
    expect(verdicts('loss')).toEqual({A: 'reference', B: 'better', C: 'none'});
    const line = overviewLines(new FigureRows(dataset), config).find((l) => l.spec.key === 'loss')!;
    expect(line.cells[1].change).toEqual({kind: 'points', value: -19});
  });

  it('never calls a metric without a better direction better or worse, and holds it to the rule too', () => {
    // B (7–8.5) is apart from A (9–11): an established difference, context; C (9.5–10.5) overlaps A.
    expect(verdicts('udp')).toEqual({A: 'reference', B: 'context', C: 'not-established'});
  });

  it('writes a change of 2× or more as a ratio, and a bar strength capped at 4×', () => {
    expect(changeFigure('Gbps', 2, 5)).toEqual({kind: 'ratio', value: 2.5});
    expect(changeFigure('Gbps', 5, 2)).toEqual({kind: 'change', value: -60});
    const big = makeDataset({scenarios: [scenario('A', 'a'), scenario('B', 'b')], results: [row('tcp_throughput', 'A', 1, 'Gbps', {min: 0.9, max: 1.1}), row('tcp_throughput', 'B', 100, 'Gbps', {min: 90, max: 110})]});
    const [line] = overviewLines(new FigureRows(big), {baseline: 'A', rows: [config.rows[0]], headlines: []});
    expect(line.cells[1].strength).toBe(2);
  });

  it('keeps a query that names no row for the build to report, and names a bad baseline', () => {
    const select = new FigureRows(dataset);
    overviewLines(select, {baseline: 'A', rows: [{key: 'dns', metric: 'dns_latency', where: {stat: 'p99'}}], headlines: []});
    expect(select.problems.map((p) => p.message).join('\n')).toMatch(/metric: dns_latency, scenario: A, where: \{"stat":"p99"\}\} matches no row/);
    expect(() => overviewLines(new FigureRows(dataset), {...config, baseline: 'Z'})).toThrow(/Z is not a scenario \(A, B, C\)/);
    expect(() => overviewLines(new FigureRows(dataset), {rows: config.rows, headlines: []})).toThrow(/row "tcp" compares with the baseline, and the config names none/);
  });
});

describe('suiteHeadlines', () => {
  it('gives the configured cells and leaves out one without a value, saying so', () => {
    const h = suiteHeadlines(dataset, config);
    expect(h.headlines.map((x) => [x.row.key, x.scenario, x.versus, x.verdict])).toEqual([['rtt', 'C', 'A', 'better']]);
    expect(h.keyFigure).toBeUndefined();
    expect(h.problems).toEqual([expect.stringMatching(/headline loss\/C of .* has no measured value/)]);
    expect(() => suiteHeadlines(dataset, {...config, headlines: [{row: 'nope', scenario: 'A'}]})).toThrow(/no such overview cell \(rows: tcp, rtt, loss, udp/);
  });

  it('leaves out headlines the rule does not establish; with none left, the first is the key figure', () => {
    const some = suiteHeadlines(dataset, {...config, headlines: [{row: 'tcp', scenario: 'C'}, {row: 'rtt', scenario: 'B'}]});
    expect(some.headlines.map((x) => x.row.key)).toEqual(['rtt']);
    expect(some.keyFigure).toBeUndefined();
    const none = suiteHeadlines(dataset, {...config, headlines: [{row: 'tcp', scenario: 'C'}, {row: 'tcp', scenario: 'B'}]});
    expect(none.headlines).toEqual([]);
    expect(none.keyFigure).toMatchObject({row: {key: 'tcp'}, scenario: 'C', value: 8, verdict: 'not-established', reason: 'no-spread'});
  });
});
