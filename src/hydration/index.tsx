/**
 * Keeping the build's HTML on the hydrating render: most of a report page's
 * hydration would be React rebuilding what the server already drew. Used by
 * the figure wrapper <KeepServerHtml> (src/components/KeepServerHtml), the MDX
 * prose (src/theme/MDXContent, src/theme/MDXComponents) and the table of
 * contents (src/theme/TOCItems/Tree).
 */
import React, {createContext, useContext, useEffect, useState} from 'react';
import {useHistory} from '@docusaurus/router';
import {useShowsBuiltVersions} from '@site/src/plugins/bench-data/client';

/** True on the render that hydrates the build's HTML: the root has server content and has not hydrated yet. */
export function hydratingServerHtml(): boolean {
  if (typeof document === 'undefined') return false;
  return document.documentElement.dataset.hasHydrated === 'false' && Boolean(document.getElementById('__docusaurus')?.firstChild);
}

/** Whether the prose blocks of this MDX page keep the build's HTML (KeepProse). */
const ProseKept = createContext(false);

/**
 * Around a page's MDX content: its markdown blocks (paragraphs, lists, tables, quotes;
 * see keptBlock) keep the build's HTML on the hydrating render, so React builds no fibers
 * for their text, links and inline figures (most of a report's hydration). They
 * render for real once any suite on the page shows another version than it was built with
 * (an inline <Metric> may show any suite's value). Links in kept prose are plain <a>: a
 * click on one to another page of the site is routed here, as <Link> would, without a reload,
 * and pointing at one (hover, touch, focus) preloads that page, as <Link> does.
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
      const page = sitePageLinkedFrom(e.target);
      if (page === undefined) return;
      e.preventDefault();
      history.push(page);
    };
    // As <Link> does on hover, touch or focus: the linked page's chunks start loading before the click.
    const preloaded = new Set<string>();
    const onPointing = (e: Event) => {
      const page = sitePageLinkedFrom(e.target);
      if (page === undefined) return;
      const path = page.replace(/[?#].*$/, '');
      if (preloaded.has(path)) return;
      preloaded.add(path);
      (window as {docusaurus?: {preload(path: string): unknown}}).docusaurus?.preload(path);
    };
    const pointing = ['mouseover', 'touchstart', 'focusin'] as const;
    document.addEventListener('click', onClick);
    for (const type of pointing) document.addEventListener(type, onPointing, {passive: true});
    return () => {
      document.removeEventListener('click', onClick);
      for (const type of pointing) document.removeEventListener(type, onPointing);
    };
  }, [kept, history]);

  return <ProseKept.Provider value={kept && builtVersions}>{children}</ProseKept.Provider>;
}

/**
 * The page of this site a link in the article points to (path, query and hash), when the
 * router should open it: another page (not this one, not an anchor), in this tab, not a
 * static file (data, examples load as usual). Undefined for anything else.
 */
function sitePageLinkedFrom(target: EventTarget | null): string | undefined {
  const a = (target as Element | null)?.closest?.('.markdown a[href]');
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return undefined;
  const url = new URL(a.href);
  const here = window.location;
  if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return undefined;
  if (!/\/[^/.]*$/.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
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
