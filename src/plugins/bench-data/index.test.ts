/**
 * The module a page imports, `@bench-data/<suite>`, as the plugin writes it:
 * the shown version, the manifest, and the suite's claims found by the
 * suite's name (no registry), or none for a suite without a claims file.
 * The generated files are written out and imported, as webpack would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {LoadContext} from '@docusaurus/types';
import type {SuiteBundle} from '@site/src/data/bundle';
import {readClaimSet} from '@site/src/data/claims/load';
import benchDataPlugin, {type BenchDataContent, type BenchDataGlobal} from './index';

const repoRoot = path.resolve(__dirname, '../../..');
const copy = (from: string, site: string, to: string) => {
  fs.mkdirSync(path.dirname(path.join(site, to)), {recursive: true});
  fs.copyFileSync(path.join(repoRoot, from), path.join(site, to));
};

describe('bench-data plugin: the generated suite modules', () => {
  let site: string;
  let global: BenchDataGlobal | undefined;
  const outDir = () => path.join(site, '.docusaurus/bench-data/default');
  const importBundle = async (name: string) => ((await import(path.join(outDir(), name))) as {default: SuiteBundle}).default;

  beforeAll(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-plugin-'));
    copy('static/data/eks-cni/2026-02-09.json', site, 'data/eks-cni/2026-02-09.json');
    copy('static/data/local/2026-11-21.json', site, 'data/local/2026-11-21.json');
    copy('static/data/local/2026-11-23.json', site, 'data/local/2026-11-23.json');
    copy('static/data/eks-cni/claims.json', site, 'data/eks-cni/claims.json');
    copy('static/data/eks-cni/versions.json', site, 'data/eks-cni/versions.json');
    // The local suite's reasons for the two versions copied (its versions.json lists a third).
    const localLog = JSON.parse(fs.readFileSync(path.join(repoRoot, 'static/data/local/versions.json'), 'utf8'));
    const kept = {suite: 'local', versions: {'2026-11-21': localLog.versions['2026-11-21'], '2026-11-23': localLog.versions['2026-11-23']}};
    fs.writeFileSync(path.join(site, 'data/local/versions.json'), JSON.stringify(kept));
    const plugin = benchDataPlugin({siteDir: site, generatedFilesDir: path.join(site, '.docusaurus')} as LoadContext, {dataDir: 'data'});
    const content = (await plugin.loadContent?.()) as BenchDataContent;
    const createData = async (name: string, data: string) => {
      const file = path.join(outDir(), name);
      fs.mkdirSync(path.dirname(file), {recursive: true});
      fs.writeFileSync(file, data);
      return file;
    };
    await plugin.contentLoaded?.({content, actions: {createData, setGlobalData: (g: BenchDataGlobal) => (global = g)}} as never);
  });
  afterAll(() => fs.rmSync(site, {recursive: true, force: true}));

  it('a suite with a claims file carries its claims, found by the suite name', async () => {
    const eks = await importBundle('eks-cni/index.js');
    expect(eks.current.suite).toBe('eks-cni');
    const {$schema: _ignored, ...expected} = readClaimSet(path.join(site, 'data'), 'eks-cni')!;
    expect(eks.claims).toEqual(expected);
    expect(eks.claims?.claims.length).toBeGreaterThan(0);
  });

  it('a suite without one carries none, and a pinned version module carries the same claims', async () => {
    const local = await importBundle('local/index.js');
    expect(local.manifest.suite).toBe('local');
    expect(local.current.version).toBe('2026-11-23');
    expect(local.claims).toBeUndefined();
    const pinned = await importBundle('eks-cni/2026-02-09.js');
    expect(pinned.claims?.suite).toBe('eks-cni');
  });

  it('each version carries its reason and dates; the suite module also what changed, every page’s global data not', async () => {
    const local = await importBundle('local/index.js');
    const [first, second] = local.manifest.versions;
    expect(first.release.kind).toBe('new-run');
    expect(second.release.kind).toBe('re-ingest');
    expect(second.release.sameRawAs).toBe('2026-11-21');
    expect(second.release.changes?.en).toBeTruthy();
    expect(second.release.diff?.previous).toBe('2026-11-21');
    expect(second.release.diff?.removedMetrics).toContain('pod_rtt');
    expect(second.release.diff?.addedMetrics).toContain('loaded_rtt');
    const listed = global?.suites.find((x) => x.suite === 'local')?.versions[1];
    expect(listed?.release).toEqual({kind: 're-ingest', publishedAt: second.release.publishedAt, sameRawAs: '2026-11-21'});
  });
});
