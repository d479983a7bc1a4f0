/**
 * `npm run bench:site`: build the site (unless --no-build), serve it with
 * gzip, run Lighthouse (mobile preset, Debian's Chromium) --runs times (3 by
 * default) on the report pages of every locale and the plain doc page, and
 * print per page the median of the runs: performance, accessibility, LCP, TBT,
 * CLS, and the spread of TBT (min-max); then JS loaded at first view (gzip, and
 * as a multiple of the plain doc page) and total transfer. In the same run, the
 * bare Docusaurus classic template's doc page at the site's Docusaurus version
 * (./template.ts, made in .cache/site-bench the first time; --skip-template leaves
 * it out), so each page's TBT reads against the plain page's and Docusaurus' own.
 *
 * Then the phone profile (scripts/site-bench/phone-profile.ts), --runs times per
 * report page and locale: Chromium through Playwright with the network and CPU
 * throttled over CDP to Lighthouse's mobile preset, timing a chart scrolled into
 * view, a shared link's saved view in the static table and its chart drawn, and
 * counting empty chart boxes (src/suites/site/index.ts PHONE_CHARTS names the charts).
 *
 * --write publishes the result as a new version of the `site` suite,
 * static/data/site/<YYYY-MM-DD[.N]>.json (never overwriting one), which the
 * contributing guide charts. --baseline <version|latest> compares the result
 * with a published version and exits 1 when a figure regresses beyond its
 * tolerance (listed below; scripts/site-bench/regression.ts). Without either,
 * nothing passes or fails on timings; the deterministic byte budgets are
 * tests/e2e/byte-budget.spec.ts.
 *
 *   npm run bench:site -- [--no-build] [--out-dir build] [--runs 3] [--port 0] [--only lighthouse|phone] [--page ROUTE ...] [--skip-template]
 *                         [--json results.json] [--write [--version V] [--shared-machine]]
 *                         [--baseline latest|V]
 *   npm run bench:site -- --from results.json [--commit SHA] [--build-seconds S] --write ...
 *     publish (or check) a result an earlier run saved with --json, without measuring again
 *   CHROMIUM_PATH=/usr/bin/chromium (default)
 *
 * --only measures one of the two (a quicker look; publish runs of both).
 * --page (repeatable) measures only these routes, e.g. --page /docs/benchmarks/eks-cni (a quicker
 *   look, e.g. before/after one change; not with --write, which publishes every page).
 * --shared-machine says in the dataset's notes that other work ran on the machine.
 * --build-seconds: a cold build of every locale timed outside this run (with --from or --no-build).
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {benchPages, JS_BUDGET_FACTOR, type BenchPage} from './pages';
import {measurePhone} from './phone-profile';
import {startGzipServer} from './serve';
import {TEMPLATE_DOC_PAGE, templateBuild} from './template';
import {buildFileFor, gzipSize, kib} from './build-files';
import {median} from '../../src/data/stats';
import type {BenchResult, LighthouseFacts, PhoneResult, PhoneRow, Row} from './results';
import {SUITE, siteDataset} from './dataset';
import {PHONE_GOALS} from '../../src/suites/site';
import {compareDatasets, describeRegression, describeTolerances} from './regression';
import {chooseVersion, today, writeDataset} from '../benchmarks/ingest/output';
import type {Dataset} from '../../src/data/schema';
import {DatasetError, parseDataset} from '../../src/data/validate';
import {latestVersion} from '../../src/data/versions';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {versionFiles} from '../../src/data/suiteFolder';

const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const repoRoot = path.resolve(__dirname, '../..');

const {values: args} = parseArgs({
  options: {
    'no-build': {type: 'boolean', default: false},
    'out-dir': {type: 'string', default: 'build'},
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: '0'},
    only: {type: 'string'},
    page: {type: 'string', multiple: true},
    json: {type: 'string'},
    write: {type: 'boolean', default: false},
    version: {type: 'string'},
    'shared-machine': {type: 'boolean', default: false},
    baseline: {type: 'string'},
    from: {type: 'string'},
    commit: {type: 'string'},
    'build-seconds': {type: 'string'},
    'data-dir': {type: 'string', default: 'static/data'},
    'skip-template': {type: 'boolean', default: false},
    help: {type: 'boolean', short: 'h', default: false},
  },
});
if (args.help) {
  console.log(fs.readFileSync(__filename, 'utf8').split('*/')[0].replace(/^\/\*\*?|^ \* ?/gm, '').trim());
  console.log(`\nRegression tolerances (--baseline; a figure fails only beyond every limit given):\n${describeTolerances().map((l) => `  ${l}`).join('\n')}`);
  process.exit(0);
}
const buildDir = path.resolve(repoRoot, args['out-dir'] as string);
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs: a whole number of runs per page (at least 1), not "${args.runs}"`);
  process.exit(2);
}
const only = args.only as 'lighthouse' | 'phone' | undefined;
if (only !== undefined && only !== 'lighthouse' && only !== 'phone') {
  console.error(`--only: "lighthouse" or "phone", not "${args.only}"`);
  process.exit(2);
}
const onlyRoutes = args.page as string[] | undefined;
const knownRoutes = benchPages().map((p) => p.route);
const unknownRoute = onlyRoutes?.find((r) => !knownRoutes.includes(r));
if (unknownRoute !== undefined) {
  console.error(`--page: "${unknownRoute}" is not a measured page (${knownRoutes.join(', ')})`);
  process.exit(2);
}
if (onlyRoutes && args.write) {
  console.error('--page with --write: a published site version has every page; measure them all');
  process.exit(2);
}
/** The pages this run measures. */
const measuredPages = () => benchPages().filter((p) => onlyRoutes === undefined || onlyRoutes.includes(p.route));
const buildSecondsArg = args['build-seconds'] === undefined ? undefined : Number(args['build-seconds']);
if (buildSecondsArg !== undefined && !(buildSecondsArg > 0)) {
  console.error(`--build-seconds: the cold build's wall time in seconds, not "${args['build-seconds']}"`);
  process.exit(2);
}
const dataDir = path.resolve(repoRoot, args['data-dir'] as string);
if (!args.from && !fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium not found at ${CHROMIUM_PATH}; set CHROMIUM_PATH`);
  process.exit(2);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  statusCode?: number;
}

/** Async: the page server runs in this process, so blocking here would stall every request. */
async function lighthouse(url: string): Promise<{lhr?: any; error?: string}> {
  const outFile = path.join(os.tmpdir(), `site-bench-${process.pid}.json`);
  const logFile = path.join(os.tmpdir(), `site-bench-${process.pid}.log`);
  // Output to files, not pipes: Chromium's crash handler outlives Lighthouse and would hold a pipe open forever.
  const log = fs.openSync(logFile, 'w');
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/lighthouse'),
    [url, '--output=json', `--output-path=${outFile}`, '--only-categories=performance,accessibility', '--quiet', `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`],
    {env: {...process.env, CHROME_PATH: CHROMIUM_PATH}, stdio: ['ignore', log, log], timeout: 300_000},
  );
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  fs.closeSync(log);
  const tail = fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-3).join(' ');
  fs.rmSync(logFile, {force: true});
  if (status !== 0 || !fs.existsSync(outFile)) return {error: tail || `exit ${status}`};
  const lhr = JSON.parse(fs.readFileSync(outFile, 'utf8'));
  fs.rmSync(outFile, {force: true});
  return {lhr};
}

async function measure(): Promise<BenchResult> {
  let buildSeconds = buildSecondsArg;
  if (!args['no-build']) {
    console.log(`building the site into ${path.relative(repoRoot, buildDir) || '.'} (every locale, no persistent cache) ...`);
    const t0 = performance.now();
    const b = spawnSync('npx', ['docusaurus', 'build', '--out-dir', buildDir], {cwd: repoRoot, stdio: 'inherit', env: {...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1'}});
    if (b.status !== 0) process.exit(b.status ?? 1);
    buildSeconds = (performance.now() - t0) / 1000;
    console.log(`built in ${buildSeconds.toFixed(1)} s`);
  }
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], {cwd: repoRoot, encoding: 'utf8'}).stdout.trim() || undefined;
  const loadAtStart = os.loadavg();
  const server = await startGzipServer(buildDir, Number(args.port));
  const rows: Row[] = [];
  let facts: LighthouseFacts | undefined;
  let phone: PhoneResult | undefined;
  const startedAt = new Date().toISOString();
  /** Lighthouse `runs` times on one page served from `dir` at `serverUrl`: medians, spread and every run. */
  const measurePage = async (page: BenchPage, serverUrl: string, dir: string): Promise<Row> => {
    const url = `${serverUrl}${page.route}`;
    const head = await fetch(url, {method: 'HEAD'});
    if (head.status !== 200) {
      console.log(`${page.route}: HTTP ${head.status}, skipped (page not built)`);
      return {page, status: 'missing'};
    }
    process.stdout.write(`lighthouse ${page.kind === 'template' ? `template ${page.route}` : page.route} x${runs} ... `);
    const results: any[] = [];
    let error: string | undefined;
    for (let i = 0; i < runs; i++) {
      const run = await lighthouse(url);
      if (run.lhr) results.push(run.lhr);
      else error = run.error;
    }
    if (results.length === 0) {
      console.log(`failed: ${error}`);
      return {page, status: 'error', error};
    }
    // Bytes are the same in every run: read them from the first.
    const scripts = ((results[0].audits['network-requests']?.details?.items ?? []) as NetworkItem[]).filter(
      (i) => i.resourceType === 'Script' && i.url.startsWith(serverUrl),
    );
    const audit = (lhr: any, id: string) => lhr.audits[id]?.numericValue as number | undefined;
    const medianOf = (pick: (lhr: any) => number | undefined) => {
      const values = results.map(pick).filter((v): v is number => v !== undefined);
      return values.length > 0 ? median(values) : undefined;
    };
    facts ??= {
      lighthouseVersion: results[0].lighthouseVersion,
      userAgent: results[0].environment?.hostUserAgent ?? results[0].userAgent,
      browserVersion: /[\d.]+/.exec(spawnSync(CHROMIUM_PATH, ['--version'], {encoding: 'utf8'}).stdout ?? '')?.[0],
      formFactor: results[0].configSettings?.formFactor,
      throttlingMethod: results[0].configSettings?.throttlingMethod,
      throttling: results[0].configSettings?.throttling ?? {},
    };
    const tbts = results.map((r) => audit(r, 'total-blocking-time')).filter((v): v is number => v !== undefined);
    if (results.length < runs) process.stdout.write(`(${runs - results.length} of ${runs} runs failed: ${error}) `);
    console.log('done');
    return {
      page,
      status: 'ok',
      runs: results.length,
      performance: Math.round((medianOf((r) => r.categories.performance?.score ?? 0) ?? 0) * 100),
      accessibility: Math.round((medianOf((r) => r.categories.accessibility?.score ?? 0) ?? 0) * 100),
      lcpMs: medianOf((r) => audit(r, 'largest-contentful-paint')),
      tbtMs: medianOf((r) => audit(r, 'total-blocking-time')),
      tbtRangeMs: tbts.length > 0 ? [Math.min(...tbts), Math.max(...tbts)] : undefined,
      cls: medianOf((r) => audit(r, 'cumulative-layout-shift')),
      // Deterministic: gzip of the built file of each script the page requested during load.
      jsGzipBytes: scripts.reduce((sum, s) => sum + gzipSize(buildFileFor(dir, new URL(s.url).pathname)), 0),
      jsFiles: scripts.length,
      transferBytes: audit(results[0], 'total-byte-weight'),
      samples: results.map((r) => ({
        performance: Math.round((r.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((r.categories.accessibility?.score ?? 0) * 100),
        lcpMs: audit(r, 'largest-contentful-paint'),
        tbtMs: audit(r, 'total-blocking-time'),
        cls: audit(r, 'cumulative-layout-shift'),
      })),
    };
  };
  let template: BenchResult['template'];
  try {
    for (const page of only === 'phone' ? [] : measuredPages()) rows.push(await measurePage(page, server.url, buildDir));
    // Docusaurus itself, side by side: the bare template's doc page, in the same run on the same machine.
    if (only !== 'phone' && !args['skip-template']) {
      const bare = templateBuild(repoRoot);
      const bareServer = await startGzipServer(bare.dir, 0);
      try {
        template = {docusaurusVersion: bare.version, row: await measurePage({route: TEMPLATE_DOC_PAGE, locale: 'en', kind: 'template'}, bareServer.url, bare.dir)};
      } finally {
        await bareServer.close();
      }
    }
    if (only !== 'lighthouse') phone = await measurePhone({serverUrl: server.url, pages: measuredPages(), runs, chromePath: CHROMIUM_PATH});
  } finally {
    await server.close();
  }
  printTable(rows, runs, template);
  if (phone) printPhoneTable(phone.rows, runs);
  const result: BenchResult = {startedAt, runs, cpus: os.cpus().length, loadAtStart, loadAtEnd: os.loadavg(), commit, buildSeconds, facts, rows, ...(template ? {template} : {}), ...(phone ? {phone} : {})};
  if (args.json) fs.writeFileSync(path.resolve(args.json as string), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

/** A published version of the site suite, validated ("latest": the newest). */
function readBaseline(which: string): Dataset {
  const dir = path.join(dataDir, SUITE);
  const versions = fs.existsSync(dir) ? versionFiles(dir).map((f) => f.slice(0, -'.json'.length)) : [];
  const version = which === 'latest' ? latestVersion(versions) : which;
  if (!version || !versions.includes(version)) {
    console.error(`--baseline ${which}: no such version in ${path.relative(repoRoot, dir)} (published: ${versions.join(', ') || 'none'})`);
    process.exit(2);
  }
  const file = path.join(dir, `${version}.json`);
  try {
    return parseDataset(fs.readFileSync(file, 'utf8'), path.relative(repoRoot, file));
  } catch (e) {
    if (!(e instanceof DatasetError)) throw e;
    console.error(e.message);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  // The baseline is read before anything is written, so "latest" is never this run.
  const baseline = args.baseline === undefined ? undefined : readBaseline(args.baseline);
  let result: BenchResult;
  if (args.from) {
    result = JSON.parse(fs.readFileSync(path.resolve(args.from as string), 'utf8')) as BenchResult;
    if (!Array.isArray(result.rows)) throw new Error(`${args.from}: not a bench:site --json result (no "rows")`);
    printTable(result.rows, result.runs, result.template);
    if (result.phone) printPhoneTable(result.phone.rows, result.runs);
  } else result = await measure();
  if (!args.write && !baseline) return;
  const dataset = siteDataset(result, {
    version: chooseVersion(dataDir, SUITE, args.version as string | undefined),
    commit: (args.commit as string | undefined) ?? result.commit,
    buildSeconds: buildSecondsArg ?? result.buildSeconds,
    sharedMachine: args['shared-machine'] as boolean,
  });
  // Each run measures the site anew and cites no raw file: a new run, published today (src/data/releases.ts).
  if (args.write) console.log(`\nwrote ${path.relative(repoRoot, writeDataset(dataDir, {...dataset, release: {kind: 'new-run', publishedAt: today()}}))}`);
  if (!baseline) return;
  const c = compareDatasets(baseline, dataset);
  console.log(`\nagainst ${SUITE}@${baseline.version}: ${c.compared} figures compared, ${c.regressions.length} beyond tolerance`);
  for (const r of c.regressions) console.log(`  REGRESSION ${describeRegression(r)}`);
  if (c.missing.length > 0) console.log(`  not measured in this run (not compared): ${c.missing.join(', ')}`);
  if (c.regressions.length > 0) process.exit(1);
}

function printTable(rows: Row[], runs: number, template?: BenchResult['template']): void {
  const plainJs = new Map(rows.filter((r) => r.page.kind === 'plain' && r.jsGzipBytes).map((r) => [r.page.locale, r.jsGzipBytes as number]));
  const plainTbt = new Map(rows.filter((r) => r.page.kind === 'plain' && r.tbtMs !== undefined).map((r) => [r.page.locale, r.tbtMs as number]));
  const templateTbt = template?.row.tbtMs;
  const ratio = (value: number | undefined, of: number | undefined) => (value !== undefined && of ? (value / of).toFixed(2) : '');
  const header = ['page', 'runs', 'perf', 'a11y', 'LCP ms', 'TBT ms', 'TBT min-max', 'TBT x plain', 'TBT x template', 'CLS', 'JS gz (files)', 'x plain', 'transfer'];
  const all = template ? [...rows, template.row] : rows;
  const lines = all.map((r) => {
    const name = r.page.kind === 'template' ? `${r.page.route} (bare Docusaurus ${template?.docusaurusVersion} classic template)` : r.page.route;
    if (r.status !== 'ok') return [name, r.status, '', '', '', '', '', '', '', '', '', '', ''];
    const plain = plainJs.get(r.page.locale);
    const factor = r.page.kind !== 'template' && plain && r.jsGzipBytes !== undefined ? r.jsGzipBytes / plain : undefined;
    return [
      name,
      String(r.runs),
      String(r.performance),
      String(r.accessibility),
      r.lcpMs?.toFixed(0) ?? '',
      r.tbtMs?.toFixed(0) ?? '',
      r.tbtRangeMs ? `${r.tbtRangeMs[0].toFixed(0)}-${r.tbtRangeMs[1].toFixed(0)}` : '',
      r.page.kind === 'report' ? ratio(r.tbtMs, plainTbt.get(r.page.locale)) : '',
      r.page.kind === 'template' ? '' : ratio(r.tbtMs, templateTbt),
      r.cls?.toFixed(3) ?? '',
      `${kib(r.jsGzipBytes ?? 0)} (${r.jsFiles})`,
      factor === undefined ? '' : `${factor.toFixed(2)}${r.page.kind === 'report' && factor > JS_BUDGET_FACTOR ? ' OVER' : ''}`,
      kib(r.transferBytes ?? 0),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${fmt(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(fmt(l));
  console.log(
    `\nMedians of ${runs} Lighthouse run(s) per page. Goals: performance >= 95, accessibility 100, CLS 0, TBT <= 200 ms, a report's TBT <= 1.2x the plain doc page's and the template's, ` +
      `report JS <= ${JS_BUDGET_FACTOR}x the plain doc page. Timings are informational: they follow the machine's load.`,
  );
}

function printPhoneTable(rows: PhoneRow[], runs: number): void {
  const ms = (pick: (s: NonNullable<PhoneRow['samples']>[number]) => number | undefined) => (r: PhoneRow) => {
    const values = (r.samples ?? []).map(pick).filter((v): v is number => v !== undefined);
    return values.length === 0 ? '' : `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
  };
  const columns: [string, (r: PhoneRow) => string][] = [
    ['page', (r) => r.page.route],
    ['chart', (r) => r.chart ?? ''],
    ['runs', (r) => (r.status === 'ok' ? String(r.samples?.length) : r.status)],
    ['scroll->panel in view ms', ms((s) => s.panelAfterScrollMs)],
    ['scroll->all panels ms', ms((s) => s.chartAfterScrollMs)],
    ['link->saved view ms', ms((s) => s.sharedViewMs)],
    ['link->chart ms', ms((s) => s.sharedChartMs)],
    ['empty boxes', (r) => (r.samples ?? []).map((s) => s.emptyBoxes).join(' ')],
  ];
  const lines = rows.map((r) => columns.map(([, cell]) => cell(r)));
  const widths = columns.map(([h], i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${fmt(columns.map(([h]) => h))}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(fmt(l));
  for (const r of rows.filter((r) => r.error)) console.log(`${r.page.route}: ${r.error}`);
  console.log(
    `\nPhone profile: median (min-max) of ${runs} run(s). Goals: the panel in view drawn within ${PHONE_GOALS.phone_panel_after_scroll} ms of the scroll (the whole chart: ${PHONE_GOALS.phone_chart_after_scroll} ms), the shared link's saved view shown within ${PHONE_GOALS.phone_shared_view} ms, ${PHONE_GOALS.phone_empty_box} empty boxes.`,
  );
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
