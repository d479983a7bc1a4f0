import React from 'react';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, renderStatic} from '@site/src/data/testing/renderStatic';
import {validateDataset} from '@site/src/data/validate';
import {formatValue} from '@site/src/data/format';
import {newestVersion} from '@site/src/data/suiteFolder';
import {IPTABLES_NFT, NFTABLES, NFTABLES_DUAL, isIptablesMode, serviceSteps} from '@site/src/suites/kube-proxy';
import type {Dataset} from '@site/src/data/schema';
import SuiteChart from '@site/src/components/SuiteChart';
import {CHARTS} from '@site/src/suites/kube-proxy/charts';

const dir = resolve(__dirname, '../../../static/data/kube-proxy');
const read = (version: string) => validateDataset(JSON.parse(readFileSync(resolve(dir, `${version}.json`), 'utf8')), `kube-proxy/${version}.json`);
// The version the report shows: every figure it draws comes from this file.
const published = read(newestVersion(dir) as string);
// The version it supersedes (two modes, no IP family on its rows): still drawn by the same specs.
const superseded = read('2026-11-23');

const rowOf = (d: Dataset, metric: string, scenario: string, where: Record<string, unknown>) => {
  const rows = d.results.filter((r) => r.metric === metric && r.scenario === scenario && Object.entries(where).every(([k, v]) => (r.conditions as Record<string, unknown> | undefined)?.[k] === v));
  if (rows.length !== 1) throw new Error(`${rows.length} rows for ${metric}/${scenario}/${JSON.stringify(where)}`);
  return rows[0];
};
const label = (d: Dataset, id: string) => d.scenarios.find((s) => s.id === id)?.name as string;

describe('The kube-proxy specs (KubeProxyChart-<view>)', () => {
  it('draws one category per measured Service count, ascending, on both versions', () => {
    for (const d of [published, superseded]) {
      const steps = serviceSteps(d);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect([...steps].sort((a, b) => a - b)).toEqual(steps);
      for (const panel of CHARTS.control.build(d, {locale: 'en'})) expect(panel.categories.map((c) => Number(c.key))).toEqual(steps);
    }
  });

  it("shows the IPv4 proxier's full resync of each datapath in its static table, as the dataset has it", () => {
    const doc = renderStatic(<SuiteChart data={makeBundle(published)} spec={CHARTS.control} />);
    const top = Math.max(...serviceSteps(published));
    for (const dp of [IPTABLES_NFT, NFTABLES]) {
      const row = rowOf(published, 'kubeproxy_full_sync_time', dp, {services: top, family: 'ipv4'});
      expect(cellOf(doc, 'full-sync', top.toLocaleString('en'), label(published, dp))).toContain(formatValue(row.value as number, 'ms', 'en').replace(/\u00a0/g, ' '));
    }
    // The superseded version has one full-resync row per mode and step (no family): its panel is drawn too.
    expect(CHARTS.control.build(superseded, {locale: 'en'}).map((p) => p.key)).toContain('full-sync');
  });

  it('a changed value in a new dataset version is what the chart shows', () => {
    const changed: Dataset = structuredClone(published);
    rowOf(changed, 'connect_latency', NFTABLES, {services: 1000, stat: 'p50'}).value = 4321;
    const doc = renderStatic(<SuiteChart data={makeBundle(changed)} spec={CHARTS.firstPacket} />);
    expect(cellOf(doc, 'connect-p50', '1,000', label(changed, NFTABLES))).toContain('4,321');
  });

  it('the rule-walk panel has only iptables-mode series: nftables has no chain to walk', () => {
    const panel = CHARTS.firstPacket.build(published, {locale: 'en'}).find((p) => p.key === 'rule-walk');
    expect(panel, 'a run with 1,000 Services or more has slopes').toBeDefined();
    expect(panel!.series.length).toBeGreaterThan(0);
    for (const s of panel!.series) expect(isIptablesMode(published, s.key), s.key).toBe(true);
  });

  it('the dual-stack view sets the IPv6 proxier beside both IPv4 ones, and is left out of a run without dual-stack', () => {
    const [full] = CHARTS.dualStack.build(published, {locale: 'en'});
    expect(full.series.map((s) => s.key)).toEqual([NFTABLES, NFTABLES_DUAL, `${NFTABLES_DUAL}-ipv6`]);
    const top = String(Math.max(...serviceSteps(published)));
    expect(full.cells[top][`${NFTABLES_DUAL}-ipv6`]?.value).toBe(rowOf(published, 'kubeproxy_full_sync_time', NFTABLES_DUAL, {services: Number(top), family: 'ipv6'}).value);
    expect(CHARTS.dualStack.build(superseded, {locale: 'en'})).toEqual([]);
  });

  it('leaves out a panel the run did not measure', () => {
    const noCpu: Dataset = {...published, results: published.results.filter((r) => r.metric !== 'kubeproxy_tree_cpu_time')};
    expect(CHARTS.control.build(noCpu, {locale: 'en'}).map((p) => p.key)).not.toContain('cpu');
    expect(CHARTS.control.build(published, {locale: 'en'}).map((p) => p.key)).toContain('cpu');
  });
});
