/**
 * Colours, axes, marks and labels of a chart, decided from hand-written panels: the rules
 * the rendered chart follows (tests/e2e/chart-marks.spec.ts and chart-palette.spec.ts check
 * the drawing itself), and the palette's contrast as written in src/css/custom.css.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';
import type {Panel} from '@site/src/data/chart/model';
import type {ResultRow} from '@site/src/data/schema';
import {BY_SCENARIO, PALETTE_SIZE, colourPanels, type ColouredPanel} from './palette';
import {numericAxis, spacedTicks} from './axis';
import {labelLines, labelMargin, spreadLabels} from './directLabels';
import {markOf, panelMarks} from './marks';

extend([a11yPlugin, mixPlugin]);

const row = (value: number | null, flags?: ResultRow['flags'], scenario = 'A'): ResultRow => ({metric: 'http_latency', scenario, value, unit: 'ms', flags});

/**
 * A panel over `categories`; each cell's row belongs to the category when the categories
 * are scenarios (`rowScenario` 'category'), to the series when the series are, or to one scenario.
 */
function panel(key: string, series: string[], categories = ['A', 'B', 'C'], extra: Partial<Panel> = {}, rowScenario: 'category' | 'series' | string = 'category'): Panel {
  const scenarioOf = (c: string, s: string) => (rowScenario === 'category' ? c : rowScenario === 'series' ? s : rowScenario);
  return {
    key,
    metric: 'http_latency',
    unit: 'ms',
    kind: 'bar',
    categories: categories.map((c) => ({key: c, label: c})),
    series: series.map((s) => ({key: s, label: s})),
    cells: Object.fromEntries(categories.map((c) => [c, Object.fromEntries(series.map((s) => [s, row(1, undefined, scenarioOf(c, s))]))])),
    ...extra,
  };
}

const styleOf = (panels: ColouredPanel[]) => Object.fromEntries(panels.flatMap((p) => p.series.map((s) => [s.key, s.style])));

describe('colourPanels', () => {
  it('gives a scenario one slot and shape by its place in the dataset, in every chart, the baseline (first) slot 0', () => {
    const ids = ['iptables', 'native', 'overlay'];
    // A line chart whose series are clusters, showing only two of them, and a bar chart over cases.
    const lines = colourPanels([panel('scale', ['overlay', 'iptables'], ['4', '104'], {kind: 'line'}, 'series')], ids);
    const bars = colourPanels([panel('tput', ['native', 'overlay'], ['pod', 'host'], {}, 'series')], ids);
    expect(styleOf(lines)).toMatchObject({iptables: {hue: 0, shape: 0, variant: 0, scenario: 'iptables'}, overlay: {hue: 2, shape: 2, variant: 0}});
    expect(styleOf(bars)).toMatchObject({native: {hue: 1, shape: 1}, overlay: {hue: 2, shape: 2}});
  });

  it('takes the scenario of a series whose rows all belong to one scenario (scenario E over Service counts)', () => {
    const [p] = colourPanels([panel('e', ['p99'], ['4', '1000'], {}, 'E')], ['A', 'B', 'C', 'D', 'E']);
    expect(p.series[0].style).toMatchObject({hue: 4, scenario: 'E', variant: 0});
    expect(p.categoryColors).toBeUndefined();
  });

  it('colours bars over the scenarios by scenario and tells their series apart by variant, the same in every panel', () => {
    // The HTTP chart's shape: p50/p99, then QPS 5,000/max, then QPS 1,000/5,000/max, over A-C.
    const panels = colourPanels([panel('lat', ['p50', 'p99']), panel('load', ['q5000', 'qmax']), panel('rps', ['q1000', 'q5000', 'qmax'])], ['A', 'B', 'C']);
    for (const p of panels) expect(p.categoryColors).toEqual({A: 0, B: 1, C: 2});
    const styles = styleOf(panels);
    expect(Object.values(styles).every((s) => s.hue === BY_SCENARIO)).toBe(true);
    expect(Object.values(styles).map((s) => s.variant)).toEqual([0, 1, 2, 3, 4]);
    expect(panels[2].series.find((s) => s.key === 'q5000')!.style.variant, 'one variant for a series in every panel').toBe(panels[1].series[0].style.variant);
  });

  it('leaves a series alone in its panels out of the variants (and the legend), drawn solid', () => {
    const panels = colourPanels([panel('dns', ['p50', 'p99']), panel('cpu', ['agent']), panel('memory', ['agent'])], ['A', 'B', 'C']);
    expect(styleOf(panels)).toMatchObject({p50: {variant: 0}, p99: {variant: 1}, agent: {hue: BY_SCENARIO, variant: 0, solo: true}});
  });

  it('gives series of one scenario one hue and different variants (keepalive and close of scenario A)', () => {
    const nat = panel('nat', ['iptables', 'ebpf'], ['4', '104'], {kind: 'line'}, 'A');
    // The "ebpf" series' rows are scenario E's (N/A under eBPF).
    for (const c of ['4', '104']) nat.cells[c].ebpf = row(null, [{kind: 'not-applicable'}], 'E');
    const styles = styleOf(colourPanels([nat, panel('p99', ['keepalive', 'close'], ['4', '104'], {kind: 'line'}, 'A')], ['A', 'B', 'C', 'D', 'E']));
    expect(styles.ebpf).toMatchObject({hue: 4, variant: 0});
    expect([styles.iptables, styles.keepalive, styles.close].map((s) => [s.hue, s.variant])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
  });

  it('gives series of no single scenario slots no scenario of the suite has', () => {
    const mixed = panel('m', ['x', 'y'], ['4', '104'], {kind: 'line'});
    for (const c of ['4', '104']) {
      mixed.cells[c].x = row(1, undefined, 'A');
      mixed.cells[c].y = row(1, undefined, c === '4' ? 'A' : 'B');
    }
    mixed.cells['104'].x = row(1, undefined, 'B');
    const styles = styleOf(colourPanels([mixed], ['A', 'B', 'C', 'D', 'E']));
    expect([styles.x.hue, styles.y.hue]).toEqual([6, 7]);
    const small = styleOf(colourPanels([mixed], ['A', 'B']));
    expect(small.x.hue).toBe(6);
  });

  it('never gives two legend entries of a chart the same hue and variant', () => {
    const panels = colourPanels(
      [panel('a', ['p50', 'p99']), panel('b', ['iptables', 'nftables'], ['1', '2'], {kind: 'line'}, 'series'), panel('c', ['x', 'y'], ['1', '2'], {kind: 'line'}, 'iptables')],
      ['iptables', 'nftables'],
    );
    const looks = Object.values(styleOf(panels)).map((s) => `${s.hue}/${s.variant}`);
    expect(new Set(looks).size).toBe(looks.length);
  });
});

describe('palette colours (src/css/custom.css)', () => {
  const css = readFileSync(new URL('../../css/custom.css', import.meta.url), 'utf8');
  const block = (selector: RegExp) => css.slice(css.search(selector)).split('}')[0];
  const colours = (text: string) => Array.from({length: PALETTE_SIZE}, (_, i) => new RegExp(`--chart-color-${i}:\\s*(#[0-9a-f]{6})`, 'i').exec(text)?.[1]);
  const themes = [
    {name: 'light', colours: colours(block(/:root \{\n\s+--chart-color-0/)), backgrounds: ['#ffffff'], toward: '#000000'},
    {name: 'dark', colours: colours(block(/\[data-theme='dark'\] \{\n\s+--chart-color-0/)), backgrounds: ['#1b1b1d', '#242526'], toward: '#ffffff'},
  ];

  for (const theme of themes)
    it(`${theme.name}: ${PALETTE_SIZE} distinct colours, the baseline grey, each and its shades at least 3:1 against the background`, () => {
      expect(theme.colours.every(Boolean), JSON.stringify(theme.colours)).toBe(true);
      expect(new Set(theme.colours).size).toBe(PALETTE_SIZE);
      const baseline = colord(theme.colours[0]!).toHsl();
      expect(baseline.s, 'baseline is neutral').toBeLessThan(5);
      const low: string[] = [];
      for (const c of theme.colours)
        for (const shade of [0, 0.3, 0.6])
          for (const bg of theme.backgrounds) {
            const colour = colord(c!).mix(theme.toward, shade);
            if (colour.contrast(bg) < 3) low.push(`${c} shade ${shade} on ${bg}: ${colour.contrast(bg)}`);
          }
      expect(low).toEqual([]);
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
    expect(panelMarks(p, new Set())).toMatchObject({flagged: false, approximate: true, allApproximate: true, missing: ['N/M']});
    p.cells.C.s = row(3, [{kind: 'approximate'}, {kind: 'single-round-outlier'}]);
    expect(panelMarks(p, new Set()), 'an approximate outlier is still approximate').toMatchObject({flagged: true, allApproximate: true});
    p.cells.C.s = row(3, [{kind: 'target-not-reached'}]);
    expect(panelMarks(p, new Set())).toMatchObject({flagged: true, allApproximate: false});
    expect(panelMarks(p, new Set(['s']))).toMatchObject({flagged: false, approximate: false, missing: []});
  });
});
