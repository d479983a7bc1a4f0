/**
 * The interactive chart, drawn with recharts. Loaded lazily (its own chunk)
 * when the figure nears the viewport, so recharts is not in the first paint.
 *
 * What the drawing guarantees (tests/e2e/chart-marks.spec.ts checks it on the built site):
 * - the value axis names its unit (top left of the plot);
 * - line panels over numbers (Service counts) use a numeric x axis, log when the steps span
 *   orders of magnitude, and say so;
 * - flagged values are hatched, outlined and marked ⚠, approximate ones ≈, and slots without
 *   a value say N/M or N/A where the bar or point would be (see ./marks.tsx);
 * - value labels: one policy per panel, numbers without the unit (the axis has it), on every
 *   bar when the widest fits its bar and on none otherwise; a halo keeps them readable over
 *   reference lines;
 * - crossover markers are numbered above the plot, never written over the lines.
 */
import React, {useId} from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  LabelList,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  usePlotArea,
  useXAxisScale,
  useYAxisScale,
} from 'recharts';
import type {TooltipContentProps} from 'recharts';
import type {Panel} from '@site/src/data/chart/model';
import {displayValue, visibleSeries} from '@site/src/data/chart/model';
import {axisDecimals, formatNumber, formatValue} from '@site/src/data/format';
import {cellText, flagLabel, warningFlags} from '@site/src/data/labels';
import {seriesColor, type ColouredPanel} from './palette';
import {APPROX_SYMBOL, FLAG_SYMBOL, markOf, missingText, panelMarks, type Mark} from './marks';
import {axisUnitLabel, logScaleNote, numericAxis, type NumericAxis} from './axis';
import styles from './styles.module.css';

export interface RechartsViewProps {
  panel: ColouredPanel;
  hidden: ReadonlySet<string>;
  height: number;
  locale: string;
}

interface Datum {
  key: string;
  label: string;
  x?: number;
  [series: string]: string | number | null | undefined | [number, number];
}

const markKey = (series: string) => `${series}__mark`;
const missingKey = (series: string) => `${series}__missing`;

function toData(panel: Panel, axis: NumericAxis | undefined): Datum[] {
  return panel.categories.map((c) => {
    const d: Datum = {key: c.key, label: c.label, x: axis?.positions[c.key]};
    for (const s of panel.series) {
      const v = displayValue(panel, c.key, s.key);
      const row = panel.cells[c.key]?.[s.key];
      const mark = markOf(row);
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

function ChartTooltip({active, label, panel, hidden, locale}: Partial<TooltipContentProps<number, string>> & {panel: Panel; hidden: ReadonlySet<string>; locale: string}) {
  if (!active) return null;
  const axis = numericAxis(panel);
  const category = panel.categories.find((c) => c.label === label || (axis && axis.positions[c.key] === label));
  if (!category) return null;
  const percent = panel.display === 'percentOfFirst';
  return (
    <div className={styles.tooltip} role="status">
      <div className={styles.tooltipTitle}>{category.label}</div>
      {visibleSeries(panel, hidden).map((s) => {
        const row = panel.cells[category.key]?.[s.key];
        if (!row) return null;
        const warnings = warningFlags(row);
        return (
          <div key={s.key} className={styles.tooltipRow}>
            <span className={styles.swatch} style={{background: seriesColor(s.color), opacity: s.ghost ? 0.45 : 1}} />
            <span>{s.label}: </span>
            <strong>{percent ? cellText(row, '%', locale, displayValue(panel, category.key, s.key)) : cellText(row, panel.unit, locale)}</strong>
            {percent && row.value !== null && <span> ({formatValue(row.value, panel.unit, locale)})</span>}
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

/** Category tick that wraps long labels ("B: Cilium + kube-proxy") onto several lines. */
function WrappedTick({
  x,
  y,
  payload,
  width,
  visibleTicksCount,
  labelOf,
  previousOf,
}: {
  x?: number;
  y?: number;
  payload?: {value: string | number};
  width?: number;
  visibleTicksCount?: number;
  labelOf?: (value: string | number) => string;
  /** Numeric axis: the step before this one, so a label crowded against it (Baseline at 0 next to 5,000 on a phone) is left out. */
  previousOf?: (value: string | number) => number | undefined;
}) {
  const xScale = useXAxisScale();
  // Room per category decides the line length; when even short lines would collide
  // (narrow panels, phones), a "B: Cilium + kube-proxy" label shows its id only: the full label is in the tooltip and table.
  const band = width && visibleTicksCount ? width / visibleTicksCount : 100;
  const maxChars = Math.max(4, Math.floor(band / 7));
  const label = labelOf ? labelOf(payload?.value ?? '') : String(payload?.value ?? '');
  const id = /^([A-Za-z0-9]{1,3}):\s/.exec(label)?.[1];
  const words = id && band < 90 ? [id] : label.split(/\s+/);
  if (previousOf && xScale && x !== undefined) {
    const prev = previousOf(payload?.value ?? '');
    const prevX = prev === undefined ? undefined : (xScale as unknown as (v: number) => number)(prev);
    const prevLabel = prev === undefined ? '' : (labelOf?.(prev) ?? '');
    if (prevX !== undefined && x - prevX < ((prevLabel.length + label.length) / 2) * 7 + 6) return null;
  }
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= maxChars) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return (
    <text x={x} y={y} textAnchor="middle" fill="var(--chart-axis)" fontSize={12}>
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
  fill?: string;
  fillOpacity?: number | string;
  payload?: Datum;
}

/** A bar, hatched and outlined when its value carries a validity note; data-* attributes name the cell for tests. */
function BarShape({x = 0, y = 0, width = 0, height = 0, fill, fillOpacity, payload, series, hatchId}: BarShapeProps & {series: string; hatchId: string}) {
  const mark = payload?.[markKey(series)] as Mark;
  const attrs = {'data-series': series, 'data-category': payload?.key, 'data-mark': mark ?? 'none'};
  if (mark === 'missing') return <g {...attrs} />;
  return (
    <g {...attrs}>
      <rect x={x} y={y} width={width} height={height} fill={fill} fillOpacity={fillOpacity} />
      {mark === 'flagged' && (
        <>
          <rect x={x} y={y} width={width} height={height} fill={`url(#${hatchId})`} />
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
function BarLabel({x, y, width, index, series, data, showValues, showApprox, valueText}: BarLabelProps & {series: string; data: Datum[]; showValues: boolean; showApprox: boolean; valueText: (v: number) => string}) {
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
  const prefix = mark === 'flagged' ? `${FLAG_SYMBOL} ` : mark === 'approximate' && showApprox ? APPROX_SYMBOL : '';
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

/** A line's point: hollow and outlined with ⚠ when flagged, ≈ when approximate; N/M at the foot of the plot when missing. */
function LineDot({cx, cy, index, series, colour, data, bottom, showApprox}: DotProps & {series: string; colour: string; data: Datum[]; bottom: number; showApprox: boolean}) {
  const d = index === undefined ? undefined : data[index];
  if (!d || cx === undefined || !Number.isFinite(cx)) return null;
  const mark = d[markKey(series)] as Mark;
  if (mark === 'missing' || cy === undefined || !Number.isFinite(cy)) {
    if (mark !== 'missing') return null;
    return (
      <text x={cx} y={bottom - 6} textAnchor="middle" fill={colour} fontSize={LABEL_FONT} fontStyle="italic" data-missing-mark={series} {...halo}>
        {String(d[missingKey(series)] ?? '')}
      </text>
    );
  }
  const attrs = {'data-series': series, 'data-category': d.key, 'data-mark': mark ?? 'none'};
  if (mark === 'flagged') {
    return (
      <g {...attrs}>
        <circle cx={cx} cy={cy} r={6} fill="var(--ifm-background-surface-color)" stroke="var(--chart-flag)" strokeWidth={2} />
        <circle cx={cx} cy={cy} r={2.5} fill={colour} />
        <text x={cx} y={cy - 10} textAnchor="middle" fill="var(--chart-flag)" fontSize={LABEL_FONT} data-flag-mark={series} {...halo}>
          {FLAG_SYMBOL}
        </text>
      </g>
    );
  }
  return (
    <g {...attrs}>
      <circle cx={cx} cy={cy} r={4} fill="var(--ifm-background-surface-color)" stroke={colour} strokeWidth={2} />
      {mark === 'approximate' && showApprox && (
        <text x={cx} y={cy - 9} textAnchor="middle" fill="var(--chart-label)" fontSize={LABEL_FONT} {...halo}>
          {APPROX_SYMBOL}
        </text>
      )}
    </g>
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

/** Series after the first get a dash and a different dot so lines are told apart without colour too. */
const DASHES = [undefined, '8 4', '3 3', '12 4 3 4', '2 6'];

export default function RechartsView({panel, hidden, height, locale}: RechartsViewProps): React.JSX.Element {
  const axis = numericAxis(panel);
  const data = toData(panel, axis);
  const series = visibleSeries(panel, hidden);
  const hatchId = `hatch-${useId().replace(/:/g, '')}`;
  const unit = panel.display === 'percentOfFirst' ? '%' : panel.unit;
  const tick = (v: number) => formatNumber(v, locale, axisDecimals(v));
  // Labels are numbers only: the axis carries the unit.
  const valueText = (v: number) => formatValue(v, unit, locale).replace(/\u00a0.*$/, '').replace(/%$/, '');
  const widest = Math.max(0, ...series.flatMap((s) => data.map((d) => (typeof d[s.key] === 'number' && d[markKey(s.key)] !== 'missing' ? valueText(d[s.key] as number).length + (d[markKey(s.key)] === 'flagged' ? 2 : 0) : 0))));
  const axisProps = {stroke: 'var(--chart-axis)', tick: {fill: 'var(--chart-axis)', fontSize: 12}};
  const tooltip = <Tooltip content={<ChartTooltip panel={panel} hidden={hidden} locale={locale} />} cursor={{fill: 'var(--chart-cursor)'}} />;
  const refs = (panel.referenceLines ?? []).map((r) => (
    // Labelled in the key under the plot (ReferenceKey), where it cannot collide with bar labels.
    <ReferenceLine key={r.label} y={r.value} stroke="var(--chart-reference)" strokeDasharray="6 4" ifOverflow="extendDomain" />
  ));
  const margin = {top: 32, right: 16, bottom: 8, left: 8};
  const xAxisHeight = 56;
  const common = {data, margin, accessibilityLayer: true};
  const labelOf = (v: string | number) => (axis ? (panel.categories.find((c) => axis.positions[c.key] === v)?.label ?? String(v)) : String(v));
  // Markers on the same category share a badge: "1, 2".
  const markerGroups = new Map<string, string[]>();
  (panel.markers ?? []).forEach((m, i) => markerGroups.set(m.category, [...(markerGroups.get(m.category) ?? []), String(i + 1)]));
  const markers = [...markerGroups.entries()].map(([category, ns]) => ({
    x: axis ? axis.positions[category] : (panel.categories.find((c) => c.key === category)?.label ?? category),
    n: ns.join(', '),
  }));
  const unitText = axisUnitLabel(panel);
  const showApprox = !panelMarks(panel, hidden).allApproximate;

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
        tick={<WrappedTick labelOf={labelOf} previousOf={(v) => xs.filter((x) => x < Number(v)).at(-1)} />}
        height={xAxisHeight}
        padding={{left: 16, right: 24}}
        label={axis.scale === 'log' ? {value: logScaleNote(), position: 'insideBottom', offset: 2, fill: 'var(--chart-axis)', fontSize: 11, fontStyle: 'italic'} : undefined}
      />
    ) : (
      <XAxis dataKey="label" {...axisProps} interval={0} tick={<WrappedTick />} height={xAxisHeight} padding={{left: 28, right: 28}} />
    );
    const bottom = height - margin.bottom - xAxisHeight;
    return (
      <ResponsiveContainer width="100%" height={height}>
        <LineChart {...common}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          {xAxis}
          <YAxis {...axisProps} tickFormatter={tick} width={64} domain={panel.display === 'percentOfFirst' ? ['auto', 'auto'] : [0, 'auto']} />
          {tooltip}
          {refs}
          <MarkerBadges markers={markers} />
          {series.map((s, i) => {
            const colour = seriesColor(s.color);
            return (
              <Line
                key={s.key}
                type="linear"
                dataKey={s.key}
                name={s.label}
                stroke={colour}
                strokeWidth={2.5}
                strokeDasharray={DASHES[i % DASHES.length]}
                strokeOpacity={s.ghost ? 0.45 : 1}
                dot={(p: DotProps) => (
                  // Missing-value labels of different series stand one line apart at the foot of the plot.
                  <LineDot key={`${s.key}-${p.index}`} cx={p.cx} cy={p.cy} index={p.index} series={s.key} colour={colour} data={data} bottom={bottom - i * 13} showApprox={showApprox} />
                )}
                activeDot={{r: 5}}
                connectNulls
                isAnimationActive={false}
              />
            );
          })}
          <AxisUnit text={unitText} />
        </LineChart>
      </ResponsiveContainer>
    );
  }

  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart {...common}>
        <defs>
          <pattern id={hatchId} patternUnits="userSpaceOnUse" width={6} height={6} patternTransform="rotate(45)">
            <line x1={0} y1={0} x2={0} y2={6} stroke="var(--chart-hatch)" strokeWidth={2.5} />
          </pattern>
        </defs>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" {...axisProps} interval={0} tick={<WrappedTick />} height={xAxisHeight} />
        {/* Bars start at zero: no truncated axes. */}
        <YAxis {...axisProps} tickFormatter={tick} width={64} domain={[0, 'auto']} />
        {tooltip}
        {refs}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={seriesColor(s.color)}
            fillOpacity={s.ghost ? 0.4 : 1}
            isAnimationActive={false}
            maxBarSize={64}
            shape={(p: BarShapeProps) => {
              // Bars of a one-series panel over the scenarios take their scenario's colour.
              const slot = panel.categoryColors?.[String(p.payload?.key)];
              return <BarShape {...p} fill={slot === undefined ? p.fill : seriesColor(slot)} series={s.key} hatchId={hatchId} />;
            }}>
            <LabelList
              dataKey={s.key}
              content={(props) => (
                <BarLabel
                  {...(props as BarLabelProps)}
                  series={s.key}
                  data={data}
                  valueText={valueText}
                  showApprox={showApprox}
                  showValues={Number((props as BarLabelProps).width) + 8 >= widest * LABEL_CHAR_PX}
                />
              )}
            />
            <ErrorBar dataKey={`${s.key}__spread`} width={6} stroke="var(--chart-axis)" />
          </Bar>
        ))}
        <MarkerBadges markers={markers} />
        <AxisUnit text={unitText} />
      </BarChart>
    </ResponsiveContainer>
  );
}
