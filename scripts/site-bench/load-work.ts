/**
 * What a page runs on the main thread at load, counted rather than timed: for each
 * page, the JavaScript calls per script (V8 precise coverage) and the functions making most of
 * them, React's fibers once hydrated, the JS the page evaluated (gzip, per chunk) and its DOM
 * size (elements in <body>: the <head> gains prefetch links in idle time, a few per task).
 * Pages of several builds side by side, e.g. this site against the bare Docusaurus template
 * that bench:site makes (./template.ts):
 *
 *   npx tsx scripts/site-bench/load-work.ts --page build:/docs --page .cache/site-bench/docusaurus-classic-<version>/build:/docs/intro [--top 15] [--cpu 4]
 *
 * --cpu N also loads each page once more with the CPU slowed N times and counts the long
 * tasks (over 50 ms) until hydrated and idle; that figure is timed, so it moves with the load
 * on the machine. The viewport is the byte budget's small phone (360x640).
 */
import {parseArgs} from 'node:util';
import {chromium} from '@playwright/test';
import {buildFileFor, gzipSize, kib} from './build-files';
import {callsIn, callsOf, coverageAtLoad, loadUntilHydratedAndIdle} from './load';
import {startGzipServer} from './serve';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';

const {values} = parseArgs({
  options: {
    page: {type: 'string', multiple: true},
    top: {type: 'string', default: '15'},
    cpu: {type: 'string'},
    chromium: {type: 'string', default: CHROMIUM_PATH},
  },
});
if (!values.page?.length) throw new Error('--page <build dir>:<route> is required, once per page');

const VIEWPORT = {width: 360, height: 640};

/** Fibers in the tree React hydrated into #__docusaurus (its root's current tree, counted from the container). */
function countFibers(): number {
  type Fiber = {child: Fiber | null; sibling: Fiber | null};
  const root = document.getElementById('__docusaurus') as unknown as Record<string, {current?: Fiber; stateNode?: {current: Fiber}}>;
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
  if (!key) return -1;
  const start = root[key] as unknown as Fiber;
  let count = 0;
  const stack: Fiber[] = [start];
  while (stack.length) {
    const f = stack.pop()!;
    count++;
    if (f.sibling) stack.push(f.sibling);
    if (f.child) stack.push(f.child);
  }
  return count;
}

interface Work {
  label: string;
  calls: number;
  callsByScript: {script: string; calls: number; gz: number}[];
  topFunctions: {name: string; script: string; calls: number}[];
  fibers: number;
  elements: number;
  longTasks?: {count: number; totalMs: number; maxMs: number};
}

const short = (url: string) => new URL(url).pathname.split('/').at(-1) || '(inline)';

async function measure(buildDir: string, route: string, top: number, cpu?: number): Promise<Work> {
  const server = await startGzipServer(buildDir);
  const browser = await chromium.launch({executablePath: values.chromium, args: [...CHROMIUM_FLAGS]});
  try {
    const context = await browser.newContext({viewport: VIEWPORT});
    const page = await context.newPage();
    const scripts = await coverageAtLoad(page, server.url + route);
    // The page's HTML (its inline scripts) is counted with no bytes: only chunks are files of their own.
    const gzipOf = (url: string) => (new URL(url).pathname.endsWith('.js') ? gzipSize(buildFileFor(buildDir, new URL(url).pathname)) : 0);
    const callsByScript = scripts.map((s) => ({script: short(s.url), calls: callsIn([s]), gz: gzipOf(s.url)})).sort((a, b) => b.calls - a.calls);
    const topFunctions = scripts
      .flatMap((s) => s.functions.map((f) => ({name: f.functionName || '(anonymous)', script: short(s.url), calls: callsOf(f)})))
      .sort((a, b) => b.calls - a.calls)
      .slice(0, top);
    const fibers = await page.evaluate(countFibers);
    const elements = await page.evaluate(() => document.body.querySelectorAll('*').length);
    await context.close();

    let longTasks: Work['longTasks'];
    if (cpu) {
      const slow = await browser.newContext({viewport: VIEWPORT});
      const slowPage = await slow.newPage();
      const slowCdp = await slow.newCDPSession(slowPage);
      await slowCdp.send('Emulation.setCPUThrottlingRate', {rate: cpu});
      await slowPage.addInitScript(() => {
        const w = window as unknown as {__long: number[]};
        w.__long = [];
        new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({type: 'longtask', buffered: true});
      });
      await loadUntilHydratedAndIdle(slowPage, server.url + route);
      const durations = await slowPage.evaluate(() => (window as unknown as {__long: number[]}).__long);
      longTasks = {count: durations.length, totalMs: Math.round(durations.reduce((a, b) => a + b, 0)), maxMs: Math.round(Math.max(0, ...durations))};
      await slow.close();
    }
    return {label: `${buildDir}:${route}`, calls: callsIn(scripts), callsByScript, topFunctions, fibers, elements, longTasks};
  } finally {
    await browser.close();
    await server.close();
  }
}

const top = Number(values.top);
const cpu = values.cpu ? Number(values.cpu) : undefined;
async function main(): Promise<void> {
  for (const spec of values.page!) {
    const at = spec.lastIndexOf(':');
    if (at <= 0) throw new Error(`--page ${spec}: expected <build dir>:<route>`);
    const w = await measure(spec.slice(0, at), spec.slice(at + 1), top, cpu);
    const gzTotal = w.callsByScript.reduce((n, s) => n + s.gz, 0);
    console.log(`\n== ${w.label}`);
    console.log(`calls ${w.calls}  fibers ${w.fibers}  body elements ${w.elements}  JS evaluated ${kib(gzTotal)} gz${w.longTasks ? `  long tasks at ${cpu}x CPU: ${w.longTasks.count} (${w.longTasks.totalMs} ms, longest ${w.longTasks.maxMs} ms)` : ''}`);
    console.log('calls per script (gzip):');
    for (const s of w.callsByScript) console.log(`  ${String(s.calls).padStart(8)}  ${s.script}  ${kib(s.gz)}`);
    console.log(`top ${top} functions:`);
    for (const f of w.topFunctions) console.log(`  ${String(f.calls).padStart(8)}  ${f.name}  (${f.script})`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
