/**
 * The interactive chart, drawn with recharts. Loaded lazily (its own chunk)
 * when the figure nears the viewport, so recharts is not in the first paint.
 *
 * What the drawing guarantees (tests/e2e/report-checks/marks.ts checks it on the built site):
 * - the value axis names its unit (top left of the plot);
 * - line panels over numbers (Service counts) use a numeric x axis, log when the steps span
 *   orders of magnitude, and say so;
 * - flagged values are hatched, outlined and marked ⚠, approximate ones ≈, and slots without
 *   a value say N/M or N/A where the bar or point would be (see ./marks.tsx);
 * - value labels: one policy per panel, numbers without the unit (the axis has it), on every
 *   bar when the widest fits its bar and on none otherwise; a halo keeps them readable over
 *   reference lines;
 * - crossover markers are numbered above the plot, never written over the lines;
 * - every scenario has one colour and marker shape on every chart of its suite, series that
 *   share a colour differ by texture (bars) or dash (lines) (./palette.ts, ./glyphs.tsx);
 * - lines are named at their ends, right of the plot, when the panel has room (./directLabels.ts);
 * - numeric x axes label only the steps that fit without touching (spacedTicks), and are titled
 *   (the panel's category axis: Services, rules), with "log scale" when they are;
 * - the value axis has round steps (niceTicks) and shows ms as s, µs as ms, once its numbers
 *   would need five digits (displayScale), its value labels in the same unit;
 * - a line does not run through a point that was not measured: it has a gap there (a series
 *   measured at only some steps of a numeric axis joins the steps it has);
 * - a panel of several series without line-end labels (bars; lines on a narrow panel) has a key
 *   of its own above the plot (PanelKey), so it never depends on the toggles above the chart.
 */
import React, {useEffect, useId, useMemo, useRef, useState} from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  LabelList,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  usePlotArea,
  useXAxisScale,
  useYAxisScale,
} from 'recharts';
import type {TooltipContentProps} from 'recharts';
import type {Panel} from '@site/src/data/chart/model';
import type {FlagKind} from '@site/src/data/schema';
import {displayValue, visibleSeries} from '@site/src/data/chart/model';
import {axisDecimals, formatNumber, formatValue, labelColon, parentheses, sharedDecimals} from '@site/src/data/format';
import {cellText, flagLabel, warningFlags} from '@site/src/words/labels';
import {BY_SCENARIO, groupsScenarios, hueColor, inkColor, seriesColor, type ColouredPanel, type ColouredSeries} from '@site/src/data/chart/palette';
import {APPROX_SYMBOL, FLAG_SYMBOL, markOf, missingText, panelWideFlags, type Mark} from './marks';
import {axisUnitLabel, displayScale, logScaleNote, niceTicks, numericAxis, spacedTicks, tickTextWidth, unitName, type NumericAxis} from './axis';
import {SURFACE, SeriesSwatch, TexturePatterns, TexturedRect, dashOf, shapePath} from './glyphs';
import {LABEL_GAP, LABEL_INDENT, LABEL_LINE, LABEL_SPACING, labelLines, labelMargin, labelTextWidth, spreadLabels} from './directLabels';
import styles from './styles.module.css';

export interface RechartsViewProps {
  panel: ColouredPanel;
  hidden: ReadonlySet<string>;
  /** The plot's width when the view is created (px; 0 if unknown): drawn at once at that size, then following the box. */
  width: number;
  height: number;
  locale: string;
  /** Name each line at its end when there is room (the chart has a legend of several series). */
  labelLines?: boolean;
  /** The value axis reaches at least this far: two versions side by side share one scale. */
  valueMax?: number;
}

interface Datum {
  key: string;
  label: string;
  x?: number;
  [series: string]: string | number | null | undefined | [number, number];
}

const markKey = (series: string) => `${series}__mark`;
const missingKey = (series: string) => `${series}__missing`;

function toData(panel: Panel, axis: NumericAxis | undefined, panelWide: ReadonlySet<FlagKind>): Datum[] {
  return panel.categories.map((c) => {
    const d: Datum = {key: c.key, label: c.label, x: axis?.positions[c.key]};
    for (const s of panel.series) {
      const v = displayValue(panel, c.key, s.key);
      const row = panel.cells[c.key]?.[s.key];
      const mark = markOf(row, panelWide);
      // A bar slot without a value is drawn at zero height so its N/M label has a place; a line just skips it.
      d[s.key] = v === null && mark === 'missing' && panel.kind === 'bar' ? 0 : v;
      d[markKey(s.key)] = mark;
      if (mark === 'missing' && row) d[missingKey(s.key)] = missingText(row);
      // Spread over rounds as error-bar offsets [below, above]; only in absolute display.
      if (panel.display !== 'percentOfFirst' && row && v !== null && row.min !== undefined && row.max !== undefined) {
        d[`${s.key}__spread`] = [v - row.min, row.max - v];
      }
    }
    return d;
  });
}

function ChartTooltip({active, label, panel, hidden, locale}: Partial<TooltipContentProps<number, string>> & {panel: ColouredPanel; hidden: ReadonlySet<string>; locale: string}) {
  if (!active) return null;
  const axis = numericAxis(panel);
  const category = panel.categories.find((c) => c.label === label || (axis && axis.positions[c.key] === label));
  if (!category) return null;
  const percent = panel.display === 'percentOfFirst';
  return (
    <div className={styles.tooltip} role="status">
      <div className={styles.tooltipTitle}>{category.label}</div>
      {(visibleSeries(panel, hidden) as ColouredSeries[]).map((s) => {
        const row = panel.cells[category.key]?.[s.key];
        if (!row) return null;
        const warnings = warningFlags(row);
        return (
          <div key={s.key} className={styles.tooltipRow}>
            <SeriesSwatch style={s.style} kind={panel.kind} scenarioHues={categoryHue(panel, category.key)} withShape={groupsScenarios(panel)} />
            <span>{s.label}{labelColon(locale)}</span>
            <strong>{percent ? cellText(row, '%', locale, displayValue(panel, category.key, s.key)) : cellText(row, panel.unit, locale)}</strong>
            {percent && row.value !== null && <span>{parentheses(locale)[0] === '(' ? ' (' : parentheses(locale)[0]}{formatValue(row.value, panel.unit, locale)}{parentheses(locale)[1]}</span>}
            {row.value === null && (row.flags ?? []).length > 0 && <div className={styles.tooltipFlag}>{row.flags!.map((f) => flagLabel(f.kind)).join('; ')}</div>}
            {warnings.length > 0 && (
              <div className={styles.tooltipFlag}>
                {FLAG_SYMBOL} {warnings.map((f) => flagLabel(f.kind)).join('; ')}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A by-scenario bar's colour in a tooltip: the hovered scenario's only. */
function categoryHue(panel: ColouredPanel, category: string): number[] | undefined {
  const slot = panel.categoryColors?.[category];
  return slot === undefined ? undefined : [slot];
}

/**
 * A tick label broken into lines for a category `band` px wide: words joined while a line has
 * room; where even short lines would collide (narrow panels, phones), a "B: Cilium + kube-proxy"
 * label shows its id only (the full label is in the tooltip and table).
 */
function tickLines(label: string, band: number): string[] {
  const maxChars = Math.max(4, Math.floor(band / 7));
  const id = /^([A-Za-z0-9]{1,3}):\s/.exec(label)?.[1];
  const words = id && band < 90 ? [id] : label.split(/\s+/);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= maxChars) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines;
}

/** Lines a category label may take under the plot; the line height of a numbered label spelled out under the axis. */
const TICK_LINES = 3;
const CATEGORY_NOTE_LINE = 14;

/** Whether every category label fits its band: at most TICK_LINES lines, none wider than the band and its gap. */
const labelsFit = (labels: readonly string[], band: number): boolean =>
  labels.every((label) => {
    const lines = tickLines(label, band);
    return lines.length <= TICK_LINES && lines.every((l) => tickTextWidth(l) <= band + 8);
  });

/**
 * Category tick that wraps long labels ("B: Cilium + kube-proxy") onto several lines; on a
 * numeric axis, only the steps that fit without touching their neighbours are labelled.
 */
function WrappedTick({
  x,
  y,
  payload,
  width,
  visibleTicksCount,
  labelOf,
  steps,
}: {
  x?: number;
  y?: number;
  payload?: {value: string | number};
  width?: number;
  visibleTicksCount?: number;
  labelOf?: (value: string | number) => string;
  /** Numeric axis: every step, so a label crowded by others (Baseline at 0 next to 5,000 on a phone) is left out. */
  steps?: readonly number[];
}) {
  const xScale = useXAxisScale();
  // Room per category decides the line length.
  const band = width && visibleTicksCount ? width / visibleTicksCount : 100;
  const linesOf = (label: string): string[] => tickLines(label, band);
  const lines = linesOf(labelOf ? labelOf(payload?.value ?? '') : String(payload?.value ?? ''));
  if (steps && xScale) {
    const at = (v: number) => (xScale as unknown as (v: number) => number)(v);
    // A label takes the width of its longest line ("1,000 / Services" wraps).
    const widthOf = (v: number) => Math.max(...linesOf(labelOf?.(v) ?? String(v)).map(tickTextWidth));
    if (!spacedTicks(steps, at, widthOf).includes(Number(payload?.value))) return null;
  }
  return (
    <text x={x} y={y} textAnchor="middle" fill="var(--chart-axis)" fontSize={12} data-x-tick>
      {lines.map((l, i) => (
        <tspan key={i} x={x} dy={14}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

/** Width of one character of the 11px label font, generously rounded up. */
const LABEL_CHAR_PX = 6.5;
const LABEL_FONT = 11;

/** Text drawn over data gets a halo in the panel's background, so a grid or reference line never runs through it. */
const halo = {paintOrder: 'stroke' as const, stroke: 'var(--ifm-background-surface-color)', strokeWidth: 3, strokeLinejoin: 'round' as const};

interface BarShapeProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  payload?: Datum;
}

/**
 * A bar in its colour and its variant's texture; hatched and outlined when its value
 * carries a validity note; `withShape` (bars of several scenarios grouped per case): the
 * scenario's marker shape at its foot, as on its lines and in the legend. data-* attributes name the cell for tests.
 */
function BarShape({x = 0, y = 0, width = 0, height = 0, payload, series, colour, style, scenario, patterns, withShape}: BarShapeProps & {series: string; colour: string; style: ColouredSeries['style']; scenario?: string; patterns: string; withShape: boolean}) {
  const mark = payload?.[markKey(series)] as Mark;
  const attrs = {'data-series': series, 'data-category': payload?.key, 'data-mark': mark ?? 'none', 'data-scenario': scenario, 'data-variant': style.variant};
  if (mark === 'missing') return <g {...attrs} />;
  const shape = withShape && style.shape !== undefined && width >= 9 && height >= 16;
  return (
    <g {...attrs}>
      <TexturedRect x={x} y={y} width={width} height={height} colour={colour} variant={style.variant} patterns={patterns} />
      {shape && <path d={shapePath(style.shape!, x + width / 2, y + height - 8, 3.6)} fill={SURFACE} />}
      {mark === 'flagged' && (
        <>
          <rect x={x} y={y} width={width} height={height} fill={`url(#${patterns}-hatch)`} />
          <rect x={x + 0.75} y={y + 0.75} width={Math.max(0, width - 1.5)} height={Math.max(0, height - 1.5)} fill="none" stroke="var(--chart-flag)" strokeWidth={1.5} />
        </>
      )}
    </g>
  );
}

interface BarLabelProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  index?: number;
}

/**
 * Above each bar: its value when the panel's widest label fits a bar (all or none, one
 * policy per panel), the ⚠ / ≈ mark always, and N/M / N/A standing up in an empty slot.
 */
function BarLabel({x, y, width, index, series, data, showValues, valueText}: BarLabelProps & {series: string; data: Datum[]; showValues: boolean; valueText: (v: number) => string}) {
  const yScale = useYAxisScale();
  const [bx, bw] = [Number(x), Number(width)];
  let by = Number(y);
  const d = index === undefined ? undefined : data[index];
  if (!d || !Number.isFinite(bx + by + bw)) return null;
  const mark = d[markKey(series)] as Mark;
  const cx = bx + bw / 2;
  // Above the error bar when the value has a spread over rounds, not through it.
  const spread = d[`${series}__spread`];
  const top = Array.isArray(spread) && typeof d[series] === 'number' && yScale ? (yScale as unknown as (v: number) => number)((d[series] as number) + spread[1]) : undefined;
  if (top !== undefined && Number.isFinite(top)) by = Math.min(by, top - 2);
  if (mark === 'missing') {
    return (
      <text x={cx} y={by - 4} transform={`rotate(-90 ${cx} ${by - 4})`} dy="0.35em" textAnchor="start" fill="var(--chart-axis)" fontSize={LABEL_FONT} fontStyle="italic" data-missing-mark={series} {...halo}>
        {String(d[missingKey(series)] ?? '')}
      </text>
    );
  }
  const v = d[series];
  if (typeof v !== 'number') return null;
  const prefix = mark === 'flagged' ? `${FLAG_SYMBOL} ` : mark === 'approximate' ? APPROX_SYMBOL : '';
  const text = showValues ? `${prefix}${valueText(v)}` : prefix.trim();
  if (!text) return null;
  return (
    <text x={cx} y={by - 4} textAnchor="middle" fill={mark === 'flagged' ? 'var(--chart-flag)' : 'var(--chart-label)'} fontSize={LABEL_FONT} data-value-label={series} data-flag-mark={mark === 'flagged' ? series : undefined} {...halo}>
      {text}
    </text>
  );
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  stroke?: string;
}

/** A line's point: its scenario's shape, hollow; outlined with ⚠ when flagged, ≈ when approximate; N/M at the foot of the plot when missing. */
function LineDot({cx, cy, index, series, style, data, bottom}: DotProps & {series: string; style: ColouredSeries['style']; data: Datum[]; bottom: number}) {
  const d = index === undefined ? undefined : data[index];
  if (!d || cx === undefined || !Number.isFinite(cx)) return null;
  const colour = seriesColor(style)!;
  const mark = d[markKey(series)] as Mark;
  if (mark === 'missing' || cy === undefined || !Number.isFinite(cy)) {
    if (mark !== 'missing') return null;
    return (
      <text x={cx} y={bottom - 6} textAnchor="middle" fill={inkColor(style)} fontSize={LABEL_FONT} fontStyle="italic" data-missing-mark={series} {...halo}>
        {String(d[missingKey(series)] ?? '')}
      </text>
    );
  }
  const attrs = {'data-series': series, 'data-category': d.key, 'data-mark': mark ?? 'none', 'data-scenario': style.scenario, 'data-variant': style.variant};
  if (mark === 'flagged') {
    return (
      <g {...attrs}>
        <circle cx={cx} cy={cy} r={7} fill={SURFACE} stroke="var(--chart-flag)" strokeWidth={2} />
        <path d={shapePath(style.shape ?? 0, cx, cy, 3)} fill={colour} data-point />
        <text x={cx} y={cy - 11} textAnchor="middle" fill="var(--chart-flag)" fontSize={LABEL_FONT} data-flag-mark={series} {...halo}>
          {FLAG_SYMBOL}
        </text>
      </g>
    );
  }
  return (
    <g {...attrs}>
      <path d={shapePath(style.shape ?? 0, cx, cy, 4)} fill={SURFACE} stroke={colour} strokeWidth={2} data-point />
      {mark === 'approximate' && (
        <text x={cx} y={cy - 9} textAnchor="middle" fill="var(--chart-label)" fontSize={LABEL_FONT} {...halo}>
          {APPROX_SYMBOL}
        </text>
      )}
    </g>
  );
}

/** A line's last drawn point (a value, not a missing mark): where its name goes; none, a series with nothing drawn. */
const lineEnd = (data: readonly Datum[], series: string): Datum | undefined =>
  [...data].reverse().find((d) => typeof d[series] === 'number' && d[markKey(series)] !== 'missing');

/**
 * Each line's name at its end, right of the plot (in the margin kept for it), pushed apart
 * so none overlaps another: the reader needs no legend to tell the lines apart.
 */
function LineEndLabels({series, data, width}: {series: ColouredSeries[]; data: Datum[]; width: number}) {
  const plot = usePlotArea();
  const yScale = useYAxisScale();
  if (!plot || !yScale || width <= 0) return null;
  const y = (v: number) => (yScale as unknown as (v: number) => number)(v);
  const wanted = series.flatMap((s) => {
    const last = lineEnd(data, s.key);
    if (!last) return [];
    const lines = labelLines(s.label, labelTextWidth(width));
    return [{key: s.key, y: y(last[s.key] as number), height: lines.length * LABEL_LINE + LABEL_SPACING, lines, style: s.style}];
  });
  const tops = spreadLabels(wanted, plot.y, plot.y + plot.height);
  const x = plot.x + plot.width + LABEL_GAP;
  return (
    <g data-direct-labels>
      {wanted.map((l) => (
        <g key={l.key} data-direct-label={l.key}>
          <path d={shapePath(l.style.shape ?? 0, x + 4, tops[l.key] + LABEL_LINE / 2, 3)} fill={SURFACE} stroke={seriesColor(l.style)} strokeWidth={1.8} />
          <text x={x + LABEL_INDENT} y={tops[l.key]} fill={inkColor(l.style)} fontSize={11.5} fontWeight={600}>
            {l.lines.map((line, i) => (
              <tspan key={i} x={x + LABEL_INDENT} dy={i === 0 ? 10 : LABEL_LINE}>
                {line}
              </tspan>
            ))}
          </text>
        </g>
      ))}
    </g>
  );
}

/**
 * Width of the element, followed as it resizes: `initial` (measured by the caller) until a
 * ResizeObserver reports, which it does after layout, so reading it forces no layout of its own.
 * Where nothing is laid out (the build's drawing in jsdom: no ResizeObserver, every box 0 px
 * wide) `initial` stands: the panel's own layout (key rows, category labels, line-end names)
 * must be made for the width recharts draws at, or the build's drawing and the live chart differ.
 */
function useWidth(ref: React.RefObject<HTMLElement | null>, initial: number): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => entry.contentRect.width > 0 && setWidth(Math.round(entry.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * A value-axis label, drawn as recharts' default tick draws it (a <text> anchored at its end,
 * centred on the tick) but without recharts' <Text>: that one measures each word in a hidden
 * span and reads the tick font from getComputedStyle, each read a forced style and layout of
 * the page in the middle of drawing the panel.
 */
function ValueTick({x, y, payload, textAnchor, format}: {x?: number; y?: number; payload?: {value: number}; textAnchor?: 'start' | 'middle' | 'end'; format: (v: number) => string}) {
  if (x === undefined || y === undefined || payload === undefined) return null;
  return (
    <text x={x} y={y} textAnchor={textAnchor} fill="var(--chart-axis)" fontSize={12} className="recharts-text" data-y-tick>
      <tspan x={x} dy="0.355em">
        {format(payload.value)}
      </tspan>
    </text>
  );
}

/** The value axis' unit, above the tick labels at the top left; drawn inside the chart so it can read the plot area. */
function AxisUnit({text}: {text: string}) {
  const plot = usePlotArea();
  if (!plot) return null;
  return (
    <text x={4} y={plot.y - 14} textAnchor="start" fill="var(--chart-axis)" fontSize={12} fontWeight={600} data-axis-unit>
      {text}
    </text>
  );
}

/** Crossover markers: a dashed line per marker and its number above the plot (the key under the chart says what it is). */
function MarkerBadges({markers}: {markers: {x: number | string; n: string}[]}) {
  const plot = usePlotArea();
  const scale = useXAxisScale();
  if (!plot || !scale) return null;
  const place = (x: number | string) => {
    const p = (scale as unknown as (v: unknown) => number | undefined)(x);
    const bw = (scale as unknown as {bandwidth?: () => number}).bandwidth?.() ?? 0;
    return p === undefined || !Number.isFinite(p) ? undefined : p + bw / 2;
  };
  return (
    <g>
      {markers.map((m) => {
        const px = place(m.x);
        if (px === undefined) return null;
        return (
          <g key={`${m.x}`} data-marker-badge={m.n}>
            <line x1={px} x2={px} y1={plot.y} y2={plot.y + plot.height} stroke="var(--chart-marker)" strokeDasharray="3 3" />
            <text x={px} y={plot.y - 4} textAnchor="middle" fill="var(--chart-marker)" fontSize={12} fontWeight={700}>
              {m.n}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Height of a row of the panel's key, and the room between its items. */
const KEY_ROW = 16;
const KEY_ITEM_GAP = 14;
const KEY_SWATCH = 18;

/** The key's items placed in rows across `width`: each item's row and x. */
function keyLayout(labels: readonly string[], width: number): {row: number; x: number}[] {
  let row = 0;
  let x = 0;
  return labels.map((label) => {
    const w = KEY_SWATCH + tickTextWidth(label) * (11 / 12);
    if (x > 0 && x + w > width) {
      row += 1;
      x = 0;
    }
    const at = {row, x};
    x += w + KEY_ITEM_GAP;
    return at;
  });
}

/** The panel's own key, above the plot: each series' swatch (its colour, texture or dash, and shape) and name. */
function PanelKey({series, kind, patterns, left, top, width}: {series: ColouredSeries[]; kind: 'bar' | 'line'; patterns: string; left: number; top: number; width: number}) {
  const places = keyLayout(series.map((s) => s.label), width);
  return (
    <g data-panel-key>
      {series.map((s, i) => {
        const x = left + places[i].x;
        const y = top + places[i].row * KEY_ROW;
        const colour = s.style.hue === BY_SCENARIO ? 'var(--chart-axis)' : (seriesColor(s.style) ?? hueColor(0));
        return (
          <g key={s.key} data-key-series={s.key}>
            {kind === 'line' ? (
              <>
                <line x1={x} x2={x + 14} y1={y + 6} y2={y + 6} stroke={colour} strokeWidth={2.5} strokeDasharray={dashOf(s.style.variant)} />
                <path d={shapePath(s.style.shape ?? 0, x + 7, y + 6, 3)} fill={SURFACE} stroke={colour} strokeWidth={1.8} />
              </>
            ) : (
              <TexturedRect x={x} y={y} width={13} height={12} colour={colour} variant={s.style.variant} patterns={patterns} />
            )}
            <text x={x + KEY_SWATCH} y={y + 10} fill={inkColor(s.style)} fontSize={11}>
              {s.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Width of the value axis (tick labels). */
const Y_AXIS_WIDTH = 64;

export default function RechartsView({panel, hidden, width: initialWidth, height, locale, labelLines: wantLabels = false, valueMax}: RechartsViewProps): React.JSX.Element {
  const axis = useMemo(() => numericAxis(panel), [panel]);
  // The same arrays while the panel and its hidden series are the same: recharts' selectors see no new data on a re-render.
  const data = useMemo(() => toData(panel, axis, panelWideFlags(panel, hidden)), [panel, axis, hidden]);
  const series = useMemo(() => visibleSeries(panel, hidden) as ColouredSeries[], [panel, hidden]);
  const patterns = `tx-${useId().replace(/:/g, '')}`;
  const boxRef = useRef<HTMLDivElement>(null);
  // The chart is given its size (no ResponsiveContainer): it draws in its first render without measuring its box.
  const width = useWidth(boxRef, initialWidth);
  const values = series.flatMap((s) => data.flatMap((d) => {
    const v = d[s.key];
    const spread = d[`${s.key}__spread`];
    return typeof v === 'number' ? [v + (Array.isArray(spread) ? spread[1] : 0)] : [];
  }));
  const absolute = panel.display !== 'percentOfFirst';
  // Big numbers in the next unit up (ms as s): the axis and the value labels alike.
  const shown = absolute ? displayScale(panel.unit, Math.max(0, ...values, valueMax ?? 0)) : {unit: '%' as const, divisor: 1};
  const unit = shown.unit;
  const tick = (v: number) => formatNumber(v, locale, axisDecimals(v));
  // Labels are numbers only (the axis carries the unit), all with the panel's decimals (sharedDecimals).
  const decimals = sharedDecimals(series.flatMap((s) => data.map((d) => d[s.key]).filter((v): v is number => typeof v === 'number').map((v) => v / shown.divisor)), unit);
  const valueText = (v: number) => formatValue(v / shown.divisor, unit, locale, {decimals}).replace(/\u00a0.*$/, '').replace(/%$/, '');
  const widest = Math.max(0, ...series.flatMap((s) => data.map((d) => (typeof d[s.key] === 'number' && d[markKey(s.key)] !== 'missing' ? valueText(d[s.key] as number).length + (d[markKey(s.key)] === 'flagged' ? 2 : 0) : 0))));
  const axisProps = {stroke: 'var(--chart-axis)', tick: {fill: 'var(--chart-axis)', fontSize: 12}};
  // recharts' Tooltip measures its box as it mounts, a forced layout in the panel's draw (seen in the phone profile's trace): it is
  // mounted when the reader first points at, moves over, touches or focuses the plot, events that come before the move it answers
  // (a chart that goes live under a resting pointer gets no pointerenter).
  const [tooltipOn, setTooltipOn] = useState(false);
  const wakeTooltip = tooltipOn ? undefined : () => setTooltipOn(true);
  // The drawing is hidden from assistive technology and takes no focus: the figure is named by its title and
  // described by its summary (FigureShell), and the data table beside it carries every value in words.
  const box = {ref: boxRef, className: styles.chartBox, onPointerEnter: wakeTooltip, onPointerMove: wakeTooltip, onPointerDown: wakeTooltip, 'aria-hidden': true, 'data-chart-drawing': ''};
  const tooltip = tooltipOn && <Tooltip content={<ChartTooltip panel={panel} hidden={hidden} locale={locale} />} cursor={{fill: 'var(--chart-cursor)'}} />;
  const refs = (panel.referenceLines ?? []).map((r) => (
    // Labelled in the key under the plot (ReferenceKey), where it cannot collide with bar labels.
    <ReferenceLine key={r.label} y={r.value} stroke="var(--chart-reference)" strokeDasharray="6 4" ifOverflow="extendDomain" />
  ));
  // Direct labels take the right margin only when the plot keeps enough room (labelMargin), and only when every
  // line has an end to name (a series measured nowhere, drawn as N/M marks only, is named in the key).
  const everyLineEnds = series.every((s) => lineEnd(data, s.key) !== undefined);
  const labelRoom = panel.kind === 'line' && wantLabels && everyLineEnds ? labelMargin(series.map((s) => s.label), width, Y_AXIS_WIDTH) : 0;
  // Several series and no line-end labels: the panel's own key, in rows above the plot.
  const keyed = series.length > 1 && labelRoom === 0;
  const keyRows = keyed ? Math.max(...keyLayout(series.map((s) => s.label), width - 16).map((p) => p.row)) + 1 : 0;
  const margin = {top: 32 + keyRows * KEY_ROW, right: labelRoom > 0 ? labelRoom : 16, bottom: 8, left: 8};
  const notesHeight = (n: number) => n * CATEGORY_NOTE_LINE + 4;
  const xAxisHeight = 56;
  // No accessibilityLayer: it made each chart a tab stop (role="application") named by its tick labels run together.
  const common = {data, margin, width, height, accessibilityLayer: false};
  // From zero in round steps to the largest value (two versions side by side: the larger of both, one scale);
  // a line of % changes may go below zero, and recharts picks its range.
  const ticks = panel.display === 'percentOfFirst' && panel.kind === 'line' ? undefined : niceTicks(Math.max(0, ...values, valueMax ?? 0));
  const valueDomain: [number | string, number | string] = ticks ? [0, ticks[ticks.length - 1]] : ['auto', 'auto'];
  // Bars of several scenarios side by side also carry each scenario's shape.
  const groupedScenarios = groupsScenarios(panel);
  // Every tick shown (interval 0): recharts would otherwise measure each label in a hidden span to thin them out.
  const yAxis = <YAxis {...axisProps} tick={<ValueTick format={(v) => tick(v / shown.divisor)} />} ticks={ticks} interval={0} width={Y_AXIS_WIDTH} domain={valueDomain as never} />;
  // Category labels that would not fit under the plot (too long for their band, or more than TICK_LINES lines) are
  // numbered there, and the numbers are spelled out under the axis (CategoryNotes): nothing is cut.
  const band = (width - Y_AXIS_WIDTH - margin.left - margin.right - (panel.kind === 'line' ? 56 : 0)) / Math.max(1, panel.categories.length);
  const numbered = !axis && !labelsFit(panel.categories.map((c) => c.label), band);
  const labelOf = (v: string | number) =>
    axis ? (panel.categories.find((c) => axis.positions[c.key] === v)?.label ?? String(v)) : numbered ? String(panel.categories.findIndex((c) => c.label === v) + 1) : String(v);
  if (numbered) margin.bottom += notesHeight(panel.categories.length);
  const categoryNotes = numbered && (
    <g data-category-notes>
      {panel.categories.map((c, i) => (
        <text key={c.key} x={margin.left + 8} y={height - notesHeight(panel.categories.length) + 12 + i * CATEGORY_NOTE_LINE} fill="var(--chart-axis)" fontSize={11} data-category-note={c.key}>
          <tspan fontWeight={700}>{i + 1}</tspan> {c.label}
        </text>
      ))}
    </g>
  );
  // Markers on the same category share a badge: "1, 2".
  const markerGroups = new Map<string, string[]>();
  (panel.markers ?? []).forEach((m, i) => markerGroups.set(m.category, [...(markerGroups.get(m.category) ?? []), String(i + 1)]));
  const markers = [...markerGroups.entries()].map(([category, ns]) => ({
    x: axis ? axis.positions[category] : (panel.categories.find((c) => c.key === category)?.label ?? category),
    n: ns.join(', '),
  }));
  const unitText = absolute ? unitName(unit) : axisUnitLabel(panel);
  // A numeric x axis says what it counts, and that it is logarithmic when it is.
  const xTitle = [panel.categoryAxis, axis?.scale === 'log' ? logScaleNote() : undefined].filter(Boolean).join(' · ');
  const key = keyed && <PanelKey series={series} kind={panel.kind} patterns={patterns} left={16} top={8} width={width - 16} />;

  if (panel.kind === 'line') {
    const xs = axis ? Object.values(axis.positions) : [];
    const xAxis = axis ? (
      <XAxis
        dataKey="x"
        type="number"
        scale={axis.scale}
        domain={axis.scale === 'log' ? [Math.min(...xs) / 1.3, Math.max(...xs) * 1.3] : [Math.min(0, ...xs), Math.max(...xs)]}
        ticks={xs}
        allowDataOverflow={false}
        {...axisProps}
        interval={0}
        tick={<WrappedTick labelOf={labelOf} steps={xs} />}
        height={xAxisHeight}
        padding={{left: 16, right: 24}}
        label={xTitle ? {value: xTitle, position: 'insideBottom', offset: 2, fill: 'var(--chart-axis)', fontSize: 11} : undefined}
      />
    ) : (
      <XAxis dataKey="label" {...axisProps} interval={0} tick={<WrappedTick labelOf={labelOf} />} height={xAxisHeight} padding={{left: 28, right: 28}} />
    );
    const bottom = height - margin.bottom - xAxisHeight;
    return (
      <div {...box}>
        <LineChart {...common}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          {xAxis}
          {yAxis}
          {tooltip}
          {refs}
          <MarkerBadges markers={markers} />
          {series.map((s, i) => {
            const colour = seriesColor(s.style)!;
            // On a numeric axis a series has the steps it has rows at; a row without a value is a gap in its line.
            const own = axis ? data.filter((d) => panel.cells[d.key]?.[s.key] !== undefined) : data;
            return (
              <Line
                key={s.key}
                type="linear"
                // Names the line for a shared link's view, which hides its series in the build's drawing (chart-link-view).
                {...{'data-series': s.key}}
                data={axis ? own : undefined}
                dataKey={s.key}
                name={s.label}
                stroke={colour}
                strokeWidth={2.5}
                strokeDasharray={dashOf(s.style.variant)}
                dot={(p: DotProps) => (
                  // Missing-value labels of different series stand one line apart at the foot of the plot.
                  <LineDot key={`${s.key}-${p.index}`} cx={p.cx} cy={p.cy} index={p.index} series={s.key} style={s.style} data={own} bottom={bottom - i * 13} />
                )}
                activeDot={{r: 5}}
                connectNulls={false}
                isAnimationActive={false}
              />
            );
          })}
          {labelRoom > 0 && <LineEndLabels series={series} data={data} width={labelRoom} />}
          {key}
          {categoryNotes}
          <AxisUnit text={unitText} />
        </LineChart>
      </div>
    );
  }

  return (
    <div {...box}>
      <BarChart {...common}>
        <defs>
          <pattern id={`${patterns}-hatch`} patternUnits="userSpaceOnUse" width={6} height={6} patternTransform="rotate(45)">
            <line x1={0} y1={0} x2={0} y2={6} stroke="var(--chart-hatch)" strokeWidth={2.5} />
          </pattern>
          <TexturePatterns id={patterns} />
        </defs>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" {...axisProps} interval={0} tick={<WrappedTick labelOf={labelOf} />} height={xAxisHeight} />
        {/* Bars start at zero: no truncated axes. */}
        {yAxis}
        {tooltip}
        {refs}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={seriesColor(s.style) ?? hueColor(0)}
            isAnimationActive={false}
            maxBarSize={64}
            shape={(p: BarShapeProps) => {
              // A series over the scenarios takes each bar's scenario colour (no shade: texture tells its series).
              const category = String(p.payload?.key);
              const slot = s.style.hue === BY_SCENARIO ? panel.categoryColors?.[category] : undefined;
              const colour = slot === undefined ? (seriesColor(s.style) ?? hueColor(0)) : hueColor(slot, s.style.variant, false);
              const scenario = slot === undefined ? s.style.scenario : category;
              return <BarShape {...p} series={s.key} colour={colour} style={s.style} scenario={scenario} patterns={patterns} withShape={groupedScenarios} />;
            }}>
            <LabelList
              dataKey={s.key}
              content={(props) => (
                <BarLabel
                  {...(props as BarLabelProps)}
                  series={s.key}
                  data={data}
                  valueText={valueText}
                  showValues={Number((props as BarLabelProps).width) + 8 >= widest * LABEL_CHAR_PX}
                />
              )}
            />
            <ErrorBar dataKey={`${s.key}__spread`} width={6} stroke="var(--chart-axis)" isAnimationActive={false} />
          </Bar>
        ))}
        <MarkerBadges markers={markers} />
        {key}
        {categoryNotes}
        <AxisUnit text={unitText} />
      </BarChart>
    </div>
  );
}
