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
import {lighthousePhone, settle, throttledPhonePage} from './phone-profile';
import {startGzipServer} from './serve';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';

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

const CATEGORIES = ['disabled-by-default-v8.cpu_profiler', 'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'v8', 'loading'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown>; elementCount?: number};
}

/** What an event stands for in the summary: script by its file, layout and style with their sizes. */
function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const file = (u: unknown) => String(u ?? '').split('/').at(-1)?.split('?')[0] || '?';
  if (e.name === 'EvaluateScript') return `EvaluateScript ${file(d.url)}`;
  if (e.name === 'v8.compile' || e.name === 'v8.compileModule') return `compile ${file(d.url)}`;
  if (e.name === 'FunctionCall') return `FunctionCall ${file(d.url)}:${String(d.functionName || '(anon)')}`;
  return e.name;
}

const SUMMARISED = new Set(['EvaluateScript', 'v8.compile', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'ParseHTML', 'MajorGC', 'MinorGC', 'V8.GC_MC_BACKGROUND_MARKING', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ScheduleStyleRecalculation']);

async function run(url: string, chart: string, index: number): Promise<void> {
  const facts = await lighthousePhone();
  const browser = await chromium.launch({executablePath: values.chromium, args: [...CHROMIUM_FLAGS]});
  try {
    const {page} = await throttledPhonePage(browser, facts);
    const requests: {at: number; url: string}[] = [];
    let scrollWall = Infinity;
    page.on('request', (r) => Date.now() >= scrollWall && requests.push({at: Date.now() - scrollWall, url: r.url().split('/').at(-1)!}));
    await page.goto(url, {waitUntil: 'load', timeout: 60_000});
    await settle(page);
    await browser.startTracing(page, {categories: CATEGORIES});
    scrollWall = Date.now();
    await page.evaluate((chart) => {
      const figure = document.querySelector(`figure[data-chart="${chart}"]`)!;
      performance.mark('trace:scroll');
      figure.scrollIntoView({block: 'center'});
      const offCentre = (p: Element) => {
        const r = p.getBoundingClientRect();
        return Math.hypot((r.left + r.right) / 2 - innerWidth / 2, (r.top + r.bottom) / 2 - innerHeight / 2);
      };
      const panels = [...figure.querySelectorAll<HTMLElement>('[data-panel]')];
      const inView = [...panels].sort((a, b) => offCentre(a) - offCentre(b))[0].dataset.panel!;
      const drawn = (key: string) => [...document.querySelectorAll(`figure[data-chart="${chart}"] [data-panel="${key}"] svg.recharts-surface`)].some((s) => s.getBoundingClientRect().width > 0);
      const keys = panels.map((p) => p.dataset.panel!);
      const marked = new Set<string>();
      const frame = () => {
        for (const k of keys) if (!marked.has(k) && drawn(k)) {
          marked.add(k);
          performance.mark(`trace:drawn:${k}${k === inView ? ':in-view' : ''}`);
        }
        if (marked.size < keys.length) requestAnimationFrame(frame);
        else performance.mark('trace:all');
      };
      requestAnimationFrame(frame);
    }, chart);
    await page.waitForFunction(() => performance.getEntriesByName('trace:all').length > 0, undefined, {timeout: 60_000, polling: 250});
    await page.waitForTimeout(300);
    const buffer = await browser.stopTracing();
    if (values.trace) fs.writeFileSync(values.trace.replace(/\.json$/, `.${index}.json`), buffer);
    const events = (JSON.parse(buffer.toString()) as {traceEvents: TraceEvent[]}).traceEvents;
    const scroll = events.find((e) => e.name === 'trace:scroll')!;
    const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === scroll.pid)!;
    const marks = events.filter((e) => e.pid === scroll.pid && e.name.startsWith('trace:') && e.ph !== 'e').sort((a, b) => a.ts - b.ts);
    const ms = (us: number) => (us / 1000).toFixed(0).padStart(5);
    const from = (e: TraceEvent) => ms(e.ts - scroll.ts);
    console.log(`\n== run ${index + 1}: ${url}, ${chart}; load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    const end = marks.at(-1)!.ts;
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= scroll.ts - 1000 && e.ts <= end);
    // Outermost task events only (a ThreadControllerImpl::RunTask holds a RunTask of the same span).
    const allTasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const tasks = allTasks.filter((t, i) => !allTasks.slice(0, i).some((o) => o.ts <= t.ts && o.ts + (o.dur ?? 0) >= t.ts + (t.dur ?? 0)));
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
    for (const m of marks) {
      const u = upTo(m.ts);
      console.log(`${from(m)} ms  ${m.name}${m === scroll ? '' : `   (main-thread CPU ${u.cpu.toFixed(0)} ms, ${u.restyled} elements restyled, ${u.laidOut} layout objects laid out)`}`);
    }
    let wall = 0;
    let cpu = 0;
    console.log('\n  from  wall   cpu   task: its largest parts (wall ms, cpu ms)');
    for (const t of tasks) {
      wall += t.dur ?? 0;
      cpu += t.tdur ?? 0;
      if ((t.dur ?? 0) < 20_000) continue;
      const inside = onMain.filter((e) => SUMMARISED.has(e.name) && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0));
      // Outermost only, so nested script calls are not counted twice.
      const outer = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0)));
      const parts = new Map<string, {wall: number; cpu: number; n: number; extra: string[]}>();
      for (const e of outer) {
        const key = label(e);
        const p = parts.get(key) ?? {wall: 0, cpu: 0, n: 0, extra: []};
        p.wall += e.dur ?? 0;
        p.cpu += e.tdur ?? 0;
        p.n++;
        if (e.name === 'Layout') p.extra.push(`${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects} objects`);
        if (e.name === 'UpdateLayoutTree') p.extra.push(`${e.args?.elementCount ?? (e.args as {elementCount?: number})?.elementCount} elements`);
        parts.set(key, p);
      }
      const top = [...parts.entries()].sort((a, b) => b[1].wall - a[1].wall).slice(0, 5);
      console.log(`${from(t)} ${ms(t.dur ?? 0)} ${ms(t.tdur ?? 0)}   ${top.map(([k, p]) => `${k}${p.n > 1 ? ` x${p.n}` : ''} (${(p.wall / 1000).toFixed(0)}, ${(p.cpu / 1000).toFixed(0)})${p.extra.length ? ` [${p.extra.slice(0, 3).join('; ')}]` : ''}`).join(' | ')}`);
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
