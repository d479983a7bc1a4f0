/**
 * What stands behind a conclusion, for the compact mark a reader sees beside it
 * (claims, overview rows, home cards, decision rows): where its figures come from
 * (measured by this project's bench scripts, or transcribed from a published
 * report), the fewest rounds behind any of them, whether every one keeps its
 * min–max over rounds, and the range of Service counts the dataset measured its
 * metrics at.
 */
import type {Dataset, ResultRow} from './schema';
import type {MetricId} from './metrics';
import type {ClaimResult} from './claims/evaluate';
import {roundsBehind} from './roundCounts';

export interface Evidence {
  source: Dataset['source']['kind'];
  /** The fewest rounds behind one of the figures. */
  rounds: number;
  /** Every figure keeps the min and max of its rounds. */
  spread: boolean;
  /** The Service counts the dataset has the figures' metrics at (none when it has no Service steps). */
  services?: {min: number; max: number};
}

/**
 * What stands behind a statement of what a setup is (how it addresses pods), not of a
 * figure: the dataset's description of its scenarios, so only where that came from.
 */
export interface FeatureEvidence {
  source: Dataset['source']['kind'];
  feature: true;
}

export const isFeatureEvidence = (e: Evidence | FeatureEvidence): e is FeatureEvidence => 'feature' in e;

/** The evidence of the figures `rows` (of `dataset`); undefined without a row. */
export function evidenceOf(dataset: Dataset, rows: readonly (ResultRow | undefined)[]): Evidence | undefined {
  const present = rows.filter((r): r is ResultRow => r !== undefined && r.value !== null);
  if (present.length === 0) return undefined;
  const metrics = new Set<MetricId>(present.map((r) => r.metric));
  const steps = dataset.results
    .filter((r) => metrics.has(r.metric) && r.value !== null && r.conditions?.services !== undefined)
    .map((r) => r.conditions!.services!);
  return {
    source: dataset.source.kind,
    rounds: Math.min(...present.map((r) => roundsBehind(r, dataset.method))),
    spread: present.every((r) => r.min !== undefined && r.max !== undefined),
    ...(steps.length > 0 ? {services: {min: Math.min(...steps), max: Math.max(...steps)}} : {}),
  };
}

/** The evidence of the figures a claim checks (every point of every check), on the dataset it was evaluated on. */
export function claimEvidence(dataset: Dataset, result: ClaimResult): Evidence | undefined {
  return evidenceOf(dataset, result.checks.flatMap((c) => c.points.map((p) => p.row)));
}

/**
 * The evidence of a conclusion that rests on several (a decision row citing claims of
 * two suites): as strong as its weakest part, so a reader is never told more than
 * every part carries. Transcribed when any part is, the fewest rounds of any part, and
 * a spread only when every part keeps one. No Service range: each part's range is
 * where its own dataset measured its metrics, which can reach far past the counts the
 * conclusion speaks of (a row at no extra Services on a suite that also ran 30,000),
 * so a conclusion that combines parts names its own Service counts beside its mark (the
 * decision table's "Measured at" column). Undefined without a part.
 */
export function combinedEvidence(parts: readonly Evidence[]): Evidence | undefined {
  if (parts.length === 0) return undefined;
  return {
    source: parts.some((p) => p.source === 'transcribed') ? 'transcribed' : 'measured',
    rounds: Math.min(...parts.map((p) => p.rounds)),
    spread: parts.every((p) => p.spread),
  };
}
