/** Where a dataset version is written, and the rule that versions are never overwritten. */
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {basename, join} from 'node:path';
import {VERSION_PATTERN, type Dataset} from '../../../src/data/schema';
import {lockVersion} from '../../../src/data/versionLock';
import {IngestError} from './errors';

export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The version to write: the one asked for (which must be free), else today's date, else today.N. */
export function chooseVersion(outDir: string, suite: string, requested?: string, now = new Date()): string {
  const taken = (v: string) => existsSync(join(outDir, suite, `${v}.json`));
  if (requested !== undefined) {
    if (!VERSION_PATTERN.test(requested)) throw new IngestError(`--version ${requested}: must look like YYYY-MM-DD or YYYY-MM-DD.N`);
    if (taken(requested)) throw new IngestError(`${join(outDir, suite, `${requested}.json`)} already exists; datasets are immutable: choose another --version`);
    return requested;
  }
  const base = today(now);
  if (!taken(base)) return base;
  for (let n = 1; ; n++) if (!taken(`${base}.${n}`)) return `${base}.${n}`;
}

/** Write <outDir>/<suite>/<version>.json; fails (never overwrites) if it exists. */
export function writeDataset(outDir: string, dataset: Dataset): string {
  const dir = join(outDir, dataset.suite);
  const file = join(dir, `${dataset.version}.json`);
  mkdirSync(dir, {recursive: true});
  try {
    writeFileSync(file, `${JSON.stringify(dataset, null, 2)}\n`, {flag: 'wx'});
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new IngestError(`${file} already exists; datasets are immutable: choose another --version`);
    throw e;
  }
  // Published versions are locked by hash beside them (static/data/<suite>/SHA256SUMS).
  lockVersion(dir, basename(file));
  return file;
}
