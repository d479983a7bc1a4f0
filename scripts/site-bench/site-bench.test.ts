/**
 * bench:site's dataset (a result as a version of the site suite) and its
 * regression check against a published version, on hand-written results.
 */
import {describe, expect, it} from 'vitest';
import {datasetSchema, type Dataset} from '../../src/data/schema';
import {chromiumVersion, scenarioOf, siteDataset} from './dataset';
import {compareDatasets, exceeds} from './regression';
import type {BenchResult, Row, RunSample} from './results';

const run = (performance: number, tbtMs: number, lcpMs = 2000, cls = 0, accessibility = 100): RunSample => ({performance, accessibility, tbtMs, lcpMs, cls});

function pageRow(route: string, locale: string, kind: 'plain' | 'report', samples: RunSample[], jsGzipBytes = 100 * 1024): Row {
  return {page: {route, locale, kind}, status: 'ok', runs: samples.length, jsGzipBytes, jsFiles: 5, samples};
}

function result(rows: Row[], runs = 3): BenchResult {
  return {
    startedAt: '2026-11-26T00:00:00.123Z',
    runs,
    cpus: 2,
    loadAtStart: [3.5, 3, 2],
    facts: {
      lighthouseVersion: '12.8.2',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.7444.59 Safari/537.36',
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      throttling: {rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4},
    },
    rows,
  };
}

const baselineResult = result([
  pageRow('/docs', 'en', 'plain', [run(98, 40), run(97, 60), run(99, 20)], 80 * 1024),
  pageRow('/docs/benchmarks/eks-cni', 'en', 'report', [run(90, 300), run(88, 340), run(92, 280)]),
  pageRow('/ko/docs/benchmarks/eks-cni', 'ko', 'report', [run(90, 300), run(90, 300), run(90, 300)]),
]);
const baseline = siteDataset(baselineResult, {version: '2026-11-26', buildSeconds: 140});

/** The baseline with one row's value replaced. */
function changed(metric: string, scenario: string, locale: string | undefined, value: number, from: Dataset = baseline): Dataset {
  const d = structuredClone(from);
  const row = d.results.find((r) => r.metric === metric && r.scenario === scenario && r.conditions?.locale === locale);
  if (!row) throw new Error(`fixture: no ${metric} row of ${scenario} ${locale}`);
  row.value = value;
  return d;
}

describe('site dataset', () => {
  it('is a valid dataset of the site suite: one row per metric, page and locale, medians of the runs with every run kept', () => {
    expect(() => datasetSchema.parse(baseline)).not.toThrow();
    expect(baseline.suite).toBe('site');
    expect(baseline.method.rounds).toBe(3);
    const tbt = baseline.results.find((r) => r.metric === 'total_blocking_time' && r.scenario === 'eks-cni' && r.conditions?.locale === 'en')!;
    expect(tbt.samples).toEqual([300, 340, 280]);
    expect(tbt.value).toBe(300);
    expect([tbt.min, tbt.max]).toEqual([280, 340]);
    const perf = baseline.results.find((r) => r.metric === 'lighthouse_performance' && r.scenario === 'docs-home')!;
    expect(perf.value).toBe(98);
    // 3 pages x (5 Lighthouse metrics + JS) + the build.
    expect(baseline.results).toHaveLength(3 * 6 + 1);
    expect(baseline.results.find((r) => r.metric === 'js_first_view' && r.scenario === 'docs-home')?.value).toBe(80);
    expect(baseline.results.find((r) => r.metric === 'site_build_time')?.value).toBe(140);
  });

  it('keeps the environment facts: Chromium and Lighthouse versions, CPUs, throttling', () => {
    expect(baseline.environment.tools).toMatchObject({lighthouse: '12.8.2', chromium: '142.0.7444.59'});
    expect(baseline.environment.extra).toMatchObject({cpus: 2, throttlingMethod: 'simulate', 'throttling.cpuSlowdownMultiplier': 4, loadAverageAtStart: 3.5});
    expect(baseline.collectedAt).toBe('2026-11-26T00:00:00Z');
  });

  it('declares only the scenarios it has rows for', () => {
    expect(baseline.scenarios.map((s) => s.id)).toEqual(['docs-home', 'eks-cni', 'build']);
    const noBuild = siteDataset(baselineResult, {version: '2026-11-26'});
    expect(noBuild.scenarios.map((s) => s.id)).toEqual(['docs-home', 'eks-cni']);
  });

  it('flags a page with fewer successful runs than asked, and a failed page as not measured', () => {
    const d = siteDataset(
      result([
        pageRow('/docs', 'en', 'plain', [run(98, 40), run(97, 60)]),
        {page: {route: '/docs/benchmarks/tke-cilium', locale: 'zh', kind: 'report'}, status: 'error', error: 'Chrome crashed'},
      ]),
      {version: '2026-11-26.1'},
    );
    const tbt = d.results.find((r) => r.metric === 'total_blocking_time' && r.scenario === 'docs-home')!;
    expect(tbt.flags).toEqual([{kind: 'too-few-rounds', detail: {en: '2 of 3 rounds'}}]);
    const failed = d.results.filter((r) => r.scenario === 'tke-cilium');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.value === null && r.flags?.[0].kind === 'not-measured')).toBe(true);
  });

  it('refuses a result without any measured page, and a page it has no scenario for', () => {
    expect(() => siteDataset(result([{page: {route: '/docs', locale: 'en', kind: 'plain'}, status: 'missing'}]), {version: '2026-11-26'})).toThrow(/no page was measured/);
    expect(() => scenarioOf({route: '/docs/benchmarks/unknown', locale: 'en', kind: 'report'})).toThrow(/unknown.*no scenario/);
  });

  it('reads the Chromium version from the user agent', () => {
    expect(chromiumVersion('Mozilla/5.0 Chrome/120.0.1 Safari')).toBe('120.0.1');
    expect(chromiumVersion('no version here')).toBe('no version here');
    expect(chromiumVersion('Mozilla/5.0 HeadlessChrome/156.0.0.0 Safari')).toBe('156 (major version from the user agent)');
    expect(chromiumVersion('Mozilla/5.0 HeadlessChrome/156.0.0.0 Safari', '156.0.7632.45')).toBe('156.0.7632.45');
  });
});

describe('regression check against a published version', () => {
  it('the same figures do not regress, and every figure with a value is compared', () => {
    const c = compareDatasets(baseline, structuredClone(baseline));
    expect(c.regressions).toEqual([]);
    expect(c.compared).toBe(baseline.results.length);
  });

  it('TBT fails only when worse by more than 150 ms and more than 50 %', () => {
    // eks-cni en: baseline 300 ms.
    expect(compareDatasets(baseline, changed('total_blocking_time', 'eks-cni', 'en', 480)).regressions.map((r) => r.key)).toEqual(['total_blocking_time|eks-cni|locale=en']);
    // +180 ms but +60 %: regresses; +140 ms (47 %): not beyond either limit.
    expect(compareDatasets(baseline, changed('total_blocking_time', 'eks-cni', 'en', 440)).regressions).toEqual([]);
    // docs-home: baseline 40 ms; +120 ms is +300 % but not more than 150 ms.
    expect(compareDatasets(baseline, changed('total_blocking_time', 'docs-home', 'en', 160)).regressions).toEqual([]);
    expect(compareDatasets(baseline, changed('total_blocking_time', 'docs-home', 'en', 200)).regressions).toHaveLength(1);
    // From 400 ms: +170 ms is 42.5 % (passes), +210 ms is 52.5 % (fails).
    const from400 = changed('total_blocking_time', 'eks-cni', 'en', 400);
    expect(compareDatasets(from400, changed('total_blocking_time', 'eks-cni', 'en', 570, from400)).regressions).toEqual([]);
    expect(compareDatasets(from400, changed('total_blocking_time', 'eks-cni', 'en', 610, from400)).regressions).toHaveLength(1);
  });

  it('a lower performance score fails beyond 10 points; a higher one never does', () => {
    expect(compareDatasets(baseline, changed('lighthouse_performance', 'eks-cni', 'ko', 80)).regressions).toEqual([]);
    const r = compareDatasets(baseline, changed('lighthouse_performance', 'eks-cni', 'ko', 79)).regressions;
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({baseline: 90, current: 79, worseBy: 11});
    expect(compareDatasets(baseline, changed('lighthouse_performance', 'eks-cni', 'ko', 100)).regressions).toEqual([]);
  });

  it('any accessibility point lost fails; lower TBT never does', () => {
    expect(compareDatasets(baseline, changed('lighthouse_accessibility', 'docs-home', 'en', 99)).regressions).toHaveLength(1);
    expect(compareDatasets(baseline, changed('total_blocking_time', 'eks-cni', 'en', 0)).regressions).toEqual([]);
  });

  it('JavaScript at first view fails beyond 3 KiB and 3 %', () => {
    // eks-cni: 100 KiB.
    expect(compareDatasets(baseline, changed('js_first_view', 'eks-cni', 'ko', 103)).regressions).toEqual([]);
    expect(compareDatasets(baseline, changed('js_first_view', 'eks-cni', 'ko', 103.5)).regressions).toHaveLength(1);
  });

  it('lists baseline figures the current run did not measure instead of passing them silently', () => {
    const current = structuredClone(baseline);
    current.results = current.results.filter((r) => r.conditions?.locale !== 'ko');
    const c = compareDatasets(baseline, current);
    expect(c.missing).toContain('total_blocking_time|eks-cni|locale=ko');
    expect(c.missing).toHaveLength(6);
    expect(c.regressions).toEqual([]);
  });

  it('a zero baseline regresses on the absolute limit alone', () => {
    expect(exceeds({absolute: 150, percent: 50}, 151, 0)).toBe(true);
    expect(exceeds({absolute: 150, percent: 50}, 150, 0)).toBe(false);
  });
});
