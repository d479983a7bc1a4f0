import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset, DEFAULT_TKE_VALUES} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, renderStatic} from '@site/src/data/testing/renderStatic';
import {validateDataset} from '@site/src/data/validate';
import {serviceScaleCrossovers} from '@site/src/suites/tke-cilium';
import {displayValue} from '@site/src/data/chart/model';
import SuiteChart from '@site/src/components/SuiteChart';
import TkeCrossover from '@site/src/components/TkeCrossover';
import {CHARTS, PERCENT_VIEW} from '@site/src/suites/tke-cilium/charts';

const short = DEFAULT_TKE_VALUES.short;

describe('The TKE spec (TkeServiceScaleChart)', () => {
  it('the synthetic dataset is valid', () => {
    expect(() => validateDataset(makeTkeDataset(), 'synthetic')).not.toThrow();
  });

  it('shows the short-connection RPS and keepalive % of the dataset in its static tables', () => {
    const doc = renderStatic(<SuiteChart spec={CHARTS.scaling} data={makeBundle(makeTkeDataset())} />);
    expect(cellOf(doc, 'short', 'Baseline', 'Cluster iptables')).toBe('30,000 req/s');
    expect(cellOf(doc, 'short', '30,000', 'Cluster native')).toBe('12,000 req/s');
    expect(cellOf(doc, 'keepalive', '20,000', 'Cluster overlay')).toMatch(/^91%/);
  });

  it('marks the crossover where the data puts it, in words in the static HTML', () => {
    const doc = renderStatic(<SuiteChart spec={CHARTS.scaling} data={makeBundle(makeTkeDataset())} />);
    const markers = Array.from(doc.querySelectorAll('[data-marker]')).map((m) => [m.getAttribute('data-marker'), m.textContent?.trim()]);
    expect(markers).toEqual([
      // Numbered as the chart draws them (only the number goes over the plot).
      ['20000', '1 Cluster native passes iptables: 20,000'],
      ['20000', '2 Cluster overlay passes iptables: 20,000'],
    ]);
  });

  it('moves the crossover when the data moves, and drops it when there is none', () => {
    const later = makeTkeDataset({short: {...short, 20000: {iptables: 14000, native: 13000, overlay: 12000}}});
    expect(serviceScaleCrossovers(later).map((c) => [c.scenario, c.after, c.at])).toEqual([
      ['native', 20000, 30000],
      ['overlay', 20000, 30000],
    ]);
    const none = makeTkeDataset({short: {...short, 20000: {iptables: 14000, native: 13000, overlay: 12000}, 30000: {iptables: 12500, native: 12000, overlay: 12000}}});
    expect(serviceScaleCrossovers(none)).toEqual([]);
    const doc = renderStatic(<TkeCrossover data={makeBundle(none)} />);
    expect(doc.querySelector('[data-crossover]')?.getAttribute('data-crossover')).toBe('none');
  });

  it('inline crossover shows the step, the step before and the interpolated estimate', () => {
    const bundle = makeBundle(makeTkeDataset());
    const text = (show: 'at' | 'after' | 'estimate') => renderStatic(<TkeCrossover data={bundle} scenario="native" show={show} />).body.textContent;
    expect(text('at')).toBe('20,000');
    expect(text('after')).toBe('10,000');
    // native: iptables - native = 5,000 at 10,000 and -1,000 at 20,000 -> 10,000 + 10,000 * 5/6
    expect(text('estimate')).toBe('18,300');
  });

  it('the % view divides each step by the baseline RPS (degradation is computed, not stored)', () => {
    const panels = CHARTS.scaling.build(makeTkeDataset(), {locale: 'en', view: PERCENT_VIEW});
    const shortPanel = panels.find((p) => p.key === 'short')!;
    expect(displayValue(shortPanel, '30000', 'iptables')).toBeCloseTo((6000 / 30000) * 100);
    expect(displayValue(shortPanel, '10000', 'overlay')).toBeCloseTo((13000 / 15000) * 100);
    const absolute = CHARTS.scaling.build(makeTkeDataset(), {locale: 'en'}).find((p) => p.key === 'short')!;
    expect(displayValue(absolute, '30000', 'iptables')).toBe(6000);
  });

  it('keeps keepalive as stored percent in both views (no absolute RPS is invented)', () => {
    for (const view of [undefined, PERCENT_VIEW]) {
      const keepalive = CHARTS.scaling.build(makeTkeDataset(), {locale: 'en', view}).find((p) => p.key === 'keepalive')!;
      expect(keepalive.metric).toBe('http_rps_relative');
      expect(displayValue(keepalive, '30000', 'native')).toBe(89);
    }
  });

  it('shows a note for a flagged outlier', () => {
    const data = makeTkeDataset();
    const row = data.results.find((r) => r.metric === 'http_rps_relative' && r.scenario === 'native' && r.conditions?.services === 30000)!;
    row.flags = [{kind: 'single-round-outlier', detail: {en: 'one noisy round'}}];
    const doc = renderStatic(<SuiteChart spec={CHARTS.scaling} data={makeBundle(data)} />);
    const note = doc.querySelector('[data-testid="data-notes"] [data-flag="single-round-outlier"]');
    expect(note?.textContent).toContain('one noisy round');
    expect(note?.textContent).toContain('Cluster native: 30,000');
  });
});
