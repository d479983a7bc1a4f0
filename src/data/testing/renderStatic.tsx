/** Render a component to static HTML the way the server build does, and read its tables back. */
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {JSDOM} from 'jsdom';

export function renderStatic(element: React.ReactElement): Document {
  const html = renderToStaticMarkup(element);
  return new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
}

/** Every <data value> in the document, as numbers. */
export function dataValues(doc: Document, scope = 'body'): number[] {
  return [...doc.querySelectorAll(`${scope} data`)].map((d) => Number(d.getAttribute('value')));
}

/** Text of each row of the table(s) under `scope`, cells joined with " | ". */
export function tableRows(doc: Document, scope = 'body'): string[] {
  return [...doc.querySelectorAll(`${scope} tr`)].map((tr) => [...tr.children].map((c) => c.textContent?.trim()).join(' | '));
}
