/**
 * The translation ids the site's own code uses, found by the same Babel
 * extractor `docusaurus write-translations` runs over src/.
 */
import fs from 'node:fs';
import path from 'node:path';
import {extractAllSourceCodeFileTranslations, getBabelOptions, getCustomBabelConfigFilePath} from '@docusaurus/babel';
import {globTranslatableSourceFiles} from '@docusaurus/utils';
import {sha256} from './site';

type Extraction = {translations: Record<string, {message: string}>; warnings: string[]};
const extractionCache = new Map<string, Extraction>();

/**
 * Extractions are also kept on disk, in this checkout's .cache/, for the next
 * process: `npm test` extracts the same src/ in the i18n stage, in its tests and
 * in the command-line run they start (seconds of CPU each). One file per
 * extractor version and Babel options; entries by file content.
 */
const DISK_CACHE_DIR = path.resolve(__dirname, '../../../.cache/i18n');

function diskCacheFile(babelOptions: unknown): string {
  // The package exports no package.json: read it beside its entry point (lib/index.js).
  const packageDir = path.dirname(path.dirname(require.resolve('@docusaurus/babel')));
  const {version} = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {version: string};
  return path.join(DISK_CACHE_DIR, `code-ids-${sha256(`${version}\n${JSON.stringify(babelOptions)}`).slice(0, 16)}.json`);
}

function readDiskCache(file: string): void {
  let entries: Record<string, Extraction>;
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return; // none yet, or unreadable: extract again
  }
  for (const [hash, extraction] of Object.entries(entries)) if (!extractionCache.has(hash)) extractionCache.set(hash, extraction);
}

/** Writes the extractions of `hashes` (this run's files: older contents drop out). */
function writeDiskCache(file: string, hashes: Iterable<string>): void {
  try {
    fs.mkdirSync(path.dirname(file), {recursive: true});
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(Object.fromEntries([...new Set(hashes)].map((hash) => [hash, extractionCache.get(hash)]))));
    fs.renameSync(temp, file); // whole files only, for processes reading at the same time
  } catch {
    // A cache that cannot be written costs the next process time, not a result.
  }
}

export interface CodeId {
  /** English message (the default shown when a locale lacks the id). */
  message: string;
  /** Source files using the id, relative to the site root. */
  files: string[];
}

export interface CodeIds {
  ids: Map<string, CodeId>;
  /** Calls the extractor could not read statically (e.g. a computed id), per file. */
  warnings: {file: string; warning: string}[];
}

export async function extractCodeIds(root: string): Promise<CodeIds> {
  const files = await globTranslatableSourceFiles([path.join(root, 'src')]);
  const babelOptions = getBabelOptions({isServer: true, babelOptions: await getCustomBabelConfigFilePath(root)});
  // Babel is the slow part: files already seen with the same content (in this
  // process or, through the disk cache, an earlier one) reuse their result.
  const contents = new Map(files.map((file) => [file, sha256(fs.readFileSync(file))]));
  const cacheFile = diskCacheFile(babelOptions);
  readDiskCache(cacheFile);
  const fresh = files.filter((file) => !extractionCache.has(contents.get(file)!));
  for (const result of await extractAllSourceCodeFileTranslations(fresh, babelOptions)) {
    extractionCache.set(contents.get(result.sourceCodeFilePath)!, {translations: result.translations, warnings: result.warnings});
  }
  if (fresh.length > 0) writeDiskCache(cacheFile, contents.values());
  const extracted = files.map((file) => ({sourceCodeFilePath: file, ...extractionCache.get(contents.get(file)!)!}));
  const ids = new Map<string, CodeId>();
  const warnings: CodeIds['warnings'] = [];
  for (const {sourceCodeFilePath, translations, warnings: fileWarnings} of extracted) {
    const file = path.relative(root, sourceCodeFilePath).split(path.sep).join('/');
    for (const [id, {message}] of Object.entries(translations)) {
      const entry = ids.get(id) ?? {message, files: []};
      entry.files.push(file);
      ids.set(id, entry);
    }
    for (const warning of fileWarnings) warnings.push({file, warning: warning.split('\n')[0]});
  }
  return {ids, warnings};
}
