/**
 * CSV and JSON downloads of what a chart shows, from its panels; in compare view the
 * previous version's panels too, each row with its own version.
 */
import {shownRows, visibleSeries, type Panel} from './model';
import type {ResultRow} from '../schema';
import {shownText} from '../../words/datasetText';

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

/** A row with its flags' texts as the page shows them (a published version's text is corrected when shown, src/words/datasetText.ts). */
const asShown = (r: ResultRow): ResultRow => (r.flags?.some((f) => f.detail) ? {...r, flags: r.flags.map((f) => (f.detail ? {...f, detail: shownText(f.detail)} : f))} : r);

/** JSON export: the rows shown (visible series only), values as stored and texts as shown, with where they come from. */
export function toJson(panels: readonly Panel[], hidden: ReadonlySet<string>, meta: ExportMeta, previous?: PreviousPanels): string {
  const rows = (p: readonly Panel[]) => shownRows(p, hidden).map(asShown);
  const older = previous && {version: previous.version, rows: rows(previous.panels)};
  return JSON.stringify({...meta, rows: rows(panels), ...(older ? {previous: older} : {})}, null, 2);
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
