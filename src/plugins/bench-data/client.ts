/**
 * The client side of the bench-data plugin (./index.ts builds the modules a page
 * imports; this is what components use with them).
 *
 * Page-wide dataset state per suite: every chart and inline figure of a
 * suite on a page shows the same version, and the version picker of any of
 * them switches all. The chosen version is kept in the URL (?<suite>=<version>)
 * so a link reproduces the view.
 *
 * SSR and the first client render always use the bundle's own version, so
 * hydration matches the static HTML.
 */
import {useCallback, useEffect, useSyncExternalStore} from 'react';
import {useLocation} from '@docusaurus/router';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {SuiteManifest} from '@site/src/data/manifest';
import type {Dataset} from '@site/src/data/schema';
import {compareVersions} from '@site/src/data/versions';
import {FigureQueryError, FigureRows, type SelectionError} from '@site/src/data/selectors';
import type {MetricId} from '@site/src/data/metrics';
import type {Conditions, ResultRow} from '@site/src/data/schema';

interface SuiteState {
  version: string;
  datasets: Map<string, Dataset>;
  loading: boolean;
  error?: string;
}

interface Store {
  state: SuiteState;
  /** The version the page was built with. */
  built: string;
  listeners: Set<() => void>;
}

const stores = new Map<string, Store>();

/** Told of every change to any suite's state (useShowsBuiltVersions). */
const pageListeners = new Set<() => void>();

/**
 * One selection per bundle a page is built with (suite and built version): every chart of a
 * report shares it, so the version picker changes them all, while a page that pins an older
 * version (the methods page's examples) keeps its own, whatever another page selected.
 */
function storeFor(bundle: SuiteBundle): Store {
  const key = `${bundle.manifest.suite}@${bundle.current.version}`;
  let store = stores.get(key);
  if (!store) {
    store = {
      state: {version: bundle.current.version, datasets: new Map([[bundle.current.version, bundle.current]]), loading: false},
      built: bundle.current.version,
      listeners: new Set(),
    };
    stores.set(key, store);
  }
  return store;
}

function update(store: Store, patch: Partial<SuiteState>) {
  store.state = {...store.state, ...patch};
  store.listeners.forEach((l) => l());
  pageListeners.forEach((l) => l());
}

async function ensureLoaded(bundle: SuiteBundle, store: Store, version: string): Promise<Dataset> {
  const have = store.state.datasets.get(version);
  if (have) return have;
  const dataset = await bundle.loadVersion(version);
  store.state.datasets.set(version, dataset);
  return dataset;
}

export async function selectVersion(bundle: SuiteBundle, version: string): Promise<void> {
  const store = storeFor(bundle);
  if (!bundle.manifest.versions.some((v) => v.version === version)) return;
  update(store, {loading: true, error: undefined});
  try {
    await ensureLoaded(bundle, store, version);
    update(store, {version, loading: false});
    const url = new URL(window.location.href);
    if (version === bundle.manifest.latest) url.searchParams.delete(bundle.manifest.suite);
    else url.searchParams.set(bundle.manifest.suite, version);
    window.history.replaceState(window.history.state, '', url);
  } catch (e) {
    update(store, {loading: false, error: (e as Error).message});
  }
}

/** The version just before `version` in the suite, if any. */
export function previousVersion(bundle: SuiteBundle, version: string): string | undefined {
  const sorted = bundle.manifest.versions.map((v) => v.version).sort(compareVersions);
  const i = sorted.indexOf(version);
  return i > 0 ? sorted[i - 1] : undefined;
}

export interface SuiteView {
  /** The suite's versions with their dates, reasons and changes. */
  manifest: SuiteManifest;
  dataset: Dataset;
  version: string;
  versions: string[];
  loading: boolean;
  error?: string;
  setVersion: (version: string) => void;
  /** Load (if needed) and return another version, e.g. for compare-to-previous. */
  load: (version: string) => Promise<Dataset>;
}

/** The suite's page-wide state, re-rendering the caller when it changes (none without a store). */
function useSuiteState(store: Store): SuiteState;
function useSuiteState(store: Store | undefined): SuiteState | undefined;
function useSuiteState(store: Store | undefined): SuiteState | undefined {
  const subscribe = useCallback(
    (l: () => void) => {
      store?.listeners.add(l);
      return () => store?.listeners.delete(l);
    },
    [store],
  );
  const get = () => store?.state;
  return useSyncExternalStore(subscribe, get, get);
}

/** The version of the suite the URL asks for (?<suite>=<version>), if any. */
export function versionInUrl(bundle: SuiteBundle): string | undefined {
  return new URLSearchParams(window.location.search).get(bundle.manifest.suite) ?? undefined;
}

/** True while the page shows the suite version it was built with (the reader picked no other); always, without a suite. */
export function useShowsBuiltVersion(bundle: SuiteBundle | undefined): boolean {
  const state = useSuiteState(bundle && storeFor(bundle));
  return bundle === undefined || state?.version === bundle.current.version;
}

/** True while every suite on the page shows the version it was built with (prose that may hold inline figures of any). */
export function useShowsBuiltVersions(): boolean {
  const subscribe = useCallback((l: () => void) => {
    pageListeners.add(l);
    return () => pageListeners.delete(l);
  }, []);
  const get = () => [...stores.values()].every((s) => s.state.version === s.built);
  return useSyncExternalStore(subscribe, get, () => true);
}

export function useSuite(bundle: SuiteBundle): SuiteView {
  const store = storeFor(bundle);
  const state = useSuiteState(store);

  // After hydration, honour a version named in the URL.
  useEffect(() => {
    const wanted = versionInUrl(bundle);
    if (wanted && wanted !== store.state.version) void selectVersion(bundle, wanted);
  }, [bundle, store]);

  return {
    manifest: bundle.manifest,
    dataset: state.datasets.get(state.version) ?? bundle.current,
    version: state.version,
    versions: bundle.manifest.versions.map((v) => v.version),
    loading: state.loading,
    error: state.error,
    setVersion: (v) => void selectVersion(bundle, v),
    load: (v) => ensureLoaded(bundle, store, v),
  };
}

/**
 * The one selection policy on a page, for charts, tables and inline figures
 * alike: on the version the page is built with, a query that names no row or
 * several throws, so the build fails naming the figure, the page and the query.
 * On a version the reader picked, the figure shows what that version has.
 */
export function useFigureCheck(bundle: SuiteBundle, dataset: Dataset, figure: string, problems: readonly SelectionError[]): void {
  const page = useLocation().pathname;
  if (problems.length > 0 && dataset === bundle.current) throw new FigureQueryError(figure, page, problems);
}

/** An inline figure's query (<Metric>, <Delta>): one row of one scenario. */
export interface FigureQuery {
  metric: MetricId;
  scenario: string;
  where?: Partial<Conditions>;
}

/**
 * The row for an inline figure, by the one selection policy (useFigureCheck):
 * on the page's own dataset a bad query fails the build, naming it; on another
 * version picked by the reader a missing row just shows as missing.
 */
export function useFigureRow(bundle: SuiteBundle, q: FigureQuery, figure: string): {row: ResultRow | undefined; dataset: Dataset} {
  const {dataset} = useSuite(bundle);
  const rows = new FigureRows(dataset);
  const row = rows.row(q);
  useFigureCheck(bundle, dataset, figure, rows.problems);
  return {row, dataset};
}

