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
import KeepServerHtml from './index';

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
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

/** The build's HTML of the tree, in the page as Docusaurus ships it (not hydrated yet); then hydrate. */
async function hydrateBuilt(tree: React.ReactElement): Promise<{html: string; figure: Element}> {
  document.documentElement.dataset.hasHydrated = 'true';
  const html = renderToString(tree);
  expect(renders, 'the build renders the figure').toBe(1);
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
      const {figure} = await hydrateBuilt(<KeepServerHtml data={bundle} nearViewport="400px 0px"><Probe data={bundle} /></KeepServerHtml>);
      expect(renders).toBe(0);
      expect(observers).toHaveLength(1);
      expect(observers[0].margin).toBe('400px 0px');
      expect(observers[0].targets, 'it watches the kept figure').toEqual([figure]);
      await act(async () => observers[0].callback([{isIntersecting: true} as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(renders).toBeGreaterThan(0);
      expect(container.querySelectorAll('figure')).toHaveLength(1);
      expect(container.textContent).toBe('shown: 2030-01-01');
    } finally {
      globalThis.IntersectionObserver = original;
    }
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
  });
});
