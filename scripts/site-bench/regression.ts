/**
 * bench:site --baseline: a site dataset against a published version. A figure
 * regresses when it is worse (in its metric's direction) than the baseline's
 * by more than every limit of its tolerance: timings vary from run to run,
 * so a small change on a fast page (ms) and a large one in % alone are both
 * not enough.
 */
import {METRICS, type MetricId} from '../../src/data/metrics';
import {rowKey, type Dataset, type ResultRow} from '../../src/data/schema';
import {TOLERANCES, type Tolerance} from '../../src/suites/site';

export {TOLERANCES, type Tolerance};

export interface Regression {
  /** Row identity: metric|scenario|conditions. */
  key: string;
  metric: MetricId;
  baseline: number;
  current: number;
  /** How much worse, in the unit (positive). */
  worseBy: number;
  /** How much worse, in % of the baseline (undefined when the baseline is 0). */
  worseByPercent?: number;
  tolerance: Tolerance;
}

export interface Comparison {
  regressions: Regression[];
  /** Rows compared (a value on both sides and a tolerance). */
  compared: number;
  /** Baseline rows with a value that the current run has no value for. */
  missing: string[];
}

/** How much worse `current` is than `baseline` for a metric (negative: better). */
function worseBy(metric: MetricId, baseline: number, current: number): number {
  return METRICS[metric].direction === 'higher' ? baseline - current : current - baseline;
}

export function exceeds(tolerance: Tolerance, worse: number, baseline: number): boolean {
  if (!(worse > tolerance.absolute)) return false;
  if (tolerance.percent === undefined) return true;
  // A zero baseline: any increase beyond the absolute limit is beyond every percentage.
  return baseline === 0 || (worse / Math.abs(baseline)) * 100 > tolerance.percent;
}

export function compareDatasets(baseline: Dataset, current: Dataset, tolerances: Partial<Record<MetricId, Tolerance>> = TOLERANCES): Comparison {
  const now = new Map<string, ResultRow>(current.results.map((r) => [rowKey(r), r]));
  const out: Comparison = {regressions: [], compared: 0, missing: []};
  for (const before of baseline.results) {
    const tolerance = tolerances[before.metric];
    if (before.value === null || !tolerance) continue;
    const key = rowKey(before);
    const after = now.get(key);
    if (!after || after.value === null) {
      out.missing.push(key);
      continue;
    }
    out.compared++;
    const worse = worseBy(before.metric, before.value, after.value);
    if (exceeds(tolerance, worse, before.value)) {
      out.regressions.push({
        key,
        metric: before.metric,
        baseline: before.value,
        current: after.value,
        worseBy: worse,
        worseByPercent: before.value === 0 ? undefined : (worse / Math.abs(before.value)) * 100,
        tolerance,
      });
    }
  }
  return out;
}

/** One line per tolerance, for --help and the report. */
export function describeTolerances(tolerances: Partial<Record<MetricId, Tolerance>> = TOLERANCES): string[] {
  return Object.entries(tolerances).map(([metric, t]) => {
    const unit = METRICS[metric as MetricId].unit;
    const abs = `${t!.absolute} ${unit === 'score' ? 'points' : unit === 'unitless' ? '' : unit}`.trim();
    const worse = METRICS[metric as MetricId].direction === 'higher' ? 'lower' : 'higher';
    return `${metric}: fails when ${worse} than the baseline by more than ${abs}${t!.percent === undefined ? '' : ` and more than ${t!.percent} %`}`;
  });
}

/** "total_blocking_time|eks-cni|locale=ko: 180 -> 420 (+240, +133 %; limit 150 and 50 %)" */
export function describeRegression(r: Regression): string {
  const pct = r.worseByPercent === undefined ? '' : `, ${r.worseByPercent.toFixed(0)} %`;
  const limit = `${r.tolerance.absolute}${r.tolerance.percent === undefined ? '' : ` and ${r.tolerance.percent} %`}`;
  return `${r.key}: ${r.baseline} -> ${r.current} (worse by ${Number(r.worseBy.toFixed(4))}${pct}; limit ${limit})`;
}
