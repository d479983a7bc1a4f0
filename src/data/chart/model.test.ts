/**
 * The chart model on hand-written rows: what CSV/JSON export and the
 * percent-of-first display produce.
 * Expected values are worked out here from the rows, not read back from the code.
 */
import {describe, expect, it} from 'vitest';
import type {ResultRow} from '@site/src/data/schema';
import {makeDataset, scenario} from '@site/src/data/testing/makeDataset';
import {displayValue, scenarioPanel, shownRows, type Panel} from './model';
import {toCsv, toJson} from './export';

const row = (scenarioId: string, value: number | null, extra: Partial<ResultRow> = {}): ResultRow => ({
  metric: 'tcp_throughput',
  scenario: scenarioId,
  value,
  unit: 'Gbps',
  ...(value === null ? {flags: [{kind: 'not-measured'}]} : {}),
  ...extra,
});

const dataset = (values: Record<string, number | null>, version = '2026-01-02') =>
  makeDataset({
    version,
    collectedAt: version,
    scenarios: Object.keys(values).map((id) => scenario(id, `Setup ${id}`)),
    results: Object.entries(values).flatMap(([id, v]) => [
      row(id, v, {conditions: {streams: 1}}),
      row(id, v === null ? null : v * 2, {conditions: {streams: 8}, min: v === null ? undefined : v * 2 - 1, max: v === null ? undefined : v * 2 + 1}),
    ]),
  });

const panelOf = (values: Record<string, number | null>, version?: string): Panel =>
  scenarioPanel(dataset(values, version), {key: 'tcp', metric: 'tcp_throughput'}, [
    {key: 'one', label: '1 stream', query: {metric: 'tcp_throughput', where: {streams: 1}}},
    {key: 'eight', label: '8 streams', query: {metric: 'tcp_throughput', where: {streams: 8}}},
  ]);

const META = {suite: 'test-suite', version: '2026-01-02', chart: 'TestChart'};

describe('scenarioPanel', () => {
  it('puts each scenario in a category and each query in a series, cell by cell', () => {
    const panel = panelOf({A: 1.5, B: 3});
    expect(panel.categories).toEqual([
      {key: 'A', label: 'A: Setup A'},
      {key: 'B', label: 'B: Setup B'},
    ]);
    expect(panel.series.map((s) => [s.key, s.label])).toEqual([
      ['one', '1 stream'],
      ['eight', '8 streams'],
    ]);
    expect(panel.unit).toBe('Gbps');
    expect(panel.cells.B.eight?.value).toBe(6);
    expect(panel.cells.A.one?.value).toBe(1.5);
  });

  it('leaves a cell empty and keeps the query when it names several rows or none', () => {
    const d = dataset({A: 1, B: 2});
    d.results.push(row('A', 5, {conditions: {streams: 1}}));
    d.results = d.results.filter((r) => !(r.scenario === 'B' && r.conditions?.streams === 8));
    const panel = scenarioPanel(d, {key: 'tcp', metric: 'tcp_throughput'}, [
      {key: 'one', label: '1 stream', query: {metric: 'tcp_throughput', where: {streams: 1}}},
      {key: 'eight', label: '8 streams', query: {metric: 'tcp_throughput', where: {streams: 8}}},
    ]);
    expect(panel.cells.A.one).toBeUndefined();
    expect(panel.cells.B.eight).toBeUndefined();
    expect(panel.cells.A.eight?.value).toBe(2);
    expect(panel.unmatched?.map((e) => e.message)).toEqual([
      expect.stringMatching(/^query \{metric: tcp_throughput, scenario: A, where: \{"streams":1\}\} matches 2 rows/),
      expect.stringMatching(/^query \{metric: tcp_throughput, scenario: B, where: \{"streams":8\}\} matches no row in /),
    ]);
  });

  it('has nothing unmatched when every query names one row', () => {
    expect(panelOf({A: 1, B: 2}).unmatched).toBeUndefined();
  });
});

describe('toCsv', () => {
  it('writes one line per visible cell with the stored value, conditions, range and flags', () => {
    const csv = toCsv([panelOf({A: 1.25, B: null})], new Set(), META).trimEnd().split('\n');
    expect(csv[0]).toBe('suite,version,chart,panel,category,series,metric,scenario,conditions,value,unit,min,max,flags');
    expect(csv.slice(1)).toEqual([
      'test-suite,2026-01-02,TestChart,tcp,A: Setup A,1 stream,tcp_throughput,A,streams=1,1.25,Gbps,,,',
      'test-suite,2026-01-02,TestChart,tcp,A: Setup A,8 streams,tcp_throughput,A,streams=8,2.5,Gbps,1.5,3.5,',
      'test-suite,2026-01-02,TestChart,tcp,B: Setup B,1 stream,tcp_throughput,B,streams=1,,Gbps,,,not-measured',
      'test-suite,2026-01-02,TestChart,tcp,B: Setup B,8 streams,tcp_throughput,B,streams=8,,Gbps,,,not-measured',
    ]);
  });

  it('leaves out hidden series and quotes fields holding commas or quotes', () => {
    const panel = panelOf({A: 2});
    panel.categories[0].label = 'A, "tuned"';
    const csv = toCsv([panel], new Set(['eight']), META).trimEnd().split('\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toBe('test-suite,2026-01-02,TestChart,tcp,"A, ""tuned""",1 stream,tcp_throughput,A,streams=1,2,Gbps,,,');
  });
});

describe('toJson and shownRows', () => {
  it('exports exactly the rows of the visible series, each once, with the chart it came from', () => {
    const panel = panelOf({A: 1, B: 2});
    const json = JSON.parse(toJson([panel, panel], new Set(['one']), META));
    expect(json.suite).toBe('test-suite');
    expect(json.version).toBe('2026-01-02');
    expect(json.chart).toBe('TestChart');
    expect(json.rows.map((r: ResultRow) => [r.scenario, r.conditions?.streams, r.value])).toEqual([
      ['A', 8, 2],
      ['B', 8, 4],
    ]);
    expect(shownRows([panel], new Set())).toHaveLength(4);
  });
});

describe('exports in compare view', () => {
  it('add the previous version’s rows, each line and block under its own version', () => {
    const current = panelOf({A: 3}, '2026-02-01');
    const previous = {panels: [panelOf({A: 1}, '2026-01-01')], version: '2026-01-01'};
    const csv = toCsv([current], new Set(['eight']), {...META, version: '2026-02-01'}, previous).trimEnd().split('\n');
    expect(csv.slice(1).map((l) => l.split(',').slice(1, 2).concat(l.split(',')[9]))).toEqual([
      ['2026-02-01', '3'],
      ['2026-01-01', '1'],
    ]);
    const json = JSON.parse(toJson([current], new Set(['eight']), {...META, version: '2026-02-01'}, previous));
    expect(json.rows.map((r: ResultRow) => r.value)).toEqual([3]);
    expect(json.previous.version).toBe('2026-01-01');
    expect(json.previous.rows.map((r: ResultRow) => r.value)).toEqual([1]);
  });
});

describe('displayValue (percent of the first category)', () => {
  it('gives absolute values as stored, and percent of the first category when asked', () => {
    const panel = panelOf({A: 4, B: 3, C: 5});
    expect(displayValue(panel, 'B', 'one')).toBe(3);
    const percent = {...panel, display: 'percentOfFirst' as const};
    expect(displayValue(percent, 'A', 'one')).toBe(100);
    expect(displayValue(percent, 'B', 'one')).toBe(75);
    expect(displayValue(percent, 'C', 'eight')).toBe(125);
  });

  it('has no percentage when the cell or the first category has no value, or the base is 0', () => {
    const percent = {...panelOf({A: null, B: 3}), display: 'percentOfFirst' as const};
    expect(displayValue(percent, 'B', 'one')).toBeNull();
    const zeroBase = {...panelOf({A: 0, B: 3}), display: 'percentOfFirst' as const};
    expect(displayValue(zeroBase, 'B', 'one')).toBeNull();
    expect(displayValue(panelOf({A: 1}), 'Z', 'one')).toBeNull();
  });
});
