/**
 * What stands between a scroll and a chart's panel drawn on the phone profile:
 * one Chromium trace of bench:site's scroll measurement, summarised per main-thread task.
 *
 *   npx tsx scripts/site-bench/trace-scroll.ts --out-dir <build> [--route /docs/benchmarks/eks-cni] [--runs 1] [--trace out.json]
 *
 * The page is loaded as bench:site's phone profile loads it (its network and CPU throttling, its
 * screen, a cold cache), left to settle, then the profile's chart is scrolled to the middle of the
 * screen with the trace running. Printed, from the scroll: when the panel nearest the middle of the
 * screen and every panel were drawn (first animation frame showing them), each main-thread task
 * over 20 ms with what it spent its time on, and the requests made. Every task's time is given
 * twice: wall time (throttled, and slowed by any other work on the machine) and the main thread's
 * own CPU time (not throttled: about a quarter of the wall time on an idle machine).
 */
import {parseArgs} from 'node:util';
import fs from 'node:fs';
import {chromium} from '@playwright/test';
import {PHONE_CHARTS} from '../../src/suites/site';
import {SCROLL_MARK, lighthousePhone, phonePage, scrollToChart, settle, watched} from './phone-profile';
import {startGzipServer} from './serve';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {TRACE_CATEGORIES, type TraceEvent, describeParts, loadAverage, mainThreadEvents, ms, outermostTasks, taskParts} from './trace-tasks';

const {values} = parseArgs({
  options: {
    'out-dir': {type: 'string'},
    route: {type: 'string', default: '/docs/benchmarks/eks-cni'},
    runs: {type: 'string', default: '1'},
    trace: {type: 'string'},
    chromium: {type: 'string', default: CHROMIUM_PATH},
  },
});
if (!values['out-dir']) throw new Error('--out-dir <build> is required (a site build, e.g. npx docusaurus build --locale en --out-dir <dir>)');

async function run(url: string, chart: string, index: number): Promise<void> {
  const facts = await lighthousePhone();
  const browser = await chromium.launch({executablePath: values.chromium, args: [...CHROMIUM_FLAGS]});
  try {
    const {page} = await phonePage(browser, facts, {chart, drawn: 'every'});
    const requests: {at: number; url: string}[] = [];
    let scrollWall = Infinity;
    page.on('request', (r) => Date.now() >= scrollWall && requests.push({at: Date.now() - scrollWall, url: r.url().split('/').at(-1)!}));
    await page.goto(url, {waitUntil: 'load', timeout: 60_000});
    await settle(page);
    await browser.startTracing(page, {categories: TRACE_CATEGORIES});
    scrollWall = Date.now();
    // bench:site's own scroll and watcher: the times below are the ones it publishes.
    const scrolledAt = await scrollToChart(page, chart);
    const seen = await watched(page, chart);
    if (seen.inViewDrawnAt === undefined) throw new Error(`${url}: ${chart}: every panel was drawn but the panel in view was never seen drawn`);
    const buffer = await browser.stopTracing();
    if (values.trace) fs.writeFileSync(values.trace.replace(/\.json$/, `.${index}.json`), buffer);
    const events = (JSON.parse(buffer.toString()) as {traceEvents: TraceEvent[]}).traceEvents;
    const scroll = events.find((e) => e.name === SCROLL_MARK);
    if (!scroll) throw new Error(`${url}: the trace has no ${SCROLL_MARK} mark (category blink.user_timing)`);
    // The watcher's times (performance.now() ms) on the trace's clock (µs), through the scroll mark.
    const traceTs = (pageMs: number) => scroll.ts + (pageMs - scrolledAt) * 1000;
    const marks = [
      {name: 'scroll', ts: scroll.ts},
      {name: 'panel in view drawn', ts: traceTs(seen.inViewDrawnAt)},
      {name: 'every panel drawn', ts: traceTs(seen.drawnAt!)},
    ];
    const from = (e: {ts: number}) => ms(e.ts - scroll.ts);
    console.log(`\n== run ${index + 1}: ${url}, ${chart}; load ${loadAverage()}`);
    const end = Math.max(...marks.map((m) => m.ts));
    const onMain = mainThreadEvents(events, scroll.pid).filter((e) => e.ts >= scroll.ts - 1000 && e.ts <= end);
    const tasks = outermostTasks(onMain);
    // Up to each mark: the main thread's CPU time (throttled, but not what other processes took from it), elements
    // restyled and layout objects laid out again: counts that do not follow the machine's load.
    const upTo = (at: number) => {
      const within = onMain.filter((e) => e.ts >= scroll.ts && e.ts + (e.dur ?? 0) <= at);
      const sum = (name: string, pick: (e: TraceEvent) => number) => within.filter((e) => e.name === name).reduce((n, e) => n + pick(e), 0);
      const topTasks = tasks.filter((t) => t.ts >= scroll.ts && t.ts + (t.dur ?? 0) <= at);
      return {
        cpu: topTasks.reduce((n, t) => n + (t.tdur ?? 0), 0) / 1000,
        restyled: sum('UpdateLayoutTree', (e) => Number(e.args?.elementCount ?? 0)),
        laidOut: sum('Layout', (e) => Number(e.args?.beginData?.dirtyObjects ?? 0)),
      };
    };
    for (const [i, m] of marks.entries()) {
      const u = upTo(m.ts);
      console.log(`${from(m)} ms  ${m.name}${i === 0 ? '' : `   (main-thread CPU ${u.cpu.toFixed(0)} ms, ${u.restyled} elements restyled, ${u.laidOut} layout objects laid out)`}`);
    }
    let wall = 0;
    let cpu = 0;
    console.log('\n  from  wall   cpu   task: its largest parts (wall ms, cpu ms)');
    for (const t of tasks) {
      wall += t.dur ?? 0;
      cpu += t.tdur ?? 0;
      if ((t.dur ?? 0) < 20_000) continue;
      console.log(`${from(t)} ${ms(t.dur ?? 0)} ${ms(t.tdur ?? 0)}   ${describeParts(taskParts(t, onMain))}`);
    }
    console.log(`all tasks from 1 s before the scroll to the last mark: ${ms(wall)} ms wall, ${ms(cpu)} ms main-thread CPU`);
    console.log(`requests after the scroll: ${requests.map((r) => `${r.url} @${r.at} ms`).join(', ') || 'none'}`);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const server = await startGzipServer(values['out-dir']!);
  try {
    const scenario = values.route!.split('/').at(-1)!;
    const chart = PHONE_CHARTS[scenario]?.chart;
    if (!chart) throw new Error(`${values.route}: no chart in PHONE_CHARTS (src/suites/site/index.ts)`);
    for (let i = 0; i < Number(values.runs); i++) await run(`${server.url}${values.route}`, chart, i);
  } finally {
    await server.close();
  }
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
