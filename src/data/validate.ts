/**
 * Parse + validate one dataset file, turning zod issues into messages that
 * name the file, the JSON path and what was expected.
 */
import type {z} from 'zod';
import {datasetSchema, type Dataset} from './schema';

export class DatasetError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid dataset ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'DatasetError';
  }
}

/** `$.results[3].unit` style path, as jq and JSONPath readers expect. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : `${acc}.${String(p)}`), '$');
}

function describe(issue: z.core.$ZodIssue): string {
  return `${jsonPath(issue.path)}: ${issue.message}`;
}

/** Validate already-parsed JSON. Throws DatasetError listing every problem. */
export function validateDataset(data: unknown, file: string): Dataset {
  const result = datasetSchema.safeParse(data);
  if (!result.success) throw new DatasetError(file, result.error.issues.map(describe));
  return result.data;
}

/** Parse JSON text (rejecting NaN/Infinity, which JSON.parse already refuses) and validate it. */
export function parseDataset(text: string, file: string): Dataset {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new DatasetError(file, [`$: not valid JSON (${(e as Error).message})`]);
  }
  return validateDataset(data, file);
}

/** A dataset must live at <suite>/<version>.json, so URLs and contents never disagree. */
export function checkLocation(dataset: Dataset, relPath: string): void {
  const expected = `${dataset.suite}/${dataset.version}.json`;
  if (relPath.replace(/\\/g, '/') !== expected) {
    throw new DatasetError(relPath, [`$.suite/$.version: file is at "${relPath}" but its content says "${expected}"`]);
  }
}
