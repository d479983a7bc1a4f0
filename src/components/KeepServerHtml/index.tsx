/**
 * <KeepServerHtml data={bundle}>…</KeepServerHtml>: a figure that keeps the HTML
 * the build wrote for it instead of being hydrated, until it has to change.
 *
 * Hydrating a report page would be most of its main-thread work at load:
 * React would re-run every figure's data selection and walk thousands of table
 * cells and glyphs only to find the DOM already right. While the page shows the suite
 * version it was built with, a figure's static HTML is exactly what React would
 * draw, so on the hydrating render this renders an element whose content React
 * does not own (`dangerouslySetInnerHTML` is not compared in production), and
 * the server's DOM stays as it is. The children render for real:
 *
 * - on the server, and on a page React renders itself (client-side navigation,
 *   the dev server): there is no server HTML to keep;
 * - when the reader picks another version of `data`'s suite, or the URL names one
 *   (without `data`, a figure drawn from no dataset, it never has to change);
 * - with `nearViewport` (an IntersectionObserver rootMargin), once the figure comes
 *   that near the viewport, in a transition so it yields to input;
 * - with `onInteraction`, once the reader points at, touches or focuses something in it
 *   (interactive charts: the build's drawing is the chart until then);
 * - with `live`, at once (e.g. the URL carries a chart's view).
 *
 * `prepare` runs as soon as the figure is about to go live (in the observer's or the
 * event's callback, or at hydration when live), before it renders, with the element that
 * holds the server's HTML: it can read what that HTML carries, and start downloading what
 * the live figure needs, so the download does not wait for React to get to the figure's
 * render; when it returns a promise, the figure goes live once it settles. It may run more
 * than once (pass something idempotent, such as a dynamic import).
 *
 * The wrapper is `display: contents`, so it adds no box to the layout. The same
 * keeping for markdown prose and the TOC is in src/hydration.
 */
import React, {startTransition, useEffect, useRef, useState} from 'react';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useShowsBuiltVersion, versionInUrl} from '@site/src/plugins/bench-data/client';
import {hydratingServerHtml} from '@site/src/hydration';
import styles from './styles.module.css';

export interface KeepServerHtmlProps {
  /** The suite the figure shows; none for a figure drawn from no dataset. */
  data?: SuiteBundle;
  /** Go live this near the viewport (rootMargin, e.g. "400px 0px"). */
  nearViewport?: string;
  live?: boolean;
  /** Go live when the reader points at, touches or focuses the figure. */
  onInteraction?: boolean;
  /** Called when the figure is about to go live, before it renders (e.g. start loading a lazy chunk); keep it stable. */
  prepare?: (kept: Element | undefined) => unknown;
  children: React.ReactNode;
}

/** Events that say the reader is about to use a figure: pointing (mouse, pen) comes before a click, touch before a tap, focus before a key. */
const INTERACTION_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

export default function KeepServerHtml({data, nearViewport, onInteraction = false, live = false, prepare, children}: KeepServerHtmlProps): React.JSX.Element {
  const [kept, setKept] = useState(() => !live && hydratingServerHtml() && (data === undefined || versionInUrl(data) === undefined));
  const builtVersion = useShowsBuiltVersion(data);
  const ref = useRef<HTMLDivElement>(null);
  const keep = kept && builtVersion;

  useEffect(() => {
    // Live from hydration: the server's HTML is still in the page here (the figure renders itself anew after this).
    if (live) prepare?.(ref.current ?? undefined);
  }, [live, prepare]);

  useEffect(() => {
    // Another version was shown once: the server's HTML no longer stands for this figure.
    if (kept && !builtVersion) setKept(false);
  }, [kept, builtVersion]);

  useEffect(() => {
    const el = ref.current?.firstElementChild;
    if (!keep || nearViewport === undefined || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setKept(false);
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        prepare?.(ref.current ?? undefined);
        startTransition(() => setKept(false));
      },
      {rootMargin: nearViewport},
    );
    io.observe(el);
    return () => io.disconnect();
  }, [keep, nearViewport, prepare]);

  useEffect(() => {
    const el = ref.current;
    if (!keep || !onInteraction || !el) return;
    let started = false;
    const goLive = () => {
      if (started) return;
      started = true;
      void Promise.resolve(prepare?.(el)).finally(() => startTransition(() => setKept(false)));
    };
    for (const type of INTERACTION_EVENTS) el.addEventListener(type, goLive, {passive: true});
    return () => {
      for (const type of INTERACTION_EVENTS) el.removeEventListener(type, goLive);
    };
  }, [keep, onInteraction, prepare]);

  // One element kept and live: going live, React empties it (an element that had dangerouslySetInnerHTML
  // gets its content reset) and fills it. Replacing the element instead would make the article restyle every
  // element it holds (Infima's :first-child/:last-child rules on .markdown's blocks; on the EKS
  // report 5,491 elements, 0.5 s of CPU at 4x, for a chart scrolled to).
  return keep ? (
    <div ref={ref} className={styles.contents} suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />
  ) : (
    <div ref={ref} className={styles.contents}>
      {children}
    </div>
  );
}
