/**
 * The site's one rule for calling a difference between two result rows better or
 * worse. Every verdict the site shows (the results overview, the home page's
 * headline cards, <Delta>, the version comparison under a chart, the claims)
 * comes from `compareRows`; the methods page (docs/methods.mdx) says the rule in
 * words.
 *
 * A difference is established when both rows stand on at least MIN_ROUNDS rounds
 * and their min–max ranges over rounds do not overlap (ranges that touch overlap).
 * Otherwise what was seen may be shown, never called better or worse: with fewer
 * rounds, or a median stored without its range (figures transcribed from a source
 * report), nothing says how far a rerun would move it, and two ranges that overlap
 * say that a rerun could swap the order.
 */
import type {Dataset, ResultRow} from './schema';
import type {Direction} from './metrics';
import {percentChange} from './selectors';
import {roundsBehind} from './roundCounts';

/** The fewest rounds each side of a comparison must stand on. */
export const MIN_ROUNDS = 3;

/**
 * - better / worse: established, by the metric's direction;
 * - not-established: the rule does not allow a verdict (see `reason`);
 * - context: an established difference on a metric with no better direction (src/data/metrics.ts).
 */
export type ComparisonVerdict = 'better' | 'worse' | 'not-established' | 'context';

/**
 * Why a difference is not established, in the order they are tested:
 * too-few-rounds (a side stands on fewer than MIN_ROUNDS rounds), no-spread (a side
 * keeps no min–max over its rounds), overlap (the ranges overlap or touch).
 */
export type NotEstablishedReason = 'too-few-rounds' | 'no-spread' | 'overlap';

export const NOT_ESTABLISHED_REASONS: readonly NotEstablishedReason[] = ['too-few-rounds', 'no-spread', 'overlap'];

export interface Comparison {
  verdict: ComparisonVerdict;
  /** Set exactly when the verdict is not-established. */
  reason?: NotEstablishedReason;
  /** What was seen, from `from` to `to`: the difference in the metric's unit and in percent of `from` (null from 0). */
  change: {difference: number; percent: number | null};
}

/** What a row is judged by: its value, its range over rounds and its per-round samples. */
export type ComparedRow = Pick<ResultRow, 'value' | 'min' | 'max' | 'samples'>;

/** The part of a dataset's method that says how many rounds a row without samples stands on. */
export type RoundsMethod = Pick<Dataset['method'], 'rounds' | 'aggregate'>;

/** A row's min–max over rounds: its stored range, else its samples' range; undefined when it keeps neither. */
export function roundRange(row: ComparedRow): {min: number; max: number} | undefined {
  if (row.min !== undefined && row.max !== undefined) return {min: row.min, max: row.max};
  if (row.samples && row.samples.length > 1) return {min: Math.min(...row.samples), max: Math.max(...row.samples)};
  return undefined;
}

/** Closed ranges: touching ends overlap. */
const overlap = (a: {min: number; max: number}, b: {min: number; max: number}): boolean => a.min <= b.max && b.min <= a.max;

/**
 * The verdict on the difference from `from` to `to` (both measured: values not null).
 * `methods`: the dataset method both rows come from, or one per row (rows of two versions).
 */
export function compareRows(from: ComparedRow, to: ComparedRow, direction: Direction, methods: RoundsMethod | readonly [RoundsMethod, RoundsMethod]): Comparison {
  if (from.value === null || to.value === null) throw new Error('compareRows: both rows need a measured value');
  const [fromMethod, toMethod] = Array.isArray(methods) ? (methods as readonly [RoundsMethod, RoundsMethod]) : [methods as RoundsMethod, methods as RoundsMethod];
  const change = {difference: to.value - from.value, percent: percentChange(from.value, to.value)};
  const notEstablished = (reason: NotEstablishedReason): Comparison => ({verdict: 'not-established', reason, change});
  if (roundsBehind(from, fromMethod) < MIN_ROUNDS || roundsBehind(to, toMethod) < MIN_ROUNDS) return notEstablished('too-few-rounds');
  const [a, b] = [roundRange(from), roundRange(to)];
  if (!a || !b) return notEstablished('no-spread');
  if (overlap(a, b)) return notEstablished('overlap');
  if (direction === 'context') return {verdict: 'context', change};
  const higher = to.value > from.value;
  return {verdict: higher === (direction === 'higher') ? 'better' : 'worse', change};
}

/** true when the rule establishes the difference (better, worse, or an established difference on a context metric). */
export const isEstablished = (c: Pick<Comparison, 'verdict'>): boolean => c.verdict !== 'not-established';

/**
 * Wording that says two figures do not really differ ("within noise", "about
 * the same"). Such a statement needs a measured run-to-run spread behind it;
 * on single-round data the honest wording is "one run, spread unknown".
 * The report pages' prose and every claim statement are checked against it.
 */
export const NOISE_WORDING: Readonly<Record<string, RegExp>> = {
  en: /\b(?:noise|noisy|run-to-run|about the same|roughly (?:equal|the same)|statistically|margin of error)\b/i,
  ko: /잡음|노이즈|오차 범위|측정 오차|거의 같|비슷한 수준|통계적/,
  zh: /噪声|噪音|误差范围|测量误差|大致相同|差不多|统计上/,
};

/**
 * Wording that calls a difference better or worse. Only a difference the rule
 * establishes may be worded so: report prose gets it from components, and a claim
 * whose figures are not established (compared on too few rounds or without a
 * spread) is worded as what was seen.
 */
export const VERDICT_WORDING: Readonly<Record<string, RegExp>> = {
  en: /\b(?:better|worse|faster|slower|fastest|slowest|outperform\w*|improv\w*|degrad\w*|regress\w*|leads?|ahead|wins?|beats?|cheaper|gains?)\b/i,
  ko: /더 좋|더 나[은쁜]|나아|빠르|빠릅|빨라|빨랐|느리|느립|느려|느렸|개선|악화|앞서|앞섭|앞섰|뒤처|우세|이긴|저렴/,
  zh: /更好|更差|更快|更慢|变快|变慢|较快|较慢|最快|最慢|改善|改进|提升|恶化|领先|落后|胜出|优于|劣于|更便宜/,
};

function wording(table: Readonly<Record<string, RegExp>>, text: string, locale: string): string | null {
  const re = table[locale] ?? table.en;
  return re.exec(text)?.[0] ?? null;
}

/** The noise wording `text` uses in `locale`, or null. */
export const noiseWording = (text: string, locale: string): string | null => wording(NOISE_WORDING, text, locale);

/** The better/worse wording `text` uses in `locale`, or null. */
export const verdictWording = (text: string, locale: string): string | null => wording(VERDICT_WORDING, text, locale);
