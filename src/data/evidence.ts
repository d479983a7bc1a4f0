/**
 * What stands behind a conclusion, for the compact mark a reader sees beside it
 * (claims, overview rows, home cards): where its figures come from (measured by
 * this project's bench scripts, or transcribed from a published report), the
 * fewest rounds behind any of them, whether every one keeps its min–max over
 * rounds, and the range of Service counts the dataset measured its metrics at.
 */
import type {Dataset, ResultRow} from './schema';
import type {MetricId} from './metrics';
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
