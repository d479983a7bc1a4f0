/** Shared by the ingest tests: fixture paths and small independent calculations. */
import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';

export const FIXTURES = resolve(__dirname, '../../test/fixtures');
export const fixture = (...parts: string[]): string => join(FIXTURES, ...parts);
export const read = (...parts: string[]): string => readFileSync(fixture(...parts), 'utf8');
export const readJson = (...parts: string[]): any => JSON.parse(read(...parts));

/** Median the plain way, written independently of the ingest's stats.ts. */
export function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Relative closeness (the ingest keeps 6 significant digits). */
export function expectClose(actual: number | null | undefined, expected: number): void {
  if (actual === null || actual === undefined) throw new Error(`expected ~${expected}, got ${actual}`);
  const tolerance = Math.max(Math.abs(expected) * 1e-5, 1e-9);
  if (Math.abs(actual - expected) > tolerance) throw new Error(`expected ~${expected}, got ${actual}`);
}
