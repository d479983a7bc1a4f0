/**
 * Colours, axes and marks of a chart, decided from hand-written panels: the rules the
 * rendered chart follows (tests/e2e/chart-marks.spec.ts checks the drawing itself).
 */
import {describe, expect, it} from 'vitest';
import type {Panel} from '@site/src/data/chart/model';
import type {ResultRow} from '@site/src/data/schema';
import {BY_SCENARIO, colourPanels} from './palette';
import {numericAxis} from './axis';
import {markOf, panelMarks} from './marks';

const row = (value: number | null, flags?: ResultRow['flags']): ResultRow => ({metric: 'http_latency', scenario: 'A', value, unit: 'ms', flags});

function panel(key: string, series: string[], categories = ['A', 'B', 'C'], extra: Partial<Panel> = {}): Panel {
  return {
    key,
    metric: 'http_latency',
    unit: 'ms',
    kind: 'bar',
    categories: categories.map((c) => ({key: c, label: c})),
    // Every panel numbers its series from 0, as gridPanel does: the collisions colourPanels must undo.
    series: series.map((s, i) => ({key: s, label: s, color: i})),
    cells: Object.fromEntries(categories.map((c) => [c, Object.fromEntries(series.map((s) => [s, row(1)]))])),
    ...extra,
  };
}

describe('colourPanels', () => {
  it('gives every series of a chart its own colour and keeps it across panels', () => {
    // The HTTP chart's shape: p50/p99, then QPS 5,000/max, then QPS 1,000/5,000/max.
    const panels = colourPanels([panel('lat', ['p50', 'p99']), panel('load', ['q5000', 'qmax']), panel('rps', ['q1000', 'q5000', 'qmax'])], ['A', 'B', 'C']);
    const colourOf = new Map<string, number>();
    for (const p of panels)
      for (const s of p.series) {
        if (colourOf.has(s.key)) expect(s.color, `${s.key} in ${p.key}`).toBe(colourOf.get(s.key));
        colourOf.set(s.key, s.color);
      }
    expect(colourOf.size).toBe(5);
    expect(new Set(colourOf.values()).size, 'no two series share a colour').toBe(5);
  });

  it('keeps a scenario series on its scenario slot and gives other series the free slots', () => {
    const [p] = colourPanels([panel('x', ['overlay', 'extra', 'iptables'], ['c1', 'c2'])], ['iptables', 'native', 'overlay']);
    const slot = Object.fromEntries(p.series.map((s) => [s.key, s.color]));
    expect(slot.iptables).toBe(0);
    expect(slot.overlay).toBe(2);
    expect([0, 2]).not.toContain(slot.extra);
  });

  it('colours one series over the scenarios by scenario, and a previous version like its current series', () => {
    const [single] = colourPanels([panel('tcp', ['tcp'], ['B', 'C'])], ['A', 'B', 'C']);
    expect(single.categoryColors).toEqual({B: 1, C: 2});
    expect(single.series[0].color, 'its legend swatch shows the scenario colours').toBe(BY_SCENARIO);
    const compare = panel('tcp', ['tcp@prev', 'tcp'], ['A', 'B']);
    compare.series[0].ghost = true;
    const [withPrev] = colourPanels([compare], ['A', 'B']);
    expect(withPrev.series[0].color).toBe(withPrev.series[1].color);
    expect(withPrev.categoryColors).toEqual({A: 0, B: 1});
    const [two] = colourPanels([panel('lat', ['p50', 'p99'])], ['A', 'B', 'C']);
    expect(two.categoryColors).toBeUndefined();
  });
});

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
    expect(panelMarks(p, new Set())).toMatchObject({flagged: false, approximate: true, allApproximate: true, missing: ['N/M']});
    p.cells.C.s = row(3, [{kind: 'approximate'}, {kind: 'single-round-outlier'}]);
    expect(panelMarks(p, new Set()), 'an approximate outlier is still approximate').toMatchObject({flagged: true, allApproximate: true});
    p.cells.C.s = row(3, [{kind: 'target-not-reached'}]);
    expect(panelMarks(p, new Set())).toMatchObject({flagged: true, allApproximate: false});
    expect(panelMarks(p, new Set(['s']))).toMatchObject({flagged: false, approximate: false, missing: []});
  });
});
