import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, renderStatic} from '@site/src/data/testing/renderStatic';
import SuiteChart from '@site/src/components/SuiteChart';
import TkeBpfMapTable from '@site/src/components/TkeBpfMapTable';
import {CHARTS} from '@site/src/suites/tke-cilium/charts';

describe('The TKE spec (TkeResourceChart)', () => {
  const data = makeBundle(makeTkeDataset());
  // As the report places it: the map table under the chart.
  const doc = renderStatic(
    <SuiteChart spec={CHARTS.resources} data={data}>
      <TkeBpfMapTable data={data} />
    </SuiteChart>,
  );

  it('shows CPU and memory per component and BPF map memory per LB-map size', () => {
    expect(cellOf(doc, 'cpu', 'average', 'Cluster iptables (kube-proxy)')).toBe('7 m');
    expect(cellOf(doc, 'memory', 'maximum', 'Cluster overlay (cilium-agent)')).toBe('904 MiB');
    expect(cellOf(doc, 'bpf', 'bpf-lb-map-max 65,536', 'Cluster native')).toBe('77.7 MB');
    expect(cellOf(doc, 'bpf', 'bpf-lb-map-max 500,000', 'Cluster overlay')).toBe('250.6 MB');
  });

  it('lists the BPF maps largest first, with their entries and memory', () => {
    const rows = Array.from(doc.querySelectorAll('[data-testid="tke-bpf-maps"] tbody tr')).map((tr) => Array.from(tr.children).map((c) => c.textContent?.trim()));
    expect(rows).toEqual([
      ['map_big', '400,000', '66.6\u00a0MB', '400,000', '66.7\u00a0MB'],
      ['map_small', '500,000', '11.1\u00a0MB', '500,000', '11.2\u00a0MB'],
    ]);
  });
});
