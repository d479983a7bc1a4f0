/**
 * English copies of the docs for a locale: each page marked untranslated
 * and stamped with its source hash. Missing files are created; untranslated
 * copies whose English source changed are refreshed; translated pages are
 * never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import {readField, setFields} from './front-matter';
import {DOCS_DIR, isCategoryFile, isPage, listFiles, localeDocsDir, SOURCE_HASH, sourceHashOf, TRANSLATION_STATUS, UNTRANSLATED} from './site';

export interface ScaffoldResult {
  created: string[];
  refreshed: string[];
}

export function scaffoldDocs(root: string, locale: string): ScaffoldResult {
  const result: ScaffoldResult = {created: [], refreshed: []};
  const targetDir = localeDocsDir(locale);
  for (const rel of listFiles(root, DOCS_DIR)) {
    if (isCategoryFile(rel)) continue;
    const target = path.join(root, targetDir, rel);
    const exists = fs.existsSync(target);
    if (!isPage(rel)) {
      // Images and other files a page may import by relative path.
      if (!exists) {
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.copyFileSync(path.join(root, DOCS_DIR, rel), target);
        result.created.push(`${targetDir}/${rel}`);
      }
      continue;
    }
    const hash = sourceHashOf(root, rel);
    if (exists) {
      const current = fs.readFileSync(target, 'utf8');
      if (readField(current, TRANSLATION_STATUS) !== UNTRANSLATED || readField(current, SOURCE_HASH) === hash) continue;
    }
    const english = fs.readFileSync(path.join(root, DOCS_DIR, rel), 'utf8');
    fs.mkdirSync(path.dirname(target), {recursive: true});
    fs.writeFileSync(target, setFields(english, {[TRANSLATION_STATUS]: UNTRANSLATED, [SOURCE_HASH]: hash}));
    (exists ? result.refreshed : result.created).push(`${targetDir}/${rel}`);
  }
  return result;
}
