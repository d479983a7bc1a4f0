/**
 * Every suite with data has its folder's suite.json (static/data/<suite>/), and
 * the title there is the title its newest dataset version carries (the ingest
 * writes it into each new version, so the two must not drift).
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadDatasets} from '../data/load';
import {listSuites, RAW_DIR, readSuiteInfo} from '../data/suiteFolder';
import {compareVersions} from '../data/versions';

const repoRoot = path.resolve(__dirname, '../..');
const dataDir = path.join(repoRoot, 'static/data');
const datasets = loadDatasets(dataDir).map((l) => l.dataset);
const suites = [...new Set(datasets.map((d) => d.suite))].sort();

describe('suite folders', () => {
  it('every suite with data has a suite.json, and every suite.json has data', () => {
    expect(suites.length).toBeGreaterThan(0);
    expect(listSuites(dataDir)).toEqual(suites);
  });

  for (const suite of suites) {
    it(`${suite}: suite.json's title is the newest version's title`, () => {
      const newest = datasets.filter((d) => d.suite === suite).sort((a, b) => compareVersions(a.version, b.version)).at(-1)!;
      expect(readSuiteInfo(dataDir, suite)?.title).toEqual(newest.title);
    });
  }
});

/**
 * A measured version cites the raw files it was ingested from, and they are served
 * beside it: every cited path lies under static/data/<suite>/raw/ and the file there
 * has the sha256 the version records. (Transcribed versions name their source reports.)
 */
describe('raw files of measured versions', () => {
  for (const d of datasets.filter((x) => x.source.kind === 'measured' && (x.source.raw ?? []).length > 0)) {
    it(`${d.suite}@${d.version}: every cited file is under static/data/${d.suite}/${RAW_DIR}/ with its sha256`, () => {
      const prefix = `static/data/${d.suite}/${RAW_DIR}/`;
      const outside = d.source.raw!.filter((r) => !r.path.startsWith(prefix)).map((r) => r.path);
      expect(outside, `cited outside ${prefix}: move the run there and write a new version that cites it`).toEqual([]);
      for (const r of d.source.raw!) {
        const file = path.join(repoRoot, r.path);
        expect(fs.existsSync(file), `${r.path} is cited but missing`).toBe(true);
        expect(createHash('sha256').update(fs.readFileSync(file)).digest('hex'), r.path).toBe(r.sha256);
      }
    });
  }
});
