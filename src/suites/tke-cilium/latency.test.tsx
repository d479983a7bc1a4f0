import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, renderStatic} from '@site/src/data/testing/renderStatic';
import LatencyChart from '@site/src/components/LatencyChart';
import {CHARTS} from '@site/src/suites/tke-cilium/charts';

describe('LatencyChart with the TKE spec (TkeLatencyChart)', () => {
  it('shows TCP latencies in µs and HTTP p99 in ms, one panel per unit', () => {
    const doc = renderStatic(<LatencyChart spec={CHARTS.latency} data={makeBundle(makeTkeDataset())} />);
    expect(cellOf(doc, 'tcp', 'TCP_RR p50', 'Cluster overlay')).toBe('90 µs');
    expect(cellOf(doc, 'tcp', 'TCP_RR p99', 'Cluster native')).toBe('101 µs');
    expect(cellOf(doc, 'tcp', 'TCP_CRR p99', 'Cluster iptables')).toBe('400 µs');
    expect(cellOf(doc, 'http', 'p99, QPS 1,000', 'Cluster native')).toBe('1.5 ms');
  });
});
