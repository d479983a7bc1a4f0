import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, panelTable, renderStatic} from '@site/src/data/testing/renderStatic';
import SuiteChart from '@site/src/components/SuiteChart';
import {CHARTS} from '@site/src/suites/tke-cilium/charts';

describe('The TKE Hubble and policy spec (TkePolicyHubbleChart)', () => {
  it('shows Hubble and policy RPS for the Cilium clusters only', () => {
    const doc = renderStatic(<SuiteChart data={makeBundle(makeTkeDataset())} spec={CHARTS.policyHubble} />);
    expect(panelTable(doc, 'policy')[0]).toEqual(['Category', 'Cluster native', 'Cluster overlay']);
    expect(cellOf(doc, 'hubble', 'Hubble on', 'Cluster native')).toBe('89,000 req/s');
    expect(cellOf(doc, 'policy', 'L7 policy', 'Cluster overlay')).toBe('9,200 req/s');
    expect(cellOf(doc, 'policy', 'L3/L4 policy', 'Cluster native')).toBe('89,500 req/s');
  });
});
