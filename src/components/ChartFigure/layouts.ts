/**
 * The widths a chart panel is laid out at. A panel is drawn at one of these widths and its
 * height, then scaled as a whole to the width of its box: the built HTML carries one drawing
 * per layout (picked by a container query on the plot, styles.module.css `.layout`), and the
 * interactive chart is drawn at the same layout and scaled the same way, so both are one
 * picture at any width.
 *
 * Text is 11-12 px in a layout and a layout is used from a width a little under its own up
 * to the next one, so text stays between about 11 and 17 px. The widths are the plot's on
 * the pages readers use most: a 390 px phone (324), a 1,280 px laptop's two panels side by
 * side (449), one panel on a desktop (702).
 *
 * Kept in step with the container queries in styles.module.css (layouts.test.ts reads them).
 */
export interface Layout {
  /** Width the panel is drawn at (px). */
  width: number;
  /** Smallest plot width this layout is used from (px). */
  from: number;
}

export const LAYOUTS: readonly Layout[] = [
  {width: 324, from: 0},
  {width: 449, from: 440},
  {width: 702, from: 640},
];

/** The layout for a plot this wide. */
export function layoutFor(plotWidth: number): Layout {
  return [...LAYOUTS].reverse().find((l) => plotWidth >= l.from) ?? LAYOUTS[0];
}
