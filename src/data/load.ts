/**
 * Node-side loading of every dataset under a directory (static/data by
 * default). Used by the Docusaurus data plugin, the ingest CLI and tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Dataset} from './schema';
import {checkLocation, DatasetError, parseDataset} from './validate';
import {compareVersions} from './versions';
import {versionFiles} from './suiteFolder';

export interface LoadedDataset {
  /** Path relative to the data directory, e.g. "eks-cni/2026-02-09.json". */
  file: string;
  dataset: Dataset;
}

/**
 * Dataset files: <dir>/<suite>/<version>.json. The suite's own files (suite.json,
 * claims.json), its raw/ folder and files other than JSON are not versions; any other
 * JSON file is read as one, so a misnamed version fails instead of vanishing.
 */
export function listDatasetFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .flatMap((d) => versionFiles(path.join(dir, d.name)).map((f) => `${d.name}/${f}`))
    .sort();
}

/**
 * Load and validate all datasets. Every problem in every file is collected
 * first, so one build run shows them all.
 */
export function loadDatasets(dir: string): LoadedDataset[] {
  const loaded: LoadedDataset[] = [];
  const problems: DatasetError[] = [];
  for (const file of listDatasetFiles(dir)) {
    const shown = path.join(path.relative(process.cwd(), dir) || '.', file);
    try {
      loaded.push({file, dataset: parseDataset(fs.readFileSync(path.join(dir, file), 'utf8'), shown)});
    } catch (e) {
      if (e instanceof DatasetError) problems.push(e);
      else throw e;
    }
  }
  // Duplicates first, so two files claiming one version are named together.
  const byKey = new Map<string, string>();
  for (const {file, dataset} of loaded) {
    const key = `${dataset.suite}@${dataset.version}`;
    const other = byKey.get(key);
    if (other) {
      problems.push(new DatasetError(file, [`$.version: ${key} is also claimed by ${other}`]));
      continue;
    }
    byKey.set(key, file);
    try {
      checkLocation(dataset, file);
    } catch (e) {
      problems.push(e as DatasetError);
    }
  }
  if (problems.length) {
    throw new Error(`${problems.length} invalid dataset file(s):\n${problems.map((p) => p.message).join('\n')}`);
  }
  return loaded.sort((a, b) => a.dataset.suite.localeCompare(b.dataset.suite) || compareVersions(a.dataset.version, b.dataset.version));
}
