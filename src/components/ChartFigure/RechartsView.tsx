/**
 * The interactive chart, drawn with recharts. Loaded lazily (its own chunk)
 * when the figure nears the viewport, so recharts is not in the first paint.
 */
import React from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  LabelList,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type {TooltipContentProps} from 'recharts';
import type {Panel} from '@site/src/data/chart/model';
import {displayValue, visibleSeries} from '@site/src/data/chart/model';
import {seriesColor} from './palette';
import {formatNumber, formatValue} from '@site/src/data/format';
import {cellText, warningFlags} from './CellValue';
import {flagLabel} from '@site/src/data/labels';
import styles from './styles.module.css';

export interface RechartsViewProps {
  panel: Panel;
  hidden: ReadonlySet<string>;
  height: number;
  locale: string;
}



interface Datum {
  key: string;
  label: string;
  [series: string]: string | number | null | [number, number];
}

function toData(panel: Panel): Datum[] {
  return panel.categories.map((c) => {
    const d: Datum = {key: c.key, label: c.label};
    for (const s of panel.series) {
      const v = displayValue(panel, c.key, s.key);
      d[s.key] = v;
      const row = panel.cells[c.key]?.[s.key];
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
  const category = panel.categories.find((c) => c.label === label);
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
            {warnings.length > 0 && <div className={styles.tooltipFlag}>⚠ {warnings.map((f) => flagLabel(f.kind)).join('; ')}</div>}
          </div>
        );
      })}
    </div>
  );
}

/** Category tick that wraps long labels ("B: Cilium + kube-proxy") onto several lines. */
function WrappedTick({x, y, payload, width, visibleTicksCount}: {x?: number; y?: number; payload?: {value: string}; width?: number; visibleTicksCount?: number}) {
  // Room per category decides the line length; when even short lines would collide
  // (narrow panels, phones), a "B: Cilium + kube-proxy" label shows its id only: the full label is in the tooltip and table.
  const band = width && visibleTicksCount ? width / visibleTicksCount : 100;
  const maxChars = Math.max(4, Math.floor(band / 7));
  const label = String(payload?.value ?? '');
  const id = /^([A-Za-z0-9]{1,3}):\s/.exec(label)?.[1];
  const words = id && band < 90 ? [id] : label.split(/\s+/);
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

interface BarLabelProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  text: string;
}

/** Width of one character of the 11px label font, generously rounded up. */
const LABEL_CHAR_PX = 6.5;

/**
 * A bar's value above it, only when it fits the bar's width: narrow bars (many series,
 * phone widths) would overprint their neighbours. The value stays in the tooltip and table.
 */
function BarValueLabel({x, y, width, text}: BarLabelProps) {
  const [bx, by, bw] = [Number(x), Number(y), Number(width)];
  if (!text || !Number.isFinite(bx + by + bw) || bw + 8 < text.length * LABEL_CHAR_PX) return null;
  return (
    <text x={bx + bw / 2} y={by - 4} textAnchor="middle" fill="var(--chart-label)" fontSize={11}>
      {text}
    </text>
  );
}

export default function RechartsView({panel, hidden, height, locale}: RechartsViewProps): React.JSX.Element {
  const data = toData(panel);
  const series = visibleSeries(panel, hidden);
  const unit = panel.display === 'percentOfFirst' ? '%' : panel.unit;
  const tick = (v: number) => formatNumber(v, locale, 2);
  const valueLabel = (v: unknown) => (typeof v === 'number' ? formatValue(v, unit, locale) : '');
  const axisProps = {stroke: 'var(--chart-axis)', tick: {fill: 'var(--chart-axis)', fontSize: 12}};
  const tooltip = <Tooltip content={<ChartTooltip panel={panel} hidden={hidden} locale={locale} />} cursor={{fill: 'var(--chart-cursor)'}} />;
  const refs = (panel.referenceLines ?? []).map((r) => (
    // Labelled in the key under the plot (ReferenceKey), where it cannot collide with bar labels.
    <ReferenceLine key={r.label} y={r.value} stroke="var(--chart-reference)" strokeDasharray="6 4" ifOverflow="extendDomain" />
  ));
  const common = {data, margin: {top: 24, right: 16, bottom: 8, left: 8}, accessibilityLayer: true};

  if (panel.kind === 'line') {
    return (
      <ResponsiveContainer width="100%" height={height}>
        <LineChart {...common}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis dataKey="label" {...axisProps} interval={0} tick={<WrappedTick />} height={56} padding={{left: 28, right: 28}} />
          <YAxis {...axisProps} tickFormatter={tick} width={64} domain={panel.display === 'percentOfFirst' ? ['auto', 'auto'] : [0, 'auto']} />
          {tooltip}
          {refs}
          {series.map((s) => (
            <Line key={s.key} type="linear" dataKey={s.key} name={s.label} stroke={seriesColor(s.color)} strokeWidth={2.5} strokeOpacity={s.ghost ? 0.45 : 1} dot={{r: 4}} connectNulls isAnimationActive={false} />
          ))}
          {(panel.markers ?? []).map((m, i) => (
            // Label inside the plot, left of the line (a marker on the last category is not clipped),
            // one text line lower per marker so labels of neighbouring markers do not overprint.
            <ReferenceLine key={m.label} x={panel.categories.find((c) => c.key === m.category)?.label} stroke="var(--chart-marker)" strokeDasharray="3 3" label={{value: m.label, position: 'insideTopRight', offset: 6 + i * 16, fill: 'var(--chart-marker)', fontSize: 12}} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    );
  }

  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart {...common}>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" {...axisProps} interval={0} tick={<WrappedTick />} height={56} />
        {/* Bars start at zero: no truncated axes. */}
        <YAxis {...axisProps} tickFormatter={tick} width={64} domain={[0, 'auto']} />
        {tooltip}
        {refs}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={seriesColor(s.color)} fillOpacity={s.ghost ? 0.4 : 1} isAnimationActive={false} maxBarSize={64}>
            <LabelList dataKey={s.key} content={(props) => <BarValueLabel {...(props as BarLabelProps)} text={valueLabel(props.value)} />} />
            <ErrorBar dataKey={`${s.key}__spread`} width={6} stroke="var(--chart-axis)" />
          </Bar>
        ))}
        {(panel.markers ?? []).map((m) => (
          <ReferenceDot key={m.label} x={panel.categories.find((c) => c.key === m.category)?.label} y={0} r={0} label={{value: m.label, position: 'top'}} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
