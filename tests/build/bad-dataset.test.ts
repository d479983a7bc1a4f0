/**
 * A bad dataset must stop the real site build, and the error must say which
 * file and which JSON path are wrong: one real build proves the loader's errors
 * reach `docusaurus build` and stop it. What the loader reports for each kind of
 * bad dataset (wrong unit, invalid JSON, two files claiming one version, a file
 * under the wrong name, ...) is checked without a build, in src/data/load.test.ts
 * and src/data/schema.test.ts. Dataset loading runs before webpack, so the
 * failing build takes seconds.
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {versionFiles} from '../../src/data/suiteFolder';
import {copySite, REPO_ROOT, type SiteCopy} from './site-copy';

const DATA_DIR = 'static/data';
const SUITE = 'eks-cni';

/** The suite's existing dataset files, as the starting point for bad ones. */
function existingVersions(): string[] {
  return versionFiles(path.join(REPO_ROOT, DATA_DIR, SUITE)).sort();
}

function readDataset(file: string): {version: string; collectedAt: string; results: {metric: string; unit: string}[]} {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, DATA_DIR, SUITE, file), 'utf8'));
}

function buildEnglish(site: SiteCopy) {
  return site.run('npx', ['docusaurus', 'build', '--locale', 'en']);
}

// The test runs a Docusaurus build, given up to 120 s (SiteCopy.run): longer than vitest's 60 s per test.
describe('site build with a bad dataset', {timeout: 180_000}, () => {
  let site: SiteCopy;
  const [template] = existingVersions();

  // The sources are copied (tens of MB): seconds, more on a loaded machine.
  beforeAll(() => {
    site = copySite();
  }, 60_000);
  afterAll(() => site?.dispose());

  it('fails naming the file and the JSON path of a wrong unit', () => {
    const badFile = `${DATA_DIR}/${SUITE}/2099-01-01.json`;
    const dataset = readDataset(template);
    dataset.version = '2099-01-01';
    dataset.collectedAt = '2099-01-01';
    const index = dataset.results.length - 1;
    dataset.results[index].unit = `not-${dataset.results[index].unit}`;
    site.write(badFile, dataset);
    try {
      const {status, output} = buildEnglish(site);
      expect(status).not.toBe(0);
      expect(output).toContain(badFile);
      expect(output).toContain(`$.results[${index}].unit`);
      expect(output).toContain(`not-${readDataset(template).results[index].unit}`);
    } finally {
      site.remove(badFile);
    }
  });
});
