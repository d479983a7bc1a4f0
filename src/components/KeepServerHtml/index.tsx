/**
 * <KeepServerHtml data={bundle}>…</KeepServerHtml>: a figure that keeps the HTML
 * the build wrote for it instead of being hydrated, until it has to change.
 *
 * Hydrating a report page was most of its main-thread work at load (issue 16):
 * React re-ran every figure's data selection and walked thousands of table cells
 * and glyphs only to find the DOM already right. While the page shows the suite
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
 *   that near the viewport (interactive charts), in a transition so it yields to input;
 * - with `live`, at once (e.g. the URL carries a chart's view).
 *
 * The wrapper is `display: contents`, so it adds no box to the layout.
 */
import React, {createContext, startTransition, useContext, useEffect, useRef, useState} from 'react';
import {useHistory} from '@docusaurus/router';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useShowsBuiltVersion, useShowsBuiltVersions, versionInUrl} from '@site/src/plugins/bench-data/client';
import styles from './styles.module.css';

/** True on the render that hydrates the build's HTML: the root has server content and has not hydrated yet. */
export function hydratingServerHtml(): boolean {
  if (typeof document === 'undefined') return false;
  return document.documentElement.dataset.hasHydrated === 'false' && Boolean(document.getElementById('__docusaurus')?.firstChild);
}

export interface KeepServerHtmlProps {
  /** The suite the figure shows; none for a figure drawn from no dataset. */
  data?: SuiteBundle;
  /** Go live this near the viewport (rootMargin, e.g. "400px 0px"). */
  nearViewport?: string;
  live?: boolean;
  children: React.ReactNode;
}

export default function KeepServerHtml({data, nearViewport, live = false, children}: KeepServerHtmlProps): React.JSX.Element {
  const [kept, setKept] = useState(() => !live && hydratingServerHtml() && (data === undefined || versionInUrl(data) === undefined));
  const builtVersion = useShowsBuiltVersion(data);
  const ref = useRef<HTMLDivElement>(null);
  const keep = kept && builtVersion;

  useEffect(() => {
    // Another version was shown once: the server's HTML no longer stands for this figure.
    if (kept && !builtVersion) setKept(false);
  }, [kept, builtVersion]);

  useEffect(() => {
    const el = ref.current?.firstElementChild;
    if (!keep || nearViewport === undefined || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setKept(false);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setKept(false)), {rootMargin: nearViewport});
    io.observe(el);
    return () => io.disconnect();
  }, [keep, nearViewport]);

  // Different keys: going live replaces the kept element instead of appending to its content.
  return keep ? (
    <div key="kept" ref={ref} className={styles.contents} suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />
  ) : (
    <div key="live" ref={ref} className={styles.contents}>
      {children}
    </div>
  );
}

/** Whether the prose blocks of this MDX page keep the build's HTML (KeepProse). */
const ProseKept = createContext(false);

/**
 * Around a page's MDX content: its markdown blocks (paragraphs, lists, tables, quotes;
 * see keptBlock) keep the build's HTML on the hydrating render, so React builds no fibers
 * for their text, links and inline figures (most of a report's hydration, issue 16). They
 * render for real once any suite on the page shows another version than it was built with
 * (an inline <Metric> may show any suite's value). Links in kept prose are plain <a>: a
 * click on one to another page of the site is routed here, as <Link> would, without a reload.
 */
export function KeepProse({children}: {children: React.ReactNode}): React.JSX.Element {
  const [kept, setKept] = useState(hydratingServerHtml);
  const builtVersions = useShowsBuiltVersions();
  const history = useHistory();

  useEffect(() => {
    if (kept && !builtVersions) setKept(false);
  }, [kept, builtVersions]);

  useEffect(() => {
    if (!kept) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('.markdown a[href]');
      if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href);
      const here = window.location;
      if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return;
      // A page of this site (the router knows it) opens without a reload; static files (data, examples) load as usual.
      if (!/\/[^/.]*$/.test(url.pathname)) return;
      e.preventDefault();
      history.push(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [kept, history]);

  return <ProseKept.Provider value={kept && builtVersions}>{children}</ProseKept.Provider>;
}

/**
 * A markdown block drawn by `Live` (by default the bare `tag`) that keeps the build's HTML
 * inside KeepProse. `tag` is the element `Live` draws outermost: while kept, this renders
 * that element with content React does not own; hydrating neither compares nor patches
 * attributes, so it keeps the ones the build wrote, and going live replaces it (new key).
 */
export function keptBlock<P extends object>(tag: keyof React.JSX.IntrinsicElements, Live: React.ElementType<P> = tag as React.ElementType<P>): React.FC<P> {
  const Tag = tag as React.ElementType;
  const LiveBlock = Live as React.ElementType;
  return function KeptBlock(props: P) {
    return useContext(ProseKept) ? <Tag key="kept" suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} /> : <LiveBlock key="live" {...props} />;
  };
}
