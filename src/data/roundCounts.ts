import type {Dataset, ResultRow} from './schema';

/**
 * The rounds a result row's figure stands on: its per-round samples when it keeps them,
 * else the dataset's method (a single-run method: one).
 */
export function roundsBehind(row: Pick<ResultRow, 'samples'>, method: Pick<Dataset['method'], 'rounds' | 'aggregate'>): number {
  if (row.samples) return row.samples.length;
  return method.aggregate === 'single' ? 1 : method.rounds;
}

/**
 * The round counts the ingest writes into flag details, in English ("in 2 of 3
 * rounds", "1 of 3 rounds"), and their reading back, so the site can show
 * them in the reader's language (flagDetail in src/words/labels.ts). One definition for both.
 */
export type RoundCount = {kind: 'inRounds'; hit: number; total: number; found?: string} | {kind: 'ofMinimum'; count: number; minimum: number};

export function roundCountText(c: RoundCount): string {
  if (c.kind === 'ofMinimum') return `${c.count} of ${c.minimum} rounds`;
  return `in ${c.hit} of ${c.total} rounds${c.found !== undefined ? `: ${c.found}` : ''}`;
}

export function parseRoundCount(text: string): RoundCount | null {
  const inRounds = /^in (\d+) of (\d+) rounds$/.exec(text);
  if (inRounds) return {kind: 'inRounds', hit: Number(inRounds[1]), total: Number(inRounds[2])};
  const found = /^in (\d+) of (\d+) rounds: (.+)$/s.exec(text);
  if (found) return {kind: 'inRounds', hit: Number(found[1]), total: Number(found[2]), found: found[3]};
  const ofMinimum = /^(\d+) of (\d+) rounds$/.exec(text);
  if (ofMinimum) return {kind: 'ofMinimum', count: Number(ofMinimum[1]), minimum: Number(ofMinimum[2])};
  return null;
}
