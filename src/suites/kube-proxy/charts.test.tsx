import React from 'react';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, panelTable, renderStatic} from '@site/src/data/testing/renderStatic';
import {validateDataset} from '@site/src/data/validate';
import {formatValue} from '@site/src/data/format';
import {serviceSteps} from '@site/src/suites/kube-proxy';
import type {Dataset} from '@site/src/data/schema';
import SuiteChart from '@site/src/components/SuiteChart';
import {CHARTS} from '@site/src/suites/kube-proxy/charts';

// The published run: every figure the report shows comes from this file.
const published = validateDataset(JSON.parse(readFileSync(resolve(__dirname, '../../../static/data/kube-proxy/2026-11-23.json'), 'utf8')), 'kube-proxy/2026-11-23.json');

const rowOf = (d: Dataset, metric: string, scenario: string, services: number) => {
  const rows = d.results.filter((r) => r.metric === metric && r.scenario === scenario && r.conditions?.services === services);
  if (rows.length !== 1) throw new Error(`${rows.length} rows for ${metric}/${scenario}/${services}`);
  return rows[0];
};

describe('The kube-proxy specs (KubeProxyChart-<view>)', () => {
  it('draws one category per measured Service count, ascending', () => {
    const steps = serviceSteps(published);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    for (const panel of CHARTS.control.build(published, {locale: 'en'})) expect(panel.categories.map((c) => Number(c.key))).toEqual(steps);
  });

  it('shows the full-resync time of each mode in its static table, as the dataset has it', () => {
    const doc = renderStatic(<SuiteChart data={makeBundle(published)} spec={CHARTS.control} />);
    for (const mode of ['iptables', 'nftables']) {
      const row = rowOf(published, 'kubeproxy_full_sync_time', mode, 5000);
      expect(cellOf(doc, 'full-sync', '5,000', `kube-proxy ${mode}`)).toContain(formatValue(row.value as number, 'ms', 'en').replace(/\u00a0/g, ' '));
    }
  });

  it('a changed value in a new dataset version is what the chart shows', () => {
    const changed: Dataset = structuredClone(published);
    rowOf(changed, 'kubeproxy_full_sync_time', 'nftables', 1000).value = 4321;
    const doc = renderStatic(<SuiteChart data={makeBundle(changed)} spec={CHARTS.control} />);
    expect(cellOf(doc, 'full-sync', '1,000', 'kube-proxy nftables')).toContain('4,321');
  });

  it('the rules view shows each mode only its own counters; no zero is drawn for the other mode', () => {
    const [panel] = CHARTS.rules.build(published, {locale: 'en'});
    expect(panel.cells['5000']['iptables-services']?.value).toBe(rowOf(published, 'service_chain_length', 'iptables', 5000).value);
    expect(panel.cells['5000']['nft-elements']?.value).toBe(rowOf(published, 'nft_set_elements', 'nftables', 5000).value);
    const doc = renderStatic(<SuiteChart data={makeBundle(published)} spec={CHARTS.rules} />);
    expect(panelTable(doc, 'rules').flatMap((cells) => cells.slice(1)).some((c) => /^0\b/.test(c))).toBe(false);
  });

  it('a note on every value (same-node on this one-node run) is said once for the chart; a note on some values stays on them', () => {
    expect(published.results.every((r) => r.flags?.some((f) => f.kind === 'same-node')), 'the published run flags every row').toBe(true);
    const doc = renderStatic(<SuiteChart data={makeBundle(published)} spec={CHARTS.control} />);
    expect(doc.querySelectorAll('[data-panel]').length).toBeGreaterThan(1);
    expect(doc.querySelectorAll('[data-testid="mark-key"] [data-flag="same-node"]').length, 'no panel key repeats it').toBe(0);
    const note = doc.querySelector('[data-testid="data-notes"] [data-flag="same-node"]');
    expect(note?.textContent).toContain('every value of this chart');
    // The rule counts also carry too-few-rounds on some rows only: those keep their places.
    const rules = renderStatic(<SuiteChart data={makeBundle(published)} spec={CHARTS.rules} />);
    expect(rules.querySelector('[data-testid="data-notes"] [data-flag="too-few-rounds"]')?.textContent).not.toContain('every value of this chart');
  });

  it('leaves out a panel the run did not measure', () => {
    const noCpu: Dataset = {...published, results: published.results.filter((r) => r.metric !== 'kubeproxy_cpu_time')};
    expect(CHARTS.control.build(noCpu, {locale: 'en'}).map((p) => p.key)).not.toContain('cpu');
    expect(CHARTS.control.build(published, {locale: 'en'}).map((p) => p.key)).toContain('cpu');
  });
});
