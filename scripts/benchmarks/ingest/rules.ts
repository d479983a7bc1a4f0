/**
 * A suite's ingest rules: how the ingest names a run's figures the way the suite's
 * report queries them. One vocabulary for three parties:
 * - the bench scripts write each meta's conditions in the report's terms (a fixed part
 *   of the method stays out of them and is kept in the meta's "load");
 * - the ingest applies the suite's rules here when it builds a dataset;
 * - the suite's charts and pages (src/suites/<suite>/) query the rows by those terms.
 * A suite's rules live beside its scripts, scripts/benchmarks/<suite>/ingest-rules.ts
 * (`export const RULES`), found by the suite id; a suite without the file has none.
 * The contract test (tests/build/contract.test.ts) runs every cluster script through
 * the fakes, ingests the output and builds the pages from it, so a mismatch fails
 * there, naming the figure.
 */
import {existsSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import type {MetricId} from '../../../src/data/metrics';
import {rowKey, type Conditions, type LocalizedText, type ResultRow, type Scenario} from '../../../src/data/schema';
import {IngestError} from './errors';
import type {Measurement, Row} from './rundir';
import type {PooledMetric} from './aggregate';

/** Metrics that have no meaning on some scenarios (e.g. iptables rules without kube-proxy). */
export interface NotApplicable {
  metrics: MetricId[];
  /** Only rows that carry one of these condition keys (e.g. hubble, policy); default: every row of the metrics. */
  withKey?: (keyof Conditions)[];
  /** The scenarios the metrics do not apply to. */
  on: (scenario: Pick<Scenario, 'cni' | 'kubeProxy'>) => boolean;
  reason: LocalizedText;
}

export interface IngestRules {
  /**
   * Rows the suite's figures cannot tell apart from the ones they show (a table
   * that selects by component alone), left out of its datasets; the raw files keep them.
   */
  omitted?: {metric: MetricId; where: Partial<Conditions>}[];
  /** Per metric, conditions the suite's figures leave unstated: rows with them lose those keys. */
  unstated?: Partial<Record<MetricId, Partial<Conditions>>>;
  /**
   * For each row another scenario measured, the scenarios these do not apply to get a
   * null row flagged not-applicable with the reason, so tables say N/A instead of nothing.
   */
  notApplicable?: NotApplicable[];
  /** http_rps at each Service step as a percent of the same load without extra Services. */
  deriveRelativeRps?: boolean;
  /** Metrics measured several times per round, given as percentiles of all their events (see aggregate.ts). */
  pooled?: PooledMetric[];
}

/** No kube-proxy: its rules and syncs have no meaning where Cilium replaces it. */
export const withoutKubeProxy: NotApplicable = {
  metrics: ['iptables_nat_rules', 'service_chain_length', 'kubeproxy_sync_time'],
  on: (s) => s.kubeProxy !== 'iptables',
  reason: {en: 'No kube-proxy: Cilium handles Services in eBPF, so there are no kube-proxy rules or syncs.'},
};

/** Cilium's own figures (BPF maps, Hubble) on a cluster without Cilium. */
export const withoutCilium = (metrics: MetricId[], withKey?: (keyof Conditions)[]): NotApplicable => ({
  metrics,
  withKey,
  on: (s) => !/cilium/i.test(s.cni ?? ''),
  reason: {en: 'No Cilium on this cluster.'},
});

export const BENCHMARKS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RULES_FILE = 'ingest-rules.ts';

/** The suite's rules from scripts/benchmarks/<suite>/ingest-rules.ts; undefined when it has no such file. */
export async function loadIngestRules(suite: string, dir = BENCHMARKS_DIR): Promise<IngestRules | undefined> {
  const file = join(dir, suite, RULES_FILE);
  if (!existsSync(file)) return undefined;
  const {RULES} = (await import(pathToFileURL(file).href)) as {RULES?: IngestRules};
  if (RULES === undefined) throw new IngestError(`${file}: exports no RULES; write \`export const RULES: IngestRules = {...}\` (or delete the file if the suite needs no rules)`);
  return RULES;
}

const PERCENT = 100;

function unstate(row: Row, drop: Partial<Conditions> | undefined): Row {
  if (drop === undefined) return row;
  const c = row.conditions as Record<string, unknown>;
  if (!Object.entries(drop).every(([k, v]) => c[k] === v)) return row;
  const conditions = Object.fromEntries(Object.entries(c).filter(([k]) => !(k in drop))) as Conditions;
  return {...row, conditions};
}

/** Conditions without `services`, as a key to find a step's baseline. */
const withoutServices = (c: Conditions): string => JSON.stringify(Object.entries(c).filter(([k]) => k !== 'services').sort());

/** Each step's http_rps as a percent of the baseline row of the same scenario, round and load. */
function relativeRps(measurements: readonly Measurement[]): Measurement[] {
  const baselines = new Map<string, number>();
  for (const m of measurements) {
    for (const r of m.rows) {
      if (r.metric === 'http_rps' && r.conditions.services === undefined) baselines.set(`${m.scenario}|${m.round}|${withoutServices(r.conditions)}`, r.value);
    }
  }
  return measurements.flatMap((m) => {
    const rows = m.rows.flatMap((r) => {
      if (r.metric !== 'http_rps' || r.conditions.services === undefined) return [];
      const base = baselines.get(`${m.scenario}|${m.round}|${withoutServices(r.conditions)}`);
      return base ? [{metric: 'http_rps_relative' as const, value: (r.value / base) * PERCENT, conditions: r.conditions}] : [];
    });
    return rows.length > 0 ? [{...m, rows, warnings: []}] : [];
  });
}

/** The suite's naming applied to parsed measurements: omitted rows out, unstated keys dropped, derived rows added. */
export function applyRules(rules: IngestRules | undefined, measurements: readonly Measurement[]): Measurement[] {
  if (rules === undefined) return [...measurements];
  const omitted = (r: Row) => (rules.omitted ?? []).some((o) => o.metric === r.metric && Object.entries(o.where).every(([k, x]) => (r.conditions as Record<string, unknown>)[k] === x));
  const named = measurements.map((m) => ({...m, rows: m.rows.filter((r) => !omitted(r)).map((r) => unstate(r, rules.unstated?.[r.metric]))}));
  return rules.deriveRelativeRps ? [...named, ...relativeRps(named)] : named;
}

/** Null rows flagged not-applicable, for each measured row whose metric does not apply to another scenario. */
export function notApplicableRows(rules: IngestRules | undefined, scenarios: readonly Scenario[], measured: readonly ResultRow[]): ResultRow[] {
  const have = new Set(measured.map(rowKey));
  const out = new Map<string, ResultRow>();
  for (const rule of rules?.notApplicable ?? []) {
    const targets = scenarios.filter((s) => rule.on(s));
    for (const r of measured) {
      if (!rule.metrics.includes(r.metric) || r.value === null) continue;
      if (rule.withKey && !rule.withKey.some((k) => r.conditions?.[k] !== undefined)) continue;
      for (const s of targets) {
        const row: ResultRow = {metric: r.metric, scenario: s.id, value: null, unit: r.unit, ...(r.conditions ? {conditions: r.conditions} : {}), flags: [{kind: 'not-applicable', detail: rule.reason}]};
        if (!have.has(rowKey(row))) out.set(rowKey(row), row);
      }
    }
  }
  return [...out.values()];
}
