/**
 * Every chart of every suite, drawn as the build draws it (src/plugins/chart-drawings) at the
 * layouts a 390 px phone and a 1,280 px laptop show, read as a reader would:
 *
 * - a panel of several series says which is which inside the panel (its key, or a name at the
 *   end of each line), whatever the width;
 * - a numeric x axis (Services, rules) is titled;
 * - a category label fits its band and the axis' height (never cut into what is under it);
 * - a line has a gap where its series was not measured, not a segment drawn through the point.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {JSDOM} from 'jsdom';
import {afterAll, describe, expect, it} from 'vitest';
import SuiteChart from '@site/src/components/SuiteChart';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import type {ChartSpec} from '@site/src/data/chartSpec';
import type {DrawingRequest} from '@site/src/data/chart/drawing';
import type {Dataset} from '@site/src/data/schema';
import {listSuites, newestVersion} from '@site/src/data/suiteFolder';
import {drawCharts} from '@site/src/plugins/chart-drawings';
import {numericAxis, tickTextWidth} from './axis';
import {layoutFor} from './layouts';
import {seriesNamedIn, unnamedSeries} from './seriesNames';

const ROOT = path.resolve(__dirname, '../../..');
const DATA = path.join(ROOT, 'static/data');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'chart-legibility-'));
afterAll(() => fs.rmSync(out, {recursive: true, force: true}));

/** The plot widths of a panel on a 390 px phone and on a 1,280 px laptop (alone, or two side by side). */
const WIDTHS = {phone: [324], laptop: [449, 914]};
const X_AXIS_LINES = 3;

const suites = listSuites(DATA).filter((s) => fs.existsSync(path.join(ROOT, 'src/suites', s, 'charts.ts')));

async function drawnSuite(suite: string): Promise<{request: DrawingRequest; drawings: Map<number, Element>; where: string}[]> {
  const {CHARTS} = (await import(`../../suites/${suite}/charts.ts`)) as {CHARTS: Record<string, ChartSpec>};
  const dir = path.join(DATA, suite);
  const dataset = JSON.parse(fs.readFileSync(path.join(dir, `${newestVersion(dir)}.json`), 'utf8')) as Dataset;
  const bundle = makeBundle(dataset);
  const html = Object.values(CHARTS).map((spec) => renderToStaticMarkup(React.createElement(SuiteChart, {data: bundle, spec}))).join('');
  const page = path.join(out, suite, 'index.html');
  fs.mkdirSync(path.dirname(page), {recursive: true});
  fs.writeFileSync(page, `<!doctype html><html><body>${html}</body></html>`);
  const requests = new JSDOM(html).window.document;
  const before = [...requests.querySelectorAll('script[data-chart-draw]')].map((s) => JSON.parse(s.textContent!) as DrawingRequest);
  await drawCharts({siteDir: ROOT, outDir: path.dirname(page), locale: 'en'});
  const doc = new JSDOM(fs.readFileSync(page, 'utf8')).window.document;
  const drawn = [...doc.querySelectorAll('[data-static-drawing]')];
  expect(drawn.length, `${suite}: drawings for ${before.length} requests`).toBe(before.length);
  return drawn.map((d, i) => ({
    request: before[i],
    drawings: new Map([...d.querySelectorAll('[data-layout]')].map((l) => [Number(l.getAttribute('data-layout')), l.querySelector('svg')!])),
    where: `${suite} ${d.closest('figure')?.getAttribute('data-chart')} / ${d.closest('[data-panel]')?.getAttribute('data-panel')}`,
  }));
}

describe.each(suites)('%s charts, legible on a phone and a laptop', (suite) => {
  it('each panel keys its series, titles a numeric axis, fits its labels and leaves gaps where nothing was measured', {timeout: 180_000}, async () => {
    const panels = await drawnSuite(suite);
    expect(panels.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const {request, drawings, where} of panels) {
      const {panel} = request;
      for (const [device, widths] of Object.entries(WIDTHS)) {
        for (const plot of widths) {
          const width = layoutFor(plot).width;
          const svg = drawings.get(width);
          const at = `${where} (${device}, ${plot} px plot, ${width} px layout)`;
          if (!svg) {
            problems.push(`${at}: no drawing`);
            continue;
          }
          // The key: every series named inside the panel.
          const unnamed = unnamedSeries(panel.series.map((s) => s.key), seriesNamedIn(svg));
          if (unnamed.length > 0) problems.push(`${at}: series without a name in the panel: ${unnamed.join(', ')}`);
          // A numeric x axis says what it counts.
          const axis = numericAxis(panel);
          if (axis) {
            const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent ?? '');
            if (!panel.categoryAxis || !texts.some((t) => t.includes(panel.categoryAxis!))) problems.push(`${at}: numeric x axis without its title`);
          }
          // Category labels: each line within its band, no more lines than the axis holds.
          if (!axis) {
            const band = (width - 64 - 24) / panel.categories.length;
            // Numbered where the labels would not fit: then each number is spelled out under the axis.
            const notes = [...svg.querySelectorAll('[data-category-note]')].map((n) => n.getAttribute('data-category-note'));
            if (notes.length > 0 && notes.join() !== panel.categories.map((c) => c.key).join()) problems.push(`${at}: numbered categories spelled out as ${notes.join(', ')}`);
            for (const tick of svg.querySelectorAll('text[data-x-tick]')) {
              const lines = [...tick.querySelectorAll('tspan')].map((t) => t.textContent ?? '');
              if (lines.length > X_AXIS_LINES) problems.push(`${at}: category label "${lines.join(' ')}" takes ${lines.length} lines`);
              const widest = Math.max(...lines.map((l) => tickTextWidth(l)));
              if (widest > band + 8) problems.push(`${at}: category label "${lines.join(' ')}" is ${widest} px in a ${Math.round(band)} px band`);
            }
          }
          // Lines: a gap at an interior point that was not measured.
          if (panel.kind === 'line') {
            for (const s of panel.series) {
              const measured = panel.categories.map((c) => panel.cells[c.key]?.[s.key]).filter((row) => row !== undefined);
              const firstValue = measured.findIndex((r) => r!.value !== null);
              const lastValue = measured.length - 1 - [...measured].reverse().findIndex((r) => r!.value !== null);
              const gaps = measured.slice(firstValue, lastValue + 1).filter((r) => r!.value === null).length;
              if (firstValue < 0 || gaps === 0) continue;
              const d = svg.querySelector(`path[data-series="${s.key}"]`)?.getAttribute('d') ?? '';
              const segments = (d.match(/M/g) ?? []).length;
              if (segments < 2) problems.push(`${at}: line "${s.key}" is drawn through ${gaps} point(s) not measured`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
