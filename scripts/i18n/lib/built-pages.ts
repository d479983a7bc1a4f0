/**
 * Checks of the built HTML of every translated page (build/<locale>/**.html),
 * i.e. of what a reader gets, wherever the text came from (MDX, code.json,
 * theme, dataset):
 *
 * - english-string: a known English string on the page: an English message
 *   of the site's or the theme's code (untranslated id), a dataset string
 *   without translation (src/words/terms.ts), a dataset text
 *   with no form in this locale;
 * - latin-share: more than MAX_LATIN_SHARE of the page's visible letters are
 *   Latin, counting neither code nor the terms of allowed-english.json;
 * - Chinese typography (src/data/cjkTypography.ts): half-width punctuation
 *   next to Chinese, no space between Chinese and Latin, a line break
 *   between Chinese characters (that one on every locale).
 */
import fs from 'node:fs';
import path from 'node:path';
import {lineBreakBetweenCjk, zhTypographyProblems} from '../../../src/data/cjkTypography';
import {displayStrings, displayTexts} from '../../../src/words/datasetText';
import type {Dataset} from '../../../src/data/schema';
import type {AllowedEnglish} from './check';
import {pageText} from './page-text';

/** Share of Latin letters (outside code and allowed terms) above which a translated page counts as partly English. */
export const MAX_LATIN_SHARE = 0.05;

export interface BuiltProblem {
  locale: string;
  /** The HTML file, relative to the site root. */
  file: string;
  key: string;
  message: string;
}

export interface EnglishSource {
  /** Where the English comes from, e.g. "code.json theme.IconExternalLink.ariaLabel". */
  origin: string;
  text: string;
}

const WORD = /[A-Za-z][A-Za-z0-9'’+.\-_/]*[A-Za-z0-9]|[A-Za-z]/g;

/**
 * Latin words that count as English: not a name or unit from the list (terms
 * of several words, e.g. "Bandwidth Manager", are taken out first), no digits
 * or path/identifier characters, not an acronym, not a single letter.
 */
export function englishWords(text: string, allowedTerms: Set<string>): string[] {
  let rest = text;
  for (const term of allowedTerms) if (term.includes(' ')) rest = rest.split(term).join(' ');
  return (rest.match(WORD) ?? []).filter((w) => !allowedTerms.has(w) && !/\d|[_./]/.test(w) && !/^[A-Z][A-Z-]*$/.test(w) && w.length > 1);
}

const CJK_LETTER = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** English letters over all letters (English + CJK) of a text. */
export function latinShare(text: string, allowedTerms: Set<string>): {share: number; words: string[]} {
  const words = englishWords(text, allowedTerms);
  const latin = words.reduce((n, w) => n + w.length, 0);
  const cjk = (text.match(CJK_LETTER) ?? []).length;
  return {share: latin + cjk === 0 ? 0 : latin / (latin + cjk), words};
}

/** The parts of a message worth looking for: literal segments between {placeholders} that hold English words. */
function englishPhrases(text: string, allowedTerms: Set<string>): string[] {
  return text
    .split(/\{[^}]*\}/)
    .map((part) => part.trim().replace(/^[\s.,:;!?'"“”‘’–—-]+|[\s.,:;!?'"“”‘’–—-]+$/g, ''))
    .filter((part) => englishWords(part, allowedTerms).length > 0);
}

/** English strings a page in `locale` must not show, with where each comes from. */
export function forbiddenEnglish(locale: string, messages: EnglishSource[], datasets: {file: string; dataset: Dataset}[], allowed: AllowedEnglish): Map<string, string> {
  const terms = new Set(allowed.terms);
  const phrases = new Map<string, string>();
  const add = (origin: string, text: string) => {
    for (const phrase of englishPhrases(text, terms)) if (!phrases.has(phrase)) phrases.set(phrase, origin);
  };
  for (const m of messages) add(m.origin, m.text);
  for (const {file, dataset} of datasets) {
    for (const s of displayStrings(dataset)) add(`${file} ${s.path} (add it to src/words/terms.ts)`, s.value);
    for (const t of displayTexts(dataset)) if (t.text[locale] === undefined) add(`${file} ${t.path} (no "${locale}" text)`, t.text.en);
  }
  return phrases;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every .html under `dir`, skipping the asset folders. */
function htmlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'assets' || e.name === 'data' || e.name === 'img' ? [] : htmlFiles(p);
    return e.name.endsWith('.html') ? [p] : [];
  });
}

export function checkBuiltPages(
  root: string,
  buildDir: string,
  locale: string,
  forbidden: Map<string, string>,
  allowed: AllowedEnglish,
): {pages: number; problems: BuiltProblem[]} {
  const terms = new Set(allowed.terms);
  const problems: BuiltProblem[] = [];
  const phrases = [...forbidden.keys()].sort((a, b) => b.length - a.length);
  const finder = phrases.length > 0 ? new RegExp(`(?<![A-Za-z0-9_-])(?:${phrases.map(escape).join('|')})(?![A-Za-z0-9_-])`, 'g') : null;
  const chinese = /^zh(-|$)/.test(locale);
  const files = htmlFiles(path.join(root, buildDir, locale));
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const add = (key: string, message: string) => problems.push({locale, file: rel, key, message});
    const {runs, labels} = pageText(fs.readFileSync(file, 'utf8'));
    const visible = [...runs, ...labels].map((r) => r.replace(/\s+/g, ' ').trim()).join('\n');

    // An allowed name of several words ("eXpress Data Path") is not an English phrase inside it ("Data").
    const outsideTerms = [...terms].filter((t) => t.includes(' ')).reduce((text, term) => text.split(term).join(' '), visible);
    const found = new Set(finder ? [...outsideTerms.matchAll(finder)].map((m) => m[0]) : []);
    for (const phrase of found) add('english-string', `"${phrase}" is English (from ${forbidden.get(phrase)})`);

    const {share, words} = latinShare(visible, terms);
    if (share > MAX_LATIN_SHARE) {
      const top = [...words.reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>())].sort((a, b) => b[1] - a[1]).slice(0, 10);
      add('latin-share', `${(share * 100).toFixed(1)}% of the letters are English (max ${MAX_LATIN_SHARE * 100}%): ${top.map(([w, n]) => `${w}×${n}`).join(', ')}; translate them or, for names, add them to scripts/i18n/allowed-english.json`);
    }

    const seen = new Set<string>();
    for (const run of runs) {
      const issues = chinese ? zhTypographyProblems(run) : lineBreakBetweenCjk(run) >= 0 ? [{rule: 'line-break-between-cjk' as const, excerpt: run.trim().slice(0, 20)}] : [];
      for (const {rule, excerpt} of issues) {
        if (seen.has(`${rule}|${excerpt}`)) continue;
        seen.add(`${rule}|${excerpt}`);
        add(rule, `"${excerpt}"${chinese ? '; fix with: npm run i18n:fix -- ' + locale : ''}`);
      }
    }
  }
  return {pages: files.length, problems};
}
