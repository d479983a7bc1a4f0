import React from 'react';
import {describe, expect, it} from 'vitest';
import TuningTable from '.';
import ScenarioCards from '../ScenarioCards';
import {SCENARIO_CARDS} from '@site/src/suites/eks-cni/charts';
import DataPlaneStack from '../DataPlaneStack';
import DetailTable, {PRESETS} from '../DetailTable';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {dataValues, tableRows} from '@site/src/data/testing/staticQueries';
import {selectRow} from '@site/src/data/selectors';
import eks from '@site/static/data/eks-cni/2026-12-02.json';
import type {Dataset} from '@site/src/data/schema';

describe('TuningTable', () => {
  it('lists the scenario’s tuning items with applied state and the recorded reason', () => {
    const d = eksLikeDataset(6, 'tuning-6');
    const doc = renderStatic(<TuningTable data={bundleOf(d)} />);
    const items = d.scenarios.find((s) => s.id === 'E')!.tuning!;
    const rows = Array.from(doc.querySelectorAll('[data-tuning]'));
    expect(rows.map((r) => [r.getAttribute('data-tuning'), r.getAttribute('data-applied')])).toEqual(items.map((t) => [t.id, String(t.applied)]));
    expect(doc.querySelector('[data-tuning="dsr"]')?.textContent).toContain('crashed on test 6');
  });
});

describe('data-driven blocks on the real EKS dataset', () => {
  const real = bundleOf(eks as unknown as Dataset);
  it('render every figure from the dataset (a bad query would throw)', () => {
    for (const el of [<ScenarioCards data={real} spec={SCENARIO_CARDS} />, <DataPlaneStack data={real} />]) {
      const doc = renderStatic(el);
      expect(dataValues(doc).length).toBeGreaterThan(0);
    }
  });

  it('DataPlaneStack shows each scenario’s layers and RTT from the data', () => {
    const d = eksLikeDataset(4, 'stack-4');
    const doc = renderStatic(<DataPlaneStack data={bundleOf(d)} />);
    for (const s of d.scenarios) {
      const col = doc.querySelector(`[data-scenario="${s.id}"]`)!;
      expect(col.querySelector('[data-layer="agent"]')?.textContent).toContain(s.cni);
      expect(dataValues(doc, `[data-scenario="${s.id}"]`)).toContain(selectRow(d, {metric: 'loaded_rtt', scenario: s.id}).value);
    }
  });

  it('DetailTable presets cover the report tables and compute the change column', () => {
    const d = eksLikeDataset(5, 'detail-5');
    const doc = renderStatic(<DetailTable data={bundleOf(d)} preset="serviceScaling" />);
    const rows = tableRows(doc);
    expect(rows).toHaveLength(PRESETS.serviceScaling.rows.length + 1);
    const a = selectRow(d, {metric: 'http_rps', scenario: 'E', where: {qps: 'max', connection: 'keepalive', services: 4}}).value!;
    const b = selectRow(d, {metric: 'http_rps', scenario: 'E', where: {qps: 'max', connection: 'keepalive', services: 104}}).value!;
    expect(dataValues(doc)).toContain(Number((((b - a) / a) * 100).toFixed(6)));
  });
});
