/**
 * Every suite with data has its module here, found by the suite's name, and
 * the module's TITLE is the title its newest dataset version carries (the
 * ingest writes TITLE into each new version, so the two must not drift).
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadDatasets} from '../load';
import {compareVersions} from '../versions';

const repoRoot = path.resolve(__dirname, '../../..');
const datasets = loadDatasets(path.join(repoRoot, 'static/data')).map((l) => l.dataset);
const suites = [...new Set(datasets.map((d) => d.suite))].sort();

describe('suite modules', () => {
  it('there are suites to check', () => {
    expect(suites.length).toBeGreaterThan(0);
  });

  for (const suite of suites) {
    it(`${suite}: src/data/suites/${suite}.ts exists and its TITLE is the newest version's title`, async () => {
      const file = path.join(__dirname, `${suite}.ts`);
      expect(fs.existsSync(file), file).toBe(true);
      const {TITLE} = (await import(file)) as {TITLE?: unknown};
      const newest = datasets.filter((d) => d.suite === suite).sort((a, b) => compareVersions(a.version, b.version)).at(-1)!;
      expect(TITLE).toEqual(newest.title);
    });
  }
});
