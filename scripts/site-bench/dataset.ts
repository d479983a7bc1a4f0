/**
 * A bench:site result as a version of the `site` suite: the same dataset
 * schema and the same never-overwrite rule as the network suites' ingest
 * (scripts/benchmarks/ingest/output.ts), so the site draws its own speed with
 * the chart families it draws the benchmarks with.
 *
 * One scenario per page kind (the plain docs home, each report), one row per
 * metric, page and locale (the `locale` condition); Lighthouse and phone-profile
 * figures keep every run as samples, their median as the value.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {SCHEMA_VERSION, type Conditions, type Dataset, type LocalizedText, type ResultRow, type Scenario} from '../../src/data/schema';
import {validateDataset} from '../../src/data/validate';
import type {MetricId} from '../../src/data/metrics';
import {METRICS} from '../../src/data/metrics';
import {median} from '../../src/data/stats';
import {roundCountText} from '../../src/data/roundCounts';
import {BUILD_SCENARIO, PAGE_SCENARIOS, PLATFORM} from '../../src/suites/site';
import {suiteTitle} from '../../src/data/suiteFolder';
import type {BenchPage} from './pages';
import type {BenchResult, PhoneFacts, PhoneRow, PhoneSample, RunSample} from './results';

export const SUITE = 'site';

/** The suite's title, from its folder (static/data/site/suite.json). */
function siteTitle(): LocalizedText {
  const title = suiteTitle(path.resolve(__dirname, '../../static/data'), SUITE);
  if (!title) throw new Error(`static/data/${SUITE}/suite.json is missing: it holds the title each new version carries`);
  return title;
}

/** The scenario a measured page belongs to: the plain page, or the report it is. */
export function scenarioOf(page: BenchPage): string {
  const id = page.kind === 'plain' ? 'docs-home' : page.route.split('/').at(-1)!;
  if (!PAGE_SCENARIOS.some((s) => s.id === id)) throw new Error(`${page.route}: no scenario of the site suite for this page (src/suites/site/index.ts PAGE_SCENARIOS)`);
  return id;
}

const round = (v: number, decimals: number) => Number(v.toFixed(decimals));

/** How to read one metric from one run, and how many decimals to keep. */
interface SampledMetric<S> {
  metric: MetricId;
  pick: (s: S) => number | undefined;
  decimals: number;
}

/** Per Lighthouse metric. */
const RUN_METRICS: SampledMetric<RunSample>[] = [
  {metric: 'lighthouse_performance', pick: (s) => s.performance, decimals: 0},
  {metric: 'lighthouse_accessibility', pick: (s) => s.accessibility, decimals: 0},
  {metric: 'total_blocking_time', pick: (s) => s.tbtMs, decimals: 0},
  {metric: 'largest_contentful_paint', pick: (s) => s.lcpMs, decimals: 0},
  {metric: 'cumulative_layout_shift', pick: (s) => s.cls, decimals: 4},
];

/** Per phone-profile metric (./phone-profile.ts). */
const PHONE_METRICS: SampledMetric<PhoneSample>[] = [
  {metric: 'phone_panel_after_scroll', pick: (s) => s.panelAfterScrollMs, decimals: 0},
  {metric: 'phone_chart_after_scroll', pick: (s) => s.chartAfterScrollMs, decimals: 0},
  {metric: 'phone_shared_view', pick: (s) => s.sharedViewMs, decimals: 0},
  {metric: 'phone_shared_chart', pick: (s) => s.sharedChartMs, decimals: 0},
  {metric: 'phone_empty_box', pick: (s) => s.emptyBoxes, decimals: 0},
];

export interface SiteDatasetOptions {
  version: string;
  /** Git commit of the site that was built and measured. */
  commit?: string;
  /** Cold build of every locale, in seconds, when this run built the site. */
  buildSeconds?: number;
  /** Say in the notes that the machine ran other work at the same time. */
  sharedMachine?: boolean;
  /** Collected-at time; default: the result's start. */
  collectedAt?: string;
}

/**
 * The Chromium version: `chromium --version` when the run recorded it, else what the user agent
 * says ("Chrome/142.0.7444.59"); a reduced user agent ("156.0.0.0") gives the major version only.
 */
export function chromiumVersion(userAgent: string, browserVersion?: string): string {
  if (browserVersion) return browserVersion;
  const v = /(?:HeadlessChrome|Chrome)\/([\d.]+)/.exec(userAgent)?.[1];
  if (!v) return userAgent;
  return v.endsWith('.0.0.0') ? `${v.split('.')[0]} (major version from the user agent)` : v;
}

function osName(): string | undefined {
  try {
    return /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

function notes(result: BenchResult, options: SiteDatasetOptions): Dataset['method']['notes'] {
  const load = result.loadAtStart ? result.loadAtStart[0].toFixed(1) : undefined;
  const p = result.phone?.facts;
  const kibps = (bytesPerSecond: number) => (bytesPerSecond / 1024).toFixed(0);
  const screen = p && `${p.viewport.width}×${p.viewport.height}`;
  const en = [
    result.facts ? `Lighthouse ${result.facts.lighthouseVersion} with its mobile preset (simulated throttling) on the built site, served with gzip over loopback from the same machine; ${result.runs} runs per page, medians shown, every run kept as a sample.` : '',
    `One machine with ${result.cpus} CPU cores: timings (TBT, LCP, performance score) follow its load; JavaScript at first view does not.`,
    p
      ? `Phone timings of the report pages: Chromium driven by Playwright, its network throttled over the DevTools protocol to ${p.latencyMs} ms added to every request, ${kibps(p.downloadBytesPerSecond)} KiB/s down and ${kibps(p.uploadBytesPerSecond)} KiB/s up, its CPU slowed ${p.cpuSlowdown}x (the values of Lighthouse's mobile preset, applied as Lighthouse's DevTools throttling applies them), on a ${screen} screen with an empty cache at every load; they follow the machine's load like the other timings.`
      : '',
    options.sharedMachine ? `The machine was shared with other work during the run${load ? ` (load average ${load} at the start)` : ''}, so the timings are slower and more spread than on an idle machine.` : '',
  ];
  const ko = [
    result.facts ? `Lighthouse ${result.facts.lighthouseVersion} 모바일 프리셋(시뮬레이션 스로틀링)으로, 같은 머신에서 루프백으로 gzip 전송한 빌드 결과를 측정했습니다. 페이지마다 ${result.runs}회 실행했고, 중앙값을 보여 주며 각 실행 값은 샘플로 남깁니다.` : '',
    `${result.cpus}코어 머신 한 대의 측정입니다. TBT, LCP, 성능 점수 같은 시간 지표는 머신 부하를 따라 달라지지만, 첫 화면 JavaScript 크기는 그렇지 않습니다.`,
    p
      ? `보고서 페이지의 휴대폰 시간 지표는 Playwright로 제어한 Chromium에서 쟀습니다. DevTools 프로토콜로 네트워크는 요청마다 ${p.latencyMs} ms를 더하고 내려받기 ${kibps(p.downloadBytesPerSecond)} KiB/s, 올려보내기 ${kibps(p.uploadBytesPerSecond)} KiB/s로 제한했으며, CPU는 ${p.cpuSlowdown}배 느리게 했습니다. 값은 Lighthouse 모바일 프리셋의 것이며, Lighthouse가 DevTools 스로틀링으로 걸 때와 같은 방식으로 걸었습니다. 화면은 ${screen}이고 매번 빈 캐시로 엽니다. 다른 시간 지표처럼 머신 부하를 따라 달라집니다.`
      : '',
    options.sharedMachine ? `측정 중 이 머신에서 다른 작업이 함께 돌았습니다${load ? `(시작 시 load average ${load})` : ''}. 그래서 시간 지표는 유휴 머신보다 느리고 편차도 큽니다.` : '',
  ];
  const zh = [
    result.facts ? `使用 Lighthouse ${result.facts.lighthouseVersion} 的移动端预设（模拟节流），测量同一台机器经回环地址以 gzip 提供的构建产物；每个页面运行 ${result.runs} 次，显示中位数，每次运行的数值均保留为样本。` : '',
    `仅一台 ${result.cpus} 核机器：TBT、LCP 和性能得分等时间指标随机器负载变化，首屏 JavaScript 大小则不受影响。`,
    p
      ? `报告页的手机时间指标在由 Playwright 驱动的 Chromium 中测得：通过 DevTools 协议将网络限制为每个请求增加 ${p.latencyMs} ms 延迟、下行 ${kibps(p.downloadBytesPerSecond)} KiB/s、上行 ${kibps(p.uploadBytesPerSecond)} KiB/s，并将 CPU 减慢 ${p.cpuSlowdown} 倍（数值取自 Lighthouse 移动端预设，施加方式与 Lighthouse 的 DevTools 节流相同）；屏幕为 ${screen}，每次加载都从空缓存开始；与其他时间指标一样随机器负载变化。`
      : '',
    options.sharedMachine ? `测量期间这台机器同时运行着其他任务${load ? `（开始时 load average 为 ${load}）` : ''}，因此时间指标比空闲机器更慢、波动更大。` : '',
  ];
  const join = (parts: string[], sep: string) => parts.filter(Boolean).join(sep);
  return {en: join(en, ' '), ko: join(ko, ' '), zh: join(zh, '')};
}

/** The emulated phone as environment facts: exactly what was sent over CDP, and where the values come from. */
function phoneExtra(f: PhoneFacts): Record<string, string | number> {
  return {
    'phone.throttlingFrom': f.source,
    'phone.requestLatencyMs': f.latencyMs,
    'phone.downloadBytesPerSecond': f.downloadBytesPerSecond,
    'phone.uploadBytesPerSecond': f.uploadBytesPerSecond,
    'phone.cpuSlowdownMultiplier': f.cpuSlowdown,
    'phone.screen': `${f.viewport.width}x${f.viewport.height}, device pixel ratio ${f.viewport.deviceScaleFactor}`,
  };
}

/**
 * Why a page was not measured, for readers of every locale (the site's data notes show a flag's
 * detail in the page's locale). A tool's own error message stays as it was written.
 */
const NOT_MEASURED = {
  missing: (): LocalizedText => ({en: 'the page was not in the build', ko: '빌드에 이 페이지가 없었습니다', zh: '构建产物中没有这个页面'}),
  lighthouseFailed: (error: string): LocalizedText => ({en: `Lighthouse failed: ${error}`, ko: `Lighthouse 측정이 실패했습니다: ${error}`, zh: `Lighthouse 测量失败：${error}`}),
  phoneFailed: (error: string): LocalizedText => ({en: `the phone-profile run failed: ${error}`, ko: `휴대폰 프로필 측정이 실패했습니다: ${error}`, zh: `手机配置的测量失败：${error}`}),
  noRunGaveValue: (succeeded: number, runs: number): LocalizedText => ({
    en: `no run gave a value (${succeeded} of ${runs} runs succeeded)`,
    ko: `값을 낸 실행이 없습니다(${runs}회 중 ${succeeded}회 성공)`,
    zh: `没有一次运行给出数值（${runs} 次中成功 ${succeeded} 次）`,
  }),
};

/** Value-less rows of a page that was not measured, saying why. */
function notMeasuredRows(metrics: MetricId[], scenario: string, conditions: Conditions, why: LocalizedText): ResultRow[] {
  return metrics.map((metric) => ({metric, scenario, value: null, unit: METRICS[metric].unit, conditions, flags: [{kind: 'not-measured' as const, detail: why}]}));
}

/**
 * One row per metric: the median of the runs that gave it, every run kept as a sample, flagged
 * when fewer runs than asked gave it; a metric no run gave is a not-measured row.
 */
function sampledRows<S>(metrics: SampledMetric<S>[], runSamples: S[], runs: number, scenario: string, conditions: Conditions): ResultRow[] {
  return metrics.flatMap(({metric, pick, decimals}): ResultRow[] => {
    const samples = runSamples.map(pick).filter((v): v is number => v !== undefined).map((v) => round(v, decimals));
    if (samples.length === 0) return notMeasuredRows([metric], scenario, conditions, NOT_MEASURED.noRunGaveValue(runSamples.length, runs));
    return [
      {
        metric,
        scenario,
        value: round(median(samples), decimals),
        unit: METRICS[metric].unit,
        conditions,
        samples,
        min: Math.min(...samples),
        max: Math.max(...samples),
        ...(samples.length < runs ? {flags: [{kind: 'too-few-rounds' as const, detail: {en: roundCountText({kind: 'ofMinimum', count: samples.length, minimum: runs})}}]} : {}),
      },
    ];
  });
}

/** Rows of one Lighthouse-measured page: its figures (median of the runs) and its JavaScript at first view. */
function pageRows(row: BenchResult['rows'][number], runs: number): ResultRow[] {
  const scenario = scenarioOf(row.page);
  const conditions = {locale: row.page.locale};
  if (row.status !== 'ok' || !row.samples) {
    const why = row.status === 'missing' ? NOT_MEASURED.missing() : NOT_MEASURED.lighthouseFailed(row.error ?? 'no result');
    return notMeasuredRows([...RUN_METRICS.map((m) => m.metric), 'js_first_view'], scenario, conditions, why);
  }
  const out = sampledRows(RUN_METRICS, row.samples, runs, scenario, conditions);
  if (row.jsGzipBytes !== undefined) out.push({metric: 'js_first_view', scenario, value: round(row.jsGzipBytes / 1024, 1), unit: 'KiB', conditions});
  return out;
}

/** Rows of one report page timed on the emulated phone. */
function phoneRows(row: PhoneRow, runs: number): ResultRow[] {
  const scenario = scenarioOf(row.page);
  const conditions = {locale: row.page.locale};
  if (row.status !== 'ok' || !row.samples) {
    const why = row.status === 'missing' ? NOT_MEASURED.missing() : NOT_MEASURED.phoneFailed(row.error ?? 'no result');
    return notMeasuredRows(PHONE_METRICS.map((m) => m.metric), scenario, conditions, why);
  }
  return sampledRows(PHONE_METRICS, row.samples, runs, scenario, conditions);
}

/** The dataset of one bench:site result, validated by the site's schema (an invalid one throws, naming the path). */
export function siteDataset(result: BenchResult, options: SiteDatasetOptions): Dataset {
  const measured = [...result.rows, ...(result.phone?.rows ?? [])].filter((r) => r.status === 'ok');
  if (measured.length === 0) throw new Error('no page was measured: nothing to write');
  const facts = result.facts;
  const phone = result.phone;
  const pageResults = [...result.rows.flatMap((r) => pageRows(r, result.runs)), ...(phone?.rows ?? []).flatMap((r) => phoneRows(r, result.runs))];
  const build: ResultRow[] = options.buildSeconds === undefined ? [] : [{metric: 'site_build_time', scenario: BUILD_SCENARIO.id, value: round(options.buildSeconds, 1), unit: 's'}];
  const used = new Set([...pageResults, ...build].map((r) => r.scenario));
  const scenarios: Scenario[] = [...PAGE_SCENARIOS, BUILD_SCENARIO].filter((s) => used.has(s.id));
  const os_ = osName();
  const dataset: Dataset = {
    schemaVersion: SCHEMA_VERSION,
    suite: SUITE,
    version: options.version,
    collectedAt: (options.collectedAt ?? result.startedAt).replace(/\.\d+Z$/, 'Z'),
    title: siteTitle(),
    source: {kind: 'measured', script: 'scripts/site-bench/bench-site.ts', scriptVersion: '1.0.0', ...(options.commit ? {commit: options.commit} : {})},
    environment: {
      platform: PLATFORM,
      ...(os_ ? {os: os_} : {}),
      kernel: os.release(),
      tools: {
        ...(phone?.facts.browserVersion ? {chromium: phone.facts.browserVersion} : {}),
        ...(facts ? {lighthouse: facts.lighthouseVersion, chromium: chromiumVersion(facts.userAgent, facts.browserVersion)} : {}),
        ...(phone?.facts.playwrightVersion ? {playwright: phone.facts.playwrightVersion} : {}),
        node: process.version,
      },
      extra: {
        cpus: result.cpus,
        ...(facts
          ? {
              formFactor: facts.formFactor,
              throttlingMethod: facts.throttlingMethod,
              ...Object.fromEntries(Object.entries(facts.throttling).map(([k, v]) => [`throttling.${k}`, v])),
            }
          : {}),
        ...(phone ? phoneExtra(phone.facts) : {}),
        ...(result.loadAtStart ? {loadAverageAtStart: result.loadAtStart[0]} : {}),
        ...(result.loadAtEnd ? {loadAverageAtEnd: result.loadAtEnd[0]} : {}),
      },
    },
    method: {
      rounds: result.runs,
      aggregate: 'median',
      tools: {pageSpeed: 'lighthouse', javascript: 'gzip -9', ...(phone ? {phone: 'playwright'} : {}), ...(build.length ? {build: 'docusaurus build'} : {})},
      notes: notes(result, options),
      params: {
        runsPerPage: result.runs,
        categories: 'performance,accessibility',
        // Which chart and link each report page was timed with on the phone.
        ...Object.fromEntries((phone?.rows ?? []).flatMap((r) => (r.chart && r.sharedQuery ? [[`phoneChart.${scenarioOf(r.page)}`, r.chart], [`phoneLink.${scenarioOf(r.page)}`, `?${r.sharedQuery}`]] : []))),
      },
    },
    scenarios,
    results: [...pageResults, ...build],
  };
  return validateDataset(dataset, `${SUITE}/${options.version}.json`);
}
