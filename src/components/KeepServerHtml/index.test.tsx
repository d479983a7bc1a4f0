// @vitest-environment jsdom
/**
 * KeepServerHtml: on the render that hydrates the build's HTML the figure's DOM stays as the
 * build wrote it and its component does not run, until another version is shown or (with
 * nearViewport) it nears the viewport; without server HTML it renders at once.
 */
import React, {act} from 'react';
import {renderToString} from 'react-dom/server';
import {createRoot, hydrateRoot, type Root} from 'react-dom/client';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {SuiteBundle} from '@site/src/data/bundle';
import {eksLikeDataset, bundleOf} from '@site/src/data/testing/eksLike';
import {selectVersion, useSuite} from '@site/src/plugins/bench-data/client';
import {testHistory} from '@site/tests/unit/docusaurus/router';
import KeepServerHtml from './index';
import {KeepProse, keptBlock} from '@site/src/hydration';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

let renders = 0;
function Probe({data}: {data: SuiteBundle}): React.JSX.Element {
  renders++;
  const {dataset} = useSuite(data);
  return <figure data-version={dataset.version}>{`shown: ${dataset.version}`}</figure>;
}

let container: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  renders = 0;
  window.history.replaceState(null, '', '/docs/report');
  container = document.createElement('div');
  container.id = '__docusaurus';
  container.className = '';
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

/** The build's HTML of the tree, in the page as Docusaurus ships it (not hydrated yet); then hydrate. */
async function hydrateBuilt(tree: React.ReactElement, figures = 1): Promise<{html: string; figure: Element}> {
  document.documentElement.dataset.hasHydrated = 'true';
  const html = renderToString(tree);
  expect(renders, 'the build renders the figures').toBe(figures);
  renders = 0;
  container.innerHTML = html;
  const figure = container.querySelector('figure')!;
  document.documentElement.dataset.hasHydrated = 'false';
  await act(async () => {
    root = hydrateRoot(container, tree);
  });
  document.documentElement.dataset.hasHydrated = 'true';
  return {html, figure};
}

describe('KeepServerHtml', () => {
  it('hydrating the build HTML keeps its DOM and does not run the figure', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'keep-a', '2030-01-01'));
    const tree = <KeepServerHtml data={bundle}><Probe data={bundle} /></KeepServerHtml>;
    const {html, figure} = await hydrateBuilt(tree);
    expect(renders).toBe(0);
    expect(container.innerHTML).toBe(html);
    expect(container.querySelector('figure'), 'the same element, not a copy').toBe(figure);
  });

  it('renders the figure once the reader picks another version', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'keep-b', '2030-01-01'), eksLikeDataset(2, 'keep-b', '2030-02-01'));
    await hydrateBuilt(<KeepServerHtml data={bundle}><Probe data={bundle} /></KeepServerHtml>);
    expect(container.querySelector('figure')?.getAttribute('data-version')).toBe('2030-02-01');
    expect(renders).toBe(0);
    await act(() => selectVersion(bundle, '2030-01-01'));
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelectorAll('figure')).toHaveLength(1);
    expect(container.querySelector('figure')?.getAttribute('data-version')).toBe('2030-01-01');
    await act(() => selectVersion(bundle, '2030-02-01')); // suite state is page-wide: leave the built version shown
  });

  it('with nearViewport, renders the figure when it comes near the viewport', async () => {
    const observers: {callback: IntersectionObserverCallback; margin?: string; targets: Element[]}[] = [];
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({callback, margin: options?.rootMargin, targets: this.targets});
      }
      observe(el: Element) {
        this.targets.push(el);
      }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      const bundle = bundleOf(eksLikeDataset(1, 'keep-c', '2030-01-01'));
      const prepared: number[] = [];
      const prepare = () => prepared.push(renders);
      const {figure} = await hydrateBuilt(<KeepServerHtml data={bundle} nearViewport="400px 0px" prepare={prepare}><Probe data={bundle} /></KeepServerHtml>);
      expect(renders).toBe(0);
      expect(prepared, 'nothing is prepared while the figure is far away').toEqual([]);
      expect(observers).toHaveLength(1);
      expect(observers[0].margin).toBe('400px 0px');
      expect(observers[0].targets, 'it watches the kept figure').toEqual([figure]);
      const wrapper = figure.parentElement;
      await act(async () => observers[0].callback([{isIntersecting: true} as IntersectionObserverEntry], {} as IntersectionObserver));
      // Replacing the wrapper, a block of the article, would restyle the whole article.
      expect(container.querySelector('figure')?.parentElement, 'the figure goes live inside the same wrapper element').toBe(wrapper);
      expect(prepared, 'prepared once it nears the viewport, before the figure rendered').toEqual([0]);
      expect(renders).toBeGreaterThan(0);
      expect(container.querySelectorAll('figure')).toHaveLength(1);
      expect(container.textContent).toBe('shown: 2030-01-01');
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });

  it('live, prepares the figure at hydration', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'keep-p', '2030-01-01'));
    let prepared = 0;
    const prepare = () => prepared++;
    await hydrateBuilt(<KeepServerHtml data={bundle} nearViewport="400px 0px" live prepare={prepare}><Probe data={bundle} /></KeepServerHtml>);
    expect(prepared).toBe(1);
    expect(container.textContent).toBe('shown: 2030-01-01');
  });

  it('without server HTML (a client-side navigation) renders the figure at once', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'keep-d', '2030-01-01'));
    document.documentElement.dataset.hasHydrated = 'true';
    await act(async () => {
      root = createRoot(container);
      root.render(<KeepServerHtml data={bundle}><Probe data={bundle} /></KeepServerHtml>);
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.textContent).toBe('shown: 2030-01-01');
  });

  it('a version named in the URL renders the figure at once (it is not what the build drew)', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'keep-e', '2030-01-01'), eksLikeDataset(2, 'keep-e', '2030-02-01'));
    const tree = <KeepServerHtml data={bundle}><Probe data={bundle} /></KeepServerHtml>;
    document.documentElement.dataset.hasHydrated = 'true';
    container.innerHTML = renderToString(tree);
    renders = 0;
    window.history.replaceState(null, '', '/docs/report?keep-e=2030-01-01');
    document.documentElement.dataset.hasHydrated = 'false';
    await act(async () => {
      root = hydrateRoot(container, tree);
    });
    expect(renders).toBeGreaterThan(0);
    await act(async () => {});
    expect(container.querySelector('figure')?.getAttribute('data-version')).toBe('2030-01-01');
    await act(() => selectVersion(bundle, '2030-02-01'));
  });
});

describe('KeepProse and keptBlock', () => {
  // A figure may not sit in a <p> (the HTML parser would move it out): quotes hold the probes.
  const Quote = keptBlock('blockquote');
  const Ul = keptBlock('ul');

  it('hydrating keeps the blocks as the build wrote them, without running what is inside', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'prose-a', '2030-01-01'));
    const tree = (
      <KeepProse>
        <Quote>
          text <Probe data={bundle} />
        </Quote>
        <Ul>
          <li>
            one <Probe data={bundle} />
          </li>
        </Ul>
      </KeepProse>
    );
    const {html, figure} = await hydrateBuilt(tree, 2);
    expect(renders, 'no inline figure runs').toBe(0);
    expect(container.innerHTML).toBe(html);
    expect(container.querySelector('figure'), 'the same element, not a copy').toBe(figure);
  });

  it('another version of any suite on the page makes the blocks live', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'prose-b', '2030-01-01'), eksLikeDataset(2, 'prose-b', '2030-02-01'));
    const other = bundleOf(eksLikeDataset(1, 'prose-c', '2030-01-01'), eksLikeDataset(2, 'prose-c', '2030-02-01'));
    await hydrateBuilt(
      <KeepProse>
        <Quote>
          <Probe data={bundle} />
        </Quote>
        <KeepServerHtml data={other}>
          <Probe data={other} />
        </KeepServerHtml>
      </KeepProse>,
      2,
    );
    expect(renders).toBe(0);
    await act(() => selectVersion(other, '2030-01-01'));
    expect(renders, 'the paragraph and the figure of the other suite render').toBeGreaterThanOrEqual(2);
    expect(container.querySelectorAll('blockquote figure')).toHaveLength(1);
    expect(container.querySelector('blockquote figure')?.getAttribute('data-version'), 'its own suite still at the built version').toBe('2030-02-01');
    await act(() => selectVersion(other, '2030-02-01'));
  });

  it('outside a hydration (client-side navigation) the blocks render at once', async () => {
    const bundle = bundleOf(eksLikeDataset(1, 'prose-d', '2030-01-01'));
    document.documentElement.dataset.hasHydrated = 'true';
    await act(async () => {
      root = createRoot(container);
      root.render(
        <KeepProse>
          <Quote>
            <Probe data={bundle} />
          </Quote>
        </KeepProse>,
      );
    });
    expect(renders).toBe(1);
    expect(container.innerHTML).toBe('<blockquote><figure data-version="2030-01-01">shown: 2030-01-01</figure></blockquote>');
  });
});

describe('links in kept prose', () => {
  const P = keptBlock('p');

  it('a link to another page of the site is routed without a reload; anchors, files and other sites are left to the browser', async () => {
    testHistory.pushed = [];
    container.className = 'markdown';
    await hydrateBuilt(
      <KeepProse>
        <P>
          <a href="/docs/other?x=1#h">page</a> <a href="#here">anchor</a> <a href="/data/eks-cni/v1.json">file</a> <a href="https://example.org/x">site</a>{' '}
          <a href="/docs/new-tab" target="_blank">
            tab
          </a>
        </P>
      </KeepProse>,
      0,
    );
    const clicked = (text: string) => {
      const a = [...container.querySelectorAll('a')].find((l) => l.textContent === text)!;
      const e = new MouseEvent('click', {bubbles: true, cancelable: true, button: 0});
      a.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(clicked('page')).toBe(true);
    expect(testHistory.pushed).toEqual(['/docs/other?x=1#h']);
    for (const text of ['anchor', 'file', 'site', 'tab']) expect(clicked(text), text).toBe(false);
    expect(testHistory.pushed).toHaveLength(1);
  });

  it('pointing at a link to another page of the site preloads that page once, as <Link> does; other links preload nothing', async () => {
    const preloaded: string[] = [];
    (window as {docusaurus?: unknown}).docusaurus = {preload: (path: string) => preloaded.push(path)};
    container.className = 'markdown';
    try {
      await hydrateBuilt(
        <KeepProse>
          <P>
            <a href="/docs/other?x=1#h">page</a> <a href="#here">anchor</a> <a href="/data/eks-cni/v1.json">file</a> <a href="https://example.org/x">site</a>
          </P>
        </KeepProse>,
        0,
      );
      const point = (text: string, type: string) => {
        const a = [...container.querySelectorAll('a')].find((l) => l.textContent === text)!;
        a.dispatchEvent(new Event(type, {bubbles: true}));
      };
      for (const text of ['anchor', 'file', 'site']) point(text, 'mouseover');
      expect(preloaded, 'anchors, files and other sites').toEqual([]);
      point('page', 'mouseover');
      point('page', 'touchstart');
      point('page', 'focusin');
      expect(preloaded).toEqual(['/docs/other']);
    } finally {
      delete (window as {docusaurus?: unknown}).docusaurus;
    }
  });
});
