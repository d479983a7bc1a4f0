import React from 'react';
import {describe, expect, it} from 'vitest';
import SuiteChart from '@site/src/components/SuiteChart';
import {CHARTS} from '@site/src/suites/eks-cni/charts';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {tableRows} from '@site/src/data/testing/staticQueries';

describe('missing values are named, never drawn as 0', () => {
  it('kube-proxy scaling: Service counts come from the data, unmeasured points say so', () => {
    const doc = renderStatic(<SuiteChart spec={CHARTS.kubeProxyScaling} data={bundleOf(eksLikeDataset(3, 'kp-missing'))} />);
    const rows = tableRows(doc, '[data-panel="conn"]');
    expect(rows.slice(1).map((r) => r.split(' | ')[0])).toEqual(['4 Services', '104 Services', '1,000 Services']);
    // Scenario E has no iptables rows at all in this dataset: a dash that says why (to screen readers too), not 0.
    const nat = tableRows(doc, '[data-panel="nat"]');
    expect(nat[1]).toMatch(/\| –Not part of this run$/);
  });

  it('DNS/resources: scenario A CPU and memory are N/M', () => {
    const doc = renderStatic(<SuiteChart spec={CHARTS.resources} data={bundleOf(eksLikeDataset(3, 'dns-missing'))} />);
    expect(tableRows(doc, '[data-panel="cpu"]')[1]).toBe('A: Setup A | N/M');
    expect(tableRows(doc, '[data-panel="memory"]')[1]).toBe('A: Setup A | N/M');
  });
});
