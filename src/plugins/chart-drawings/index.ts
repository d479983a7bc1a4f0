/**
 * chart-drawings: every chart panel of the built site as SVG in its page's HTML.
 *
 * The server render writes, in each panel's plot, an empty box per layout and the panel's
 * drawing request (ChartFigure/PanelPlot.tsx). After the build, this plugin draws each request
 * with the site's recharts view at each layout's size (ChartFigure/drawAtBuild.tsx, bundled here
 * and run in a worker thread), puts the
 * SVG in the boxes and removes the request. So the chart is in the page at first paint, without
 * JavaScript, in print and in link previews, and the page runs no chart code until the reader
 * uses a chart.
 *
 * Then each chart is written as a file of its own, for embedding, and each page with a chart
 * gets its link preview (./chartFiles.ts).
 *
 * Drawings are cached in .cache/chart-drawings by the request, the layout and the drawing
 * code itself (its bundle's hash): a rebuild draws only what changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {build} from 'esbuild';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {DrawJob, DrawingRequest} from '../../data/chart/drawing';
import {writeChartFiles} from './chartFiles';

/**
 * A panel's layout boxes and its request, as the server render writes them (PanelPlot.tsx) and
 * the build's HTML minifier leaves them (attribute quotes dropped where it can).
 */
const LAYOUT_BOX = /<div class=("[^"]*"|[^\s>]+) data-layout="?(\d+)"?><\/div>/g;
const REQUEST = new RegExp(`((?:${LAYOUT_BOX.source})+)<script type="?application/json"? data-chart-draw(?:="")?>(.*?)</script>`, 'g');

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The drawing worker's code, bundled with the site's chart view (Docusaurus' Translate replaced by ./translate.tsx). */
async function bundleWorker(siteDir: string, cacheDir: string): Promise<{file: string; hash: string}> {
  const result = await build({
    entryPoints: [path.join(siteDir, 'src/components/ChartFigure/drawAtBuild.tsx')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    alias: {'@docusaurus/Translate': path.join(__dirname, 'translate.tsx'), '@site': siteDir},
    external: ['react', 'react-dom', 'recharts', 'jsdom'],
    // The drawing is the SVG alone: class names of the wrapper it is taken out of are not needed.
    plugins: [{name: 'no-css', setup: (b) => b.onLoad({filter: /\.css$/}, () => ({contents: 'export default {};', loader: 'js'}))}],
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  const hash = sha(code).slice(0, 16);
  // Beside the site's node_modules, so the worker resolves react, recharts and jsdom from there.
  const file = path.join(cacheDir, `draw-${hash}.mjs`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, code);
  return {file, hash};
}

/** The locale's code translations, id -> message (none for the default locale). */
function codeMessages(siteDir: string, locale: string): Record<string, string> {
  const file = path.join(siteDir, 'i18n', locale, 'code.json');
  if (!fs.existsSync(file)) return {};
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, {message: string}>;
  return Object.fromEntries(Object.entries(json).map(([id, v]) => [id, v.message]));
}

function htmlFiles(dir: string, skip: ReadonlySet<string>): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return skip.has(p) ? [] : htmlFiles(p, skip);
    return e.name.endsWith('.html') ? [p] : [];
  });
}

/** Draws the jobs in one worker; fails with the worker's error. */
function drawInWorker(file: string, messages: Record<string, string>, jobs: DrawJob[]): Promise<string[]> {
  if (jobs.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, {workerData: {messages}});
    worker.once('message', (reply: {svgs?: string[]; error?: string}) => {
      void worker.terminate();
      if (reply.error) reject(new Error(`chart-drawings: ${reply.error}`));
      else resolve(reply.svgs!);
    });
    worker.once('error', reject);
    worker.postMessage(jobs);
  });
}

/** Draws every panel request in the HTML files under outDir (other locales' folders excepted) and writes the drawings in; returns the drawn pages' HTML by file. */
export async function drawCharts({siteDir, outDir, locale, skipDirs = []}: {siteDir: string; outDir: string; locale: string; skipDirs?: string[]}): Promise<{pages: number; drawings: number; drawn: number; drawnPages: Map<string, string>}> {
  const cacheDir = path.join(siteDir, '.cache', 'chart-drawings');
  fs.mkdirSync(cacheDir, {recursive: true});
  const worker = await bundleWorker(siteDir, cacheDir);
  const pages = htmlFiles(outDir, new Set(skipDirs)).filter((f) => fs.readFileSync(f, 'utf8').includes('data-chart-draw'));
  const texts = new Map(pages.map((f) => [f, fs.readFileSync(f, 'utf8')]));

  // Every drawing the pages need, once: key = request, layout and drawing code.
  const needed = new Map<string, DrawJob>();
  const keyOf = (json: string, width: number) => `d${sha(`${worker.hash}\n${width}\n${json}`).slice(0, 12)}`;
  for (const [file, html] of texts) {
    for (const [, boxes, , , json] of html.matchAll(REQUEST)) {
      let request: DrawingRequest;
      try {
        request = JSON.parse(json) as DrawingRequest;
      } catch (e) {
        throw new Error(`chart-drawings: ${path.relative(outDir, file)}: a chart's drawing request is not JSON (${(e as Error).message})`);
      }
      for (const [, , w] of boxes.matchAll(LAYOUT_BOX)) {
        const key = keyOf(json, Number(w));
        if (!needed.has(key)) needed.set(key, {key, request, width: Number(w)});
      }
    }
  }
  const cached = (key: string) => path.join(cacheDir, `${key}.svg`);
  const toDraw = [...needed.values()].filter((j) => !fs.existsSync(cached(j.key)));
  const svgs = await drawInWorker(worker.file, codeMessages(siteDir, locale), toDraw);
  toDraw.forEach((j, i) => fs.writeFileSync(cached(j.key), svgs[i]));

  const drawnPages = new Map<string, string>();
  for (const [file, html] of texts) {
    const drawn = html.replace(REQUEST, (_, boxes: string, _cls: string, _w: string, json: string) =>
      boxes.replace(LAYOUT_BOX, (__, cls: string, w: string) => `<div class=${cls} data-layout=${w}>${fs.readFileSync(cached(keyOf(json, Number(w))), 'utf8')}</div>`),
    );
    // Written beside and renamed: a reader of the build (the search index) never sees half a page.
    fs.writeFileSync(`${file}.drawing`, drawn);
    fs.renameSync(`${file}.drawing`, file);
    drawnPages.set(file, drawn);
  }
  return {pages: pages.length, drawings: needed.size, drawn: toDraw.length, drawnPages};
}

export default function chartDrawingsPlugin(context: LoadContext): Plugin {
  return {
    name: 'chart-drawings',
    async postBuild({outDir}) {
      const {i18n, siteDir} = context;
      // The default locale's build holds the other locales' folders: those are drawn by their own build.
      const others = i18n.locales.filter((l) => l !== i18n.currentLocale).map((l) => path.join(outDir, l));
      const started = Date.now();
      const skipDirs = i18n.currentLocale === i18n.defaultLocale ? others : [];
      const result = await drawCharts({siteDir, outDir, locale: i18n.currentLocale, skipDirs});
      // The pages with charts are the pages just drawn: their HTML is at hand.
      const files = writeChartFiles(outDir, result.drawnPages, `${context.siteConfig.url}${context.baseUrl}`);
      console.log(
        `[chart-drawings] ${i18n.currentLocale}: ${result.drawings} drawings on ${result.pages} pages (${result.drawn} drawn, the rest cached), ` +
          `${files.charts} chart files and ${files.previews} link previews, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
