import {describe, expect, it} from 'vitest';
import {makeDataset} from './testing/makeDataset';
import {FigureRows, percentChange, selectRow, selectRows, SelectionError, trySelectRow} from './selectors';
import {median} from './stats';
import {formatDate, formatFigure, formatValue} from './format';
import {compareVersions, latestVersion} from './versions';

const d = makeDataset({
  results: [
    {metric: 'http_latency', scenario: 'A', value: 10.92, unit: 'ms', conditions: {qps: 1000, stat: 'p99'}},
    {metric: 'http_latency', scenario: 'A', value: 4.39, unit: 'ms', conditions: {qps: 1000, stat: 'p50'}},
    {metric: 'http_latency', scenario: 'A', value: 8.11, unit: 'ms', conditions: {qps: 1000, stat: 'p99', connection: 'close', services: 4}},
    {metric: 'http_latency', scenario: 'B', value: 9.87, unit: 'ms', conditions: {qps: 1000, stat: 'p99'}},
  ],
});

describe('selectors', () => {
  it('matches conditions exactly by default', () => {
    expect(selectRow(d, {metric: 'http_latency', scenario: 'A', where: {qps: 1000, stat: 'p99'}}).value).toBe(10.92);
  });

  it('answers from its per-metric index in row order, and sees rows appended after a first query', () => {
    const results = [...d.results];
    const grown = {...d, results};
    expect(selectRows(grown, {metric: 'http_latency', scenario: 'B', where: {qps: 1000, stat: 'p99'}}).map((r) => r.value)).toEqual([9.87]);
    results.push({metric: 'http_latency', scenario: 'B', value: 3.5, unit: 'ms', conditions: {qps: 1000, stat: 'p50'}});
    results.push({metric: 'tcp_throughput', scenario: 'B', value: 9.5, unit: 'Gbps'});
    expect(selectRows(grown, {metric: 'http_latency', scenario: 'B', where: {qps: 1000}, exact: false}).map((r) => r.value)).toEqual([9.87, 3.5]);
    expect(selectRows(grown, {metric: 'tcp_throughput', scenario: 'B'}).map((r) => r.value)).toEqual([9.5]);
  });

  it('lets a relaxed query see rows with more conditions', () => {
    expect(selectRows(d, {metric: 'http_latency', scenario: 'A', where: {stat: 'p99'}, exact: false}).map((r) => r.value)).toEqual([10.92, 8.11]);
  });

  it('names the query when no row or several rows match', () => {
    expect(() => selectRow(d, {metric: 'http_latency', scenario: 'C', where: {qps: 1000, stat: 'p99'}})).toThrow(
      'query {metric: http_latency, scenario: C, where: {"qps":1000,"stat":"p99"}} matches no row in test-suite@2026-01-02',
    );
    expect(() => selectRow({...d, results: [...d.results, {...d.results[0]}]}, {metric: 'http_latency', scenario: 'A', where: {qps: 1000, stat: 'p99'}})).toThrow(/matches 2 rows .*add conditions/);
    // A relaxed query that reaches two rows is as ambiguous as an exact one.
    expect(trySelectRow(d, {metric: 'http_latency', scenario: 'A', where: {stat: 'p99'}, exact: false})).toBeInstanceOf(SelectionError);
  });

  it('keeps what a figure could not select instead of showing the first match', () => {
    const rows = new FigureRows(d);
    expect(rows.value({metric: 'http_latency', scenario: 'B', where: {qps: 1000, stat: 'p99'}})).toBe(9.87);
    expect(rows.row({metric: 'http_latency', scenario: 'A', where: {stat: 'p99'}, exact: false})).toBeUndefined();
    expect(rows.value({metric: 'http_latency', scenario: 'C'})).toBeNull();
    expect(rows.problems.map((p) => p.matches.length)).toEqual([2, 0]);
  });

  it('computes changes and medians', () => {
    expect(percentChange(4894, 3135)).toBeCloseTo(-35.94, 2);
    expect(percentChange(0, 1)).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe('formatting per locale', () => {
  it('formats numbers with each locale’s separators and unit symbols', () => {
    expect(formatValue(4894, 'us', 'en')).toBe('4,894\u00a0µs');
    expect(formatValue(4894, 'us', 'ko')).toBe('4,894\u00a0µs');
    expect(formatValue(12.41, 'Gbps', 'zh')).toBe('12.41\u00a0Gbps');
    expect(formatValue(1234.5, 'ms', 'de')).toBe('1.235\u00a0ms');
    expect(formatValue(20.39, '%', 'en')).toBe('20.39%');
    expect(formatFigure({kind: 'change', value: -35.94}, 'en')).toBe('\u221236%');
    expect(formatFigure({kind: 'change', value: 16.2}, 'en')).toBe('+16%');
  });

  it('formats dates in the reader’s language without shifting the day', () => {
    expect(formatDate('2026-02-09', 'en')).toBe('February 9, 2026');
    expect(formatDate('2026-02-09', 'ko')).toBe('2026년 2월 9일');
    expect(formatDate('2026-02-09', 'zh')).toBe('2026年2月9日');
  });
});

describe('versions', () => {
  it('orders by date, then by run number', () => {
    expect(['2026-02-09.1', '2026-02-09', '2025-12-01'].sort(compareVersions)).toEqual(['2025-12-01', '2026-02-09', '2026-02-09.1']);
    expect(latestVersion(['2026-02-09', '2026-02-09.2', '2026-02-09.10'])).toBe('2026-02-09.10');
  });
});
