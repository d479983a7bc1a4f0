// @vitest-environment jsdom
/** <Delta> labels a change the site's rule does not establish (src/data/uncertainty.ts) with the reason, and only such a change. */
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup, render} from '@testing-library/react';
import type {SuiteBundle} from '@site/src/data/bundle';
import {suiteManifest} from '@site/src/data/manifest';
import {newRunReleases} from '@site/src/data/testing/releases';
import type {ResultRow} from '@site/src/data/schema';
import {makeDataset} from '@site/src/data/testing/makeDataset';
import Delta from './index';

const row = (scenario: string, value: number, range?: [number, number]): ResultRow => ({
  metric: 'tcp_throughput',
  scenario,
  value,
  unit: 'Gbps',
  ...(range ? {min: range[0], max: range[1]} : {}),
});

function bundleOf(suite: string, results: ResultRow[]): SuiteBundle {
  const d = makeDataset({suite, results});
  return {manifest: suiteManifest([d], newRunReleases([d])), current: d, loadVersion: async () => d};
}

afterEach(cleanup);

describe('<Delta> and the rule', () => {
  it('is labelled when the ranges over rounds overlap', () => {
    const {container} = render(<Delta data={bundleOf('noise-a', [row('A', 10, [9, 11]), row('B', 10.5, [10, 11])])} metric="tcp_throughput" from="A" to="B" />);
    expect(container.querySelector('data')?.getAttribute('data-reason')).toBe('overlap');
    expect(container.textContent).toBe('+5.0% (not established: the ranges over rounds overlap)');
  });
  it('is not labelled when the ranges are apart, and carries the verdict', () => {
    const {container} = render(<Delta data={bundleOf('noise-b', [row('A', 10, [9.9, 10.1]), row('B', 12, [11.9, 12.1])])} metric="tcp_throughput" from="A" to="B" />);
    expect(container.textContent).toBe('+20%');
    expect(container.querySelector('data')?.getAttribute('data-verdict')).toBe('better');
  });
  it('is labelled when a row keeps no range, however large the difference', () => {
    const {container} = render(<Delta data={bundleOf('noise-c', [row('A', 10, [9.9, 10.1]), row('B', 20)])} metric="tcp_throughput" from="A" to="B" />);
    expect(container.textContent).toBe('+100% (not established: no min–max over rounds recorded)');
  });
});
