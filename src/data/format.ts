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
  'req/s': 'req/s',
  count: '',
  m: 'm',
  MiB: 'MiB',
  MB: 'MB',
};

/** Display decimals by magnitude: 12.41, 0.03, 440.4, 4,894. `exact` keeps what the dataset stores. */
function decimalsFor(value: number, unit: Unit, exact: boolean): number {
  if (exact) return 6;
  if (unit === 'count') return 0;
  const a = Math.abs(value);
  if (a >= 1000) return 0;
  if (a >= 100) return 1;
  return 2;
}

/** U+2212, the minus sign typography asks for; Intl writes a hyphen-minus in en, ko and zh. */
export const MINUS = '\u2212';

/** Intl's number text with a true minus sign. Machine-readable copies (CSV, <data value>) keep ASCII. */
function intlFormat(value: number, locale: string, options: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value).replace(/^-|(?<=^[^\d]*)-/, MINUS);
}

export function formatNumber(value: number, locale: string, maxDecimals?: number): string {
  return intlFormat(value, locale, {maximumFractionDigits: maxDecimals ?? 2, minimumFractionDigits: 0});
}

/** "12.41 Gbps", "4,894 µs", "20.39%" — formatted for `locale`. */
export function formatValue(value: number, unit: Unit, locale: string, {exact = false} = {}): string {
  const num = intlFormat(value, locale, {maximumFractionDigits: decimalsFor(value, unit, exact)});
  const sym = UNIT_SYMBOL[unit];
  if (!sym) return num;
  return unit === '%' ? `${num}%` : `${num}\u00a0${sym}`;
}

/** Signed percent change, "−36%" / "+16%". */
export function formatPercentChange(change: number, locale: string, decimals = 0): string {
  return `${intlFormat(change, locale, {maximumFractionDigits: decimals, minimumFractionDigits: decimals, signDisplay: 'exceptZero'})}%`;
}

/** A percentage that is a level, not a change: "42%", "−3%". */
export function formatPercent(value: number, locale: string, decimals = 0): string {
  return `${intlFormat(value, locale, {maximumFractionDigits: decimals})}%`;
}

/**
 * A change of a metric that is itself a percentage (UDP loss) in percentage
 * points: "−20.4 pp". A percent change of a percentage ("+2,859%") misleads.
 */
export function formatPointChange(change: number, locale: string, decimals = 1): string {
  const s = new Intl.NumberFormat(locale, {maximumFractionDigits: decimals, minimumFractionDigits: 0, signDisplay: 'exceptZero'}).format(change);
  return `${s}\u00a0${POINT_UNIT[locale.slice(0, 2)] ?? POINT_UNIT.en}`;
}

/** How each language writes "percentage points". */
const POINT_UNIT: Record<string, string> = {en: 'pp', ko: '%p', zh: '个百分点'};

/** "101×" */
export function formatRatio(r: number, locale: string): string {
  return `${intlFormat(r, locale, {maximumFractionDigits: r >= 10 ? 0 : 1})}×`;
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

/** The parentheses around a parenthetical in `locale`: full-width in Chinese. */
export function parentheses(locale: string): [string, string] {
  return locale.startsWith('zh') ? ['（', '）'] : ['(', ')'];
}
