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
  // Babel is the slow part: files already seen with the same content (another
  // check in the same process, e.g. in tests) reuse their result.
  const contents = new Map(files.map((file) => [file, sha256(fs.readFileSync(file))]));
  const fresh = files.filter((file) => !extractionCache.has(contents.get(file)!));
  for (const result of await extractAllSourceCodeFileTranslations(fresh, babelOptions)) {
    extractionCache.set(contents.get(result.sourceCodeFilePath)!, {translations: result.translations, warnings: result.warnings});
  }
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
