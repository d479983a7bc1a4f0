/**
 * Reading a Chromium trace task by task, for the two tracers (trace-load.ts, trace-scroll.ts):
 * the renderer's main-thread tasks, outermost only, each summarised by what it spent its time
 * on (script by file, style recalculation and layout with how many elements and layout objects
 * they touched, HTML parsing, garbage collection).
 */
import fs from 'node:fs';

/** Trace categories with the events the summary reads (tasks, script, style, layout, paint, user timing). */
export const TRACE_CATEGORIES = ['disabled-by-default-v8.cpu_profiler', 'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'v8', 'loading'];

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown>; elementCount?: number};
}

const SUMMARISED = new Set(['EvaluateScript', 'v8.compile', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'ParseHTML', 'ParseAuthorStyleSheet', 'MajorGC', 'MinorGC', 'V8.GC_MC_BACKGROUND_MARKING', 'HitTest', 'TimerFire', 'EventDispatch', 'RunMicrotasks', 'IntersectionObserverController::computeIntersections', 'ScheduleStyleRecalculation']);

/** What an event stands for in the summary: script by its file, the rest by name. */
function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const file = (u: unknown) => String(u ?? '').split('/').at(-1)?.split('?')[0] || '?';
  if (e.name === 'EvaluateScript') return `EvaluateScript ${file(d.url)}`;
  if (e.name === 'v8.compile' || e.name === 'v8.compileModule') return `compile ${file(d.url)}`;
  if (e.name === 'FunctionCall') return `FunctionCall ${file(d.url)}:${String(d.functionName || '(anon)')}`;
  return e.name;
}

const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
const holds = (outer: TraceEvent, inner: TraceEvent) => outer.ts <= inner.ts && end(outer) >= end(inner);

/** The complete ('X') events on the main thread of the renderer `pid`, or of the busiest renderer when none is given. */
export function mainThreadEvents(events: readonly TraceEvent[], pid?: number): TraceEvent[] {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (pid === undefined || e.pid === pid));
  const on = mains.map((m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X'));
  return on.sort((a, b) => b.length - a.length)[0] ?? [];
}

/** Outermost tasks in time order (a ThreadControllerImpl::RunTask holds a RunTask of the same span). */
export function outermostTasks(onMain: readonly TraceEvent[]): TraceEvent[] {
  const all = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return all.filter((t, i) => !all.slice(0, i).some((o) => holds(o, t)));
}

export interface TaskPart {
  /** e.g. "Layout", "EvaluateScript main.js" */
  label: string;
  /** Event name, for totals across tasks. */
  name: string;
  wallMs: number;
  cpuMs: number;
  count: number;
  /** Layout: "dirty/total objects"; style: "N elements". */
  sizes: string[];
}

/** What one task spent its time on, largest first: outermost summarised events only, so nested script calls are not counted twice. */
export function taskParts(task: TraceEvent, onMain: readonly TraceEvent[]): TaskPart[] {
  const inside = onMain.filter((e) => SUMMARISED.has(e.name) && holds(task, e));
  const outer = inside.filter((e) => !inside.some((o) => o !== e && holds(o, e) && (o.dur ?? 0) > (e.dur ?? 0)));
  const parts = new Map<string, TaskPart>();
  for (const e of outer) {
    const key = label(e);
    const p = parts.get(key) ?? {label: key, name: e.name, wallMs: 0, cpuMs: 0, count: 0, sizes: []};
    p.wallMs += (e.dur ?? 0) / 1000;
    p.cpuMs += (e.tdur ?? 0) / 1000;
    p.count++;
    if (e.name === 'Layout') p.sizes.push(`${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects} objects`);
    if (e.name === 'UpdateLayoutTree') p.sizes.push(`${e.args?.elementCount} elements`);
    parts.set(key, p);
  }
  return [...parts.values()].sort((a, b) => b.wallMs - a.wallMs);
}

/** One line for a task's largest parts: "Layout (155, 40) [5338/6750 objects] | ..." (wall ms, main-thread CPU ms). */
export function describeParts(parts: readonly TaskPart[], top = 5): string {
  return parts
    .slice(0, top)
    .map((p) => `${p.label}${p.count > 1 ? ` x${p.count}` : ''} (${p.wallMs.toFixed(0)}, ${p.cpuMs.toFixed(0)})${p.sizes.length ? ` [${p.sizes.slice(0, 3).join('; ')}]` : ''}`)
    .join(' | ');
}

/** Milliseconds, right-aligned in five columns. */
export const ms = (us: number): string => (us / 1000).toFixed(0).padStart(5);

/** The machine's load average (1, 5, 15 min), printed with every traced run. */
export const loadAverage = (): string => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
