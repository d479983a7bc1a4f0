/**
 * Render a component the way the static build does (server render: no effects, so
 * charts show their data tables) and return a DOM to query.
 */
import type React from 'react';
import {JSDOM} from 'jsdom';
import {renderToStaticMarkup} from 'react-dom/server';

export function renderStatic(element: React.ReactElement): Document {
  return new JSDOM(`<!doctype html><body>${renderToStaticMarkup(element)}</body>`).window.document;
}

/** The static table of one panel as rows of trimmed cell texts (header row first). */
export function panelTable(doc: Document, panel: string): string[][] {
  const table = doc.querySelector(`[data-panel="${panel}"] table`);
  if (!table) throw new Error(`no static table in panel "${panel}"`);
  return Array.from(table.querySelectorAll('tr')).map((tr) => Array.from(tr.querySelectorAll('th, td')).map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** The cell of a panel table at (row label, column header). */
export function cellOf(doc: Document, panel: string, row: string, column: string): string {
  const [header, ...rows] = panelTable(doc, panel);
  const col = header.indexOf(column);
  if (col < 0) throw new Error(`panel "${panel}": no column "${column}" (have ${header.join(' | ')})`);
  const r = rows.find((cells) => cells[0] === row);
  if (!r) throw new Error(`panel "${panel}": no row "${row}" (have ${rows.map((x) => x[0]).join(' | ')})`);
  return r[col];
}
