/**
 * The claim contract: a report's conclusions as data, so every dataset
 * version can be checked against them. One file per suite,
 * static/data/<suite>/claims.json.
 *
 * A claim is a localized statement plus one or more typed checks; it holds
 * when every check holds. Statements carry `{name}` placeholders that are
 * filled with the figures a check computes, so the text never repeats a
 * measured number.
 *
 * Bounds are inclusive. Percent changes are signed ((to - from) / from, so
 * "improves by more than 30%" on a lower-is-better metric is `max: -30`).
 *
 * Only the build and tests import this file (it pulls in zod); the client
 * imports types only.
 */
import * as z from 'zod';
import {METRICS, type MetricId} from '../metrics';
import {conditions, CONDITION_KEYS, localizedText, SCENARIO_ID_PATTERN, SUITE_PATTERN, VERSION_PATTERN} from '../schema';
import {compareVersions} from '../versions';

const metricIds = Object.keys(METRICS) as [MetricId, ...MetricId[]];
const metric = z.enum(metricIds);
const scenarioId = z.string().regex(SCENARIO_ID_PATTERN, 'must be a scenario id');
const finite = z.number().refine(Number.isFinite, {message: 'must be a finite number'});
/** Placeholder names: `{name}` in a statement. */
const checkName = z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'must be camelCase letters and digits');

/** One figure in a dataset: a scenario's row under some conditions (merged over the check's `where`). */
export const point = z.object({scenario: scenarioId, where: conditions.optional()}).strict();
/** A side of a change; `scenario` may be left out when the check's `scenarios` fills it in. */
const side = z.object({scenario: scenarioId.optional(), where: conditions.optional()}).strict();

const base = {
  /** Placeholder this check's figures fill in the statement. */
  name: checkName.optional(),
  metric,
  /** Conditions shared by every point of the check. */
  where: conditions.optional(),
};

const boundFields = {min: finite.optional(), max: finite.optional()};
type Bounded = {min?: number; max?: number};
/** A bounded check needs at least one bound, and they must not cross. */
const validBounds = <T extends z.ZodType<Bounded>>(schema: T) =>
  schema
    .refine((c) => c.min !== undefined || c.max !== undefined, {message: 'needs min, max or both', path: ['min']})
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, {message: 'min is greater than max', path: ['min']});

/** All values within maxPercent of each other: (max - min) / min. */
export const spreadCheck = z
  .object({
    ...base,
    kind: z.literal('spread'),
    /** Default: every scenario with a measured row. */
    scenarios: z.array(scenarioId).min(2).optional(),
    /** Explicit points instead of scenarios (e.g. one scenario at several Service counts). */
    points: z.array(point).min(2).optional(),
    maxPercent: finite.refine((n) => n >= 0, {message: 'must be >= 0'}),
  })
  .strict()
  .refine((c) => !(c.scenarios && c.points), {message: 'give scenarios or points, not both', path: ['points']});

/** `scenario` has the lowest / highest value (strictly) among `among` (default: every scenario with a measured row). */
export const extremeCheck = z
  .object({
    ...base,
    kind: z.literal('extreme'),
    scenario: scenarioId,
    which: z.enum(['lowest', 'highest']),
    among: z.array(scenarioId).min(2).optional(),
  })
  .strict();

/**
 * From one point to another: percent change or ratio (to / from) within bounds.
 * With `scenarios`, it is checked once per scenario, which fills the side that names none.
 */
export const changeCheck = validBounds(
  z
    .object({
      ...base,
      ...boundFields,
      kind: z.literal('change'),
      /** percent (default) or ratio. */
      measure: z.enum(['percent', 'ratio']).optional(),
      from: side,
      to: side,
      scenarios: z.array(scenarioId).min(1).optional(),
    })
    .strict(),
).refine((c) => c.scenarios !== undefined || (c.from.scenario !== undefined && c.to.scenario !== undefined), {
  message: 'from and to need a scenario unless scenarios is given',
  path: ['scenarios'],
});

/** Every listed value within bounds (e.g. "UDP loss above 20% in A and D"). */
export const valueCheck = validBounds(
  z
    .object({
      ...base,
      ...boundFields,
      kind: z.literal('value'),
      scenarios: z.array(scenarioId).min(1).optional(),
      points: z.array(point).min(1).optional(),
      /** Divide each value by this numeric condition of its row (LB map entries per Service). */
      per: z.enum(CONDITION_KEYS as [string, ...string[]]).optional(),
    })
    .strict(),
).refine((c) => (c.scenarios === undefined) !== (c.points === undefined), {message: 'give scenarios or points (exactly one)', path: ['scenarios']});

/**
 * Series `falling` is above `other` at every `over` value up to `after`, and
 * below it at every value from `by` on: it falls below somewhere in (after, by].
 */
export const crossoverCheck = z
  .object({
    ...base,
    kind: z.literal('crossover'),
    falling: scenarioId,
    other: scenarioId,
    over: z.enum(CONDITION_KEYS as [string, ...string[]]),
    after: finite,
    by: finite,
  })
  .strict()
  .refine((c) => c.after < c.by, {message: 'after must be less than by', path: ['by']});

/**
 * What arrives of an offered rate: `metric` (a rate) × (1 − `loss` / 100) per
 * scenario; the delivered rates are within `maxPercent` of each other.
 */
export const deliveredCheck = z
  .object({
    ...base,
    kind: z.literal('delivered'),
    loss: metric,
    scenarios: z.array(scenarioId).min(2).optional(),
    maxPercent: finite.refine((n) => n >= 0, {message: 'must be >= 0'}),
  })
  .strict();

/**
 * The same configuration measured in separate runs (points of one scenario):
 * the larger value is at least `minRatio` times the smaller. This is the
 * run-to-run spread a claim about noise needs when rows carry no min/max.
 */
export const repeatCheck = z
  .object({
    ...base,
    kind: z.literal('repeat'),
    points: z.array(point).min(2),
    minRatio: finite.refine((n) => n >= 1, {message: 'must be >= 1'}),
  })
  .strict()
  .refine((c) => new Set(c.points.map((p) => p.scenario)).size === 1, {message: 'all points must be the same scenario (one configuration, several runs)', path: ['points']});

export const check = z.union([spreadCheck, extremeCheck, changeCheck, valueCheck, crossoverCheck, deliveredCheck, repeatCheck]);

const PLACEHOLDER = /\{([A-Za-z0-9]+)\}/g;

/**
 * A claim's title: localized text (as `localizedText`) that must be there, with
 * an error that says what to write rather than zod's "expected object".
 */
const claimTitle = z
  .object(localizedText.shape, {
    error: (issue) => (issue.input === undefined ? 'missing: every claim needs a title, a short headline saying what it concludes ({"en": "…", "ko": "…", "zh": "…"})' : undefined),
  })
  .catchall(z.string().min(1));

const versionId = z.string().regex(VERSION_PATTERN, 'must be a dataset version (YYYY-MM-DD or YYYY-MM-DD.N)');
const versionScope = z
  .object({from: versionId.optional(), to: versionId.optional()})
  .strict()
  .refine((v) => v.from !== undefined || v.to !== undefined, {message: 'needs from, to or both'})
  .refine((v) => v.from === undefined || v.to === undefined || compareVersions(v.from, v.to) <= 0, {message: 'from is a later version than to', path: ['from']});

export const claim = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes'),
    /**
     * A short headline saying what the claim concludes: the link text in the
     * results overview, the lead of its entry in the claim list, the heading
     * of key results and findings. Required, so no link reads a generic label.
     */
    title: claimTitle,
    statement: localizedText,
    /** Context a reader needs, e.g. where the source report said something else. */
    note: localizedText.optional(),
    checks: z.array(check).min(1),
    /**
     * The dataset versions the claim applies to (either end optional, inclusive, in version
     * order): it is checked and shown only on those. Absent: every version.
     */
    versions: versionScope.optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const names = c.checks.map((k) => k.name).filter((n): n is string => n !== undefined);
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) ctx.addIssue({code: 'custom', path: ['checks'], message: `two checks are named "${n}"`});
    });
    for (const [locale, text] of Object.entries(c.statement)) {
      for (const [, name] of text.matchAll(PLACEHOLDER)) {
        if (!names.includes(name)) {
          ctx.addIssue({code: 'custom', path: ['statement', locale], message: `placeholder {${name}} names no check (checks: ${names.join(', ') || 'none named'})`});
        }
      }
    }
  });

export const claimSet = z
  .object({
    $schema: z.string().optional(),
    suite: z.string().regex(SUITE_PATTERN),
    claims: z.array(claim).min(1),
  })
  .strict()
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.claims.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({code: 'custom', path: ['claims', i, 'id'], message: `duplicate claim id "${c.id}"`});
      seen.add(c.id);
    });
  });

export type Point = z.infer<typeof point>;
export type SpreadCheck = z.infer<typeof spreadCheck>;
export type ExtremeCheck = z.infer<typeof extremeCheck>;
export type ChangeCheck = z.infer<typeof changeCheck>;
export type ValueCheck = z.infer<typeof valueCheck>;
export type CrossoverCheck = z.infer<typeof crossoverCheck>;
export type DeliveredCheck = z.infer<typeof deliveredCheck>;
export type RepeatCheck = z.infer<typeof repeatCheck>;
export type Check = z.infer<typeof check>;
export type Claim = z.infer<typeof claim>;
export type ClaimSet = z.infer<typeof claimSet>;
