/**
 * `npm run bench:site`: build the site (unless --no-build), serve it with
 * gzip, run Lighthouse (mobile preset, Debian's Chromium) --runs times (3 by
 * default) on the report pages of every locale and the plain doc page, and
 * print per page the median of the runs: performance, accessibility, LCP, TBT,
 * CLS, and the spread of TBT (min-max); then JS loaded at first view (gzip, and
 * as a multiple of the plain doc page) and total transfer.
 *
 * Timings are noisy, so nothing here passes or fails on them; the
 * deterministic budgets are tests/e2e/byte-budget.spec.ts.
 *
 *   npm run bench:site -- [--no-build] [--out-dir build] [--runs 3] [--json results.json]
 *   CHROMIUM_PATH=/usr/bin/chromium (default)
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {benchPages, JS_BUDGET_FACTOR, type BenchPage} from './pages';
import {startGzipServer} from './serve';
import {buildFileFor, gzipSize, kib} from './build-files';
import {median} from '../../src/data/stats';
import type {BenchResult, LighthouseFacts, Row} from './results';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const repoRoot = path.resolve(__dirname, '../..');

const {values: args} = parseArgs({
  options: {
    'no-build': {type: 'boolean', default: false},
    'out-dir': {type: 'string', default: 'build'},
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: '0'},
    json: {type: 'string'},
    help: {type: 'boolean', short: 'h', default: false},
  },
});
if (args.help) {
  console.log(fs.readFileSync(__filename, 'utf8').split('*/')[0].replace(/^\/\*\*?|^ \* ?/gm, '').trim());
  process.exit(0);
}
const buildDir = path.resolve(repoRoot, args['out-dir'] as string);
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs: a whole number of Lighthouse runs per page (at least 1), not "${args.runs}"`);
  process.exit(2);
}
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath}; set CHROMIUM_PATH`);
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
    [url, '--output=json', `--output-path=${outFile}`, '--only-categories=performance,accessibility', '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
    {env: {...process.env, CHROME_PATH: chromePath}, stdio: ['ignore', log, log], timeout: 300_000},
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

async function main(): Promise<void> {
  if (!args['no-build']) {
    console.log(`building the site into ${path.relative(repoRoot, buildDir) || '.'} ...`);
    const b = spawnSync('npx', ['docusaurus', 'build', '--out-dir', buildDir], {cwd: repoRoot, stdio: 'inherit'});
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const server = await startGzipServer(buildDir, Number(args.port));
  const rows: Row[] = [];
  let facts: LighthouseFacts | undefined;
  const startedAt = new Date().toISOString();
  try {
    for (const page of benchPages()) {
      const url = `${server.url}${page.route}`;
      const head = await fetch(url, {method: 'HEAD'});
      if (head.status !== 200) {
        rows.push({page, status: 'missing'});
        console.log(`${page.route}: HTTP ${head.status}, skipped (page not built)`);
        continue;
      }
      process.stdout.write(`lighthouse ${page.route} x${runs} ... `);
      const results: any[] = [];
      let error: string | undefined;
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(url);
        if (run.lhr) results.push(run.lhr);
        else error = run.error;
      }
      if (results.length === 0) {
        rows.push({page, status: 'error', error});
        console.log(`failed: ${error}`);
        continue;
      }
      // Bytes are the same in every run: read them from the first.
      const scripts = ((results[0].audits['network-requests']?.details?.items ?? []) as NetworkItem[]).filter(
        (i) => i.resourceType === 'Script' && i.url.startsWith(server.url),
      );
      const audit = (lhr: any, id: string) => lhr.audits[id]?.numericValue as number | undefined;
      const medianOf = (pick: (lhr: any) => number | undefined) => {
        const values = results.map(pick).filter((v): v is number => v !== undefined);
        return values.length > 0 ? median(values) : undefined;
      };
      facts ??= {
        lighthouseVersion: results[0].lighthouseVersion,
        userAgent: results[0].environment?.hostUserAgent ?? results[0].userAgent,
        formFactor: results[0].configSettings?.formFactor,
        throttlingMethod: results[0].configSettings?.throttlingMethod,
        throttling: results[0].configSettings?.throttling ?? {},
      };
      const tbts = results.map((r) => audit(r, 'total-blocking-time')).filter((v): v is number => v !== undefined);
      rows.push({
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
        jsGzipBytes: scripts.reduce((sum, s) => sum + gzipSize(buildFileFor(buildDir, new URL(s.url).pathname)), 0),
        jsFiles: scripts.length,
        transferBytes: audit(results[0], 'total-byte-weight'),
        samples: results.map((r) => ({
          performance: Math.round((r.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((r.categories.accessibility?.score ?? 0) * 100),
          lcpMs: audit(r, 'largest-contentful-paint'),
          tbtMs: audit(r, 'total-blocking-time'),
          cls: audit(r, 'cumulative-layout-shift'),
        })),
      });
      if (results.length < runs) process.stdout.write(`(${runs - results.length} of ${runs} runs failed: ${error}) `);
      console.log('done');
    }
  } finally {
    await server.close();
  }
  printTable(rows);
  if (args.json) fs.writeFileSync(path.resolve(args.json as string), `${JSON.stringify({startedAt, runs, cpus: os.cpus().length, facts, rows}, null, 2)}\n`);
}

function printTable(rows: Row[]): void {
  const plainJs = new Map(rows.filter((r) => r.page.kind === 'plain' && r.jsGzipBytes).map((r) => [r.page.locale, r.jsGzipBytes as number]));
  const header = ['page', 'runs', 'perf', 'a11y', 'LCP ms', 'TBT ms', 'TBT min-max', 'CLS', 'JS gz (files)', 'x plain', 'transfer'];
  const lines = rows.map((r) => {
    if (r.status !== 'ok') return [r.page.route, r.status, '', '', '', '', '', '', '', '', ''];
    const plain = plainJs.get(r.page.locale);
    const factor = plain && r.jsGzipBytes !== undefined ? r.jsGzipBytes / plain : undefined;
    return [
      r.page.route,
      String(r.runs),
      String(r.performance),
      String(r.accessibility),
      r.lcpMs?.toFixed(0) ?? '',
      r.tbtMs?.toFixed(0) ?? '',
      r.tbtRangeMs ? `${r.tbtRangeMs[0].toFixed(0)}-${r.tbtRangeMs[1].toFixed(0)}` : '',
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
  console.log(`\nMedians of ${runs} Lighthouse run(s) per page. Goals (issues 9, 16): performance >= 95, accessibility 100, CLS 0, TBT <= 200 ms, report JS <= ${JS_BUDGET_FACTOR}x the plain doc page. Timings are informational: they follow the machine's load.`);
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
