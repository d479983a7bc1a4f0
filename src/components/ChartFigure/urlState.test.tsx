// @vitest-environment jsdom
/**
 * Chart view state in the URL: a copied link reproduces the view, and each
 * chart only touches its own `<Chart>.*` parameters.
 */
import {act, renderHook} from '@testing-library/react';
import {beforeEach, describe, expect, it} from 'vitest';
import {useChartUrlState} from './urlState';

const params = () => new URL(window.location.href).searchParams;

beforeEach(() => {
  window.history.replaceState(null, '', '/docs/report?eks-cni=2026-02-09#intro');
});

describe('useChartUrlState', () => {
  it('starts from the defaults, then takes the view from the URL after mounting', () => {
    window.history.replaceState(null, '', '/docs/report?Latency.hide=p99,p50&Latency.cmp=1&Latency.view=percent&Other.hide=x');
    const {result} = renderHook(() => useChartUrlState('Latency'));
    expect([...result.current.hidden].sort()).toEqual(['p50', 'p99']);
    expect(result.current.compare).toBe(true);
    expect(result.current.view).toBe('percent');
  });

  it('toggling a series writes <Chart>.hide, and removes it when nothing is hidden', () => {
    const {result} = renderHook(() => useChartUrlState('Latency'));
    act(() => result.current.toggle('p99'));
    act(() => result.current.toggle('p50'));
    expect([...result.current.hidden]).toEqual(['p99', 'p50']);
    expect(params().get('Latency.hide')).toBe('p99,p50');
    act(() => result.current.toggle('p99'));
    expect(params().get('Latency.hide')).toBe('p50');
    act(() => result.current.toggle('p50'));
    expect(params().has('Latency.hide')).toBe(false);
    expect(params().get('eks-cni'), 'the suite version parameter is kept').toBe('2026-02-09');
  });

  it('compare and view are written when set and removed when cleared', () => {
    const {result} = renderHook(() => useChartUrlState('Scale'));
    act(() => result.current.setCompare(true));
    act(() => result.current.setView('percent'));
    expect(params().get('Scale.cmp')).toBe('1');
    expect(params().get('Scale.view')).toBe('percent');
    act(() => result.current.setCompare(false));
    act(() => result.current.setView(undefined));
    expect(params().has('Scale.cmp')).toBe(false);
    expect(params().has('Scale.view')).toBe(false);
    expect(result.current.compare).toBe(false);
    expect(result.current.view).toBeUndefined();
  });

  it('a link asking to compare a version with nothing before it: the flag leaves the state and the URL', () => {
    window.history.replaceState(null, '', '/docs/report?eks-cni=2026-01-01&Latency.cmp=1&Latency.view=percent');
    const {result} = renderHook(() => useChartUrlState('Latency', false));
    expect(result.current.compare).toBe(false);
    expect(params().has('Latency.cmp')).toBe(false);
    expect(params().get('Latency.view'), 'the rest of the view is kept').toBe('percent');
    act(() => result.current.setCompare(true));
    expect(result.current.compare).toBe(false);
    expect(params().has('Latency.cmp'), 'nor can the reader set it there').toBe(false);
  });

  it('switching to a version with nothing before it drops the compare flag; switching back does not bring it back', () => {
    const {result, rerender} = renderHook(({canCompare}) => useChartUrlState('Latency', canCompare), {initialProps: {canCompare: true}});
    act(() => result.current.setCompare(true));
    expect(params().get('Latency.cmp')).toBe('1');
    rerender({canCompare: false});
    expect(result.current.compare).toBe(false);
    expect(params().has('Latency.cmp')).toBe(false);
    rerender({canCompare: true});
    expect(result.current.compare).toBe(false);
    expect(params().has('Latency.cmp')).toBe(false);
  });

  it('the permalink holds the current view and points at the chart', () => {
    const {result} = renderHook(() => useChartUrlState('Latency'));
    act(() => result.current.toggle('p99'));
    const link = new URL(result.current.permalink());
    expect(link.hash).toBe('#chart-Latency');
    expect(link.pathname).toBe('/docs/report');
    expect(link.searchParams.get('Latency.hide')).toBe('p99');
    expect(link.searchParams.get('eks-cni')).toBe('2026-02-09');
  });

  it('two charts keep separate state', () => {
    const a = renderHook(() => useChartUrlState('A'));
    const b = renderHook(() => useChartUrlState('B'));
    act(() => a.result.current.toggle('x'));
    expect(b.result.current.hidden.size).toBe(0);
    expect(params().get('A.hide')).toBe('x');
    expect(params().has('B.hide')).toBe(false);
  });
});
