/**
 * A panel's plot: the drawing the build made of it, then the interactive chart in its place.
 *
 * The box is sized by CSS alone (a container query picks the layout, ./layouts.ts, and the
 * layout's aspect ratio gives the height), so nothing moves when the drawing changes hands.
 *
 * - In the built HTML (`StaticPlot`) the box holds one drawing per layout, each an SVG drawn by
 *   recharts itself at build time (src/plugins/chart-drawings fills the placeholder written here),
 *   and the container query shows the one for the box's width. It needs no JavaScript.
 * - Live (`LivePlot`), recharts draws the panel at the same layout and the chart is scaled to the
 *   box as the drawing was (recharts reads the scale for its pointer and tooltip positions), so
 *   the reader sees one picture. Until recharts has a surface, what covers it is the build's
 *   drawing when the figure shows the version it was built with, else the panel's table.
 */
import React, {useEffect, useRef, useState} from 'react';
import type {ColouredPanel} from '@site/src/data/chart/palette';
import type {DrawingRequest} from '@site/src/data/chart/drawing';
import {LAYOUTS, layoutFor} from './layouts';
import TableUntilDrawn from './TableUntilDrawn';
import styles from './styles.module.css';


/** JSON inside a <script> element: "</script>" or "<!--" in a label must not end it. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

function drawingRequestHtml(request: DrawingRequest): string {
  const boxes = request.layouts.map((w) => `<div class="${styles.layout}" data-layout="${w}"></div>`).join('');
  return `${boxes}<script type="application/json" data-chart-draw>${scriptJson(request)}</script>`;
}

/** The frame every plot draws in: its aspect ratio (per layout, styles.module.css) gives the height. */
function Frame({height, children, ref, ...rest}: {height: number; children: React.ReactNode; ref?: React.Ref<HTMLDivElement>} & React.HTMLAttributes<HTMLDivElement>): React.JSX.Element {
  return (
    <div className={styles.plot}>
      <div ref={ref} className={styles.frame} style={{'--plot-height': height} as React.CSSProperties} data-plot-frame {...rest}>
        {children}
      </div>
    </div>
  );
}

/**
 * The build's drawings of a panel, as the HTML holds them: kept as the server wrote them
 * (dangerouslySetInnerHTML is not compared when React hydrates), so the SVG the drawing step
 * put in stays as it is.
 */
export function StaticPlot({panel, height, locale, labelLines}: {panel: ColouredPanel; height: number; locale: string; labelLines: boolean}): React.JSX.Element {
  // Written on the server only: in the browser the element's content is the drawing already there.
  const html = typeof window === 'undefined' ? drawingRequestHtml({panel, height, locale, labelLines, layouts: LAYOUTS.map((l) => l.width)}) : '';
  return (
    <Frame height={height} data-static-plot>
      <div className={styles.drawings} data-static-drawing suppressHydrationWarning dangerouslySetInnerHTML={{__html: html}} />
    </Frame>
  );
}

/** The plot's width, followed as it resizes (a ResizeObserver reports after layout: no forced layout). */
function useFrameWidth(ref: React.RefObject<HTMLDivElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') return setWidth(el.clientWidth);
    const ro = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * The interactive chart drawn at its layout and scaled to the frame; `cover` (the build's
 * drawing, or the table) stays over it until recharts has drawn.
 */
export function LivePlot({height, cover, draw}: {height: number; cover: React.ReactNode; draw: (width: number, height: number) => React.ReactNode}): React.JSX.Element {
  const frame = useRef<HTMLDivElement>(null);
  const width = useFrameWidth(frame);
  const layout = width === undefined ? undefined : layoutFor(width);
  return (
    <Frame height={height} ref={frame}>
      <TableUntilDrawn table={cover}>
        {() =>
          layout && width ? (
            // Drawn anew when the plot changes layout (a grid settling into two columns): the chart starts at its layout's width.
            <div key={layout.width} className={styles.scaled} style={{width: layout.width, height, transform: `scale(${width / layout.width})`}}>
              {draw(layout.width, height)}
            </div>
          ) : null
        }
      </TableUntilDrawn>
    </Frame>
  );
}

/** The build's drawings of each panel, read from the page's HTML just before its figure goes live: `${chart}/${panel}` -> HTML. */
const keptDrawings = new Map<string, string>();

/** Keeps the drawings of a figure about to go live (the element holding its server HTML). */
export function keepDrawings(chart: string, figure: Element): void {
  figure.querySelectorAll('[data-panel]').forEach((panel) => {
    const drawing = panel.querySelector('[data-static-drawing]');
    if (drawing && drawing.querySelector('svg')) keptDrawings.set(`${chart}/${panel.getAttribute('data-panel')}`, drawing.innerHTML);
  });
}

/** The build's drawing of a panel, to cover the live chart until it has drawn (undefined: none was kept). */
export function KeptDrawing({chart, panel}: {chart: string; panel: string}): React.JSX.Element | undefined {
  const html = keptDrawings.get(`${chart}/${panel}`);
  return html === undefined ? undefined : <div className={styles.drawings} data-static-drawing dangerouslySetInnerHTML={{__html: html}} />;
}

export const hasKeptDrawing = (chart: string, panel: string): boolean => keptDrawings.has(`${chart}/${panel}`);
