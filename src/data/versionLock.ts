/**
 * Published dataset versions are immutable, and locked by hash: each suite folder
 * (static/data/<suite>/) keeps a SHA256SUMS file in `sha256sum` format, one
 * `<sha256>  <file>` line per version file, sorted by file name, so anyone can check it:
 *
 *   cd static/data/<suite> && sha256sum -c SHA256SUMS
 *
 * The unit test (versionLock.test.ts) checks every suite folder against its lock; the
 * ingest, which writes new versions, can add a version with lockVersion(). Node-safe.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {SUITE_METADATA_FILES, versionFiles} from './suiteFolder';

export const LOCK_FILE = 'SHA256SUMS';

/** What the message for an edited version tells to do instead. */
export const IMMUTABLE_FIX = 'versions are immutable: write a new version with `npm run ingest` instead of editing this one';

export const sha256OfFile = (file: string): string => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** `sha256sum` output lines: hash, a space, then a space (text mode) or `*` (binary mode), then the name. */
const LINE = /^([0-9a-f]{64}) [ *](.+)$/;

export interface Lock {
  /** File name -> locked sha256, in the order of the file. */
  entries: Map<string, string>;
  /** Lines that are not `<sha256>  <file>`, repeated names, and names out of order. */
  problems: string[];
}

/** A SHA256SUMS text. `shown` names the file in the problems. */
export function parseLock(text: string, shown = LOCK_FILE): Lock {
  const entries = new Map<string, string>();
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (line === '') return;
    const m = LINE.exec(line);
    if (!m) return problems.push(`${shown}:${i + 1}: not a \`<sha256>  <file>\` line: ${JSON.stringify(line)}`);
    const [, hash, file] = m;
    if (entries.has(file)) return problems.push(`${shown}:${i + 1}: ${file} is listed twice`);
    entries.set(file, hash);
  });
  const names = [...entries.keys()];
  if (names.join('\n') !== [...names].sort().join('\n')) problems.push(`${shown}: lines are not sorted by file name; sort them: LC_ALL=C sort -k2 -o ${LOCK_FILE} ${LOCK_FILE}`);
  return {entries, problems};
}

/** A SHA256SUMS text for these files and hashes: sorted by file name, as `sha256sum` writes it. */
export function formatLock(entries: ReadonlyMap<string, string>): string {
  return [...entries.keys()]
    .sort()
    .map((file) => `${entries.get(file)}  ${file}\n`)
    .join('');
}

/** The lock of a suite folder; empty when the folder has no SHA256SUMS. */
export function readLock(suiteDir: string): Lock {
  const file = path.join(suiteDir, LOCK_FILE);
  if (!fs.existsSync(file)) return {entries: new Map(), problems: []};
  return parseLock(fs.readFileSync(file, 'utf8'), shownPath(file));
}

const shownPath = (file: string) => path.relative(process.cwd(), file) || file;

/** The message for a locked version whose content changed: the file, both hashes, and what to do instead. */
const editedVersion = (suiteDir: string, file: string, locked: string, actual: string): string =>
  `${path.join(shownPath(suiteDir), file)} differs from its locked hash (${path.join(shownPath(suiteDir), LOCK_FILE)}: ${locked}, file now: ${actual}); ${IMMUTABLE_FIX}`;

/**
 * Every way a suite folder differs from its lock, one message each: a version file not in
 * the lock, a version file whose content differs from its locked hash, a locked name with no
 * version file. Empty when the folder and its lock agree.
 */
export function lockProblems(suiteDir: string): string[] {
  const dir = shownPath(suiteDir);
  const lockName = path.join(dir, LOCK_FILE);
  const {entries, problems} = readLock(suiteDir);
  const versions = versionFiles(suiteDir).sort();
  for (const file of versions) {
    const locked = entries.get(file);
    const actual = sha256OfFile(path.join(suiteDir, file));
    if (locked === undefined) {
      problems.push(
        `${path.join(dir, file)} is not in ${lockName}: a new version is locked when it is published: ` +
          `cd ${dir} && sha256sum ${file} >> ${LOCK_FILE} && LC_ALL=C sort -k2 -o ${LOCK_FILE} ${LOCK_FILE}`,
      );
    } else if (locked !== actual) {
      problems.push(editedVersion(suiteDir, file, locked, actual));
    }
  }
  for (const file of entries.keys()) {
    if (versions.includes(file)) continue;
    problems.push(
      fs.existsSync(path.join(suiteDir, file))
        ? `${lockName} names ${file}, which is not a dataset version (${versionFilesRule}); remove its line`
        : `${lockName} names ${file}, which does not exist: a published version was removed or renamed; restore it (${IMMUTABLE_FIX})`,
    );
  }
  return problems;
}

const versionFilesRule = `a version is a .json file other than ${SUITE_METADATA_FILES.slice(0, -1).join(', ')} and ${SUITE_METADATA_FILES.at(-1)}`;

/**
 * Adds a newly written version to its folder's lock (the ingest, after writing it). A
 * version already locked must still have its locked hash: it throws otherwise, since
 * versions are immutable.
 */
export function lockVersion(suiteDir: string, file: string): void {
  const {entries, problems} = readLock(suiteDir);
  if (problems.length) throw new Error(problems.join('\n'));
  const actual = sha256OfFile(path.join(suiteDir, file));
  const locked = entries.get(file);
  if (locked !== undefined && locked !== actual) {
    throw new Error(editedVersion(suiteDir, file, locked, actual));
  }
  entries.set(file, actual);
  fs.writeFileSync(path.join(suiteDir, LOCK_FILE), formatLock(entries));
}
