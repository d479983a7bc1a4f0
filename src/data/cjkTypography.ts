/**
 * Chinese typography rules, shared by the fixer (`npm run i18n:fix`), the
 * check (`npm run i18n:check`) and the site, which applies them to dataset
 * text shown on Chinese pages (datasets are immutable, so their text is
 * normalized when shown rather than edited).
 *
 * The rules, for Chinese text:
 * - punctuation next to Chinese characters is full-width: ，：；！？（）;
 *   a half-width , : ; ! ? after a Han character, or directly before one,
 *   becomes full-width, and so does a pair of parentheses that opens after a
 *   Han character or encloses Han text or full-width punctuation, and one
 *   opened full-width closes full-width;
 * - a space separates Han characters from Latin letters and digits
 *   ("Cilium 的 3 种"), never from full-width punctuation;
 * - no line break between two Chinese characters (it renders as a space).
 */

/** A Han character (Chinese ideograph). */
export const HAN = '\\p{Script=Han}';
/** Full-width / CJK punctuation: 、。，：；！？（）「」『』《》〈〉【】, curly quotes and the full-width forms block (not the dash or ellipsis, which Western text shares). */
export const CJK_PUNCT = '\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65\\u201c\\u201d\\u2018\\u2019';

const FULL_WIDTH: Record<string, string> = {',': '，', ':': '：', ';': '；', '!': '！', '?': '？', '(': '（', ')': '）'};

/** Han text or full-width punctuation ("c6in、m6in"): a parenthetical holding either is Chinese. */
const CJK_TEXT = new RegExp(`[${HAN}${CJK_PUNCT}]`, 'u');

const hanAt = (s: string, i: number) => i >= 0 && i < s.length && /\p{Script=Han}/u.test(s[i]);

/** Matching close paren index for the open paren at `open`, or -1 (no nesting across segments). */
function closingParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Full-width punctuation next to Han characters, in one run of prose (no code,
 * no markup: callers cut those out). Spaces around converted marks are dropped.
 */
export function fullWidthPunctuation(text: string): string {
  // Only text with Chinese in it; UTF-16 indices below assume single code units
  // (Han characters outside the BMP are rare and such text is left as it is).
  if (!/\p{Script=Han}/u.test(text) || [...text].length !== text.length) return text;
  const s = text;
  const out = s.split('');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(') {
      const close = closingParen(s, i);
      if (close < 0) continue;
      const before = s.slice(0, i).trimEnd();
      if (hanAt(before, before.length - 1) || CJK_TEXT.test(s.slice(i + 1, close)) || hanAt(s, close + 1)) {
        out[i] = '（';
        out[close] = '）';
      }
    } else if (c in FULL_WIDTH && c !== ')') {
      const prev = out[i - 1] ?? '';
      const next = s[i + 1] ?? '';
      const afterCjk = hanAt(s, i - 1) || /[）」』》]/.test(prev);
      // Western text puts a space after , ; : so a mark glued to the next word is
      // Chinese style ("EKS:VPC", "CNI;B"), unless it is a number ("1,000",
      // "10:30"), a URL ("https://") or an ellipsis.
      const glued = next !== '' && !/\s/.test(next) && next !== '/' && next !== c && !(/\d/.test(s[i - 1] ?? '') && /\d/.test(next));
      if (afterCjk || glued) out[i] = FULL_WIDTH[c];
    }
  }
  matchBracketWidths(out);
  // Drop the spaces a half-width habit leaves around full-width marks.
  return out
    .join('')
    .replace(/([，：；！？])[ \t]+/g, '$1')
    .replace(new RegExp(`）[ \\t]+(?=[${HAN}${CJK_PUNCT}])`, 'gu'), '）')
    .replace(/[ \t]+([，：；！？（）])/g, '$1')
    .replace(/（[ \t]+/g, '（');
}

/** A pair opened full-width and closed half-width ("（如 m6i.metal)") closes full-width too; in place. */
function matchBracketWidths(chars: string[]): void {
  const open: number[] = [];
  chars.forEach((c, i) => {
    if (c === '(' || c === '（') open.push(i);
    else if (c === ')' || c === '）') {
      const at = open.pop();
      if (at !== undefined && chars[at] === '（') chars[i] = '）';
    }
  });
}

/**
 * A space between Han characters and Latin letters or digits, in one run of
 * prose. The fixer's placeholders: `alsoLatin` (a character class body) for
 * tokens that show text and take the space too (inline code, components);
 * `transparent` for tokens that show nothing (an element's opening or closing
 * tag): the space goes on the Chinese side of them ("使用 <strong>Cilium"), and
 * none is added when only a tag stands next to Chinese ("<p>中文").
 */
export function cjkLatinSpacing(text: string, alsoLatin = '', transparent = ''): string {
  const tags = transparent ? `[${transparent}]*` : '';
  return text
    .replace(new RegExp(`(${HAN})(${tags})([A-Za-z0-9${alsoLatin}])`, 'gu'), (m, han: string, between: string, latin: string) =>
      DATE_UNIT.test(han) && /\d/.test(latin) ? m : `${han} ${between}${latin}`,
    )
    .replace(new RegExp(`([A-Za-z0-9%${alsoLatin}])(${tags})(${HAN})`, 'gu'), (m, latin: string, between: string, han: string) =>
      DATE_UNIT.test(han) && /\d/.test(latin) ? m : `${latin}${between} ${han}`,
    );
}

/** Dates are written without spaces: 2026年2月9日 (what Intl writes for zh). */
const DATE_UNIT = /[年月日号]/;

/** Both rules: what dataset text gets before it is shown on a Chinese page. */
export function zhTypography(text: string): string {
  return cjkLatinSpacing(fullWidthPunctuation(text));
}

export interface TypographyProblem {
  rule: 'half-width-punctuation' | 'cjk-latin-spacing' | 'line-break-between-cjk';
  /** The offending characters with a little context. */
  excerpt: string;
}

const excerptAt = (s: string, i: number) => s.slice(Math.max(0, i - 8), i + 9).replace(/\s+/g, ' ');

/** What zhTypography would change in a run of prose, plus line breaks between CJK characters. */
export function zhTypographyProblems(text: string): TypographyProblem[] {
  const problems: TypographyProblem[] = [];
  const punct = fullWidthPunctuation(text);
  if (punct !== text) {
    const at = [...text].findIndex((c, i) => punct[i] !== c);
    problems.push({rule: 'half-width-punctuation', excerpt: excerptAt(text, Math.max(0, at))});
  }
  const spaced = cjkLatinSpacing(text);
  if (spaced !== text) {
    const at = [...text].findIndex((c, i) => spaced[i] !== c);
    problems.push({rule: 'cjk-latin-spacing', excerpt: excerptAt(text, Math.max(0, at - 1))});
  }
  const lineBreak = lineBreakBetweenCjk(text);
  if (lineBreak >= 0) problems.push({rule: 'line-break-between-cjk', excerpt: excerptAt(text, lineBreak)});
  return problems;
}

/** Index of a newline with a CJK character (Han or full-width punctuation) on both sides, or -1. */
export function lineBreakBetweenCjk(text: string): number {
  const m = new RegExp(`[${HAN}${CJK_PUNCT}][ \\t]*\\n\\s*[${HAN}${CJK_PUNCT}]`, 'u').exec(text);
  return m ? m.index + 1 : -1;
}
