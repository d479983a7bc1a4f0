/** Reading numbers and rows back out of statically rendered HTML (see renderStatic). */

/** Every <data value> under `scope`, as numbers. */
export function dataValues(doc: Document, scope = 'body'): number[] {
  return Array.from(doc.querySelectorAll(`${scope} data`)).map((d) => Number(d.getAttribute('value')));
}

/** Text of each table row under `scope`, cells joined with " | ". */
export function tableRows(doc: Document, scope = 'body'): string[] {
  return Array.from(doc.querySelectorAll(`${scope} tr`)).map((tr) =>
    Array.from(tr.children)
      .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())
      .join(' | '),
  );
}
