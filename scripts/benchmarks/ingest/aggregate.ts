/** Rounds -> one result row per (metric, scenario, conditions): median, min, max, samples, flags. */
import {METRICS} from '../../../src/data/metrics';
import {rowKey, type Flag, type FlagKind, type ResultRow} from '../../../src/data/schema';
import {IngestError} from './errors';
import type {Measurement} from './rundir';
import {roundCountText} from '../../../src/data/roundCounts';
import {median, tidy} from '../../../src/data/stats';

/** The method asks for at least this many rounds per measurement. */
export const MIN_ROUNDS = 3;

interface Group {
  row: Omit<ResultRow, 'value' | 'samples' | 'min' | 'max' | 'flags'>;
  /** value per round, in round order */
  byRound: Map<number, {value: number; file: string; flags: FlagKind[]}>;
}

function flagsFor(group: Group): Flag[] {
  const rounds = [...group.byRound.values()];
  const flags: Flag[] = [];
  const kinds = new Set(rounds.flatMap((r) => r.flags));
  for (const kind of kinds) {
    const hit = rounds.filter((r) => r.flags.includes(kind)).length;
    flags.push({kind, detail: {en: roundCountText({kind: 'inRounds', hit, total: rounds.length})}});
  }
  if (rounds.length < MIN_ROUNDS) flags.push({kind: 'too-few-rounds', detail: {en: roundCountText({kind: 'ofMinimum', count: rounds.length, minimum: MIN_ROUNDS})}});
  return flags;
}

export function aggregate(measurements: readonly Measurement[]): ResultRow[] {
  const groups = new Map<string, Group>();
  for (const m of measurements) {
    for (const r of m.rows) {
      const row = {metric: r.metric, scenario: m.scenario, unit: METRICS[r.metric].unit, conditions: r.conditions};
      const key = rowKey(row);
      const group = groups.get(key) ?? {row, byRound: new Map()};
      const clash = group.byRound.get(m.round);
      if (clash !== undefined) {
        throw new IngestError(
          `${m.file} and ${clash.file} both give ${r.metric} for scenario ${m.scenario} round ${m.round} with the same conditions; give the measurements different conditions`,
        );
      }
      group.byRound.set(m.round, {value: r.value, file: m.file, flags: m.flags});
      groups.set(key, group);
    }
  }
  return [...groups.values()].map((g) => {
    const ordered = [...g.byRound.entries()].sort(([a], [b]) => a - b).map(([, v]) => v.value);
    const flags = flagsFor(g);
    const conditions = Object.keys(g.row.conditions ?? {}).length > 0 ? g.row.conditions : undefined;
    return {
      ...g.row,
      conditions,
      value: tidy(median(ordered)),
      samples: ordered.map(tidy),
      min: tidy(Math.min(...ordered)),
      max: tidy(Math.max(...ordered)),
      ...(flags.length > 0 ? {flags} : {}),
    };
  });
}
