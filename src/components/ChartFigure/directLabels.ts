/**
 * Direct labels: a line panel names each line at its end, in the margin right of the
 * plot (never over data), when the panel is wide enough to give the labels room; a
 * narrow panel (a phone, half-width) keeps the legend above the chart only.
 */
import {tickTextWidth} from './axis';

/** Line height of a direct label (11.5 px text), and the space kept between two labels. */
export const LABEL_LINE = 14;
export const LABEL_SPACING = 3;
/** Room the plot keeps for itself before any goes to labels. */
const MIN_PLOT = 220;
/** Space between the end of a line and its label: the marker glyph and a gap. */
export const LABEL_INDENT = 14;
/** From the plot's right edge to the label's glyph, and spare room after the text. */
export const LABEL_GAP = 6;
const LABEL_SPARE = 4;
/** Text width a label may take in a margin `margin` px wide. */
export const labelTextWidth = (margin: number): number => margin - LABEL_GAP - LABEL_INDENT - LABEL_SPARE;

/** A label broken into at most two lines of at most `maxWidth` px; a "B: Cilium + kube-proxy" label may shorten to "B". */
export function labelLines(label: string, maxWidth: number): string[] {
  const words = label.split(/\s+/);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && tickTextWidth(`${last} ${w}`) <= maxWidth) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  if (lines.length <= 2 && lines.every((l) => tickTextWidth(l) <= maxWidth)) return lines;
  const id = /^([A-Za-z0-9]{1,3}):\s/.exec(label)?.[1];
  if (id) return [id];
  // Two lines, the second cut with an ellipsis: the legend and tooltip carry the full name.
  const second = lines.slice(1).join(' ');
  let cut = second;
  while (cut.length > 1 && tickTextWidth(`${cut}…`) > maxWidth) cut = cut.slice(0, -1);
  return [lines[0], cut === second ? cut : `${cut.trimEnd()}…`];
}

/**
 * The right margin direct labels need in a panel `width` px wide (0: no direct labels,
 * the panel is too narrow). Labels get at most a third of the panel.
 */
export function labelMargin(labels: readonly string[], width: number, axisWidth: number): number {
  if (labels.length === 0 || width <= 0) return 0;
  const budget = Math.min(width / 3, 170);
  const widest = Math.max(...labels.map((l) => Math.max(...labelLines(l, labelTextWidth(budget)).map(tickTextWidth))));
  const margin = Math.ceil(Math.min(budget, widest + LABEL_GAP + LABEL_INDENT + LABEL_SPARE));
  return width - axisWidth - margin >= MIN_PLOT ? margin : 0;
}

/**
 * Vertical positions for labels wanted at `y` (their line's last point), each `height`
 * tall, so that none overlaps the next and all stay within [top, bottom]: pushed down in
 * order, then back up from the bottom if the last one overflows.
 */
export function spreadLabels(wanted: readonly {key: string; y: number; height: number}[], top: number, bottom: number): Record<string, number> {
  const sorted = [...wanted].sort((a, b) => a.y - b.y);
  const ys = sorted.map((l) => l.y - l.height / 2);
  for (let i = 0; i < ys.length; i++) ys[i] = Math.max(ys[i], i === 0 ? top : ys[i - 1] + sorted[i - 1].height);
  for (let i = ys.length - 1; i >= 0; i--) ys[i] = Math.min(ys[i], i === ys.length - 1 ? bottom - sorted[i].height : ys[i + 1] - sorted[i].height);
  return Object.fromEntries(sorted.map((l, i) => [l.key, Math.max(top, ys[i])]));
}
