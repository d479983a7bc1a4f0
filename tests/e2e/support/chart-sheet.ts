/**
 * The chart contact sheet: one picture per chart figure, locale, colour
 * scheme and screen width, written by report-checks/contact-sheet.ts into the Playwright
 * output folder, and one static index.html that shows them grouped by page
 * and chart with the variants side by side (written by the global teardown,
 * once every test has left its pictures).
 *
 *   <outputDir>/chart-sheet/index.html
 *   <outputDir>/chart-sheet/<page>/<chart>/<locale>-<scheme>-<project>.png
 *   <outputDir>/chart-sheet/shots/<page>-<locale>-<project>.json   what each test took
 */
import fs from 'node:fs';
import path from 'node:path';
import {CHART_PAGES, pageSlug} from './charts';

export interface Shot {
  /** Route of the page, e.g. "/docs/benchmarks/eks-cni". */
  page: string;
  /** data-chart of the figure. */
  chart: string;
  /** Position of the figure on the page (the sheet keeps the page's order). */
  order: number;
  title: string;
  locale: string;
  scheme: 'light' | 'dark';
  /** Playwright project: desktop or mobile. */
  project: string;
  viewportWidth: number;
  /** CSS pixels of the figure. */
  width: number;
  height: number;
  /** Path of the PNG, relative to the sheet's folder. */
  file: string;
}

export const SHEET_FOLDER = 'chart-sheet';

export function sheetDir(outputDir: string): string {
  return path.join(outputDir, SHEET_FOLDER);
}

export function shotFile(shot: Pick<Shot, 'page' | 'chart' | 'locale' | 'scheme' | 'project'>): string {
  return path.posix.join(pageSlug(shot.page), shot.chart, `${shot.locale}-${shot.scheme}-${shot.project}.png`);
}

/** Records what one test photographed; tests run in parallel, so each writes its own file. */
export function writeShotList(dir: string, name: string, shots: Shot[]): void {
  const listDir = path.join(dir, 'shots');
  fs.mkdirSync(listDir, {recursive: true});
  fs.writeFileSync(path.join(listDir, `${name}.json`), JSON.stringify(shots, null, 1));
}

function readShotLists(dir: string): Shot[] {
  const listDir = path.join(dir, 'shots');
  if (!fs.existsSync(listDir)) return [];
  return fs
    .readdirSync(listDir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(fs.readFileSync(path.join(listDir, f), 'utf8')) as Shot[]);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Columns of a chart's grid, in this order when present: wide screens first, light before dark. */
function variantColumns(shots: Shot[]): {project: string; scheme: Shot['scheme']; viewportWidth: number}[] {
  const seen = new Map<string, {project: string; scheme: Shot['scheme']; viewportWidth: number}>();
  for (const s of shots) seen.set(`${s.project}/${s.scheme}`, {project: s.project, scheme: s.scheme, viewportWidth: s.viewportWidth});
  return [...seen.values()].sort((a, b) => b.viewportWidth - a.viewportWidth || a.project.localeCompare(b.project) || (a.scheme === 'light' ? -1 : 1));
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Writes <dir>/index.html from the shot lists the tests left there. Returns
 * the number of pictures on the sheet (0: no sheet test ran, nothing written).
 */
export function writeContactSheet(dir: string, locales: string[]): number {
  const shots = readShotLists(dir);
  if (shots.length === 0) return 0;
  // Every chart gets a row per locale and a column per variant of the run, so a missing picture shows.
  const columns = variantColumns(shots);
  const localeOrder = (l: string) => (locales.includes(l) ? locales.indexOf(l) : locales.length);
  const pageOrder = (p: string) => (CHART_PAGES.includes(p) ? CHART_PAGES.indexOf(p) : CHART_PAGES.length);
  const runLocales = [...new Set(shots.map((s) => s.locale))].sort((a, b) => localeOrder(a) - localeOrder(b));
  const pages = [...groupBy(shots, (s) => s.page)].sort(([a], [b]) => pageOrder(a) - pageOrder(b));

  let missing = 0;
  const toc: string[] = [];
  const sections = pages.map(([page, pageShots]) => {
    const charts = [...groupBy(pageShots, (s) => s.chart)].sort(([, a], [, b]) => Math.min(...a.map((s) => s.order)) - Math.min(...b.map((s) => s.order)));
    const slug = pageSlug(page);
    toc.push(`<li><a href="#${escape(slug)}">${escape(page)}</a>: ${charts.map(([chart]) => `<a href="#${escape(`${slug}-${chart}`)}">${escape(chart)}</a>`).join(', ')}</li>`);
    const chartBlocks = charts.map(([chart, chartShots]) => {
      const title = (chartShots.find((s) => s.locale === locales[0]) ?? chartShots[0]).title;
      const rows = runLocales.map((locale) => {
        const cells = columns.map((c) => {
          const shot = chartShots.find((s) => s.locale === locale && s.project === c.project && s.scheme === c.scheme);
          if (!shot) {
            missing++;
            return '<td class="missing">missing</td>';
          }
          return `<td class="${shot.scheme}"><a href="${escape(shot.file)}"><img src="${escape(shot.file)}" style="--w:${shot.width}" width="${shot.width}" height="${shot.height}" loading="lazy" alt="${escape(`${chart} ${locale} ${shot.scheme} ${shot.project}`)}"></a></td>`;
        });
        return `<tr><th scope="row">${escape(locale)}</th>${cells.join('')}</tr>`;
      });
      return `<section id="${escape(`${slug}-${chart}`)}"><h3>${escape(chart)} <small>${escape(title)}</small></h3>
<table><thead><tr><th></th>${columns.map((c) => `<th scope="col">${escape(`${c.project} ${c.viewportWidth} px, ${c.scheme}`)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table></section>`;
    });
    return `<h2 id="${escape(slug)}">${escape(page)}</h2>\n${chartBlocks.join('\n')}`;
  });

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chart contact sheet</title>
<meta name="viewport" content="width=device-width">
<style>
:root { --zoom: 0.5; font: 14px/1.4 system-ui, sans-serif; color: #1c1e21; }
body { margin: 1rem 1.5rem; }
h2 { margin-top: 2.5rem; border-bottom: 2px solid #ccc; }
h3 small { font-weight: normal; color: #555; margin-left: .5rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ddd; padding: 4px; vertical-align: top; text-align: left; }
thead th { font-weight: 600; background: #f4f4f4; position: sticky; top: 0; }
td.dark { background: #1b1b1d; }
td.missing { color: #b00; font-weight: 600; }
img { display: block; width: calc(var(--w) * var(--zoom) * 1px); height: auto; }
</style></head><body>
<h1>Chart contact sheet</h1>
<p>${shots.length} pictures, ${pages.length} pages, ${missing} missing, written ${escape(new Date().toISOString())}.
Each picture is one chart figure as a reader sees it; click one for full size.
Zoom <select id="zoom">${[0.35, 0.5, 0.75, 1].map((z) => `<option${z === 0.5 ? ' selected' : ''}>${z}</option>`).join('')}</select></p>
<ul>${toc.join('\n')}</ul>
${sections.join('\n')}
<script>document.getElementById('zoom').onchange = (e) => document.documentElement.style.setProperty('--zoom', e.target.value);</script>
</body></html>
`;
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return shots.length;
}
