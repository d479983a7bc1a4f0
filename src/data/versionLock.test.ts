/**
 * Every published dataset version is locked by hash (static/data/<suite>/SHA256SUMS,
 * versionLock.ts): a version file missing from its lock, edited after it was locked, or a
 * locked version gone fails here. The transcribed versions were checked against their
 * source reports when they were written; the lock keeps them as they were checked.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {listSuites, versionFiles} from './suiteFolder';
import {formatLock, IMMUTABLE_FIX, LOCK_FILE, lockProblems, lockVersion, parseLock, readLock, sha256OfFile} from './versionLock';

const DATA_DIR = path.resolve(__dirname, '../../static/data');

describe('published versions match their locks', () => {
  const suites = listSuites(DATA_DIR);
  it('there are suites to check', () => expect(suites.length).toBeGreaterThan(0));
  it.each(suites)('static/data/%s/SHA256SUMS', (suite) => {
    expect(lockProblems(path.join(DATA_DIR, suite))).toEqual([]);
    expect(versionFiles(path.join(DATA_DIR, suite)).length, 'versions in the folder').toBeGreaterThan(0);
  });
});

describe('version lock', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, {recursive: true, force: true})));

  /** A suite folder with these files, and a lock of the version files among them. */
  function suiteDir(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'version-lock-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const entries = new Map(versionFiles(dir).map((f) => [f, sha256OfFile(path.join(dir, f))]));
    fs.writeFileSync(path.join(dir, LOCK_FILE), formatLock(entries));
    return dir;
  }
  const base = {'suite.json': '{}', 'claims.json': '{}', '2026-01-02.json': '{"v":1}', '2026-01-02.1.json': '{"v":2}'};

  it('locks the version files only, sorted by name, in sha256sum format', () => {
    const dir = suiteDir(base);
    const text = fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8');
    expect(text.split('\n').filter(Boolean).map((l) => l.slice(66))).toEqual(['2026-01-02.1.json', '2026-01-02.json']);
    expect(lockProblems(dir)).toEqual([]);
    let sha256sum: string | undefined;
    try {
      sha256sum = execFileSync('sha256sum', ['-c', LOCK_FILE], {cwd: dir, encoding: 'utf8'});
    } catch (e) {
      if ((e as {code?: string}).code !== 'ENOENT') throw e;
    }
    if (sha256sum !== undefined) expect(sha256sum).toBe('2026-01-02.1.json: OK\n2026-01-02.json: OK\n');
  });

  it('fails on an edited version, naming the file, both hashes and what to do instead', () => {
    const dir = suiteDir(base);
    const locked = readLock(dir).entries.get('2026-01-02.json');
    fs.writeFileSync(path.join(dir, '2026-01-02.json'), '{"v":1.5}');
    const [problem, ...rest] = lockProblems(dir);
    expect(rest).toEqual([]);
    // Named as the reader's shell would (relative to the working directory).
    expect(problem).toContain(path.relative(process.cwd(), path.join(dir, '2026-01-02.json')));
    expect(problem).toContain(locked);
    expect(problem).toContain(sha256OfFile(path.join(dir, '2026-01-02.json')));
    expect(problem).toContain(IMMUTABLE_FIX);
  });

  it('fails on a version missing from the lock, saying how to lock it', () => {
    const dir = suiteDir(base);
    fs.writeFileSync(path.join(dir, '2026-02-01.json'), '{"v":3}');
    expect(lockProblems(dir)).toEqual([expect.stringMatching(/2026-02-01\.json is not in .*SHA256SUMS: .*sha256sum 2026-02-01\.json >> SHA256SUMS/)]);
  });

  it('fails on a locked version that is gone, and on a folder without a lock', () => {
    const dir = suiteDir(base);
    fs.rmSync(path.join(dir, '2026-01-02.1.json'));
    expect(lockProblems(dir)).toEqual([expect.stringMatching(/SHA256SUMS names 2026-01-02\.1\.json, which does not exist/)]);
    fs.rmSync(path.join(dir, LOCK_FILE));
    expect(lockProblems(dir)).toEqual([expect.stringMatching(/2026-01-02\.json is not in/)]);
  });

  it('reads sha256sum lines in text and binary mode, and rejects others, repeats and disorder', () => {
    const hash = 'a'.repeat(64);
    expect([...parseLock(`${hash}  a.json\n${hash} *b.json\n`).entries.keys()]).toEqual(['a.json', 'b.json']);
    expect(parseLock(`${hash} a.json\n`).problems).toEqual([expect.stringMatching(/:1: not a/)]);
    expect(parseLock(`${hash}  a.json\n${hash}  a.json\n`).problems).toEqual([expect.stringMatching(/:2: a\.json is listed twice/)]);
    expect(parseLock(`${hash}  b.json\n${hash}  a.json\n`).problems).toEqual([expect.stringMatching(/not sorted/)]);
  });

  it('lockVersion adds a new version and refuses to re-lock an edited one', () => {
    const dir = suiteDir(base);
    fs.writeFileSync(path.join(dir, '2026-02-01.json'), '{"v":3}');
    lockVersion(dir, '2026-02-01.json');
    expect(lockProblems(dir)).toEqual([]);
    fs.writeFileSync(path.join(dir, '2026-02-01.json'), '{"v":4}');
    expect(() => lockVersion(dir, '2026-02-01.json')).toThrow(IMMUTABLE_FIX);
  });
});
