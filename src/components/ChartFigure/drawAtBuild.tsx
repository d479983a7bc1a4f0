/**
 * The drawing worker: draws chart panels with the site's own recharts view (RechartsView) in a
 * DOM of its own (jsdom), at each layout's size, and returns the SVG recharts made. recharts 3
 * draws nothing in a server render (its layout is computed in effects), so the build draws the
 * panels the way the browser does. Run in a worker thread (./index.ts): the DOM globals it
 * sets stay out of the build's own process. Bundled by the plugin with @docusaurus/Translate
 * replaced by src/plugins/chart-drawings/translate.tsx, which reads the locale's messages.
 */
import React from 'react';
import {flushSync} from 'react-dom';
import {createRoot} from 'react-dom/client';
import {parentPort, workerData} from 'node:worker_threads';
import {JSDOM} from 'jsdom';
import {DRAWING_MESSAGES_GLOBAL, type DrawJob} from '@site/src/data/chart/drawing';
import RechartsView from './RechartsView';
import {compactSvg} from './compactSvg';

const dom = new JSDOM('<!doctype html><html><body></body></html>', {pretendToBeVisual: true});
const g = globalThis as Record<string, unknown>;
for (const name of ['window', 'document', 'navigator', 'HTMLElement', 'SVGElement', 'Element', 'Node', 'getComputedStyle', 'requestAnimationFrame', 'cancelAnimationFrame']) {
  const value = (dom.window as unknown as Record<string, unknown>)[name];
  g[name] = typeof value === 'function' && !/^[A-Z]/.test(name) ? (value as (...a: unknown[]) => unknown).bind(dom.window) : value;
}

function draw({key, request, width}: DrawJob): string {
  const box = document.createElement('div');
  document.body.appendChild(box);
  const root = createRoot(box);
  try {
    flushSync(() =>
      root.render(<RechartsView panel={request.panel} hidden={new Set()} width={width} height={request.height} locale={request.locale} labelLines={request.labelLines} />),
    );
    const svg = box.querySelector('svg.recharts-surface');
    if (!svg || Number(svg.getAttribute('width')) <= 0) throw new Error(`recharts drew no surface for panel "${request.panel.key}" at ${width} px`);
    return compactSvg(svg.outerHTML, `${key}-`);
  } finally {
    flushSync(() => root.unmount());
    box.remove();
  }
}

g[DRAWING_MESSAGES_GLOBAL] = (workerData as {messages: Record<string, string>}).messages;
parentPort!.on('message', (jobs: DrawJob[]) => {
  try {
    parentPort!.postMessage({svgs: jobs.map(draw)});
  } catch (e) {
    parentPort!.postMessage({error: e instanceof Error ? (e.stack ?? e.message) : String(e)});
  }
});
