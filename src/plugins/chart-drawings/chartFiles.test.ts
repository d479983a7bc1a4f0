// @vitest-environment node
import {describe, expect, it} from 'vitest';
import {PNG} from 'pngjs';
import {embedCode} from '../../data/chartLink';
import {PREVIEW_HEIGHT, PREVIEW_WIDTH, pageChartFiles, rootVariables} from './chartFiles';

const CSS = `
:root{--base:#112233;--ifm-background-surface-color:#ffffff;--ifm-font-color-base:var(--base);--chart-color-1:var(--missing, #0072b2);--loop:var(--loop)}
[data-theme=dark]{--base:#eeeeee}
@media (min-width: 1px){:root{--base:#999999}}
:root,html{--chart-axis:#4a4a4a}`;

/** A built page with one chart of two panels, each drawn at two layouts (the wider one marked). */
function page({head = '', figure = true}: {head?: string; figure?: boolean} = {}): string {
  const panel = (key: string) =>
    `<div data-panel="${key}"><span data-panel-title>Panel ${key}</span>` +
    `<div class=l data-layout=324><svg viewBox="0 0 324 200" data-narrow><rect fill="var(--chart-color-1)"/></svg></div>` +
    `<div class=l data-layout=700><svg viewBox="0 0 700 300" data-wide><rect width="700" height="300" fill="var(--chart-color-1)"/><text fill="var(--ifm-font-color-base)">${key}</text></svg></div></div>`;
  const chart = figure
    ? `<figure data-chart="ThroughputChart" data-dataset="eks-cni@2026-01-01" id="chart-ThroughputChart"><div><h3 id="chart-ThroughputChart-title">TCP "throughput"</h3></div>${panel('a')}${panel('b')}<figcaption>x</figcaption></figure>`
    : '<p>no chart</p>';
  return `<!doctype html><html><head><title>T</title>${head}</head><body><article><h1>Amazon <b>EKS</b> report</h1>${chart}</article></body></html>`;
}

const SITE_BASE = 'https://bench.example/ko/';
const ROUTE = 'docs/benchmarks/eks-cni';
const PAGE_URL = `${SITE_BASE}${ROUTE}`;
const FILES_URL = `${SITE_BASE}img/charts/${ROUTE}`;

describe('rootVariables', () => {
  const valueOf = rootVariables(CSS);
  it('reads the light theme: :root rules at the top level only, through var() and its fallback', () => {
    expect(valueOf('--ifm-font-color-base')).toBe('#112233');
    expect(valueOf('--chart-color-1')).toBe('#0072b2');
    expect(valueOf('--chart-axis')).toBe('#4a4a4a');
  });
  it('gives nothing for an unknown or self-referring property', () => {
    expect(valueOf('--nope')).toBe('');
    expect(valueOf('--loop')).toBe('');
  });
});

describe('pageChartFiles', () => {
  const valueOf = rootVariables(CSS);

  it('writes each chart at its widest layout, standalone, titled and sourced', () => {
    const {files} = pageChartFiles(page(), SITE_BASE, ROUTE, valueOf);
    const svg = files.get('chart-ThroughputChart.svg') as string;
    expect(svg).toBeDefined();
    expect(svg, 'CSS variables left').not.toContain('var(');
    expect(svg).toContain('fill="#0072b2"');
    expect(svg.match(/data-wide/g)).toHaveLength(2);
    expect(svg).not.toContain('data-narrow');
    expect(svg).toContain('>TCP "throughput"</text>');
    expect(svg).toContain(`eks-cni@2026-01-01 · ${PAGE_URL}#chart-ThroughputChart`);
  });

  it('makes the link preview, a 1200x630 PNG with the drawing in it, and names it in the head', () => {
    const {files, html} = pageChartFiles(page(), SITE_BASE, ROUTE, valueOf);
    const png = PNG.sync.read(files.get('preview.png') as Buffer);
    expect([png.width, png.height]).toEqual([PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 31) colours.add(png.data.readUInt32BE(i));
    expect(colours.has(0x0072b2ff), 'the series colour is painted').toBe(true);
    expect(html).toContain(`<meta property="og:image" content="${FILES_URL}/preview.png">`);
    expect(html).toContain(`<meta name="twitter:image" content="${FILES_URL}/preview.png">`);
    expect(html).toContain('<meta property="og:image:alt" content="TCP &quot;throughput&quot;">');
  });

  it('keeps an image the page names itself, and leaves a page without charts alone', () => {
    const own = page({head: '<meta property="og:image" content="https://elsewhere/x.png">'});
    const kept = pageChartFiles(own, SITE_BASE, ROUTE, valueOf);
    expect(kept.html).toBe(own);
    expect(kept.files.has('preview.png')).toBe(true);
    const plain = page({figure: false});
    expect(pageChartFiles(plain, SITE_BASE, ROUTE, valueOf)).toEqual({files: new Map(), html: plain});
  });
});

describe('embedCode', () => {
  it('links the build file to the chart on its page, with the title as the picture text', () => {
    expect(embedCode(SITE_BASE, ROUTE, 'ThroughputChart', 'A "quoted" <title>')).toBe(
      `<a href="${PAGE_URL}#chart-ThroughputChart"><img src="${FILES_URL}/chart-ThroughputChart.svg" alt="A &quot;quoted&quot; &lt;title&gt;" style="max-width:100%;height:auto"></a>`,
    );
  });
});
