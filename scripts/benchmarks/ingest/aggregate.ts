/**
 * Rounds -> one result row per (metric, scenario, conditions): median, min, max, samples, flags.
 * A pooled metric (a suite's ingest rules name it: several events per round, such as endpoint
 * changes) gives instead one row per statistic over every event of every round.
 */
import {METRICS, type MetricId} from '../../../src/data/metrics';
import {rowKey, type Flag, type FlagKind, type ResultRow} from '../../../src/data/schema';
import {IngestError} from './errors';
import type {Measurement} from './rundir';
import {roundCountText} from '../../../src/data/roundCounts';
import {median, percentile, tidy} from '../../../src/data/stats';

/** The method asks for at least this many rounds per measurement. */
export const MIN_ROUNDS = 3;

interface Group {
  row: Omit<ResultRow, 'value' | 'samples' | 'min' | 'max' | 'flags'>;
  /** values per round (one, or a pooled metric's events in measurement order) */
  byRound: Map<number, {values: number[]; file: string; flags: FlagKind[]; details: Partial<Record<FlagKind, string>>}>;
}

/** A metric measured several times per round, summarised by percentiles (nearest rank) of all its events. */
export interface PooledMetric {
  metric: MetricId;
  stats: ('p50' | 'p90' | 'p99')[];
}
const PERCENT_OF = {p50: 50, p90: 90, p99: 99} as const;

/**
 * The flags of a row: each kind with the rounds it was raised in ("in 1 of 3 rounds"),
 * followed by what each of those rounds found when the measurement said (the node
 * counters' deltas: "in 1 of 3 rounds: round 2: server node-2 (ens5): bw_in_allowance_exceeded +1500").
 */
function flagsFor(group: Group): Flag[] {
  const entries = [...group.byRound.entries()].sort(([a], [b]) => a - b);
  const rounds = entries.map(([, r]) => r);
  const flags: Flag[] = [];
  const kinds = new Set(rounds.flatMap((r) => r.flags));
  for (const kind of kinds) {
    const hit = rounds.filter((r) => r.flags.includes(kind)).length;
    const found = entries.flatMap(([round, r]) => (r.details[kind] !== undefined ? [`round ${round}: ${r.details[kind]}`] : []));
    const count = roundCountText({kind: 'inRounds', hit, total: rounds.length});
    flags.push({kind, detail: {en: found.length > 0 ? `${count}: ${found.join('; ')}` : count}});
  }
  if (rounds.length < MIN_ROUNDS) flags.push({kind: 'too-few-rounds', detail: {en: roundCountText({kind: 'ofMinimum', count: rounds.length, minimum: MIN_ROUNDS})}});
  return flags;
}

export function aggregate(measurements: readonly Measurement[], pooled: readonly PooledMetric[] = []): ResultRow[] {
  const groups = new Map<string, Group>();
  const pooledOf = new Map(pooled.map((p) => [p.metric, p]));
  for (const m of measurements) {
    for (const r of m.rows) {
      const row = {metric: r.metric, scenario: m.scenario, unit: METRICS[r.metric].unit, conditions: r.conditions};
      const key = rowKey(row);
      const group = groups.get(key) ?? {row, byRound: new Map()};
      const clash = group.byRound.get(m.round);
      if (clash !== undefined && !pooledOf.has(r.metric)) {
        throw new IngestError(
          `${m.file} and ${clash.file} both give ${r.metric} for scenario ${m.scenario} round ${m.round} with the same conditions; give the measurements different conditions`,
        );
      }
      if (clash !== undefined) {
        clash.values.push(r.value);
        clash.flags = [...new Set([...clash.flags, ...m.flags])];
        for (const [kind, text] of Object.entries(m.details ?? {}) as [FlagKind, string][]) {
          clash.details[kind] = clash.details[kind] !== undefined ? `${clash.details[kind]}; ${text}` : text;
        }
      } else group.byRound.set(m.round, {values: [r.value], file: m.file, flags: m.flags, details: {...(m.details ?? {})}});
      groups.set(key, group);
    }
  }
  return [...groups.values()].flatMap((g) => {
    const rounds = [...g.byRound.entries()].sort(([a], [b]) => a - b).map(([, v]) => v.values);
    const flags = flagsFor(g);
    const conditions = Object.keys(g.row.conditions ?? {}).length > 0 ? g.row.conditions : undefined;
    const flagged = flags.length > 0 ? {flags} : {};
    const spec = pooledOf.get(g.row.metric);
    if (spec === undefined) {
      const ordered = rounds.map((values) => values[0]);
      return [{...g.row, conditions, value: tidy(median(ordered)), samples: ordered.map(tidy), min: tidy(Math.min(...ordered)), max: tidy(Math.max(...ordered)), ...flagged}];
    }
    if (g.row.conditions?.stat !== undefined) throw new IngestError(`${g.row.metric} is pooled into statistics, but a parser already gave it stat=${g.row.conditions.stat}; pool only plain events`);
    const events = rounds.flat();
    return spec.stats.map((stat) => ({
      ...g.row,
      conditions: {...(g.row.conditions ?? {}), stat},
      value: tidy(percentile(events, PERCENT_OF[stat])),
      samples: events.map(tidy),
      min: tidy(Math.min(...events)),
      max: tidy(Math.max(...events)),
      ...flagged,
    }));
  });
}
