/**
 * Where a page's load spends the main thread on the phone profile: one Chromium trace per
 * load, from navigation until the page has hydrated and gone quiet, summarised per task.
 * Pages of several builds side by side, e.g. a report against the plain page and the bare
 * Docusaurus template bench:site makes (./template.ts):
 *
 *   npx tsx scripts/site-bench/trace-load.ts --page build:/docs --page build:/docs/benchmarks/eks-cni \
 *     [--page .cache/site-bench/docusaurus-classic-<version>/build:/docs/intro] [--runs 3] [--trace out.json]
 *
 * The page is loaded as bench:site's phone profile loads it (its network and CPU throttling, its
 * screen, a cold cache). Printed per load: each main-thread task over 30 ms with its largest parts
 * (wall and main-thread CPU ms; layout with the layout objects it laid out of all there were, style
 * recalculation with the elements it restyled), and the blocking time of the whole load: each
 * task's time past 50 ms, summed from navigation to quiet. Lighthouse counts the same from first
 * paint to interactive, on a simulated phone, so its TBT is lower; the parts are what to compare.
 * Then, per page, the median over the runs of the blocking time and of its parts by kind.
 * Wall times follow the machine's load (printed with every run); CPU times much less.
 */
import {parseArgs} from 'node:util';
import fs from 'node:fs';
import {chromium} from '@playwright/test';
import {lighthousePhone, settle, throttledPhonePage} from './phone-profile';
import {startGzipServer} from './serve';
import {median} from '../../src/data/stats';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {TRACE_CATEGORIES, type TraceEvent, describeParts, loadAverage, mainThreadEvents, ms, outermostTasks, taskParts} from './trace-tasks';

const {values} = parseArgs({
  options: {
    page: {type: 'string', multiple: true},
    runs: {type: 'string', default: '1'},
    trace: {type: 'string'},
    chromium: {type: 'string', default: CHROMIUM_PATH},
  },
});
if (!values.page?.length) throw new Error('--page <build dir>:<route> is required, once per page (a site build, e.g. npx docusaurus build --locale en)');

/** A task longer than this blocks input (the long-task threshold TBT is built on). */
const LONG_TASK_MS = 50;
/** Tasks shorter than this are counted but not listed. */
const LISTED_MS = 30;

/** Blocking time of one load and how much of its long tasks each kind of work took (wall ms). */
interface LoadTrace {
  blockingMs: number;
  inLongTasks: Map<string, number>;
}

async function traceLoad(url: string, label: string, run: number): Promise<LoadTrace> {
  const facts = await lighthousePhone();
  const browser = await chromium.launch({executablePath: values.chromium, args: [...CHROMIUM_FLAGS]});
  try {
    const {page} = await throttledPhonePage(browser, facts);
    await browser.startTracing(page, {categories: TRACE_CATEGORIES});
    await page.goto(url, {waitUntil: 'load', timeout: 60_000});
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout: 60_000});
    await settle(page);
    const buffer = await browser.stopTracing();
    if (values.trace) fs.writeFileSync(values.trace.replace(/\.json$/, `.${label.replace(/[^\w.-]+/g, '_')}.${run}.json`), buffer);
    const onMain = mainThreadEvents((JSON.parse(buffer.toString()) as {traceEvents: TraceEvent[]}).traceEvents);
    const tasks = outermostTasks(onMain);
    const start = tasks[0]?.ts ?? 0;
    console.log(`\n== ${label}, run ${run + 1}; load ${loadAverage()}`);
    console.log('  from  wall   cpu   task: its largest parts (wall ms, cpu ms)');
    let blockingMs = 0;
    const inLongTasks = new Map<string, number>();
    for (const t of tasks) {
      const wallMs = (t.dur ?? 0) / 1000;
      if (wallMs > LONG_TASK_MS) blockingMs += wallMs - LONG_TASK_MS;
      if (wallMs < LISTED_MS) continue;
      const parts = taskParts(t, onMain);
      if (wallMs > LONG_TASK_MS) for (const p of parts) inLongTasks.set(p.name, (inLongTasks.get(p.name) ?? 0) + p.wallMs);
      console.log(`${ms(t.ts - start)} ${ms(t.dur ?? 0)} ${ms(t.tdur ?? 0)}   ${describeParts(parts)}`);
    }
    console.log(`blocking time of the whole load (each task's time past ${LONG_TASK_MS} ms): ${blockingMs.toFixed(0)} ms`);
    return {blockingMs, inLongTasks};
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const summary: {label: string; traces: LoadTrace[]}[] = [];
  for (const spec of values.page!) {
    const at = spec.lastIndexOf(':');
    if (at <= 0) throw new Error(`--page ${spec}: expected <build dir>:<route>`);
    const [dir, route] = [spec.slice(0, at), spec.slice(at + 1)];
    if (!fs.existsSync(dir)) throw new Error(`--page ${spec}: no build at ${dir} (npx docusaurus build --out-dir ${dir})`);
    const server = await startGzipServer(dir);
    try {
      const traces: LoadTrace[] = [];
      for (let i = 0; i < Number(values.runs); i++) traces.push(await traceLoad(server.url + route, spec, i));
      summary.push({label: spec, traces});
    } finally {
      await server.close();
    }
  }
  console.log(`\nmedian of ${values.runs} run(s): blocking time, and the wall ms of each kind of work inside tasks over ${LONG_TASK_MS} ms`);
  for (const {label, traces} of summary) {
    const kinds = [...new Set(traces.flatMap((t) => [...t.inLongTasks.keys()]))];
    const byKind = kinds
      .map((k) => [k, median(traces.map((t) => t.inLongTasks.get(k) ?? 0))] as const)
      .filter(([, v]) => v >= 5)
      .sort((a, b) => b[1] - a[1]);
    console.log(`${label}: ${median(traces.map((t) => t.blockingMs)).toFixed(0)} ms  (${byKind.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')})`);
  }
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
