/** CSV and JSON downloads of what a chart shows, from its panels. */
import {shownRows, visibleSeries, type Panel} from './model';

/** JSON export: the rows shown (visible series only), as stored, with where they come from. */
export function toJson(panels: readonly Panel[], hidden: ReadonlySet<string>, meta: {suite: string; version: string; chart: string}): string {
  return JSON.stringify({...meta, rows: shownRows(panels, hidden)}, null, 2);
}

function csvField(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of exactly what is shown: one line per visible cell, values as stored (not rounded). */
export function toCsv(panels: readonly Panel[], hidden: ReadonlySet<string>, meta: {suite: string; version: string; chart: string}): string {
  const header = ['suite', 'version', 'chart', 'panel', 'category', 'series', 'metric', 'scenario', 'conditions', 'value', 'unit', 'min', 'max', 'flags'];
  const lines = [header.join(',')];
  for (const p of panels)
    for (const c of p.categories)
      for (const s of visibleSeries(p, hidden)) {
        const r = p.cells[c.key]?.[s.key];
        if (!r) continue;
        const cond = Object.entries(r.conditions ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join(';');
        lines.push(
          [meta.suite, meta.version, meta.chart, p.key, c.label, s.label, r.metric, r.scenario, cond, r.value, r.unit, r.min, r.max, (r.flags ?? []).map((f) => f.kind).join(';')]
            .map(csvField)
            .join(','),
        );
      }
  return `${lines.join('\n')}\n`;
}
