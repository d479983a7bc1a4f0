/**
 * A bench:site result as a version of the `site` suite: the same dataset
 * schema and the same never-overwrite rule as the network suites' ingest
 * (scripts/benchmarks/ingest/output.ts), so the site draws its own speed with
 * the chart families it draws the benchmarks with.
 *
 * One scenario per page kind (the plain docs home, each report), one row per
 * metric, page and locale (the `locale` condition); Lighthouse figures keep
 * every run as samples, their median as the value.
 */
import fs from 'node:fs';
import os from 'node:os';
import {SCHEMA_VERSION, type Dataset, type ResultRow, type Scenario} from '../../src/data/schema';
import {validateDataset} from '../../src/data/validate';
import type {MetricId} from '../../src/data/metrics';
import {METRICS} from '../../src/data/metrics';
import {median} from '../../src/data/stats';
import {roundCountText} from '../../src/data/roundCounts';
import {BUILD_SCENARIO, PAGE_SCENARIOS, PLATFORM, TITLE} from '../../src/data/suites/site';
import type {BenchPage} from './pages';
import type {BenchResult, RunSample} from './results';

export const SUITE = 'site';

/** The scenario a measured page belongs to: the plain page, or the report it is. */
export function scenarioOf(page: BenchPage): string {
  const id = page.kind === 'plain' ? 'docs-home' : page.route.split('/').at(-1)!;
  if (!PAGE_SCENARIOS.some((s) => s.id === id)) throw new Error(`${page.route}: no scenario of the site suite for this page (src/data/suites/site.ts PAGE_SCENARIOS)`);
  return id;
}

const round = (v: number, decimals: number) => Number(v.toFixed(decimals));

/** Per Lighthouse metric: how to read it from one run and how many decimals to keep. */
const RUN_METRICS: {metric: MetricId; pick: (s: RunSample) => number | undefined; decimals: number}[] = [
  {metric: 'lighthouse_performance', pick: (s) => s.performance, decimals: 0},
  {metric: 'lighthouse_accessibility', pick: (s) => s.accessibility, decimals: 0},
  {metric: 'total_blocking_time', pick: (s) => s.tbtMs, decimals: 0},
  {metric: 'largest_contentful_paint', pick: (s) => s.lcpMs, decimals: 0},
  {metric: 'cumulative_layout_shift', pick: (s) => s.cls, decimals: 4},
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
  const en = [
    `Lighthouse ${result.facts?.lighthouseVersion ?? ''} with its mobile preset (simulated throttling) on the built site, served with gzip over loopback from the same machine; ${result.runs} runs per page, medians shown, every run kept as a sample.`,
    `One machine with ${result.cpus} CPU cores: timings (TBT, LCP, performance score) follow its load; JavaScript at first view does not.`,
    options.sharedMachine ? `The machine was shared with other work during the run${load ? ` (load average ${load} at the start)` : ''}, so the timings are slower and more spread than on an idle machine.` : '',
  ];
  const ko = [
    `Lighthouse ${result.facts?.lighthouseVersion ?? ''} 모바일 프리셋(시뮬레이션 스로틀링)으로, 같은 머신에서 루프백으로 gzip 전송한 빌드 결과를 측정했습니다. 페이지마다 ${result.runs}회 실행했고, 중앙값을 보여 주며 각 실행 값은 샘플로 남깁니다.`,
    `${result.cpus}코어 머신 한 대의 측정입니다. TBT, LCP, 성능 점수 같은 시간 지표는 머신 부하를 따라 달라지지만, 첫 화면 JavaScript 크기는 그렇지 않습니다.`,
    options.sharedMachine ? `측정 중 이 머신에서 다른 작업이 함께 돌았습니다${load ? `(시작 시 load average ${load})` : ''}. 그래서 시간 지표는 유휴 머신보다 느리고 편차도 큽니다.` : '',
  ];
  const zh = [
    `使用 Lighthouse ${result.facts?.lighthouseVersion ?? ''} 的移动端预设（模拟节流），测量同一台机器经回环地址以 gzip 提供的构建产物；每个页面运行 ${result.runs} 次，显示中位数，每次运行的数值均保留为样本。`,
    `仅一台 ${result.cpus} 核机器：TBT、LCP 和性能得分等时间指标随机器负载变化，首屏 JavaScript 大小则不受影响。`,
    options.sharedMachine ? `测量期间这台机器同时运行着其他任务${load ? `（开始时 load average 为 ${load}）` : ''}，因此时间指标比空闲机器更慢、波动更大。` : '',
  ];
  const join = (parts: string[], sep: string) => parts.filter(Boolean).join(sep);
  return {en: join(en, ' '), ko: join(ko, ' '), zh: join(zh, '')};
}

/** Rows of one measured page: the Lighthouse figures (median of the runs) and its JavaScript at first view. */
function pageRows(row: BenchResult['rows'][number], runs: number): ResultRow[] {
  const scenario = scenarioOf(row.page);
  const conditions = {locale: row.page.locale};
  if (row.status !== 'ok' || !row.samples) {
    const detail = {en: row.status === 'missing' ? 'the page was not in the build' : `Lighthouse failed: ${row.error ?? 'no result'}`};
    return [...RUN_METRICS.map((m) => m.metric), 'js_first_view' as const].map((metric) => ({
      metric,
      scenario,
      value: null,
      unit: METRICS[metric].unit,
      conditions,
      flags: [{kind: 'not-measured' as const, detail}],
    }));
  }
  const out: ResultRow[] = [];
  for (const {metric, pick, decimals} of RUN_METRICS) {
    const samples = row.samples.map(pick).filter((v): v is number => v !== undefined).map((v) => round(v, decimals));
    if (samples.length === 0) continue;
    out.push({
      metric,
      scenario,
      value: round(median(samples), decimals),
      unit: METRICS[metric].unit,
      conditions,
      samples,
      min: Math.min(...samples),
      max: Math.max(...samples),
      ...(samples.length < runs ? {flags: [{kind: 'too-few-rounds' as const, detail: {en: roundCountText({kind: 'ofMinimum', count: samples.length, minimum: runs})}}]} : {}),
    });
  }
  if (row.jsGzipBytes !== undefined) out.push({metric: 'js_first_view', scenario, value: round(row.jsGzipBytes / 1024, 1), unit: 'KiB', conditions});
  return out;
}

/** The dataset of one bench:site result, validated by the site's schema (an invalid one throws, naming the path). */
export function siteDataset(result: BenchResult, options: SiteDatasetOptions): Dataset {
  const measured = result.rows.filter((r) => r.status === 'ok');
  if (measured.length === 0) throw new Error('no page was measured: nothing to write');
  const facts = result.facts;
  const pageResults = result.rows.flatMap((r) => pageRows(r, result.runs));
  const build: ResultRow[] = options.buildSeconds === undefined ? [] : [{metric: 'site_build_time', scenario: BUILD_SCENARIO.id, value: round(options.buildSeconds, 1), unit: 's'}];
  const used = new Set([...pageResults, ...build].map((r) => r.scenario));
  const scenarios: Scenario[] = [...PAGE_SCENARIOS, BUILD_SCENARIO].filter((s) => used.has(s.id));
  const os_ = osName();
  const dataset: Dataset = {
    schemaVersion: SCHEMA_VERSION,
    suite: SUITE,
    version: options.version,
    collectedAt: (options.collectedAt ?? result.startedAt).replace(/\.\d+Z$/, 'Z'),
    title: TITLE,
    source: {kind: 'measured', script: 'scripts/site-bench/bench-site.ts', scriptVersion: '1.0.0', ...(options.commit ? {commit: options.commit} : {})},
    environment: {
      platform: PLATFORM,
      ...(os_ ? {os: os_} : {}),
      kernel: os.release(),
      tools: {
        ...(facts ? {lighthouse: facts.lighthouseVersion, chromium: chromiumVersion(facts.userAgent, facts.browserVersion)} : {}),
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
        ...(result.loadAtStart ? {loadAverageAtStart: result.loadAtStart[0]} : {}),
        ...(result.loadAtEnd ? {loadAverageAtEnd: result.loadAtEnd[0]} : {}),
      },
    },
    method: {
      rounds: result.runs,
      aggregate: 'median',
      tools: {pageSpeed: 'lighthouse', javascript: 'gzip -9', ...(build.length ? {build: 'docusaurus build'} : {})},
      notes: notes(result, options),
      params: {runsPerPage: result.runs, categories: 'performance,accessibility'},
    },
    scenarios,
    results: [...pageResults, ...build],
  };
  return validateDataset(dataset, `${SUITE}/${options.version}.json`);
}
