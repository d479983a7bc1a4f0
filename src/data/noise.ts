/**
 * "Within noise": two figures that both carry a min-max range over rounds,
 * and differ by less than the wider of the two ranges, are not shown to
 * differ. Used by <Delta> (labels the change) and by claims (a claimed
 * change inside the noise does not hold).
 */
import type {ResultRow} from './schema';

type Ranged = Pick<ResultRow, 'value' | 'min' | 'max'>;

/** The round-to-round spread (max - min) of a row, or undefined without a range. */
export function roundSpread(row: Ranged): number | undefined {
  return row.min !== undefined && row.max !== undefined ? row.max - row.min : undefined;
}

/** true / false when both rows have a range; null when noise cannot be judged (single values, missing rows). */
export function withinNoise(a: Ranged | undefined, b: Ranged | undefined): boolean | null {
  if (!a || !b || a.value === null || b.value === null) return null;
  const sa = roundSpread(a);
  const sb = roundSpread(b);
  if (sa === undefined || sb === undefined) return null;
  return Math.abs(b.value - a.value) < Math.max(sa, sb);
}

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

/** The noise wording `text` uses in `locale`, or null. */
export function noiseWording(text: string, locale: string): string | null {
  const re = NOISE_WORDING[locale] ?? NOISE_WORDING.en;
  return re.exec(text)?.[0] ?? null;
}
