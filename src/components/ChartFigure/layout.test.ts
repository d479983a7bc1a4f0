/**
 * Axes, direct labels and trust marks of a chart, decided from hand-written panels: the
 * rules the rendered chart follows (tests/e2e/report-checks/marks.ts and chart-layout.spec.ts
 * check the drawing itself).
 */
import {describe, expect, it} from 'vitest';
import {panel, row} from '@site/src/data/testing/panel';
import {displayScale, niceTicks, numericAxis, spacedTicks} from './axis';
import {labelLines, labelMargin, spreadLabels} from './directLabels';
import {markOf, panelMarks, panelWideFlags} from './marks';

describe('numericAxis', () => {
  it('puts numeric line categories on a log axis when they span orders of magnitude, linear otherwise', () => {
    expect(numericAxis(panel('n', ['a'], ['4', '104', '1000'], {kind: 'line'}))).toEqual({positions: {'4': 4, '104': 104, '1000': 1000}, scale: 'log'});
    const tke = panel('s', ['a'], ['baseline', '5000', '30000'], {kind: 'line'});
    tke.categories[0].x = 0;
    expect(numericAxis(tke)).toEqual({positions: {baseline: 0, '5000': 5000, '30000': 30000}, scale: 'linear'});
  });

  it('keeps categories for bars and for words', () => {
    expect(numericAxis(panel('b', ['a'], ['4', '104']))).toBeUndefined();
    expect(numericAxis(panel('w', ['a'], ['baseline', '5000'], {kind: 'line'}))).toBeUndefined();
  });
});

describe('spacedTicks', () => {
  // A linear axis 0-30,000 over `px` pixels; every label 40 px wide.
  const at = (px: number) => (v: number) => (v / 30000) * px;
  const steps = [0, 5000, 10000, 20000, 30000];

  it('labels every step when there is room', () => {
    expect(spacedTicks(steps, at(600), () => 40)).toEqual(steps);
  });

  it('drops steps that would touch the last kept one, always keeping the largest (a phone)', () => {
    // 240 px: 40 px per 5,000, a label needs 48 px from the next.
    expect(spacedTicks(steps, at(240), () => 40)).toEqual([0, 10000, 20000, 30000]);
    expect(spacedTicks(steps, at(120), () => 40)).toEqual([0, 30000]);
    // The largest step pushes out a neighbour that crowds it.
    expect(spacedTicks([0, 26000, 30000], at(240), () => 40)).toEqual([0, 30000]);
  });
});

describe('direct labels', () => {
  it('break a long name into two lines, shorten "B: ..." to its id or cut with an ellipsis when even that does not fit', () => {
    expect(labelLines('Cilium overlay', 200)).toEqual(['Cilium overlay']);
    expect(labelLines('kube-proxy iptables', 90)).toEqual(['kube-proxy', 'iptables']);
    expect(labelLines('B: Cilium + kube-proxy in overlay mode', 60)).toEqual(['B']);
    const cut = labelLines('iptables: KUBE-SERVICES rules in the nat table', 90);
    expect(cut).toHaveLength(2);
    expect(cut[1].endsWith('…')).toBe(true);
  });

  it('take a right margin only when the plot keeps its room', () => {
    expect(labelMargin(['Cilium overlay', 'Cilium native'], 900, 64)).toBeGreaterThan(100);
    expect(labelMargin(['Cilium overlay', 'Cilium native'], 340, 64), 'a phone keeps the legend only').toBe(0);
    expect(labelMargin([], 900, 64)).toBe(0);
  });

  it('are pushed apart so none overlaps, inside the plot', () => {
    const tops = spreadLabels(
      [
        {key: 'a', y: 100, height: 13},
        {key: 'b', y: 102, height: 26},
        {key: 'c', y: 195, height: 13},
      ],
      0,
      200,
    );
    expect(tops.a).toBeCloseTo(93.5);
    expect(tops.b).toBeCloseTo(106.5);
    expect(tops.c).toBe(187);
    const crowded = spreadLabels(
      [
        {key: 'a', y: 195, height: 13},
        {key: 'b', y: 196, height: 13},
      ],
      0,
      200,
    );
    expect(crowded).toEqual({a: 174, b: 187});
  });
});

describe('marks', () => {
  it('classifies each cell and says what a panel shows', () => {
    expect(markOf(row(1, [{kind: 'suspected-transient'}]))).toBe('flagged');
    expect(markOf(row(1, [{kind: 'approximate'}]))).toBe('approximate');
    expect(markOf(row(null, [{kind: 'not-applicable'}]))).toBe('missing');
    expect(markOf(row(1))).toBeUndefined();
    const p = panel('p', ['s'], ['A', 'B', 'C']);
    p.cells.A.s = row(null, [{kind: 'not-measured'}]);
    p.cells.B.s = row(2, [{kind: 'approximate'}]);
    p.cells.C.s = row(3, [{kind: 'approximate'}]);
    expect(panelMarks(p, new Set()), 'every value approximate: said once in the key').toMatchObject({flagged: false, approximate: false, panelWide: ['approximate'], missing: ['N/M']});
    p.cells.C.s = row(3, [{kind: 'approximate'}, {kind: 'single-round-outlier'}]);
    expect(panelMarks(p, new Set()), 'an approximate outlier is still flagged').toMatchObject({flagged: true, panelWide: ['approximate']});
    expect(markOf(p.cells.B.s, panelWideFlags(p, new Set())), 'a panel-wide flag leaves the point unmarked').toBeUndefined();
    p.cells.C.s = row(3, [{kind: 'target-not-reached'}]);
    expect(panelMarks(p, new Set())).toMatchObject({flagged: true, approximate: true, panelWide: []});
    p.cells.B.s = row(2, [{kind: 'same-node'}]);
    p.cells.C.s = row(3, [{kind: 'same-node'}, {kind: 'too-few-rounds'}]);
    expect(panelMarks(p, new Set()), 'a flag on every value goes to the key; the others stay on their point').toMatchObject({flagged: true, panelWide: ['same-node']});
    expect(markOf(p.cells.C.s, panelWideFlags(p, new Set()))).toBe('flagged');
    expect(panelMarks(p, new Set(['s']))).toMatchObject({flagged: false, approximate: false, missing: []});
  });
});

describe('niceTicks', () => {
  it('steps from zero past the largest value in 1, 2, 2.5 or 5 times a power of ten, four to six ticks', () => {
    expect(niceTicks(25_586)).toEqual([0, 10_000, 20_000, 30_000]);
    expect(niceTicks(15_857)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(niceTicks(12.41)).toEqual([0, 2.5, 5, 7.5, 10, 12.5]);
    expect(niceTicks(86)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    for (const max of [1, 7, 99, 101, 4_894, 33_000]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length, `ticks for ${max}: ${ticks}`).toBeGreaterThanOrEqual(3);
      expect(ticks.length, `ticks for ${max}: ${ticks}`).toBeLessThanOrEqual(6);
    }
  });
});

describe('displayScale', () => {
  it('shows ms as s and µs as ms once the axis needs five digits, and leaves other units alone', () => {
    expect(displayScale('ms', 15_857)).toEqual({unit: 's', divisor: 1000});
    expect(displayScale('ms', 9_999)).toEqual({unit: 'ms', divisor: 1});
    expect(displayScale('us', 12_000)).toEqual({unit: 'ms', divisor: 1000});
    expect(displayScale('req/s', 25_586)).toEqual({unit: 'req/s', divisor: 1});
  });
});
