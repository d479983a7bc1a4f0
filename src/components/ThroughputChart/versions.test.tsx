// @vitest-environment jsdom
import React from 'react';
import {describe, expect, it, beforeAll} from 'vitest';
import {render, screen, fireEvent, waitFor, cleanup} from '@testing-library/react';
import ThroughputChart from '.';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {selectRow} from '@site/src/data/selectors';

beforeAll(() => {
  // jsdom has no layout: give recharts' ResponsiveContainer something to observe.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('version picker', () => {
  const older = eksLikeDataset(3, 'two-versions', '2030-01-01');
  const newer = eksLikeDataset(7, 'two-versions', '2030-02-01');

  it('is absent with one version', () => {
    const doc = renderStatic(<ThroughputChart data={bundleOf(eksLikeDataset(3, 'one-version'))} />);
    expect(doc.querySelector('[data-testid="ThroughputChart-version"]')).toBeNull();
    expect(doc.querySelector('[data-testid="ThroughputChart-compare"]')).toBeNull();
  });

  it('lists every version, newest first, and switching shows the other version’s values', async () => {
    render(<ThroughputChart data={bundleOf(older, newer)} />);
    const select = (await screen.findByTestId('ThroughputChart-version')) as HTMLSelectElement;
    expect(Array.from(select.options, (o) => o.value)).toEqual(['2030-02-01', '2030-01-01']);
    // The picker says its reach: it switches every chart of the suite on the page.
    const hint = screen.getByTestId('ThroughputChart-version-hint');
    expect(select.getAttribute('aria-describedby')).toBe(hint.id);
    expect(hint.textContent).toMatch(/every chart of this suite on the page/);
    expect(select.options[0].textContent).toBe('2030-02-01 (new run)');
    const root = document.querySelector('[data-chart="ThroughputChart"]')!;
    const value = (d: typeof older) => String(selectRow(d, {metric: 'tcp_throughput', scenario: 'A'}).value);
    expect(root.querySelector(`data[value="${value(newer)}"]`)).not.toBeNull();
    fireEvent.change(select, {target: {value: '2030-01-01'}});
    await waitFor(() => expect(root.getAttribute('data-dataset')).toBe('two-versions@2030-01-01'));
    expect(root.querySelector(`data[value="${value(older)}"]`)).not.toBeNull();
    expect(new URL(window.location.href).searchParams.get('two-versions')).toBe('2030-01-01');
    cleanup();
  });

  it('compare view: both versions side by side and, per scenario, the change from the older one', async () => {
    // A suite of its own: the page-wide version store still holds the version the test above picked.
    const [older, newer] = [eksLikeDataset(3, 'compare-versions', '2030-01-01'), eksLikeDataset(7, 'compare-versions', '2030-02-01')];
    window.history.replaceState(null, '', '/');
    render(<ThroughputChart data={bundleOf(older, newer)} />);
    fireEvent.click(await screen.findByTestId('ThroughputChart-compare'));
    const table = await screen.findByTestId('compare-changes');
    const root = document.querySelector('[data-chart="ThroughputChart"]')!;
    expect(Array.from(root.querySelectorAll('[data-compare="tcp"] [data-version]'), (el) => el.getAttribute('data-version'))).toEqual(['2030-01-01', '2030-02-01']);
    const rows = Array.from(table.querySelectorAll('tbody tr'));
    expect(rows).toHaveLength(older.scenarios.length);
    // Every scenario went from 3.0x to 7.0x Gbps; the EKS-like rows keep no min–max over rounds, so the rule calls it not established.
    for (const [i, tr] of rows.entries()) {
      const id = older.scenarios[i].id;
      const before = selectRow(older, {metric: 'tcp_throughput', scenario: id}).value!;
      const after = selectRow(newer, {metric: 'tcp_throughput', scenario: id}).value!;
      expect(tr.getAttribute('data-change')).toBe('changed');
      expect(tr.querySelectorAll('data')[0].getAttribute('value')).toBe(String(before));
      expect(tr.querySelectorAll('data')[1].getAttribute('value')).toBe(String(after));
      expect(tr.textContent).toMatch(/\+4\sGbps \(\+13\d%\) · not established: no min–max over rounds recorded/);
      expect(tr.textContent).not.toMatch(/better|worse/);
    }
    expect(table.textContent).toContain(`5 of 5 values of this panel differ between 2030-01-01 and 2030-02-01`);
    // Over the panels, the whole version's changes: every metric's rows, not this chart's only.
    const key = (r: (typeof older.results)[number]) => `${r.metric}|${r.scenario}|${JSON.stringify(r.conditions ?? {})}`;
    const before = new Map(older.results.map((r) => [key(r), r.value]));
    const shared = newer.results.filter((r) => before.has(key(r)));
    const changed = shared.filter((r) => before.get(key(r)) !== r.value).length;
    const summary = await screen.findByTestId('ThroughputChart-version-changes');
    expect(summary.textContent).toContain('2030-02-01 against 2030-01-01: new run; collected and published');
    expect(summary.textContent).toContain('No metric added. No metric removed.');
    expect(summary.textContent).toContain(`Of the ${shared.length} values both versions have, ${changed} changed`);
    expect(new URL(window.location.href).searchParams.get('ThroughputChart.cmp')).toBe('1');
    cleanup();
  });

  it('picking the oldest version, with nothing before it, ends the comparison and takes its flag out of the URL', async () => {
    const [older, newer] = [eksLikeDataset(3, 'compare-then-oldest', '2030-01-01'), eksLikeDataset(7, 'compare-then-oldest', '2030-02-01')];
    window.history.replaceState(null, '', '/');
    render(<ThroughputChart data={bundleOf(older, newer)} />);
    fireEvent.click(await screen.findByTestId('ThroughputChart-compare'));
    await screen.findByTestId('compare-changes');
    expect(new URL(window.location.href).searchParams.get('ThroughputChart.cmp')).toBe('1');
    fireEvent.change(screen.getByTestId('ThroughputChart-version'), {target: {value: '2030-01-01'}});
    const root = document.querySelector('[data-chart="ThroughputChart"]')!;
    await waitFor(() => expect(root.getAttribute('data-dataset')).toBe('compare-then-oldest@2030-01-01'));
    await waitFor(() => expect(new URL(window.location.href).searchParams.has('ThroughputChart.cmp')).toBe(false));
    expect(root.querySelector('[data-compare]')).toBeNull();
    expect(screen.queryByTestId('ThroughputChart-compare')).toBeNull();
    cleanup();
  });
});
