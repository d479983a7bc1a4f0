/**
 * The palette's rules on hand-written panels (tests/e2e/report-checks/palette.ts checks the
 * drawing itself), and its contrast as written in src/css/custom.css.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';
import {panel, row} from '../testing/panel';
import {BY_SCENARIO, PALETTE_SIZE, colourPanels, type ColouredPanel} from './palette';

extend([a11yPlugin, mixPlugin]);

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
