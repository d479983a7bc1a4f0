/**
 * Per-chart view state kept in the URL query so a copied link reproduces
 * the view: `<Chart>.hide=<series,...>`, `<Chart>.cmp=1`, `<Chart>.view=<x>`.
 * (The dataset version is suite-wide: `?<suite>=<version>`, see src/plugins/bench-data/client.ts.)
 */
import {useCallback, useEffect, useState} from 'react';
import {LINK_VIEW_STYLE_ATTRIBUTE, chartAnchorId, hiddenSeriesKey} from '@site/src/data/chartLink';

const compareKey = (name: string) => `${name}.cmp`;
const viewKey = (name: string) => `${name}.view`;

function readParams(name: string) {
  const q = new URLSearchParams(window.location.search);
  return {
    hidden: new Set((q.get(hiddenSeriesKey(name)) ?? '').split(',').filter(Boolean)),
    compare: q.get(compareKey(name)) === '1',
    view: q.get(viewKey(name)) ?? undefined,
  };
}

/** True when the URL carries a view of some chart (a link to a chart's view), whichever chart it is. */
export function urlCarriesChartView(): boolean {
  const suffixes = [hiddenSeriesKey(''), compareKey(''), viewKey('')];
  return [...new URLSearchParams(window.location.search).keys()].some((k) => suffixes.some((s) => k.length > s.length && k.endsWith(s)));
}

/** True when the URL carries a view of chart `name` (a link to that view): the chart must render it at once. */
export function hasUrlState(name: string): boolean {
  const p = readParams(name);
  return p.hidden.size > 0 || p.compare || p.view !== undefined;
}

function writeParam(key: string, value: string | undefined) {
  const url = new URL(window.location.href);
  if (value) url.searchParams.set(key, value);
  else url.searchParams.delete(key);
  window.history.replaceState(window.history.state, '', url);
}

export interface ChartUrlState {
  hidden: ReadonlySet<string>;
  toggle: (series: string) => void;
  compare: boolean;
  setCompare: (on: boolean) => void;
  view: string | undefined;
  setView: (view: string | undefined) => void;
  /** Absolute URL of the current view, anchored at the chart. */
  permalink: () => string;
}

/**
 * `canCompare`: whether the version shown has an earlier one to compare with. When it has not
 * (the suite's oldest version, picked or linked to), the compare flag is dropped from the state
 * and the URL, so a copied link never asks for a comparison that cannot apply.
 */
export function useChartUrlState(name: string, canCompare = true): ChartUrlState {
  // Server render and first client render: defaults (matches the static HTML).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [compare, setCompareState] = useState(false);
  const [view, setViewState] = useState<string | undefined>();

  useEffect(() => {
    // Set only what the link carries: a chart without URL state does not render twice at load.
    const p = readParams(name);
    if (p.hidden.size > 0) setHidden(p.hidden);
    if (p.compare) setCompareState(true);
    if (p.view !== undefined) setViewState(p.view);
  }, [name]);

  // Runs after the read above (effects run in order), so a loaded link's flag is dropped too.
  useEffect(() => {
    if (canCompare) return;
    setCompareState(false);
    if (readParams(name).compare) writeParam(compareKey(name), undefined);
  }, [name, canCompare]);

  const toggle = useCallback(
    (series: string) => {
      // The reader changed the view: the link's rule (src/plugins/chart-link-view) must not hide a series they show.
      document.querySelectorAll(`style[${LINK_VIEW_STYLE_ATTRIBUTE}]`).forEach((style) => style.getAttribute(LINK_VIEW_STYLE_ATTRIBUTE) === name && style.remove());
      setHidden((prev) => {
        const next = new Set(prev);
        if (next.has(series)) next.delete(series);
        else next.add(series);
        writeParam(hiddenSeriesKey(name), [...next].join(',') || undefined);
        return next;
      });
    },
    [name],
  );
  const setCompare = useCallback(
    (on: boolean) => {
      const next = on && canCompare;
      setCompareState(next);
      writeParam(compareKey(name), next ? '1' : undefined);
    },
    [name, canCompare],
  );
  const setView = useCallback(
    (v: string | undefined) => {
      setViewState(v);
      writeParam(viewKey(name), v);
    },
    [name],
  );
  const permalink = useCallback(() => {
    const url = new URL(window.location.href);
    url.hash = chartAnchorId(name);
    return url.toString();
  }, [name]);

  return {hidden, toggle, compare: compare && canCompare, setCompare, view, setView, permalink};
}
