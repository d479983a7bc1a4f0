/** The suite vocabulary (src/data/vocabulary.ts) applied to parsed measurements. */
import {METRICS} from '../../../src/data/metrics';
import {rowKey, type Conditions, type ResultRow, type Scenario} from '../../../src/data/schema';
import {VOCABULARY} from '../../../src/data/vocabulary';
import type {Measurement, Row} from './rundir';

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

export function applyVocabulary(suite: string, measurements: readonly Measurement[]): Measurement[] {
  const v = VOCABULARY[suite];
  if (v === undefined) return [...measurements];
  const omitted = (r: Row) => (v.omitted ?? []).some((o) => o.metric === r.metric && Object.entries(o.where).every(([k, x]) => (r.conditions as Record<string, unknown>)[k] === x));
  const named = measurements.map((m) => ({...m, rows: m.rows.filter((r) => !omitted(r)).map((r) => unstate(r, v.unstated?.[r.metric]))}));
  return v.deriveRelativeRps ? [...named, ...relativeRps(named)] : named;
}

/** Null rows, flagged not-measured with the reason, for the suite's retired figures (never over a measured row). */
export function retiredRows(suite: string, scenarios: readonly string[], measured: readonly ResultRow[]): ResultRow[] {
  const have = new Set(measured.map(rowKey));
  return (VOCABULARY[suite]?.retired ?? []).flatMap((f) =>
    scenarios
      .map((scenario) => ({metric: f.metric, scenario, value: null, unit: METRICS[f.metric].unit, conditions: f.where, flags: [{kind: 'not-measured' as const, detail: f.reason}]}))
      .filter((r) => !have.has(rowKey(r))),
  );
}

/** Null rows flagged not-applicable, for each measured row whose metric does not apply to another scenario. */
export function notApplicableRows(suite: string, scenarios: readonly Scenario[], measured: readonly ResultRow[]): ResultRow[] {
  const have = new Set(measured.map(rowKey));
  const out = new Map<string, ResultRow>();
  for (const rule of VOCABULARY[suite]?.notApplicable ?? []) {
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
