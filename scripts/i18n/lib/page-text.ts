/**
 * What a reader sees of a built HTML page: its text runs outside code, plus
 * the labels assistive technology reads (aria-label, title, alt,
 * placeholder). Code (`code`, `pre`, `kbd`, `samp`), scripts, styles and
 * anything marked `translate="no"` are left out: they are not prose.
 */
import {Parser} from 'htmlparser2';

export interface PageText {
  /** Text nodes in document order, as they are in the HTML (entities decoded). */
  runs: string[];
  /** Values of aria-label, title, alt and placeholder attributes, and the document title (composed by the theme, "Page | Site"). */
  labels: string[];
}

const SKIPPED = new Set(['script', 'style', 'template', 'code', 'pre', 'kbd', 'samp', 'noscript']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const LABELS = ['aria-label', 'title', 'alt', 'placeholder'];

export function pageText(html: string): PageText {
  const runs: string[] = [];
  const labels: string[] = [];
  // Depth inside a skipped element; the stack knows which open tags started one.
  let skipDepth = 0;
  const stack: boolean[] = [];
  let inHead = false;
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'head') inHead = true;
        if (name === 'title') inTitle = true;
        const skip = SKIPPED.has(name) || attrs.translate === 'no';
        if (!VOID.has(name)) stack.push(skip);
        if (skip) skipDepth++;
        if (skipDepth === 0 && !inHead) {
          for (const a of LABELS) if (attrs[a]?.trim()) labels.push(attrs[a]);
        }
        if (skip && VOID.has(name)) skipDepth--;
      },
      ontext(text) {
        if (skipDepth === 0 && inTitle && text.trim()) labels.push(text);
        else if (skipDepth === 0 && !inHead && text.trim()) runs.push(text);
      },
      onclosetag(name) {
        if (name === 'head') inHead = false;
        if (name === 'title') inTitle = false;
        if (VOID.has(name)) return;
        if (stack.pop()) skipDepth--;
      },
    },
    {decodeEntities: true},
  );
  parser.write(html);
  parser.end();
  return {runs, labels};
}
