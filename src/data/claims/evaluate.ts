/**
 * Claim evaluation: pure and small, so the build (every dataset version), the
 * tests and the page (the version the reader picked) all run the same code.
 * Rows are found with the shared selectors; nothing here re-implements
 * row matching.
 */
import type {Conditions, ConditionKey, Dataset, ResultRow} from '../schema';
import type {MetricId, Unit} from '../metrics';
import {METRICS} from '../metrics';
import {conditionValues, percentChange, ratio, selectRows, SelectionError, trySelectRow} from '../selectors';
import {compareRows, roundRange, type Comparison} from '../uncertainty';
import {inVersionRange} from '../versions';
import type {FigureKind} from '../format';
import type {ChangeCheck, Check, Claim, ClaimSet, CrossoverCheck, DeliveredCheck, ExtremeCheck, Point, RepeatCheck, SpreadCheck, ValueCheck} from './schema';

/** One dataset figure a check looked at (the "values behind" a claim). */
export interface PointValue {
  metric: MetricId;
  scenario: string;
  where: Partial<Conditions>;
  unit: Unit;
  /** undefined: no such row; null: the row says not measured / not applicable. */
  value: number | null | undefined;
  row?: ResultRow;
}

/** How a computed figure is written and rounded (src/data/format.ts); a spread is a 'percent'. */
export type FigureFormat = Exclude<FigureKind, 'difference'>;

export interface Figure {
  value: number;
  format: FigureFormat;
  unit?: Unit;
  /** The scenario a per-scenario figure belongs to. */
  scenario?: string;
  /** Set for a range ("97.9–100.5%"): value is its low end. */
  upper?: number;
}

export type CheckStatus = 'holds' | 'fails' | 'no-data';
export type ClaimStatus = 'holds' | 'contradicted' | 'no-data';

/** A difference between two points that a check asserts (a direction or a bound away from "no change"), judged by compareRows. */
export interface AssertedDifference {
  from: PointValue;
  to: PointValue;
  comparison: Comparison;
}

export interface CheckResult {
  check: Check;
  status: CheckStatus;
  /**
   * The differences the check asserts, each judged by the site's rule. A check fails on one
   * whose ranges over rounds overlap; one not established for too few rounds or no spread
   * leaves the check holding as what was seen (the claim must be worded so).
   */
  differences?: AssertedDifference[];
  /** What fills the check's {name} placeholder. */
  figures: Figure[];
  points: PointValue[];
  /** Plain-English reason, for build warnings and test failures. */
  reason: string;
}

export interface ClaimResult {
  claim: Claim;
  status: ClaimStatus;
  checks: CheckResult[];
  suite: string;
  version: string;
}

function lookup(dataset: Dataset, metric: MetricId, scenario: string, where: Partial<Conditions>): PointValue {
  // The one selection policy; no row (or, impossible for an exact query, several) leaves the check without data.
  const found = trySelectRow(dataset, {metric, scenario, where});
  const row = found instanceof SelectionError ? undefined : found;
  return {metric, scenario, where, unit: METRICS[metric].unit, value: row ? row.value : undefined, row};
}

const merged = (check: {where?: Partial<Conditions>}, own?: Partial<Conditions>): Partial<Conditions> => ({...check.where, ...own});
const measured = (p: PointValue): p is PointValue & {value: number} => typeof p.value === 'number';
const describePoint = (p: PointValue): string => {
  const cond = Object.entries(p.where)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  return `${p.scenario}${cond ? `{${cond}}` : ''}=${p.value === undefined ? 'missing' : p.value === null ? 'null' : p.value}`;
};

/** The site's rule on the difference from `a` to `b` (both measured). */
function assertedDifference(dataset: Dataset, a: PointValue, b: PointValue): AssertedDifference {
  return {from: a, to: b, comparison: compareRows(a.row as ResultRow, b.row as ResultRow, METRICS[a.metric].direction, dataset.method)};
}

/** The failure of an asserted difference the rule rejects on measured ranges, or undefined. */
function overlapProblem(d: AssertedDifference): string | undefined {
  return d.comparison.reason === 'overlap' ? `${describePoint(d.from)} -> ${describePoint(d.to)}: their ranges over rounds overlap, so the difference is not established (src/data/uncertainty.ts)` : undefined;
}

function noData(check: Check, points: PointValue[]): CheckResult {
  const missing = points.filter((p) => !measured(p));
  return {check, status: 'no-data', figures: [], points, reason: `no measured value for ${missing.map(describePoint).join('; ')}`};
}

/** Scenarios with a measured row for the check's metric and conditions, in dataset order. */
function measuredScenarios(dataset: Dataset, check: {metric: MetricId; where?: Partial<Conditions>}): string[] {
  return dataset.scenarios.map((s) => s.id).filter((id) => measured(lookup(dataset, check.metric, id, merged(check))));
}

function pointsOf(dataset: Dataset, check: {metric: MetricId; where?: Partial<Conditions>}, scenarios: string[] | undefined, points: Point[] | undefined): PointValue[] {
  if (points) return points.map((p) => lookup(dataset, check.metric, p.scenario, merged(check, p.where)));
  return (scenarios ?? measuredScenarios(dataset, check)).map((id) => lookup(dataset, check.metric, id, merged(check)));
}

function within(value: number, {min, max}: {min?: number; max?: number}): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

const boundsText = ({min, max}: {min?: number; max?: number}, unit = ''): string =>
  [min !== undefined ? `>= ${min}${unit}` : '', max !== undefined ? `<= ${max}${unit}` : ''].filter(Boolean).join(' and ');

/** (max - min) / min in percent; 0 when all are 0. */
export function spreadPercent(values: readonly number[]): number {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (hi === lo) return 0;
  return lo === 0 ? Infinity : ((hi - lo) / lo) * 100;
}

function evalSpread(dataset: Dataset, check: SpreadCheck): CheckResult {
  const points = pointsOf(dataset, check, check.scenarios, check.points);
  if (points.length < 2 || !points.every(measured)) return noData(check, points);
  const spread = spreadPercent(points.map((p) => p.value as number));
  const holds = spread <= check.maxPercent;
  return {
    check,
    status: holds ? 'holds' : 'fails',
    figures: [{value: spread, format: 'percent'}],
    points,
    reason: `spread ${spread.toFixed(2)}% ${holds ? '<=' : '>'} ${check.maxPercent}% over ${points.map(describePoint).join('; ')}`,
  };
}

function evalExtreme(dataset: Dataset, check: ExtremeCheck): CheckResult {
  const among = check.among ?? measuredScenarios(dataset, check);
  const ids = among.includes(check.scenario) ? among : [check.scenario, ...among];
  const points = ids.map((id) => lookup(dataset, check.metric, id, merged(check)));
  if (!points.every(measured)) return noData(check, points);
  const target = points.find((p) => p.scenario === check.scenario) as PointValue & {value: number};
  const others = points.filter((p) => p !== target) as (PointValue & {value: number})[];
  const beaten = others.filter((p) => (check.which === 'lowest' ? p.value <= target.value : p.value >= target.value));
  const differences = others.map((p) => assertedDifference(dataset, p, target));
  const overlaps = beaten.length === 0 ? differences.map(overlapProblem).filter((p): p is string => p !== undefined) : [];
  return {
    check,
    status: beaten.length === 0 && overlaps.length === 0 ? 'holds' : 'fails',
    figures: [{value: target.value, format: 'value', unit: target.unit}],
    differences,
    points,
    reason:
      beaten.length > 0
        ? `${check.scenario} is not the ${check.which}: ${beaten.map(describePoint).join('; ')} vs ${describePoint(target)}`
        : overlaps.length > 0
          ? `${check.scenario} is the ${check.which} as seen, but ${overlaps.join('; ')}`
          : `${check.scenario} is the ${check.which} (${points.map(describePoint).join('; ')})`,
  };
}

function evalChange(dataset: Dataset, check: ChangeCheck): CheckResult {
  // A metric that is itself a percentage (UDP loss) changes in points, never in percent of a percent.
  const measure = check.measure === 'ratio' ? 'ratio' : METRICS[check.metric].unit === '%' ? 'points' : 'percent';
  const pairs = (check.scenarios ?? [undefined]).map((s) => {
    const fromScenario = check.from.scenario ?? s;
    const toScenario = check.to.scenario ?? s;
    return [
      lookup(dataset, check.metric, fromScenario as string, merged(check, check.from.where)),
      lookup(dataset, check.metric, toScenario as string, merged(check, check.to.where)),
    ] as const;
  });
  const points = pairs.flatMap((p) => [...p]);
  if (!points.every(measured)) return noData(check, points);
  const figures: Figure[] = [];
  const problems: string[] = [];
  const differences: AssertedDifference[] = [];
  // A claimed change (a bound that excludes "no change") must clear the site's rule.
  const noChange = measure === 'ratio' ? 1 : 0;
  const needsChange = !within(noChange, check);
  for (const [a, b] of pairs) {
    const v =
      measure === 'percent' ? percentChange(a.value as number, b.value as number) : measure === 'points' ? (b.value as number) - (a.value as number) : ratio(a.value as number, b.value as number);
    const label = `${describePoint(a)} -> ${describePoint(b)}`;
    if (v === null) {
      problems.push(`${label}: change from 0 is undefined`);
      continue;
    }
    figures.push({value: v, format: measure === 'percent' ? 'change' : measure === 'points' ? 'points' : 'ratio', scenario: check.scenarios ? (check.from.scenario ? b.scenario : a.scenario) : undefined});
    const suffix = measure === 'percent' ? '%' : measure === 'points' ? ' pp' : 'x';
    const shown = `${v.toFixed(measure === 'ratio' ? 3 : 2)}${suffix}`;
    const difference = needsChange ? assertedDifference(dataset, a, b) : undefined;
    if (difference) differences.push(difference);
    const overlap = difference && overlapProblem(difference);
    if (!within(v, check)) problems.push(`${label}: ${shown}, needs ${boundsText(check, suffix)}`);
    else if (overlap) problems.push(`${shown}: ${overlap}`);
  }
  return {
    check,
    status: problems.length === 0 ? 'holds' : 'fails',
    figures,
    ...(differences.length ? {differences} : {}),
    points,
    reason: problems.length ? problems.join('; ') : `${pairs.length} change(s) within ${boundsText(check)}`,
  };
}

function evalValue(dataset: Dataset, check: ValueCheck): CheckResult {
  const points = pointsOf(dataset, check, check.scenarios, check.points);
  if (!points.every(measured)) return noData(check, points);
  const divisor = (p: PointValue): number | undefined => {
    if (!check.per) return 1;
    const d = p.where[check.per as ConditionKey];
    return typeof d === 'number' && d !== 0 ? d : undefined;
  };
  const bad = points.filter((p) => divisor(p) === undefined);
  if (bad.length) return {check, status: 'no-data', figures: [], points, reason: `per ${check.per}: ${bad.map(describePoint).join('; ')} has no numeric ${check.per}`};
  const valueOf = (p: PointValue): number => (p.value as number) / (divisor(p) as number);
  const values = points.map(valueOf);
  const outside = points.filter((p) => !within(valueOf(p), check));
  return {
    check,
    status: outside.length === 0 ? 'holds' : 'fails',
    // Per scenario when scenarios are listed; explicit points (one scenario at many conditions) as their range.
    figures: check.points
      ? [{value: Math.min(...values), upper: Math.max(...values), format: check.per ? 'number' : 'value', unit: check.per ? undefined : points[0].unit}]
      : points.map((p) => ({value: valueOf(p), format: check.per ? 'number' : 'value', unit: check.per ? undefined : p.unit, scenario: points.length > 1 ? p.scenario : undefined})),
    points,
    reason: outside.length ? `${outside.map(describePoint).join('; ')} not ${boundsText(check)}` : `all ${boundsText(check)}`,
  };
}

function evalCrossover(dataset: Dataset, check: CrossoverCheck): CheckResult {
  const key = check.over as ConditionKey;
  const candidates = selectRows(dataset, {metric: check.metric, scenario: check.falling, where: check.where, exact: false});
  const steps = conditionValues(candidates, key)
    .filter((v): v is number => typeof v === 'number')
    .sort((a, b) => a - b);
  const pairs = steps
    .map((step) => {
      const where = {...check.where, [key]: step};
      return {step, a: lookup(dataset, check.metric, check.falling, where), b: lookup(dataset, check.metric, check.other, where)};
    })
    .filter(({a, b}) => measured(a) && measured(b));
  const points = pairs.flatMap(({a, b}) => [a, b]);
  const before = pairs.filter((p) => p.step <= check.after);
  const after = pairs.filter((p) => p.step >= check.by);
  if (before.length === 0 || after.length === 0) {
    return {check, status: 'no-data', figures: [], points, reason: `needs measured ${check.over} steps <= ${check.after} and >= ${check.by} for both ${check.falling} and ${check.other}`};
  }
  const differences = [...before, ...after].map(({a, b}) => assertedDifference(dataset, b, a));
  const problems = [
    ...before.filter(({a, b}) => !((a.value as number) > (b.value as number))).map(({step, a, b}) => `at ${step} ${check.falling} (${a.value}) is not above ${check.other} (${b.value})`),
    ...after.filter(({a, b}) => !((a.value as number) < (b.value as number))).map(({step, a, b}) => `at ${step} ${check.falling} (${a.value}) is not below ${check.other} (${b.value})`),
    ...differences.map(overlapProblem).filter((p): p is string => p !== undefined),
  ];
  const firstBelow = pairs.find(({a, b}) => (a.value as number) < (b.value as number));
  return {
    check,
    status: problems.length === 0 ? 'holds' : 'fails',
    figures: firstBelow ? [{value: firstBelow.step, format: 'number'}] : [],
    differences,
    points,
    reason: problems.length ? problems.join('; ') : `${check.falling} falls below ${check.other} at ${check.over}=${firstBelow?.step}`,
  };
}

function evalDelivered(dataset: Dataset, check: DeliveredCheck): CheckResult {
  const ids = check.scenarios ?? measuredScenarios(dataset, check);
  const rates = ids.map((id) => lookup(dataset, check.metric, id, merged(check)));
  const losses = ids.map((id) => lookup(dataset, check.loss, id, merged(check)));
  const points = [...rates, ...losses];
  if (ids.length < 2 || !points.every(measured)) return noData(check, points);
  const delivered = ids.map((_, i) => (rates[i].value as number) * (1 - (losses[i].value as number) / 100));
  const spread = spreadPercent(delivered);
  const holds = spread <= check.maxPercent;
  return {
    check,
    status: holds ? 'holds' : 'fails',
    figures: [{value: Math.min(...delivered), upper: Math.max(...delivered), format: 'value', unit: rates[0].unit}],
    points,
    reason: `delivered ${ids.map((id, i) => `${id}=${delivered[i].toFixed(3)}`).join('; ')}: spread ${spread.toFixed(2)}% ${holds ? '<=' : '>'} ${check.maxPercent}%`,
  };
}

function evalRepeat(dataset: Dataset, check: RepeatCheck): CheckResult {
  const points = pointsOf(dataset, check, undefined, check.points);
  if (!points.every(measured)) return noData(check, points);
  const values = points.map((p) => p.value as number);
  const r = Math.min(...values) > 0 ? Math.max(...values) / Math.min(...values) : Infinity;
  const holds = r >= check.minRatio;
  return {
    check,
    status: holds ? 'holds' : 'fails',
    figures: [{value: r, format: 'ratio'}],
    points,
    reason: `runs of ${check.points[0].scenario} differ ${r.toFixed(3)}x ${holds ? '>=' : '<'} ${check.minRatio}x over ${points.map(describePoint).join('; ')}`,
  };
}

/**
 * Whether a claim's figures carry a run-to-run spread: a row with min/max
 * or several samples, or a `repeat` check that holds. Only such claims may
 * speak of noise or of figures being about the same.
 */
export function hasSpreadEvidence(result: ClaimResult): boolean {
  return result.checks.some(
    (c) => (c.check.kind === 'repeat' && c.status === 'holds') || c.points.some((p) => p.row !== undefined && roundRange(p.row) !== undefined),
  );
}

/** The evaluation of each kind of check; a new kind fails to compile until it has one. */
const EVALUATORS: {[K in Check['kind']]: (dataset: Dataset, check: Extract<Check, {kind: K}>) => CheckResult} = {
  spread: evalSpread,
  extreme: evalExtreme,
  change: evalChange,
  value: evalValue,
  crossover: evalCrossover,
  delivered: evalDelivered,
  repeat: evalRepeat,
};

export function evaluateCheck(dataset: Dataset, check: Check): CheckResult {
  return (EVALUATORS[check.kind] as (dataset: Dataset, check: Check) => CheckResult)(dataset, check);
}

/** Whether a claim is checked and shown on `version`: inside its `versions` scope (either end optional, inclusive, by version order). */
export function claimAppliesTo(claim: Pick<Claim, 'versions'>, version: string): boolean {
  return inVersionRange(version, claim.versions);
}

/**
 * The differences a claim asserts that the rule does not establish (too few rounds, or
 * no spread recorded) while the claim holds on what was seen: such a claim is worded as
 * what was seen, never as better or worse.
 */
export function unestablishedDifferences(result: ClaimResult): AssertedDifference[] {
  return result.checks.flatMap((c) => c.differences ?? []).filter((d) => d.comparison.verdict === 'not-established');
}

export function evaluateClaim(dataset: Dataset, claim: Claim): ClaimResult {
  const checks = claim.checks.map((c) => evaluateCheck(dataset, c));
  const status: ClaimStatus = checks.some((c) => c.status === 'fails') ? 'contradicted' : checks.some((c) => c.status === 'no-data') ? 'no-data' : 'holds';
  return {claim, status, checks, suite: dataset.suite, version: dataset.version};
}

/** The suite's claims that apply to the dataset's version, evaluated on it. */
export function evaluateClaims(dataset: Dataset, set: ClaimSet): ClaimResult[] {
  if (set.suite !== dataset.suite) throw new Error(`claims of suite "${set.suite}" evaluated on dataset ${dataset.suite}@${dataset.version}`);
  return set.claims.filter((c) => claimAppliesTo(c, dataset.version)).map((c) => evaluateClaim(dataset, c));
}
