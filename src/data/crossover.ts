/**
 * Where one measured series falls below another along an ordered axis
 * (e.g. short-connection RPS of iptables vs a Cilium cluster over Service counts).
 *
 * Rule: walk the steps in ascending order, skipping steps where either value is
 * missing; the crossover is the first step `at` where `falling` is below `other`
 * while at the previous compared step `after` it was not. `estimate` places the
 * crossing on straight lines between those two steps (linear interpolation of the
 * difference); it is an estimate between measurements, not a measurement.
 * No crossover (always above, or already below at the first step): null.
 */
export interface StepValue {
  step: number;
  value: number | null;
}

export interface Crossover {
  /** Last compared step where `falling` was still >= `other`. */
  after: number;
  /** First compared step where `falling` is below `other` (where a chart marks it). */
  at: number;
  /** Linear interpolation of the crossing between `after` and `at`. */
  estimate: number;
}

export function findCrossover(falling: readonly StepValue[], other: readonly StepValue[]): Crossover | null {
  const otherAt = new Map(other.map((p) => [p.step, p.value]));
  const diffs = [...falling]
    .sort((a, b) => a.step - b.step)
    .flatMap((p) => {
      const o = otherAt.get(p.step);
      return p.value === null || o === undefined || o === null ? [] : [{step: p.step, diff: p.value - o}];
    });
  for (let i = 1; i < diffs.length; i++) {
    const prev = diffs[i - 1];
    const cur = diffs[i];
    if (prev.diff >= 0 && cur.diff < 0) {
      const estimate = prev.step + ((cur.step - prev.step) * prev.diff) / (prev.diff - cur.diff);
      return {after: prev.step, at: cur.step, estimate};
    }
  }
  return null;
}
