/**
 * The "winner" rule of the TKE at-a-glance table, as pure functions of values.
 *
 * Comparison rows: the best value by the metric's direction wins; every cluster
 * within the row's noise threshold of the best counts as tied with it (all figures
 * are single-round). A winner is named only when every cluster has a value.
 * Overhead rows (a feature on vs off, per Cilium cluster): all changes within
 * ±OVERHEAD_NOISE_PCT = no measurable overhead; any drop of LARGE_OVERHEAD_PCT or more
 * = a large overhead; otherwise a measurable one.
 */
import type {Direction} from '@site/src/data/metrics';

/** Relative gap to the best value, in %, under which clusters count as tied. */
export const NOISE_PCT = {
  /** VPC burst bandwidth moves a few percent between clusters and runs. */
  throughput: 5,
  /** Saturated single-round fortio runs. */
  rps: 5,
  /** Sub-millisecond single-round latency percentiles. */
  latency: 20,
  /** Steady-state samples of one component. */
  resources: 5,
} as const;
export type NoiseClass = keyof typeof NOISE_PCT;

export const OVERHEAD_NOISE_PCT = 3;
export const LARGE_OVERHEAD_PCT = 50;

export interface Candidate {
  scenario: string;
  value: number | null;
}

export type Verdict =
  /** Not every cluster has a value: no comparison. */
  | {kind: 'incomplete'}
  /** Every cluster within the noise threshold of the best. */
  | {kind: 'tie'}
  /** Several, not all, clusters within the threshold of the best (best first). */
  | {kind: 'shared'; scenarios: string[]}
  /** One cluster ahead; margin = how much better than the runner-up, as a ratio (> 1). */
  | {kind: 'winner'; scenario: string; margin: number};

/** How far `value` is behind `best`, in % of best (0 = as good). */
function gapPct(value: number, best: number, direction: Direction): number {
  if (best === 0) return value === 0 ? 0 : Infinity;
  return direction === 'lower' ? ((value - best) / best) * 100 : ((best - value) / best) * 100;
}

export function pickWinner(candidates: readonly Candidate[], direction: Direction, noisePct: number): Verdict {
  if (direction === 'context') throw new Error('pickWinner: a metric with no better direction has no winner');
  if (candidates.length < 2 || candidates.some((c) => c.value === null)) return {kind: 'incomplete'};
  const measured = candidates as readonly {scenario: string; value: number}[];
  const ordered = [...measured].sort((a, b) => (direction === 'higher' ? b.value - a.value : a.value - b.value));
  const best = ordered[0].value;
  const tied = ordered.filter((c) => gapPct(c.value, best, direction) <= noisePct);
  if (tied.length === ordered.length) return {kind: 'tie'};
  if (tied.length > 1) return {kind: 'shared', scenarios: tied.map((c) => c.scenario)};
  const runnerUp = ordered[1].value;
  const margin = direction === 'higher' ? best / runnerUp : runnerUp / best;
  return {kind: 'winner', scenario: ordered[0].scenario, margin};
}

export type OverheadVerdict = 'none' | 'measurable' | 'large' | 'incomplete';

/** Verdict over the % changes (feature on vs off) of the clusters that have the feature. */
export function overheadVerdict(changes: readonly (number | null)[]): OverheadVerdict {
  const known = changes.filter((c): c is number => c !== null);
  if (known.length === 0) return 'incomplete';
  if (known.some((c) => -c >= LARGE_OVERHEAD_PCT)) return 'large';
  if (known.every((c) => Math.abs(c) <= OVERHEAD_NOISE_PCT)) return 'none';
  return 'measurable';
}
