/**
 * The chart drawn under its table, the table removed only once the chart has a surface.
 *
 * Were the static table removed before recharts' first paint, a frame or more would show
 * neither, an empty box (bench:site's phone profile counts them): the chart library may still
 * be loading, and a chart that measures its box draws nothing until it has. Here the table
 * covers the plot until a recharts surface with a width is in the DOM, and goes in a later
 * render, so every painted frame shows one or the other.
 *
 * The chart itself is rendered only once the plot is near the viewport and it is the
 * plot's turn (./drawTurns.ts: one panel drawn at a time, the one in view first). It gets
 * the plot's width as measured then: recharts given its size draws in its first render,
 * without measuring its box (RechartsView uses no ResponsiveContainer).
 */
import React, {Suspense, useEffect, useRef, useState} from 'react';
import {NEAR_VIEWPORT, queueToDraw} from './drawTurns';
import styles from './styles.module.css';

/** recharts' <svg> once it has a size (read from the attribute: no forced layout). */
const hasSurface = (box: HTMLElement): boolean =>
  [...box.querySelectorAll('svg.recharts-surface')].some((svg) => Number(svg.getAttribute('width')) > 0);

export default function TableUntilDrawn({table, children}: {table: React.ReactNode; children: (width: number) => React.ReactNode}): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  // The plot's width once it is its turn to draw.
  const [turn, setTurn] = useState<number | undefined>();
  const [drawn, setDrawn] = useState(false);

  // Near the viewport, wait for a turn to draw; hold it until drawn (or out of reach again: a
  // plot hidden meanwhile, in a closed tab, would never draw and hold up every other chart).
  useEffect(() => {
    const el = box.current;
    if (!el || drawn) return;
    if (typeof IntersectionObserver === 'undefined') return setTurn(el.clientWidth);
    let leave: (() => void) | undefined;
    const io = new IntersectionObserver(
      (entries) => {
        const near = entries.some((e) => e.isIntersecting);
        // Not a transition: those of other figures going live would be rendered with it, before the panel could show.
        if (near && !leave) leave = queueToDraw(el, () => setTurn(el.clientWidth));
        else if (!near && leave) {
          leave();
          leave = undefined;
        }
      },
      {rootMargin: NEAR_VIEWPORT},
    );
    io.observe(el);
    return () => {
      io.disconnect();
      leave?.();
    };
  }, [drawn]);

  useEffect(() => {
    const el = box.current;
    if (!el || turn === undefined || drawn) return;
    if (hasSurface(el)) return setDrawn(true);
    const mo = new MutationObserver(() => hasSurface(el) && setDrawn(true));
    mo.observe(el, {childList: true, subtree: true, attributes: true, attributeFilter: ['width']});
    return () => mo.disconnect();
  }, [turn, drawn]);

  return (
    <div ref={box} className={styles.underTable} data-drawn={drawn || undefined}>
      {turn !== undefined && <Suspense fallback={null}>{children(turn)}</Suspense>}
      {!drawn && <div className={styles.tableOverChart}>{table}</div>}
    </div>
  );
}
