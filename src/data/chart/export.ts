/**
 * CSV and JSON downloads of what a chart shows, from its panels; in compare view the
 * previous version's panels too, each row with its own version.
 */
import {shownRows, visibleSeries, type Panel} from './model';

interface ExportMeta {
  suite: string;
  version: string;
  chart: string;
}

/** The previous version's panels, when the chart compares two versions. */
export interface PreviousPanels {
  panels: readonly Panel[];
  version: string;
}

/** JSON export: the rows shown (visible series only), as stored, with where they come from. */
export function toJson(panels: readonly Panel[], hidden: ReadonlySet<string>, meta: ExportMeta, previous?: PreviousPanels): string {
  const older = previous && {version: previous.version, rows: shownRows(previous.panels, hidden)};
  return JSON.stringify({...meta, rows: shownRows(panels, hidden), ...(older ? {previous: older} : {})}, null, 2);
}

function csvField(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of exactly what is shown: one line per visible cell, values as stored (not rounded); the previous version's after the current one's. */
export function toCsv(panels: readonly Panel[], hidden: ReadonlySet<string>, meta: ExportMeta, previous?: PreviousPanels): string {
  const header = ['suite', 'version', 'chart', 'panel', 'category', 'series', 'metric', 'scenario', 'conditions', 'value', 'unit', 'min', 'max', 'flags'];
  const lines = [header.join(',')];
  csvLines(lines, panels, hidden, meta);
  if (previous) csvLines(lines, previous.panels, hidden, {...meta, version: previous.version});
  return `${lines.join('\n')}\n`;
}

function csvLines(lines: string[], panels: readonly Panel[], hidden: ReadonlySet<string>, meta: ExportMeta): void {
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
}
