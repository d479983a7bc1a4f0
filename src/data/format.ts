/**
 * Locale-aware number and unit formatting, shared by charts, tables, inline
 * figures and CSV export. Pure: the locale is an argument.
 */
import type {Unit} from './metrics';
import {zhTypography} from './cjkTypography';

/** How units are written for readers (µs, not "us"). */
export const UNIT_SYMBOL: Record<Unit, string> = {
  Gbps: 'Gbps',
  '%': '%',
  us: 'µs',
  ms: 'ms',
  s: 's',
  'req/s': 'req/s',
  count: '',
  m: 'm',
  MiB: 'MiB',
  MB: 'MB',
  KiB: 'KiB',
  score: '',
  unitless: '',
};

/** Display decimals by magnitude: 12.41, 0.03, 440.4, 4,894. `exact` keeps what the dataset stores. */
function decimalsFor(value: number, unit: Unit, exact: boolean): number {
  if (exact) return 6;
  if (unit === 'count' || unit === 'score') return 0;
  const a = Math.abs(value);
  if (a >= 1000) return 0;
  if (a >= 100) return 1;
  return 2;
}

/** U+2212, the minus sign typography asks for; Intl writes a hyphen-minus in en, ko and zh. */
export const MINUS = '\u2212';

/** Intl's number text with a true minus sign. Machine-readable copies (CSV, <data value>) keep ASCII. */
function intlFormat(value: number, locale: string, options: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value).replace(/^-|(?<=^[^\d]*)-/, MINUS);
}

/**
 * One Intl.NumberFormat per locale and options: building one costs far more than formatting
 * with it, and a report page formats thousands of numbers (most of format.ts's time at load).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

export function formatNumber(value: number, locale: string, maxDecimals?: number): string {
  return intlFormat(value, locale, {maximumFractionDigits: maxDecimals ?? 2, minimumFractionDigits: 0});
}

/**
 * Decimals for an axis tick: two, or as many as give two significant digits, so
 * small ticks (0.005 and 0.015 ms of jitter) do not round to the same label.
 */
export function axisDecimals(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return 0;
  return Math.max(2, 1 - Math.floor(Math.log10(Math.abs(value))));
}

/** Decimals `value` is stored with (at most 6): 12.4 has 1, 12.41 has 2, 16 has none. */
function storedDecimals(value: number): number {
  for (let d = 0; d < 6; d++) if (Math.abs(Math.round(value * 10 ** d) - value * 10 ** d) < 1e-6) return d;
  return 6;
}

/**
 * One rounding rule for the values drawn side by side (a chart panel's labels): the
 * decimals the largest of them gets by magnitude (see decimalsFor), but no more than any
 * of them is stored with, written by every value, so "12.4" never stands next to "12.41"
 * (it reads 12.40) and "21.6" never next to "23.01" when "440.5" caps both at one decimal.
 */
export function sharedDecimals(values: readonly number[], unit: Unit): number {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return 0;
  const largest = Math.max(...finite.map(Math.abs));
  return Math.min(decimalsFor(largest, unit, false), Math.max(...finite.map(storedDecimals)));
}

/**
 * "12.41 Gbps", "4,894 µs", "20.39%" — formatted for `locale`. `decimals` (from
 * sharedDecimals) writes exactly that many, for values shown together.
 */
export function formatValue(value: number, unit: Unit, locale: string, {exact = false, decimals}: {exact?: boolean; decimals?: number} = {}): string {
  const num = intlFormat(value, locale, decimals === undefined ? {maximumFractionDigits: decimalsFor(value, unit, exact)} : {minimumFractionDigits: decimals, maximumFractionDigits: decimals});
  const sym = UNIT_SYMBOL[unit];
  if (!sym) return num;
  return unit === '%' ? `${num}%` : `${num}\u00a0${sym}`;
}

/**
 * What a computed figure is. Each kind has one way of being written and one
 * rounding rule, used by every component, the claims and the ingest's messages:
 * - value: a figure in its metric's unit, decimals by magnitude (12.41 Gbps, 440.4 µs, 4,894 µs);
 * - difference: a signed difference in the unit, rounded like a value (+1.2 ms);
 * - number: a bare number (a count, a step): 1 decimal under 100, none from 100;
 * - change: a signed relative change in %: 1 decimal under 10%, none from 10% (−3.4%, −36%);
 * - points: a signed change of a percentage, in percentage points, 1 decimal (−20.4 pp);
 * - percent: a level in % (a spread, the size of a change): 1 decimal under 10%, none from 10%;
 * - ratio: to / from: 1 decimal under 10, none from 10 (2.3×, 101×).
 */
export type FigureKind = 'value' | 'difference' | 'number' | 'change' | 'points' | 'percent' | 'ratio';

export interface FigureSpec {
  kind: FigureKind;
  value: number;
  /** The metric's unit, for value and difference. */
  unit?: Unit;
}

/** Decimals under `limit` in magnitude: `below`, else none. */
const tenths = (value: number, limit: number): number => (Math.abs(value) < limit ? 1 : 0);

/** How each language writes "percentage points". */
const POINT_UNIT: Record<string, string> = {en: 'pp', ko: '%p', zh: '个百分点'};

/** A computed figure written for `locale` by the rule of its kind (see FigureKind). */
export function formatFigure({kind, value, unit}: FigureSpec, locale: string): string {
  const fixed = (decimals: number, signed = false) =>
    intlFormat(value, locale, {maximumFractionDigits: decimals, minimumFractionDigits: signed ? decimals : 0, signDisplay: signed ? 'exceptZero' : 'auto'});
  switch (kind) {
    case 'value':
      return unit ? formatValue(value, unit, locale) : formatNumber(value, locale);
    case 'difference': {
      const text = unit ? formatValue(value, unit, locale) : formatNumber(value, locale);
      return value > 0 ? `+${text}` : text;
    }
    case 'number':
      return fixed(tenths(value, 100));
    case 'change':
      return `${fixed(tenths(value, 10), true)}%`;
    case 'points':
      return `${intlFormat(value, locale, {maximumFractionDigits: 1, signDisplay: 'exceptZero'})}\u00a0${POINT_UNIT[locale.slice(0, 2)] ?? POINT_UNIT.en}`;
    case 'percent':
      return `${fixed(tenths(value, 10))}%`;
    case 'ratio':
      return `${fixed(tenths(value, 10))}×`;
  }
}

/** A date (YYYY-MM-DD) in the reader's locale, without time-zone drift. */
export function formatDate(isoDate: string, locale: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'}).format(Date.UTC(y, m - 1, d));
}

/**
 * Text composed in code from translated parts ("{label} ({conditions})",
 * "{title}: {list}"), typeset for the locale: Chinese gets full-width
 * punctuation and CJK/Latin spacing; other locales are left as they are.
 */
export function typeset(text: string, locale: string): string {
  return locale.startsWith('zh') ? zhTypography(text) : text;
}

/**
 * Items of a list in the reader's language, without a final "and": "QPS 1,000,
 * keepalive, p99" in English and Korean, "QPS 1,000、keepalive、p99" (the
 * enumeration comma) in Chinese, where a comma typed in code would stay
 * half-width between Latin words (typeset leaves those alone). Not
 * Intl.ListFormat: its narrow style still adds "및" in Korean, and its output
 * follows the ICU of whichever runtime renders (Node at build, the browser at
 * hydration). Items that are lists themselves are quoted.
 */
export function listText(items: readonly string[], locale: string): string {
  const separator = locale.startsWith('zh') ? '、' : ', ';
  // A list of lists ("pod to pod, c64, keepalive" and "via Service, c256, keepalive") quotes its items, or they would run together.
  const nested = items.some((item) => item.includes(separator));
  return items.map((item) => (nested ? `“${item}”` : item)).join(separator);
}

/** The parentheses around a parenthetical in `locale`: full-width in Chinese. */
export function parentheses(locale: string): [string, string] {
  return locale.startsWith('zh') ? ['（', '）'] : ['(', ')'];
}

/** The colon between a label and its value in `locale`: full-width in Chinese ("TCP 吞吐量：12.41 Gbps"). */
export function labelColon(locale: string): string {
  return locale.startsWith('zh') ? '：' : ': ';
}
