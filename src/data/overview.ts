/**
 * The results overview of a suite: every key metric × every scenario, each
 * cell the change against a reference (the suite's baseline scenario, or the
 * same scenario with a feature off) and the verdict of the site's one rule
 * (compareRows, src/data/uncertainty.ts): better or worse by the metric's
 * direction in the registry (src/data/metrics.ts) only where it is established. Pure: the report's
 * overview block (src/components/ResultsOverview), the home page's headline
 * figures (computed by the bench-data plugin at build) and the tests all use
 * this one computation. Each suite configures its rows in
 * src/suites/<suite>/index.ts; nothing here knows a measured value.
 */
import type {ConditionKey, Conditions, Dataset, ResultRow} from './schema';
import {METRICS, type Direction, type MetricId, type Unit} from './metrics';
import {FigureRows, percentChange} from './selectors';
import {compareRows, type NotEstablishedReason} from './uncertainty';
import {inVersionRange, type VersionRange} from './versions';
import {evidenceOf, type Evidence} from './evidence';

export interface OverviewRowSpec {
  /** Stable id of the row (data-row on the page, headline references). */
  key: string;
  metric: MetricId;
  /** The conditions of the row's figures. */
  where?: Partial<Conditions>;
  /** false: conditions beyond `where` may differ per scenario (a component named per CNI). */
  exact?: false;
  /** The conditions the row's label names, in order ("8 streams"); the label is the metric's plus these. */
  show?: ConditionKey[];
  /**
   * Compare each scenario with itself under these conditions (merged over `where`;
   * e.g. the same cluster with no policy) instead of with the baseline scenario.
   */
  against?: Partial<Conditions>;
  /** The conclusion the row's figures back (claim id); the row links to it. */
  claim?: string;
  /**
   * The row's metric is an offered rate and this metric its loss in %: the row shows what
   * arrives, rate × (1 − loss / 100), per scenario (as the claims' `delivered` check does).
   * More arriving is better, whatever the rate's own direction.
   */
  deliveredAfter?: MetricId;
}

export interface OverviewConfig {
  /** The scenario every other is compared with; needed unless every row compares each scenario with itself (`against`). */
  baseline?: string;
  /** The scenarios shown, in this order (default: all, in dataset order). */
  scenarios?: string[];
  rows: OverviewRowSpec[];
  /**
   * Cells the home page shows as the suite's headline figures, in order; `chart`: the name of
   * the chart on the suite's report that draws the cell (its anchor, chart-<name>), which the
   * figure links to (the report's top without one).
   */
  headlines: {row: string; scenario: string; chart?: string}[];
  /** The versions the rows are written for (a version with other scenarios has no overview). */
  versions?: VersionRange;
}

/**
 * better / worse / not-established / context: compareRows (src/data/uncertainty.ts);
 * reference: the cell every other of its row is compared with; none: no comparison
 * (a value or its reference is missing).
 */
export type Verdict = 'better' | 'worse' | 'not-established' | 'context' | 'reference' | 'none';

/** How a change is written: a signed percent, percentage points (a metric in %), or a ratio from 2× on. */
export interface ChangeFigure {
  kind: 'change' | 'points' | 'ratio';
  value: number;
}

/** Bars reach full length at this many times better or worse (log scale). */
export const FULL_BAR_RATIO = 4;

export interface OverviewCell {
  scenario: string;
  row?: ResultRow;
  /** The row this cell is compared with. */
  reference?: ResultRow;
  change?: ChangeFigure;
  /** log2(times better), + better / − worse, capped at ±log2(FULL_BAR_RATIO); for the bar. */
  strength?: number;
  verdict: Verdict;
  /** Why a change is not established (compareRows). */
  reason?: NotEstablishedReason;
}

export interface OverviewLine {
  spec: OverviewRowSpec;
  unit: Unit;
  direction: Direction;
  cells: OverviewCell[];
}

const cap = Math.log2(FULL_BAR_RATIO);

/** The change from `reference` to `value` as readers see it, or undefined when it cannot be computed. */
export function changeFigure(unit: Unit, reference: number, value: number): ChangeFigure | undefined {
  if (unit === '%') return {kind: 'points', value: value - reference};
  const pct = percentChange(reference, value);
  if (pct === null) return undefined;
  return value / reference >= 2 ? {kind: 'ratio', value: value / reference} : {kind: 'change', value: pct};
}

/** What arrives of an offered rate: rate × (1 − loss / 100), with both rows' flags (once each) and no range. */
function delivered(rate: ResultRow, loss: ResultRow): ResultRow {
  const flags = [...(rate.flags ?? []), ...(loss.flags ?? [])].filter((f, i, all) => all.findIndex((g) => g.kind === f.kind) === i);
  const value = rate.value === null || loss.value === null ? null : rate.value * (1 - loss.value / 100);
  const {min: _min, max: _max, samples: _samples, ...rest} = rate;
  return {...rest, value, ...(flags.length ? {flags} : {})};
}

function judge(direction: Direction, unit: Unit, row: ResultRow, reference: ResultRow, method: Dataset['method']): Omit<OverviewCell, 'scenario' | 'row' | 'reference'> {
  const [value, ref] = [row.value as number, reference.value as number];
  const change = changeFigure(unit, ref, value);
  const times = ref > 0 && value > 0 ? Math.log2(value / ref) * (direction === 'lower' ? -1 : 1) : undefined;
  const strength = times === undefined ? undefined : Math.max(-cap, Math.min(cap, times));
  const {verdict, reason} = compareRows(reference, row, direction, method);
  // The bar shows how much better or worse an established difference is; any other difference gets none.
  const barred = verdict === 'better' || verdict === 'worse';
  return {change, ...(barred ? {strength} : {}), verdict, ...(reason ? {reason} : {})};
}

/**
 * The overview's lines on `select.dataset`. Rows are selected by the one policy
 * (FigureRows): a query that names no row or several is kept in `select.problems`,
 * which fails the build on a page's own version.
 */
export function overviewLines(select: FigureRows, config: OverviewConfig): OverviewLine[] {
  const {dataset} = select;
  if (!inVersionRange(dataset.version, config.versions)) return [];
  const known = dataset.scenarios.map((s) => s.id);
  const scenarios = config.scenarios ?? known;
  const unknown = [...scenarios, ...(config.baseline ? [config.baseline] : [])].filter((id) => !known.includes(id));
  if (unknown.length) throw new Error(`overview of ${dataset.suite}@${dataset.version}: ${unknown.join(', ')} is not a scenario (${known.join(', ')})`);
  return config.rows.map((spec) => {
    const baseline = spec.against ? undefined : config.baseline;
    if (!spec.against && baseline === undefined) throw new Error(`overview of ${dataset.suite}: row "${spec.key}" compares with the baseline, and the config names none`);
    const {unit} = METRICS[spec.metric];
    const direction: Direction = spec.deliveredAfter ? 'higher' : METRICS[spec.metric].direction;
    const exact = spec.exact === false ? {exact: false as const} : {};
    const query = (scenario: string, where = spec.where): ResultRow | undefined => {
      const found = select.row({metric: spec.metric, scenario, where, ...exact});
      if (!spec.deliveredAfter || !found) return found;
      const loss = select.row({metric: spec.deliveredAfter, scenario, where, ...exact});
      return loss && delivered(found, loss);
    };
    const baselineRow = baseline === undefined ? undefined : query(baseline);
    const cells = scenarios.map((id): OverviewCell => {
      if (id === baseline) return {scenario: id, row: baselineRow, verdict: 'reference'};
      const row = query(id);
      const reference = baseline === undefined ? query(id, {...spec.where, ...spec.against}) : baselineRow;
      if (!row || !reference || row.value === null || reference.value === null) return {scenario: id, row, reference, verdict: 'none'};
      return {scenario: id, row, reference, ...judge(direction, unit, row, reference, dataset.method)};
    });
    return {spec, unit, direction, cells};
  });
}

/** One headline figure of a suite, as the home page shows it (plain data: the plugin writes it into a module). */
export interface Headline {
  row: Pick<OverviewRowSpec, 'key' | 'metric' | 'where' | 'show' | 'against' | 'deliveredAfter'>;
  scenario: string;
  /** The scenario compared with (the baseline), absent for a row compared with itself (`against`). */
  versus?: string;
  unit: Unit;
  value: number | null;
  change?: ChangeFigure;
  verdict: Verdict;
  /** Why the change is not established (compareRows). */
  reason?: NotEstablishedReason;
  /** The value or its reference carries a validity flag (⚠). */
  flagged: boolean;
  /** What stands behind the figure and its reference (the card's evidence mark). */
  evidence?: Evidence;
  /** The chart on the report that draws it (OverviewConfig.headlines). */
  chart?: string;
}

export interface SuiteHeadlines {
  suite: string;
  version: string;
  /** The dataset's scenarios, so figures name them as the reports do. */
  scenarios: Dataset['scenarios'];
  /** The configured headlines whose difference the rule establishes (or that have no better direction), in order. */
  headlines: Headline[];
  /**
   * When no configured headline is established: the first one with a value, which the card
   * shows as its measured value beside "difference not established", never as a change.
   */
  keyFigure?: Headline;
}

const MISSING = new Set(['not-measured', 'not-applicable', 'omitted-noisy']);
const hasWarning = (row?: ResultRow) => (row?.flags ?? []).some((f) => !MISSING.has(f.kind));

/** A headline may lead a card when it says nothing the rule does not establish. */
const canLead = (h: Headline): boolean => h.verdict === 'better' || h.verdict === 'worse' || h.verdict === 'context';

/**
 * The configured headline cells of a dataset that pass the rule (compareRows). A headline
 * whose figure this version lacks is left out and named in `problems` (the plugin warns):
 * the home page shows what the newest data has, while the report's own overview fails its
 * build on a missing row.
 */
const withEvidence = (evidence: Evidence | undefined) => (evidence ? {evidence} : {});

export function suiteHeadlines(dataset: Dataset, config: OverviewConfig): SuiteHeadlines & {problems: string[]} {
  const select = new FigureRows(dataset);
  const lines = overviewLines(select, config);
  const problems = select.problems.map((p) => p.message);
  // A version the overview is not written for has no overview, so no headline either.
  const configuredHeadlines = lines.length === 0 && !inVersionRange(dataset.version, config.versions) ? [] : config.headlines;
  const configured = configuredHeadlines.flatMap(({row, scenario, chart}): Headline[] => {
    const line = lines.find((l) => l.spec.key === row);
    const cell = line?.cells.find((c) => c.scenario === scenario);
    if (!line || !cell) throw new Error(`headline {row: "${row}", scenario: "${scenario}"} of ${dataset.suite}: no such overview cell (rows: ${lines.map((l) => l.spec.key).join(', ')}; scenarios: ${lines[0]?.cells.map((c) => c.scenario).join(', ')})`);
    if (cell.row?.value === null || cell.row === undefined) {
      problems.push(`headline ${row}/${scenario} of ${dataset.suite}@${dataset.version} has no measured value`);
      return [];
    }
    const {key, metric, where, show, against, deliveredAfter} = line.spec;
    return [
      {
        row: {key, metric, ...(where ? {where} : {}), ...(show ? {show} : {}), ...(against ? {against} : {}), ...(deliveredAfter ? {deliveredAfter} : {})},
        scenario,
        ...(against || config.baseline === undefined ? {} : {versus: config.baseline}),
        unit: line.unit,
        value: cell.row.value,
        ...(cell.change ? {change: cell.change} : {}),
        verdict: cell.verdict,
        ...(cell.reason ? {reason: cell.reason} : {}),
        flagged: hasWarning(cell.row) || hasWarning(cell.reference),
        ...withEvidence(evidenceOf(dataset, [cell.row, cell.reference])),
        ...(chart !== undefined && {chart}),
      },
    ];
  });
  const headlines = configured.filter(canLead);
  const keyFigure = headlines.length === 0 ? configured[0] : undefined;
  return {suite: dataset.suite, version: dataset.version, scenarios: dataset.scenarios, headlines, ...(keyFigure ? {keyFigure} : {}), problems};
}
