import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, renderStatic} from '@site/src/data/testing/renderStatic';
import SuiteChart from '@site/src/components/SuiteChart';
import {CHARTS} from '@site/src/suites/tke-cilium/charts';

describe('The TKE chain-length spec (TkeChainLengthChart)', () => {
  it('shows the iptables chain length and the Cilium LB entries per step', () => {
    const doc = renderStatic(<SuiteChart data={makeBundle(makeTkeDataset())} spec={CHARTS.chainLength} />);
    expect(cellOf(doc, 'chain', '5,000', 'Cluster iptables: KUBE-SERVICES rules')).toBe('5,005');
    expect(cellOf(doc, 'chain', '30,000', 'Cluster iptables: KUBE-SERVICES rules')).toBe('30,030');
    expect(cellOf(doc, 'chain', '30,000', 'Cluster overlay: BPF LB entries')).toBe('150,300');
  });
});
