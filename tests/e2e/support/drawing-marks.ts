/**
 * What a chart panel's picture shows, read from its SVG as a reader sees it: every mark
 * (bar, line, point, whisker, ⚠ / ≈ / N/M) with its series, category and place, and every
 * word (axis ticks, the axis' unit and title, the panel's key, line-end names, values over
 * bars, numbered category notes). The same reading serves the build's drawing (in the built
 * HTML, before the figure goes live) and the live recharts chart, so the two can be compared
 * (chart-drawing-matches-live.spec.ts), and it says which words the picture cuts (a word
 * past the edge of the SVG or of the plot's box, which hides its overflow: print-charts.spec.ts).
 */
import type {Locator} from '@playwright/test';
import {SERIES_NAME_ATTRIBUTES, seriesNamedIn} from '../../../src/components/ChartFigure/seriesNames';

/** One mark or word: `id` says what it is (kind, series, category, text), `box` where, in the layout's px from the plot's top left. */
export interface PictureItem {
  id: string;
  box: {left: number; top: number; right: number; bottom: number};
}

export interface PanelPicture {
  /** "ChartName / panel key". */
  where: string;
  /** The layout the picture is drawn at (ChartFigure/layouts.ts), read from the SVG's width. */
  layout: number;
  /** The width of the plot's box on the page (px), which picks the layout (ChartFigure/layouts.ts). */
  plotWidth: number;
  items: PictureItem[];
  /** Words past the edge of the SVG or of the plot's box: drawn, but not all shown. */
  cut: string[];
  /** The series drawn (their marks' data-series), and those the drawing names (ChartFigure/seriesNames.ts). */
  series: string[];
  named: string[];
}

/**
 * Reads the picture of every panel of the figure: `build` the build's drawing shown for the
 * plot's width (the figure not live yet), `live` recharts' SVG. Each panel is scrolled to
 * and read a frame later: the plot's box skips the layout of its content far from the screen.
 */
export async function panelPictures(figure: Locator, which: 'build' | 'live'): Promise<PanelPicture[]> {
  const chart = await figure.getAttribute('data-chart');
  const panels = await figure.locator('[data-panel]').evaluateAll(async (els, {source, nameAttributes, namedInSource}) => {
    const namedIn = new Function(`return (${namedInSource})`)() as (svg: ParentNode, attributes: string[]) => Set<string>;
    const marks = [
      // Bars and points: the cell's group (its data-mark: flagged, approximate, missing); lines: the line's path.
      ['cell', 'g[data-series][data-category]'],
      ['line', 'path[data-series]'],
      ['point', '[data-point]'],
    ] as const;
    const words = [
      ['x-tick', '[data-x-tick]'],
      ['y-tick', '[data-y-tick]'],
      ['unit', '[data-axis-unit]'],
      ['key', '[data-key-series]'],
      ['line-name', '[data-direct-label]'],
      ['value', '[data-value-label]'],
      ['missing', '[data-missing-mark]'],
      ['flag', '[data-flag-mark]'],
      ['note', '[data-category-note]'],
      ['marker', '[data-marker-badge]'],
    ] as const;
    const read = (panel: Element) => {
      const svg =
        source === 'live'
          ? panel.querySelector('svg.recharts-surface')
          : [...panel.querySelectorAll('[data-static-drawing] [data-layout] > svg')].find((s) => s.getBoundingClientRect().width > 0);
      const frame = svg?.closest('[data-plot-frame]');
      if (!svg || !frame) return {key: panel.getAttribute('data-panel') ?? '', layout: 0, plotWidth: 0, items: [], cut: ['(no picture)'], series: [], named: []};
      const layout = Number(svg.getAttribute('width'));
      const plot = frame.getBoundingClientRect();
      const surface = svg.getBoundingClientRect();
      // The picture is scaled to the plot's box: positions in the layout's own px.
      const scale = plot.width / layout;
      const place = (r: DOMRect) => ({left: (r.left - plot.left) / scale, top: (r.top - plot.top) / scale, right: (r.right - plot.left) / scale, bottom: (r.bottom - plot.top) / scale});
      const attr = (el: Element, name: string) => el.getAttribute(name) ?? el.closest(`[${name}]`)?.getAttribute(name) ?? '';
      const items: {id: string; box: ReturnType<typeof place>}[] = [];
      for (const [kind, selector] of marks)
        for (const el of svg.querySelectorAll(selector)) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          items.push({id: `${kind} ${attr(el, 'data-series')} ${attr(el, 'data-category')} ${attr(el, 'data-mark')}`.trim(), box: place(r)});
        }
      const cut: string[] = [];
      const edge = {left: Math.max(plot.left, surface.left), top: Math.max(plot.top, surface.top), right: Math.min(plot.right, surface.right), bottom: Math.min(plot.bottom, surface.bottom)};
      for (const [kind, selector] of words)
        for (const el of svg.querySelectorAll(selector)) {
          const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
          if (!text) continue;
          items.push({id: `${kind} "${text}"`, box: place(el.getBoundingClientRect())});
          // Each glyph run of the word inside the edge (half a px for anti-aliasing).
          for (const t of el.matches('text') ? [el] : el.querySelectorAll('text')) {
            const r = t.getBoundingClientRect();
            if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5 || r.top < edge.top - 0.5 || r.bottom > edge.bottom + 0.5) cut.push(`${kind} "${(t.textContent ?? '').trim()}"`);
          }
        }
      const series = [...new Set([...svg.querySelectorAll('g[data-series][data-category], path[data-series]')].map((e) => e.getAttribute('data-series') ?? ''))];
      const named = [...namedIn(svg, nameAttributes)];
      return {key: panel.getAttribute('data-panel') ?? '', layout, plotWidth: plot.width, items, cut, series, named};
    };
    const out: ReturnType<typeof read>[] = [];
    for (const panel of els) {
      panel.scrollIntoView({block: 'center'});
      // Read after the next frame: only then has the browser laid out what the scroll brought near
      // (a plot's box far from the screen skips its content; a panel below another on a phone is).
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      out.push(read(panel));
    }
    return out;
  }, {source: which, nameAttributes: [...SERIES_NAME_ATTRIBUTES], namedInSource: seriesNamedIn.toString()});
  return panels.map(({key, ...p}) => ({where: `${chart} / ${key}`, ...p}));
}

/**
 * How two pictures of one panel differ: items one has and the other has not (by id, counted),
 * and items of the same id more than `tolerance` layout px apart.
 */
export function pictureDifferences(a: PanelPicture, b: PanelPicture, tolerance = 1): string[] {
  const out: string[] = [];
  if (a.layout !== b.layout) out.push(`drawn at ${a.layout} px and at ${b.layout} px`);
  const byId = (p: PanelPicture) => {
    const m = new Map<string, PictureItem['box'][]>();
    for (const i of p.items) m.set(i.id, [...(m.get(i.id) ?? []), i.box]);
    // The same order in both: top to bottom, left to right.
    for (const boxes of m.values()) boxes.sort((x, y) => x.top - y.top || x.left - y.left);
    return m;
  };
  const [ma, mb] = [byId(a), byId(b)];
  for (const id of new Set([...ma.keys(), ...mb.keys()])) {
    const [ba, bb] = [ma.get(id) ?? [], mb.get(id) ?? []];
    if (ba.length !== bb.length) {
      out.push(`${id}: ${ba.length} in one, ${bb.length} in the other`);
      continue;
    }
    ba.forEach((box, i) => {
      const other = bb[i];
      const off = Math.max(...(['left', 'top', 'right', 'bottom'] as const).map((side) => Math.abs(box[side] - other[side])));
      if (off > tolerance) out.push(`${id}: ${off.toFixed(1)} px apart (${JSON.stringify(box)} / ${JSON.stringify(other)})`);
    });
  }
  return out;
}
