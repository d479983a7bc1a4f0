import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {loadDatasets} from './load';
import {loadReleases, readVersionLog, ReleaseError, resolveReleases, type VersionLog} from './releases';
import {datasetSchema, type Dataset} from './schema';
import {makeDataset} from './testing/makeDataset';
import {suiteManifest, listingManifest} from './manifest';

const DATA = path.resolve(__dirname, '../../static/data');

const raw = (...hashes: string[]) => hashes.map((h, i) => ({path: `raw/f${i}`, sha256: h.repeat(64)}));
const v = (version: string, rawFiles: string[], extra: Partial<Dataset> = {}): Dataset =>
  makeDataset({suite: 's', version, collectedAt: version.slice(0, 10), source: {kind: 'measured', script: 'x.sh', scriptVersion: '1', raw: raw(...rawFiles)}, ...extra});
const log = (versions: VersionLog['versions']): VersionLog => ({suite: 's', versions});

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ReleaseError) return e.problems;
    throw e;
  }
  return [];
}

describe('the site’s datasets', () => {
  const datasets = loadDatasets(DATA).map((l) => l.dataset);
  const releases = loadReleases(DATA, datasets);

  it('every version has a release (its own or its suite’s versions.json)', () => {
    for (const d of datasets) expect(releases.get(d.suite)?.get(d.version), `${d.suite}@${d.version}`).toBeDefined();
  });

  it('a version is marked as citing the raw files of an earlier one exactly when their path+hash lists match', () => {
    const list = (d: Dataset) => JSON.stringify((d.source.raw ?? []).map((r) => r.sha256).sort());
    for (const d of datasets) {
      const earlier = datasets.filter((o) => o.suite === d.suite && o.version < d.version && (o.source.raw ?? []).length > 0 && list(o) === list(d));
      const r = releases.get(d.suite)!.get(d.version)!;
      expect(r.sameRawAs !== undefined, `${d.suite}@${d.version}`).toBe(earlier.length > 0);
      expect(r.kind === 're-ingest', `${d.suite}@${d.version}: re-ingest iff same raw files`).toBe(earlier.length > 0);
    }
  });

  it('each version but the first of a suite knows what changed against the one before it, and the listing carries neither texts nor counts', () => {
    const local = datasets.filter((d) => d.suite === 'local');
    const m = suiteManifest(local, releases.get('local')!);
    expect(m.versions[0].release.diff).toBeUndefined();
    m.versions.slice(1).forEach((info, i) => expect(info.release.diff?.previous).toBe(local[i].version));
    for (const info of listingManifest(m).versions) {
      expect(info.release.changes).toBeUndefined();
      expect(info.release.diff).toBeUndefined();
    }
  });

  it('a suite’s versions file names only versions that exist, and a correction or re-ingest says what changed', () => {
    for (const suite of new Set(datasets.map((d) => d.suite))) {
      const file = readVersionLog(DATA, suite);
      for (const [version, r] of Object.entries(file?.versions ?? {})) {
        expect(datasets.some((d) => d.suite === suite && d.version === version), `${suite}/versions.json: ${version}`).toBe(true);
        if (r.kind !== 'new-run') expect(r.changes?.en, `${suite}@${version}`).toBeTruthy();
      }
    }
  });
});

describe('resolveReleases', () => {
  it('names the version file, the field, the versions file and the fix when a version has no release', () => {
    const [p] = problems(() => resolveReleases([v('2026-01-01', ['a'])], undefined, 'static/data/s'));
    expect(p).toContain('static/data/s/2026-01-01.json: $.release: missing');
    expect(p).toContain('static/data/s/versions.json has no $.versions["2026-01-01"]');
    expect(p).toMatch(/add to static\/data\/s\/versions\.json "2026-01-01": \{"kind"/);
  });

  it('takes the version’s own release, or its entry in the versions file, and refuses both', () => {
    const own = v('2026-01-01', ['a'], {release: {kind: 'new-run', publishedAt: '2026-01-03'}});
    expect(resolveReleases([own], undefined, 'f').get('2026-01-01')?.publishedAt).toBe('2026-01-03');
    expect(resolveReleases([v('2026-01-01', ['a'])], log({'2026-01-01': {kind: 'new-run', publishedAt: '2026-01-04'}}), 'f').get('2026-01-01')?.publishedAt).toBe('2026-01-04');
    const [p] = problems(() => resolveReleases([own], log({'2026-01-01': {kind: 'new-run', publishedAt: '2026-01-04'}}), 'f'));
    expect(p).toMatch(/f\/versions\.json: \$\.versions\["2026-01-01"\]: .*own \$\.release; remove this entry/);
  });

  it('checks a re-ingest against the raw files’ hashes, both ways', () => {
    const first = v('2026-01-01', ['a', 'b']);
    const again = v('2026-01-02', ['b', 'a']);
    const other = v('2026-01-02', ['a', 'c']);
    const entries = (kind: 'new-run' | 're-ingest'): VersionLog['versions'] => ({
      '2026-01-01': {kind: 'new-run', publishedAt: '2026-01-01'},
      '2026-01-02': {kind, publishedAt: '2026-01-02', changes: {en: 'parser'}},
    });
    expect(resolveReleases([first, again], log(entries('re-ingest')), 'f').get('2026-01-02')?.sameRawAs).toBe('2026-01-01');
    expect(problems(() => resolveReleases([first, again], log(entries('new-run')), 'f'))[0]).toMatch(/"new-run", but 2026-01-02 cites exactly the raw files of 2026-01-01.*say "re-ingest"/);
    expect(problems(() => resolveReleases([first, other], log(entries('re-ingest')), 'f'))[0]).toMatch(/"re-ingest", but 2026-01-02 cites raw files no earlier version cites.*"correction" or "new-run"/);
    // Versions citing no raw file (transcribed, the site's own timings) are never each other's re-ingest.
    const bare = [v('2026-01-01', []), v('2026-01-02', [])];
    expect(resolveReleases(bare, log(entries('new-run')), 'f').get('2026-01-02')?.sameRawAs).toBeUndefined();
  });

  it('refuses an entry for a version that does not exist and a publication before collection', () => {
    const ps = problems(() => resolveReleases([v('2026-01-05', ['a'])], log({'2026-01-05': {kind: 'new-run', publishedAt: '2026-01-04'}, '2026-02-01': {kind: 'new-run', publishedAt: '2026-02-01'}}), 'f'));
    expect(ps.some((p) => /publishedAt: 2026-01-04 is before the collection date 2026-01-05/.test(p))).toBe(true);
    expect(ps.some((p) => /\$\.versions\["2026-02-01"\]: there is no f\/2026-02-01\.json/.test(p))).toBe(true);
  });

  it('the schema asks a correction or a re-ingest for its changes; a new run may go without', () => {
    const bad = datasetSchema.safeParse(v('2026-01-01', ['a'], {release: {kind: 'correction', publishedAt: '2026-01-02'} as Dataset['release']}));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toContain('release.changes');
    expect(datasetSchema.safeParse(v('2026-01-01', ['a'], {release: {kind: 'new-run', publishedAt: '2026-01-02'}})).success).toBe(true);
  });
});

describe('readVersionLog', () => {
  let dir: string | undefined;
  afterEach(() => dir && fs.rmSync(dir, {recursive: true, force: true}));

  it('names the file and the field of a bad entry, and a file in the wrong folder', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versions-'));
    fs.mkdirSync(path.join(dir, 's'));
    fs.writeFileSync(path.join(dir, 's', 'versions.json'), JSON.stringify({suite: 's', versions: {'2026-01-01': {kind: 'rerun', publishedAt: '2026-01-01'}}}));
    const [p] = problems(() => readVersionLog(dir!, 's'));
    expect(p).toMatch(/s\/versions\.json: \$\.versions\.2026-01-01\.kind: /);
    fs.writeFileSync(path.join(dir, 's', 'versions.json'), JSON.stringify({suite: 't', versions: {}}));
    expect(problems(() => readVersionLog(dir!, 's'))[0]).toMatch(/\$\.suite: says "t" but the folder is "s"/);
  });
});
