/**
 * The build's drawing step on pages rendered as the server renders them: every panel's layout
 * boxes get recharts' SVG of that panel, at that layout's size, with a mark for every value the
 * panel shows; the requests are gone; ids are unique on the page; a second run draws nothing
 * (cache); a broken request fails naming the page.
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
import type {Dataset} from '@site/src/data/schema';
import {newestVersion} from '@site/src/data/suiteFolder';
import {LAYOUTS} from '@site/src/components/ChartFigure/layouts';
import {drawCharts} from './index';

const ROOT = path.resolve(__dirname, '../../..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'chart-drawings-'));
afterAll(() => fs.rmSync(out, {recursive: true, force: true}));

function newest(suite: string): Dataset {
  const dir = path.join(ROOT, 'static/data', suite);
  return JSON.parse(fs.readFileSync(path.join(dir, `${newestVersion(dir)}.json`), 'utf8')) as Dataset;
}

/** A page as the build writes it: the charts' server render. */
async function page(suite: string): Promise<string> {
  const {CHARTS} = (await import(`../../suites/${suite}/charts.ts`)) as {CHARTS: Record<string, ChartSpec>};
  const bundle = makeBundle(newest(suite));
  const body = Object.values(CHARTS)
    .map((spec) => renderToStaticMarkup(React.createElement(SuiteChart, {data: bundle, spec})))
    .join('');
  return `<!doctype html><html><body>${body}</body></html>`;
}

describe('chart-drawings', () => {
  it('draws every panel at every layout, with a mark for each value shown', {timeout: 180_000}, async () => {
    fs.writeFileSync(path.join(out, 'kube-proxy.html'), await page('kube-proxy'));
    fs.mkdirSync(path.join(out, 'docs'));
    fs.writeFileSync(path.join(out, 'docs', 'eks.html'), await page('eks-cni'));
    const first = await drawCharts({siteDir: ROOT, outDir: out, locale: 'en'});
    expect(first.pages).toBe(2);

    for (const file of ['kube-proxy.html', 'docs/eks.html']) {
      const html = fs.readFileSync(path.join(out, file), 'utf8');
      expect(html, `${file}: requests left`).not.toContain('data-chart-draw');
      const doc = new JSDOM(html).window.document;
      const panels = [...doc.querySelectorAll('[data-panel]')].filter((p) => p.querySelector('[data-static-drawing]'));
      expect(panels.length, `${file}: panels`).toBeGreaterThan(3);
      for (const panel of panels) {
        const where = `${file} ${panel.closest('figure')?.getAttribute('data-chart')} / ${panel.getAttribute('data-panel')}`;
        const boxes = [...panel.querySelectorAll('[data-static-drawing] [data-layout]')];
        expect(boxes.map((b) => Number(b.getAttribute('data-layout'))), where).toEqual(LAYOUTS.map((l) => l.width));
        // Each value of the panel's table is a bar or a point in every drawing.
        const values = panel.querySelectorAll('details table td data[value]').length;
        for (const box of boxes) {
          const svg = box.querySelector(':scope > svg');
          expect(svg?.getAttribute('viewBox'), where).toMatch(new RegExp(`^0 0 ${box.getAttribute('data-layout')} \\d+$`));
          const marks = svg!.querySelectorAll('g[data-series][data-category] rect[data-fill], g[data-series][data-category] path[data-point]').length;
          expect(marks, `${where} at ${box.getAttribute('data-layout')} px: marks for ${values} values`).toBe(values);
          // A drawing is a still picture: a mark left at an animation's first frame (a whisker at
          // scaleY(0), a fade at opacity 0) is in the SVG and not on the screen.
          const unseen = [...svg!.querySelectorAll('[style]')].map((e) => e.getAttribute('style')!).filter((st) => /scale[XY]?\(0\)|opacity:\s*0(?![.\d])/.test(st));
          expect(unseen, `${where} at ${box.getAttribute('data-layout')} px: marks caught mid-animation`).toEqual([]);
        }
      }
      const ids = [...doc.querySelectorAll('[data-static-drawing] svg [id]')].map((e) => e.id);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), `${file}: ids used twice`).toEqual([]);
    }

    const again = await drawCharts({siteDir: ROOT, outDir: out, locale: 'en'});
    expect(again).toMatchObject({pages: 0, drawn: 0});
  });

  it('names the page whose request is broken', async () => {
    const dir = fs.mkdtempSync(path.join(out, 'broken-'));
    fs.writeFileSync(path.join(dir, 'p.html'), '<div class=l data-layout=324></div><script type=application/json data-chart-draw>{"panel":</script>');
    await expect(drawCharts({siteDir: ROOT, outDir: dir, locale: 'en'})).rejects.toThrow(/p\.html: a chart's drawing request is not JSON/);
  });
});
