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
    const before = panel({one: {s: row(10)}, two: {s: row(4)}, three: {s: row(5)}});
    const after = panel({one: {s: row(12)}, two: {s: row(3)}, three: {s: row(5)}});
    const changes = panelChanges(after, before, new Set());
    expect(changes.map((c) => [c.category, c.kind, c.difference, c.change, c.verdict])).toEqual([
      ['one', 'changed', 2, 20, 'better'],
      ['two', 'changed', -1, -25, 'worse'],
      ['three', 'unchanged', 0, 0, undefined],
    ]);
    expect(changes[0]).toMatchObject({categoryLabel: 'case one', seriesLabel: 'series s'});
  });

  it('reads a lower-is-better metric the other way round', () => {
    const latency = (v: number) => panel({a: {s: row(v, {metric: 'pod_rtt', unit: 'us'})}}, {metric: 'pod_rtt', unit: 'us'});
    expect(panelChanges(latency(80), latency(100), new Set())[0]).toMatchObject({kind: 'changed', difference: -20, verdict: 'better'});
  });

  it('calls a difference smaller than the spread over rounds within the spread, with no verdict', () => {
    const before = panel({a: {s: row(10, {min: 9, max: 12})}});
    const after = panel({a: {s: row(11, {min: 10, max: 11.5})}});
    const [change] = panelChanges(after, before, new Set());
    expect(change).toMatchObject({kind: 'withinSpread', difference: 1});
    expect(change.verdict).toBeUndefined();
  });

  it('pairs by key: a step or series one version lacks is added or removed, a missing value measured or unmeasured', () => {
    const before = panel({a: {s: row(1), t: row(null, {flags: [{kind: 'not-measured'}]})}, old: {s: row(2)}});
    const after = panel({a: {s: row(null, {flags: [{kind: 'not-measured'}]}), t: row(3)}, fresh: {s: row(4)}});
    const kinds = Object.fromEntries(panelChanges(after, before, new Set()).map((c) => [`${c.category}/${c.series}`, c.kind]));
    expect(kinds).toEqual({'a/s': 'unmeasured', 'a/t': 'measured', 'fresh/s': 'added', 'old/s': 'removed'});
  });

  it('lists every cell as added when there is no previous panel, and leaves hidden series out', () => {
    const after = panel({a: {s: row(1), t: row(2)}});
    expect(panelChanges(after, undefined, new Set(['t'])).map((c) => [c.series, c.kind])).toEqual([['s', 'added']]);
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
