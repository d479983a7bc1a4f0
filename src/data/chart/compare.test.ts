/**
 * Compare with the previous version, on hand-written panels: which cells changed, by
 * how much, better or worse by the metric's direction, and one value scale for both plots.
 * Expected values are worked out here from the rows.
 */
import {describe, expect, it} from 'vitest';
import type {ResultRow} from '@site/src/data/schema';
import type {Panel} from './model';
import {niceCeiling, panelChanges, sharedMaximum} from './compare';

const row = (value: number | null, extra: Partial<ResultRow> = {}): ResultRow => ({metric: 'tcp_throughput', scenario: 'A', value, unit: 'Gbps', ...extra});
/** Both versions medians of three rounds. */
const METHODS = {previous: {rounds: 3, aggregate: 'median'}, current: {rounds: 3, aggregate: 'median'}} as const;
/** A range of ±1% around a value: apart from any other value here. */
const tight = (value: number): ResultRow => row(value, {min: value * 0.99, max: value * 1.01});

/** A throughput panel (higher is better): cells[category][series] = row. */
function panel(cells: Record<string, Record<string, ResultRow | undefined>>, extra: Partial<Panel> = {}): Panel {
  const series = [...new Set(Object.values(cells).flatMap((c) => Object.keys(c)))];
  return {
    key: 'tcp',
    metric: 'tcp_throughput',
    unit: 'Gbps',
    kind: 'bar',
    categories: Object.keys(cells).map((k) => ({key: k, label: `case ${k}`})),
    series: series.map((s) => ({key: s, label: `series ${s}`})),
    cells,
    ...extra,
  };
}

describe('panelChanges', () => {
  it('says per cell what changed, by how much and whether that is better or worse', () => {
    const before = panel({one: {s: tight(10)}, two: {s: tight(4)}, three: {s: tight(5)}});
    const after = panel({one: {s: tight(12)}, two: {s: tight(3)}, three: {s: tight(5)}});
    const changes = panelChanges(after, before, new Set(), METHODS);
    expect(changes.map((c) => [c.category, c.kind, c.difference, c.change, c.verdict])).toEqual([
      ['one', 'changed', 2, 20, 'better'],
      ['two', 'changed', -1, -25, 'worse'],
      ['three', 'unchanged', 0, 0, undefined],
    ]);
    expect(changes[0]).toMatchObject({categoryLabel: 'case one', seriesLabel: 'series s'});
  });

  it('reads a lower-is-better metric the other way round', () => {
    const latency = (v: number) => panel({a: {s: row(v, {metric: 'pod_rtt', unit: 'us', min: v - 1, max: v + 1})}}, {metric: 'pod_rtt', unit: 'us'});
    expect(panelChanges(latency(80), latency(100), new Set(), METHODS)[0]).toMatchObject({kind: 'changed', difference: -20, verdict: 'better'});
  });

  it('gives no verdict, and the reason, for a change the rule does not establish', () => {
    const before = panel({a: {s: row(10, {min: 9, max: 12})}, b: {s: row(10)}});
    const after = panel({a: {s: row(11, {min: 10, max: 11.5})}, b: {s: tight(20)}});
    const [overlapping, unranged] = panelChanges(after, before, new Set(), METHODS);
    expect(overlapping).toMatchObject({kind: 'changed', difference: 1, reason: 'overlap'});
    expect(overlapping.verdict).toBeUndefined();
    expect(unranged).toMatchObject({kind: 'changed', difference: 10, reason: 'no-spread'});
    expect(unranged.verdict).toBeUndefined();
    // A previous version of single runs: too few rounds, whatever the ranges.
    const [single] = panelChanges(panel({a: {s: tight(20)}}), panel({a: {s: tight(10)}}), new Set(), {...METHODS, previous: {rounds: 1, aggregate: 'single'}});
    expect(single).toMatchObject({reason: 'too-few-rounds'});
  });

  it('pairs by key: a step or series one version lacks is added or removed, a missing value measured or unmeasured', () => {
    const before = panel({a: {s: row(1), t: row(null, {flags: [{kind: 'not-measured'}]})}, old: {s: row(2)}});
    const after = panel({a: {s: row(null, {flags: [{kind: 'not-measured'}]}), t: row(3)}, fresh: {s: row(4)}});
    const kinds = Object.fromEntries(panelChanges(after, before, new Set(), METHODS).map((c) => [`${c.category}/${c.series}`, c.kind]));
    expect(kinds).toEqual({'a/s': 'unmeasured', 'a/t': 'measured', 'fresh/s': 'added', 'old/s': 'removed'});
  });

  it('lists every cell as added when there is no previous panel, and leaves hidden series out', () => {
    const after = panel({a: {s: row(1), t: row(2)}});
    expect(panelChanges(after, undefined, new Set(['t']), METHODS).map((c) => [c.series, c.kind])).toEqual([['s', 'added']]);
  });
});

describe('sharedMaximum', () => {
  it('is the largest value either version draws, the top of a spread included, hidden series left out, rounded up', () => {
    const before = panel({a: {s: row(10, {min: 8, max: 13})}});
    const after = panel({a: {s: row(12), t: row(50)}});
    expect(sharedMaximum([after, before], new Set(['t']))).toBe(15);
    expect(sharedMaximum([after, before], new Set())).toBe(50);
  });

  it('rounds up to a round multiple of a power of ten', () => {
    expect([28602.1, 19.25, 0.42, 100, 2.1, 7.1, 0].map(niceCeiling)).toEqual([30000, 20, 0.5, 100, 2.5, 8, 0]);
  });
});
