/**
 * Every suite with data has its folder's suite.json (static/data/<suite>/), and
 * the title there is the title its newest dataset version carries (the ingest
 * writes it into each new version, so the two must not drift).
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadDatasets} from '../data/load';
import {listSuites, readSuiteInfo} from '../data/suiteFolder';
import {compareVersions} from '../data/versions';

const dataDir = path.resolve(__dirname, '../../static/data');
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
