/**
 * The drawing worker: draws chart panels with the site's own recharts view (RechartsView) in a
 * DOM of its own (jsdom), at each layout's size, and returns the SVG recharts made. recharts 3
 * draws nothing in a server render (its layout is computed in effects), so the build draws the
 * panels the way the browser does. Run in a worker thread (./index.ts): the DOM globals it
 * sets stay out of the build's own process.
 */
import React from 'react';
import {flushSync} from 'react-dom';
import {createRoot} from 'react-dom/client';
import {parentPort, workerData} from 'node:worker_threads';
import {JSDOM} from 'jsdom';
import RechartsView from '../../components/ChartFigure/RechartsView';
import type {DrawingRequest} from '../../components/ChartFigure/PanelPlot';
import {setMessages} from './translate';
import {compactSvg} from './svg';

export interface DrawJob {
  /** Unique within the page set being drawn; prefixes the drawing's ids. */
  key: string;
  request: DrawingRequest;
  width: number;
}

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

const {messages} = workerData as {messages: Record<string, string>};
setMessages(messages);
parentPort!.on('message', (jobs: DrawJob[]) => {
  try {
    parentPort!.postMessage({svgs: jobs.map(draw)});
  } catch (e) {
    parentPort!.postMessage({error: e instanceof Error ? (e.stack ?? e.message) : String(e)});
  }
});
