/**
 * A throwaway copy of the site for tests that run the real Docusaurus CLI on
 * modified inputs. Sources are copied; node_modules is symlinked (read-only
 * use); build outputs and caches are left behind.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/**
 * Top-level entries never copied: outputs, caches, VCS, dependencies. `.cache` holds the
 * local cluster's binaries and images once built (over 800 MB): copied, they made each
 * site copy take minutes on a loaded machine.
 */
const SKIPPED = new Set(['node_modules', 'build', '.docusaurus', '.cache', '.git', 'test-results', 'playwright-report', '.cache-loader', 'bench-runs']);

/**
 * node_modules is shared with the real checkout, and webpack keeps its
 * persistent cache in node_modules/.cache: a copy must not read or write it.
 */
export const COPY_ENV = {DOCUSAURUS_NO_PERSISTENT_CACHE: '1', FORCE_COLOR: '0', NO_COLOR: '1'};

export interface SiteCopy {
  dir: string;
  /** Write `content` (JSON-serialised unless a string) at a path relative to the copy. */
  write(relPath: string, content: unknown): void;
  remove(relPath: string): void;
  /** Run a command in the copy; returns exit status and stdout+stderr together. */
  run(command: string, args: string[], timeoutMs?: number, env?: Record<string, string>): {status: number | null; output: string};
  dispose(): void;
}

export function copySite(): SiteCopy {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-copy-'));
  for (const entry of fs.readdirSync(REPO_ROOT)) {
    if (SKIPPED.has(entry)) continue;
    fs.cpSync(path.join(REPO_ROOT, entry), path.join(dir, entry), {recursive: true});
  }
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return {
    dir,
    write(relPath, content) {
      const file = path.join(dir, relPath);
      fs.mkdirSync(path.dirname(file), {recursive: true});
      fs.writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
    },
    remove(relPath) {
      fs.rmSync(path.join(dir, relPath), {force: true});
    },
    run(command, args, timeoutMs = 120_000, env = {}) {
      const result = spawnSync(command, args, {cwd: dir, encoding: 'utf8', timeout: timeoutMs, env: {...process.env, ...COPY_ENV, ...env}});
      if (result.error) throw result.error;
      return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
    },
    dispose() {
      fs.rmSync(dir, {recursive: true, force: true});
    },
  };
}
