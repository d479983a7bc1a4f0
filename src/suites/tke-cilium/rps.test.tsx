import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, renderStatic} from '@site/src/data/testing/renderStatic';
import SuiteChart from '@site/src/components/SuiteChart';
import {CHARTS} from '@site/src/suites/tke-cilium/charts';

describe('The TKE spec (TkeRpsChart)', () => {
  it('groups RPS by path, concurrency and connection type', () => {
    const doc = renderStatic(<SuiteChart spec={CHARTS.http} data={makeBundle(makeTkeDataset())} />);
    expect(cellOf(doc, 'rps', 'pod to pod, c64, keepalive', 'Cluster overlay')).toBe('88,888 req/s');
    expect(cellOf(doc, 'rps', 'via Service, c64, keepalive', 'Cluster iptables')).toBe('120,000 req/s');
    expect(cellOf(doc, 'rps', 'via Service, c256, keepalive', 'Cluster native')).toBe('104,444 req/s');
    expect(cellOf(doc, 'rps', 'via Service, c64, Connection: close', 'Cluster native')).toBe('15,000 req/s');
  });
});
