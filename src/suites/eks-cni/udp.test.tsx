/**
 * The throughput family with the EKS UDP spec (UdpLossChart), with and without a UDP sweep: a dataset whose UDP rows carry an
 * offered load draws loss and jitter against it (one line per scenario), from
 * the real sweep the bench scripts captured (fixtures/udp-sweep-run); a
 * dataset without one (the transcribed reports) draws the single-rate panels as before.
 */
import path from 'node:path';
import React from 'react';
import {describe, expect, it} from 'vitest';
import {buildDataset} from '@site/scripts/benchmarks/ingest/dataset';
import {readRun} from '@site/scripts/benchmarks/ingest/rundir';
import {formatValue} from '@site/src/data/format';
import type {Dataset, ResultRow} from '@site/src/data/schema';
import {selectRow} from '@site/src/data/selectors';
import {UDP_OFFERED_LOAD} from '@site/src/data/conditionKeys';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {cellOf, panelTable, renderStatic} from '@site/src/data/testing/renderStatic';
import ThroughputChart from '@site/src/components/ThroughputChart';
import {CHARTS, offeredLoads} from '@site/src/suites/eks-cni/charts';

const buildUdp = CHARTS.udp.build;

const EN = {locale: 'en'};
const SWEEP_RUN = path.resolve(__dirname, '../../../scripts/benchmarks/test/fixtures/udp-sweep-run');
const sweep = buildDataset([readRun(SWEEP_RUN)], {version: '2030-01-02'});

/** An EKS-like dataset where B and E also ran a sweep at 1 and 2 Gbps (values distinct per cell). */
function eksWithSweep(): Dataset {
  const d = eksLikeDataset(3, 'eks-sweep');
  const extra: ResultRow[] = ['B', 'E'].flatMap((scenario, i) =>
    [1, 2].flatMap((g) => [
      {metric: 'udp_loss' as const, scenario, unit: '%', value: 0.1 * g + i, conditions: {[UDP_OFFERED_LOAD]: g}},
      {metric: 'udp_jitter' as const, scenario, unit: 'ms', value: 0.01 * g + i / 100, conditions: {[UDP_OFFERED_LOAD]: g}},
    ]),
  );
  return {...d, results: [...d.results, ...extra]};
}

describe('ThroughputChart with the EKS UDP spec (UdpLossChart)', () => {
  it('without a sweep draws the single-rate loss and throughput per scenario, as before', () => {
    const panels = buildUdp(eksLikeDataset(3), EN);
    expect(panels.map((p) => [p.key, p.kind])).toEqual([
      ['loss', 'bar'],
      ['throughput', 'bar'],
    ]);
  });

  it('with a sweep first draws loss and jitter against offered load, one line per scenario that swept', () => {
    const d = eksWithSweep();
    const panels = buildUdp(d, EN);
    expect(panels.map((p) => p.key)).toEqual(['lossByLoad', 'jitterByLoad', 'loss', 'throughput']);
    const loss = panels[0];
    expect(loss.kind).toBe('line');
    expect(loss.series.map((s) => s.key)).toEqual(['B', 'E']);
    expect(loss.categories.map((c) => c.key)).toEqual(['1', '2']);
    expect(loss.cells['2'].E).toBe(selectRow(d, {metric: 'udp_loss', scenario: 'E', where: {[UDP_OFFERED_LOAD]: 2}}));
    expect(panels[1].cells['1'].B).toBe(selectRow(d, {metric: 'udp_jitter', scenario: 'B', where: {[UDP_OFFERED_LOAD]: 1}}));
    // The single-rate panels still show the rows without a load.
    expect(panels[2].cells.B.value).toBe(selectRow(d, {metric: 'udp_loss', scenario: 'B'}));
  });

  it('draws the real sweep (tbf bottleneck) with its loads ascending and leaves out single-rate panels it has no rows for', () => {
    const loads = offeredLoads(sweep);
    expect(loads.length).toBeGreaterThanOrEqual(4);
    expect(loads).toEqual([...loads].sort((a, b) => a - b));
    const panels = buildUdp(sweep, EN);
    expect(panels.map((p) => p.key)).toEqual(['lossByLoad', 'jitterByLoad']);
    expect(panels[0].categories.map((c) => Number(c.key))).toEqual(loads);
  });

  it('renders each sweep cell from its row, with the load as the row label', () => {
    const doc = renderStatic(<ThroughputChart data={bundleOf(sweep)} spec={CHARTS.udp} />);
    const [header, ...rows] = panelTable(doc, 'lossByLoad');
    expect(header.slice(1)).toEqual(['tbf 100mbit']);
    expect(rows.length).toBe(offeredLoads(sweep).length);
    for (const g of offeredLoads(sweep)) {
      const label = `${formatValue(g, 'Gbps', 'en').replace(/\s*Gbps$/, '')} Gbps offered`;
      const row = selectRow(sweep, {metric: 'udp_loss', scenario: 'bottleneck', where: {[UDP_OFFERED_LOAD]: g}});
      // The cell starts with the value; the row's flags (one round, high loss...) follow it.
      expect(cellOf(doc, 'lossByLoad', label, 'tbf 100mbit').startsWith(formatValue(row.value!, '%', 'en').replace(/\s+/g, ' '))).toBe(true);
    }
  });
});
