/**
 * Applies the Chinese typography rules of src/data/cjkTypography.ts to the
 * files a translator writes: MDX pages (prose only: code, imports, JSX tags
 * and expressions, link targets and front matter keys are left alone) and the
 * translation JSON files (messages only, `{placeholders}` kept).
 */
import {CJK_PUNCT, cjkLatinSpacing, fullWidthPunctuation, HAN} from '../../../src/data/cjkTypography';

/**
 * Private-use characters stand in for protected tokens while the rules run:
 * one range for tokens that show text (code, components, expressions), one for
 * an element's opening or closing tag, which shows nothing.
 */
const PLACEHOLDER_BASE = 0xe000;
const PLACEHOLDER_CLASS = '\\ue000-\\uefff';
const TAG_PLACEHOLDER_BASE = 0xf000;
const TAG_PLACEHOLDER_CLASS = '\\uf000-\\uf8ff';
/** `<p>`, `</strong>`: a tag that opens or closes an element (not a self-closing component). */
const ELEMENT_TAG = /^<\/?[A-Za-z][^>]*(?<!\/)>$/s;

/**
 * Tokens inside a prose line that are not prose: inline code, HTML comments,
 * JSX/HTML tags, `{expressions}` (balanced braces), link targets `](...)` and
 * bare URLs.
 */
function protectedSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    let end = -1;
    if (i === 0 && line.startsWith(':::')) {
      // An admonition fence and its type: ":::info", ":::tip[".
      end = /^:::[\w-]*/.exec(line)![0].length;
    } else if (c === '`') {
      const ticks = /^`+/.exec(line.slice(i))![0];
      const close = line.indexOf(ticks, i + ticks.length);
      end = close < 0 ? line.length : close + ticks.length;
    } else if (line.startsWith('<!--', i)) {
      const close = line.indexOf('-->', i);
      end = close < 0 ? line.length : close + 3;
    } else if (c === '<' && /[A-Za-z/!]/.test(line[i + 1] ?? '')) {
      // A tag, up to its '>' outside quotes and braces.
      let depth = 0;
      let quote = '';
      for (let j = i + 1; j < line.length; j++) {
        const d = line[j];
        if (quote) {
          if (d === quote) quote = '';
        } else if (d === '"' || d === "'") quote = d;
        else if (d === '{') depth++;
        else if (d === '}') depth--;
        else if (d === '>' && depth === 0) {
          end = j + 1;
          break;
        }
      }
      if (end < 0) end = line.length;
    } else if (c === '{') {
      let depth = 0;
      for (let j = i; j < line.length; j++) {
        if (line[j] === '{') depth++;
        else if (line[j] === '}' && --depth === 0) {
          end = j + 1;
          break;
        }
      }
      if (end < 0) end = line.length;
    } else if (c === ']' && line[i + 1] === '(') {
      const close = line.indexOf(')', i + 2);
      if (close > 0) {
        spans.push([i + 1, close + 1]);
        i = close + 1;
        continue;
      }
    } else if (/^https?:\/\//.test(line.slice(i, i + 8))) {
      end = i + /^\S+/.exec(line.slice(i))![0].length;
    }
    if (end > i) {
      spans.push([i, end]);
      i = end;
    } else i++;
  }
  return spans;
}

/** The rules applied to one line of prose, with its protected tokens untouched. */
export function fixProseLine(line: string): string {
  if (!new RegExp(HAN, 'u').test(line)) return line;
  const tokens: string[] = [];
  let masked = '';
  let at = 0;
  for (const [start, end] of protectedSpans(line)) {
    const token = line.slice(start, end);
    masked += line.slice(at, start) + String.fromCharCode((ELEMENT_TAG.test(token) ? TAG_PLACEHOLDER_BASE : PLACEHOLDER_BASE) + tokens.length);
    tokens.push(token);
    at = end;
  }
  masked += line.slice(at);
  // Keep Markdown's own syntax: list markers, headings and table pipes are not punctuation.
  const fixed = cjkLatinSpacing(fullWidthPunctuation(masked), PLACEHOLDER_CLASS, TAG_PLACEHOLDER_CLASS);
  return fixed.replace(new RegExp(`[${PLACEHOLDER_CLASS}${TAG_PLACEHOLDER_CLASS}]`, 'gu'), (p) => tokens[p.charCodeAt(0) - (p >= String.fromCharCode(TAG_PLACEHOLDER_BASE) ? TAG_PLACEHOLDER_BASE : PLACEHOLDER_BASE)]);
}

const CJK_EDGE = new RegExp(`[${HAN}${CJK_PUNCT}]`, 'u');
/** A line that starts a Markdown/MDX block, so it must stay on its own line. */
const BLOCK_START = /^\s*(?:[-*+]\s|\d+[.)]\s|#|>|\||```|~~~|:::|<|\{|import\s|export\s|$)/;
/** A block that is one line long: a heading, an admonition fence, a table row. */
const ONE_LINE_BLOCK = /^\s*(?:#|:::|\|)/;

/**
 * Joins a line ending in a CJK character with the next line when that starts
 * with one: the line break would render as a stray space.
 */
function joinCjkLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const prev = out.length > 0 ? out[out.length - 1] : undefined;
    const trimmedPrev = prev?.trimEnd();
    if (
      prev !== undefined &&
      trimmedPrev &&
      !ONE_LINE_BLOCK.test(trimmedPrev) &&
      !BLOCK_START.test(line) &&
      CJK_EDGE.test(trimmedPrev[trimmedPrev.length - 1]) &&
      CJK_EDGE.test(line.trimStart()[0] ?? '')
    ) {
      out[out.length - 1] = trimmedPrev + line.trimStart();
    } else out.push(line);
  }
  return out;
}

/** Fixes a zh MDX page: prose lines, front matter values; code fences and imports untouched. */
export function fixZhMdx(source: string): string {
  const lines = source.split('\n');
  const result: string[] = [];
  let i = 0;
  if (lines[0] === '---') {
    const close = lines.indexOf('---', 1);
    for (; i <= close; i++) {
      const m = /^(\s*[\w-]+:\s*)(.*)$/.exec(lines[i]);
      result.push(m && i > 0 ? m[1] + fixProseLine(m[2]) : lines[i]);
    }
  }
  let prose: string[] = [];
  const flush = () => {
    // Punctuation first, so a line ending in "," ends in "，" and joins its successor.
    result.push(...joinCjkLines(prose.map(fixProseLine)).map(fixProseLine));
    prose = [];
  };
  let fence: string | null = null;
  for (; i < lines.length; i++) {
    const line = lines[i];
    const fenceMark = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence) {
      result.push(line);
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
    } else if (fenceMark) {
      flush();
      fence = fenceMark;
      result.push(line);
    } else if (/^(import|export)\s/.test(line)) {
      flush();
      result.push(line);
    } else prose.push(line);
  }
  flush();
  return result.join('\n');
}

type Messages = Record<string, {message: string; description?: string}>;

/** Fixes the messages of a Docusaurus translation JSON file (code.json, navbar.json, ...). */
export function fixZhMessages(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([id, entry]) => [id, {...entry, message: fixProseLine(entry.message)}]));
}
