/**
 * The charts of a built page as files of their own, in the page's folder under img/charts
 * (src/data/chartLink.ts names them):
 *
 * - `chart-<name>.svg`: each chart as the build drew it at its widest layout, titled, with its
 *   dataset and page under it, in the light theme with the colours written in: the picture "Download
 *   SVG" gives (src/data/chart/picture.ts composes both), at an address that stays, so a reader can
 *   embed it ("Copy embed code" in the chart's toolbar);
 * - `preview.png`: the page's link preview, 1200 × 630: the page's title over its first chart's
 *   first panel, named in the page's `og:image` and `twitter:image` (unless its front matter names one).
 *
 * The colours are the built stylesheet's `:root` custom properties (Infima's and the site's), so a
 * file has the palette the page has. Run after the drawings are in the HTML (./index.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {JSDOM} from 'jsdom';
import postcss from 'postcss';
import {Resvg} from '@resvg/resvg-js';
import {composePicture, type PicturePanel} from '../../data/chart/picture';
import {chartFilesFolder, chartFileUrl, previewImageUrl} from '../../data/chartLink';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** Infima's base font stack, as the page sets it; a rasterizer takes the first face it has. */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, Cantarell, "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK KR", sans-serif';

/**
 * The light theme's custom properties in `css` (declarations of rules whose selector is `:root`,
 * outside at-rules), each resolved through the `var()`s it refers to, with their fallbacks.
 */
export function rootVariables(css: string): (name: string) => string {
  const raw = new Map<string, string>();
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type !== 'root' || !rule.selectors.includes(':root')) return;
    rule.walkDecls(/^--/, (decl) => void raw.set(decl.prop, decl.value.trim()));
  });
  const resolved = new Map<string, string>();
  const resolve = (name: string, seen: ReadonlySet<string>): string => {
    if (resolved.has(name)) return resolved.get(name)!;
    const value = raw.get(name);
    if (value === undefined || seen.has(name)) return '';
    const inner = new Set([...seen, name]);
    // Innermost var() first, so a fallback that is itself a var() is resolved too.
    let out = value;
    for (let m = /var\((--[\w-]+)\s*(?:,\s*([^()]*))?\)/.exec(out); m; m = /var\((--[\w-]+)\s*(?:,\s*([^()]*))?\)/.exec(out)) {
      out = out.slice(0, m.index) + (resolve(m[1], inner) || (m[2] ?? '').trim()) + out.slice(m.index + m[0].length);
    }
    resolved.set(name, out);
    return out;
  };
  return (name) => resolve(name, new Set());
}

export interface PageChartFiles {
  /** File name in the page's folder of chart files -> content. */
  files: Map<string, string | Buffer>;
  /** The page's HTML with its preview named in the head (unchanged when it has no chart or names its own image). */
  html: string;
}

/** A figure's panels as drawn at its widest layout, with their titles. */
function widestPanels(figure: Element): PicturePanel[] {
  return [...figure.querySelectorAll('[data-panel]')].flatMap((panel) => {
    const layouts = [...panel.querySelectorAll('[data-layout]')].filter((l) => l.querySelector('svg'));
    const widest = layouts.sort((a, b) => Number(b.getAttribute('data-layout')) - Number(a.getAttribute('data-layout')))[0];
    const svg = widest?.querySelector('svg');
    return svg ? [{svg, title: panel.querySelector('[data-panel-title]')?.textContent?.trim() ?? ''}] : [];
  });
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The preview card: the page's title over the picture, scaled to fit the card (aspect kept). */
function previewCard(pageTitle: string, picture: {svg: string; width: number; height: number}, valueOf: (name: string) => string): string {
  const header = 96;
  const margin = 40;
  const [boxWidth, boxHeight] = [PREVIEW_WIDTH - 2 * margin, PREVIEW_HEIGHT - header - margin / 2];
  const scale = Math.min(boxWidth / picture.width, boxHeight / picture.height);
  const w = picture.width * scale;
  const inner = `<g transform="translate(${(PREVIEW_WIDTH - w) / 2} ${header}) scale(${scale})">${picture.svg}</g>`;
  const colour = (name: string, fallback: string) => valueOf(name) || fallback;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" font-family="${escapeAttribute(FONT)}">`,
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${colour('--ifm-background-surface-color', '#ffffff')}"/>`,
    `<rect width="${PREVIEW_WIDTH}" height="8" fill="${colour('--ifm-color-primary', '#1f5fbf')}"/>`,
    `<text x="${margin}" y="68" font-size="40" font-weight="700" fill="${colour('--ifm-font-color-base', '#1c1e21')}">${escapeAttribute(pageTitle)}</text>`,
    inner,
    '</svg>',
  ].join('');
}

/** The PNG of an SVG at its own size, text in the machine's fonts (the CJK faces the test setup installs cover ko and zh). */
export function rasterize(svg: string): Buffer {
  return new Resvg(svg, {font: {loadSystemFonts: true, defaultFontFamily: 'Noto Sans CJK SC'}, background: 'white'}).render().asPng();
}

/**
 * The chart files of one built page, `route` under the locale's published root `siteBase`
 * (src/data/chartLink.ts), in the theme `valueOf` gives. A page without charts gets none.
 */
export function pageChartFiles(html: string, siteBase: string, route: string, valueOf: (name: string) => string): PageChartFiles {
  const pageUrl = `${siteBase.replace(/\/?$/, '/')}${route}`;
  const files = new Map<string, string | Buffer>();
  if (!html.includes('data-chart=')) return {files, html};
  // The figures alone are parsed (a report's whole page takes jsdom seconds); figures do not nest.
  const figures = html.match(/<figure\b[^>]*\sdata-chart=[\s\S]*?<\/figure>/g) ?? [];
  const {window} = new JSDOM(`<!doctype html><body>${figures.join('')}</body>`);
  const {document} = window;
  let first: {title: string; picture: ReturnType<typeof composePicture>} | undefined;
  for (const figure of document.querySelectorAll('figure[data-chart]')) {
    const panels = widestPanels(figure);
    if (panels.length === 0) continue;
    const name = figure.getAttribute('data-chart')!;
    const title = figure.querySelector('h3')?.textContent?.trim() ?? name;
    const caption = `${figure.getAttribute('data-dataset') ?? ''} · ${pageUrl}#${figure.id}`;
    const picture = composePicture(window as unknown as Parameters<typeof composePicture>[0], panels, title, caption, {font: FONT, valueOf});
    files.set(path.posix.basename(chartFileUrl(siteBase, route, name)), picture.svg);
    if (!first) first = {title, picture: composePicture(window as unknown as Parameters<typeof composePicture>[0], panels.slice(0, 1), title, caption, {font: FONT, valueOf})};
  }
  window.close();
  if (!first) return {files, html};
  const pageTitle = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1].replace(/<[^>]+>/g, '').trim() ?? first.title;
  files.set(path.posix.basename(previewImageUrl(siteBase, route)), rasterize(previewCard(pageTitle, first.picture, valueOf)));
  if (/<meta[^>]+property="?og:image"?[\s>]/.test(html)) return {files, html};
  const image = previewImageUrl(siteBase, route);
  const meta =
    `<meta property="og:image" content="${image}"><meta property="og:image:width" content="${PREVIEW_WIDTH}"><meta property="og:image:height" content="${PREVIEW_HEIGHT}">` +
    `<meta property="og:image:alt" content="${escapeAttribute(first.title)}"><meta name="twitter:image" content="${image}">`;
  return {files, html: html.replace('</head>', `${meta}</head>`)};
}

/** The light theme of a build: the `:root` custom properties of its stylesheets (outDir/assets/css). */
export function buildTheme(outDir: string): (name: string) => string {
  const dir = path.join(outDir, 'assets', 'css');
  const css = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.css')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n') : '';
  return rootVariables(css);
}

/**
 * Writes the chart files of each page (its HTML file under outDir -> its text) in the page's folder under
 * outDir/img/charts, and the pages with their previews named. `siteBase` is the locale's
 * published root (site URL and the locale's base URL). Returns how many chart files and previews it wrote.
 */
export function writeChartFiles(outDir: string, pages: ReadonlyMap<string, string>, siteBase: string): {charts: number; previews: number} {
  const valueOf = buildTheme(outDir);
  let charts = 0;
  let previews = 0;
  for (const [file, html] of pages) {
    // trailingSlash is off: docs/x.html is docs/x, index.html its folder's own address.
    const route = path.relative(outDir, file).split(path.sep).join('/').replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '');
    const out = pageChartFiles(html, siteBase, route, valueOf);
    if (out.files.size === 0) continue;
    const dir = path.join(outDir, ...chartFilesFolder(route).split('/'));
    fs.mkdirSync(dir, {recursive: true});
    for (const [name, content] of out.files) {
      fs.writeFileSync(path.join(dir, name), content);
      if (name.endsWith('.png')) previews++;
      else charts++;
    }
    if (out.html !== html) {
      fs.writeFileSync(`${file}.preview`, out.html);
      fs.renameSync(`${file}.preview`, file);
    }
  }
  return {charts, previews};
}
