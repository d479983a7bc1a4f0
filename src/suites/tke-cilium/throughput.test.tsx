import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, panelTable, renderStatic} from '@site/src/data/testing/renderStatic';
import ThroughputChart from '@site/src/components/ThroughputChart';
import {CHARTS} from '@site/src/suites/tke-cilium/charts';

describe('ThroughputChart with the TKE spec (TkeThroughputChart)', () => {
  it('shows each case for each cluster from the dataset', () => {
    const doc = renderStatic(<ThroughputChart spec={CHARTS.throughput} data={makeBundle(makeTkeDataset())} />);
    expect(panelTable(doc, 'throughput')[0]).toEqual(['Case', 'Cluster iptables', 'Cluster native', 'Cluster overlay']);
    expect(cellOf(doc, 'throughput', 'host network, 8 streams', 'Cluster overlay')).toBe('9.3 Gbps');
    expect(cellOf(doc, 'throughput', 'pod to pod, 16 streams', 'Cluster native')).toBe('8.8 Gbps');
    expect(cellOf(doc, 'throughput', 'via Service, 8 streams', 'Cluster iptables')).toBe('7.1 Gbps');
  });
});
