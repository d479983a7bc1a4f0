/**
 * bench:site's dataset (a result as a version of the site suite) and its
 * regression check against a published version, on hand-written results;
 * the phone profile's chart picks against the report pages' charts and data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {datasetSchema, type Dataset} from '../../src/data/schema';
import {loadDatasets} from '../../src/data/load';
import {compareVersions} from '../../src/data/versions';
import {PHONE_CHARTS} from '../../src/suites/site';
import {CHARTS as EKS_CHARTS} from '../../src/suites/eks-cni/charts';
import {CHARTS as TKE_CHARTS} from '../../src/suites/tke-cilium/charts';
import {chromiumVersion, scenarioOf, siteDataset} from './dataset';
import {compareDatasets, exceeds} from './regression';
import {REPORT_ROUTES} from './pages';
import {sharedLink} from './phone-profile';
import {startGzipServer} from './serve';
import type {BenchResult, PhoneFacts, PhoneRow, PhoneSample, Row, RunSample} from './results';

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
    expect(failed[0].flags?.[0].detail).toEqual({en: 'Lighthouse failed: Chrome crashed', ko: 'Lighthouse 측정이 실패했습니다: Chrome crashed', zh: 'Lighthouse 测量失败：Chrome crashed'});
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

const phoneFacts: PhoneFacts = {
  source: 'Lighthouse 13.5.0 throttling.mobileSlow4G and screenEmulationMetrics.mobile',
  latencyMs: 562.5,
  downloadBytesPerSecond: 188743,
  uploadBytesPerSecond: 86400,
  cpuSlowdown: 4,
  viewport: {width: 412, height: 823, deviceScaleFactor: 1.75},
  browserVersion: '156.0.8078.108',
  playwrightVersion: '1.65.1',
};

/** The panel in view is drawn 300 ms before the whole chart in these made-up runs. */
const phoneRun = (chartAfterScrollMs: number | undefined, sharedViewMs: number | undefined, sharedChartMs: number | undefined, emptyBoxes = 0): PhoneSample => ({
  panelAfterScrollMs: chartAfterScrollMs === undefined ? undefined : chartAfterScrollMs - 300,
  chartAfterScrollMs,
  sharedViewMs,
  sharedChartMs,
  emptyBoxes,
});

function phoneRow(route: string, locale: string, samples: PhoneSample[]): PhoneRow {
  return {page: {route, locale, kind: 'report'}, status: 'ok', chart: 'DnsResourceChart', sharedQuery: 'DnsResourceChart.hide=p99', samples};
}

const withPhone: BenchResult = {
  ...baselineResult,
  phone: {
    facts: phoneFacts,
    rows: [
      phoneRow('/docs/benchmarks/eks-cni', 'en', [phoneRun(800, 2500, 4100), phoneRun(950.4, 2700, 4300), phoneRun(700, 2400.6, 3900)]),
      phoneRow('/ko/docs/benchmarks/eks-cni', 'ko', [phoneRun(900, 2600, 4200, 1), phoneRun(900, undefined, 4200), phoneRun(900, 2600, 4200)]),
      {page: {route: '/zh/docs/benchmarks/eks-cni', locale: 'zh', kind: 'report'}, status: 'error', chart: 'DnsResourceChart', error: 'page.waitForFunction: Timeout 60000ms exceeded.'},
    ],
  },
};
const phoneBaseline = siteDataset(withPhone, {version: '2026-11-27', buildSeconds: 140});
const phoneRowOf = (metric: string, locale: string, d: Dataset = phoneBaseline) => d.results.find((r) => r.metric === metric && r.scenario === 'eks-cni' && r.conditions?.locale === locale);

describe('phone profile in the site dataset', () => {
  it('one row per phone metric, report page and locale: the median of the runs, every run kept', () => {
    expect(() => datasetSchema.parse(phoneBaseline)).not.toThrow();
    const scroll = phoneRowOf('phone_chart_after_scroll', 'en')!;
    expect(scroll).toMatchObject({value: 800, unit: 'ms', samples: [800, 950, 700], min: 700, max: 950});
    expect(phoneRowOf('phone_panel_after_scroll', 'en')).toMatchObject({value: 500, unit: 'ms', samples: [500, 650, 400], min: 400, max: 650});
    expect(phoneRowOf('phone_shared_view', 'en')).toMatchObject({value: 2500, samples: [2500, 2700, 2401]});
    expect(phoneRowOf('phone_shared_chart', 'en')?.value).toBe(4100);
    expect(phoneRowOf('phone_empty_box', 'en')).toMatchObject({value: 0, unit: 'count', samples: [0, 0, 0]});
    expect(phoneRowOf('phone_empty_box', 'ko')).toMatchObject({value: 0, samples: [1, 0, 0], max: 1});
    // The Lighthouse rows are as they were, plus 3 pages x 5 phone metrics.
    expect(phoneBaseline.results).toHaveLength(baseline.results.length + 3 * 5);
  });

  it('a figure fewer runs gave is flagged; a page whose runs all failed is not measured, saying why', () => {
    expect(phoneRowOf('phone_shared_view', 'ko')).toMatchObject({value: 2600, samples: [2600, 2600], flags: [{kind: 'too-few-rounds', detail: {en: '2 of 3 rounds'}}]});
    expect(phoneRowOf('phone_shared_chart', 'ko')?.flags).toBeUndefined();
    for (const metric of ['phone_panel_after_scroll', 'phone_chart_after_scroll', 'phone_shared_view', 'phone_shared_chart', 'phone_empty_box']) {
      const row = phoneRowOf(metric, 'zh')!;
      expect(row.value).toBeNull();
      expect(row.flags?.[0].kind).toBe('not-measured');
      expect(row.flags?.[0].detail?.en).toMatch(/phone-profile run failed: page\.waitForFunction: Timeout/);
      // The data notes show the detail in the reader's locale: ko and zh readers get their own words, the tool's message verbatim.
      expect(row.flags?.[0].detail?.ko).toMatch(/^휴대폰 프로필 측정이 실패했습니다: page\.waitForFunction: Timeout/);
      expect(row.flags?.[0].detail?.zh).toMatch(/^手机配置的测量失败：page\.waitForFunction: Timeout/);
    }
  });

  it('keeps what was sent over CDP and where it comes from, and which chart and link were timed', () => {
    expect(phoneBaseline.environment.extra).toMatchObject({
      'phone.requestLatencyMs': 562.5,
      'phone.downloadBytesPerSecond': 188743,
      'phone.uploadBytesPerSecond': 86400,
      'phone.cpuSlowdownMultiplier': 4,
      'phone.throttlingFrom': 'Lighthouse 13.5.0 throttling.mobileSlow4G and screenEmulationMetrics.mobile',
      'phone.screen': '412x823, device pixel ratio 1.75',
    });
    expect(phoneBaseline.environment.tools).toMatchObject({playwright: '1.65.1'});
    expect(phoneBaseline.method.params).toMatchObject({'phoneChart.eks-cni': 'DnsResourceChart', 'phoneLink.eks-cni': '?DnsResourceChart.hide=p99'});
    for (const locale of ['en', 'ko', 'zh'] as const) expect(phoneBaseline.method.notes?.[locale]).toContain('562.5 ms');
    expect(phoneBaseline.method.notes?.en).toContain('184 KiB/s down and 84 KiB/s up');
    // A result from before the phone profile says nothing of a phone.
    expect(baseline.method.notes?.en).not.toMatch(/phone/i);
    expect(Object.keys(baseline.environment.extra ?? {}).some((k) => k.startsWith('phone.'))).toBe(false);
  });

  it('a result with phone timings only is a dataset of its own (no Lighthouse sentence, no Lighthouse rows)', () => {
    const d = siteDataset({...withPhone, rows: [], facts: undefined}, {version: '2026-11-27'});
    expect(d.results.every((r) => r.metric.startsWith('phone_'))).toBe(true);
    expect(d.method.notes?.en).not.toMatch(/^Lighthouse/);
    expect(d.environment.tools?.chromium).toBe('156.0.8078.108');
  });
});

describe('regression check of the phone figures', () => {
  it('an empty box where there was none fails', () => {
    const r = compareDatasets(phoneBaseline, changed('phone_empty_box', 'eks-cni', 'en', 1, phoneBaseline)).regressions;
    expect(r.map((x) => x.key)).toEqual(['phone_empty_box|eks-cni|locale=en']);
  });

  it('the chart after a scroll fails only when later by more than 300 ms and 50 %', () => {
    // Baseline 800 ms: +350 ms is 44 % (passes), +450 ms is 56 % (fails).
    expect(compareDatasets(phoneBaseline, changed('phone_chart_after_scroll', 'eks-cni', 'en', 1150, phoneBaseline)).regressions).toEqual([]);
    expect(compareDatasets(phoneBaseline, changed('phone_chart_after_scroll', 'eks-cni', 'en', 1250, phoneBaseline)).regressions).toHaveLength(1);
    // Baseline 900 ms: +400 ms is only 44 %.
    expect(compareDatasets(phoneBaseline, changed('phone_chart_after_scroll', 'eks-cni', 'ko', 1300, phoneBaseline)).regressions).toEqual([]);
    // The panel in view, baseline 500 ms: +301 ms and 60 % fails, +250 ms does not.
    expect(compareDatasets(phoneBaseline, changed('phone_panel_after_scroll', 'eks-cni', 'en', 801, phoneBaseline)).regressions).toHaveLength(1);
    expect(compareDatasets(phoneBaseline, changed('phone_panel_after_scroll', 'eks-cni', 'en', 750, phoneBaseline)).regressions).toEqual([]);
  });

  it("the shared link's view and chart fail when later by more than 500 ms and 30 %", () => {
    // View, baseline 2500 ms: +700 ms is 28 % (passes), +800 ms is 32 % (fails).
    expect(compareDatasets(phoneBaseline, changed('phone_shared_view', 'eks-cni', 'en', 3200, phoneBaseline)).regressions).toEqual([]);
    expect(compareDatasets(phoneBaseline, changed('phone_shared_view', 'eks-cni', 'en', 3300, phoneBaseline)).regressions).toHaveLength(1);
    // Chart, baseline 4100 ms: +1300 ms is 31.7 %; earlier never fails.
    expect(compareDatasets(phoneBaseline, changed('phone_shared_chart', 'eks-cni', 'en', 5400, phoneBaseline)).regressions).toHaveLength(1);
    expect(compareDatasets(phoneBaseline, changed('phone_shared_chart', 'eks-cni', 'en', 1000, phoneBaseline)).regressions).toEqual([]);
  });

  it('a baseline without phone figures compares the Lighthouse ones and misses nothing', () => {
    const c = compareDatasets(baseline, phoneBaseline);
    expect(c.missing).toEqual([]);
    expect(c.compared).toBe(baseline.results.length);
  });
});

describe('the charts the phone profile times', () => {
  const datasets = loadDatasets(path.resolve(__dirname, '../../static/data')).map((l) => l.dataset);
  const newest = (suite: string) => datasets.filter((d) => d.suite === suite).sort((a, b) => compareVersions(a.version, b.version)).at(-1)!;
  const specs = {'eks-cni': Object.values(EKS_CHARTS), 'tke-cilium': Object.values(TKE_CHARTS)} as Record<string, {name: string; build: (d: Dataset, o: {locale: string}) => {series: {key: string}[]}[]}[]>;

  it('every report page has one, a chart of its page with the series the link hides', () => {
    for (const route of REPORT_ROUTES) {
      const scenario = scenarioOf({route, locale: 'en', kind: 'report'});
      const pick = PHONE_CHARTS[scenario];
      expect(pick, `PHONE_CHARTS['${scenario}']`).toBeDefined();
      const spec = specs[scenario].find((c) => c.name === pick.chart);
      expect(spec, `${pick.chart} among the ${scenario} charts`).toBeDefined();
      const series = spec!.build(newest(scenario), {locale: 'en'}).flatMap((p) => p.series.map((s) => s.key));
      expect(series, `${pick.chart} series`).toContain(pick.hide);
    }
  });

  it("the shared link is the chart's own permalink form: the query of its view, anchored at the figure", () => {
    const url = new URL(sharedLink('http://127.0.0.1:3401/ko/docs/benchmarks/eks-cni', 'DnsResourceChart', 'p99'));
    expect(url.pathname).toBe('/ko/docs/benchmarks/eks-cni');
    expect(url.searchParams.get('DnsResourceChart.hide')).toBe('p99');
    expect(url.hash).toBe('#chart-DnsResourceChart');
  });
});

describe('the bench server', () => {
  it('lets the browser revalidate: an ETag on every file, 304 without a body when it still matches', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-serve-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
    fs.writeFileSync(path.join(root, '404.html'), '<p>not found</p>');
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'assets', 'a.js'), 'console.log(1)'.repeat(100));
    const server = await startGzipServer(root);
    try {
      const first = await fetch(`${server.url}/assets/a.js`);
      const etag = first.headers.get('etag');
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await fetch(`${server.url}/assets/a.js`, {headers: {'if-none-match': etag!}});
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const other = await fetch(`${server.url}/assets/a.js`, {headers: {'if-none-match': 'W/"something-else"'}});
      expect(other.status).toBe(200);
      expect((await other.text()).length).toBe(1400);
      // A missing page is never "not modified".
      expect((await fetch(`${server.url}/nowhere`, {headers: {'if-none-match': etag!}})).status).toBe(404);
    } finally {
      await server.close();
      fs.rmSync(root, {recursive: true, force: true});
    }
  });
});
