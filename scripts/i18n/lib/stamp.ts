/** Records the current English source hash in translated pages' front matter. */
import fs from 'node:fs';
import path from 'node:path';
import {readField, setFields} from './front-matter';
import {DOCS_DIR, isPage, listFiles, loadLocales, localeDocsDir, SOURCE_HASH, sourceHashOf, TRANSLATION_STATUS, UNTRANSLATED} from './site';

export interface StampOutcome {
  file: string;
  status: 'stamped' | 'unchanged';
  note?: string;
}

const LOCALE_PAGE = /^i18n\/([^/]+)\/docusaurus-plugin-content-docs\/current\/(.+)$/;

/** Translated pages (not marked untranslated) that have an English source, in every non-default locale. */
export async function translatedPages(root: string): Promise<string[]> {
  const {defaultLocale, locales} = await loadLocales(root);
  const english = new Set(listFiles(root, DOCS_DIR).filter(isPage));
  return Object.keys(locales)
    .filter((l) => l !== defaultLocale)
    .flatMap((locale) =>
      listFiles(root, localeDocsDir(locale))
        .filter((rel) => isPage(rel) && english.has(rel))
        .map((rel) => `${localeDocsDir(locale)}/${rel}`),
    )
    .filter((file) => readField(fs.readFileSync(path.join(root, file), 'utf8'), TRANSLATION_STATUS) !== UNTRANSLATED);
}

/** Stamps the given pages (paths relative to root, or absolute); throws naming a file that is not a translated page. */
export function stampPages(root: string, files: string[]): StampOutcome[] {
  return files.map((given) => {
    const file = path.relative(root, path.resolve(root, given)).split(path.sep).join('/');
    const match = LOCALE_PAGE.exec(file);
    if (!match || !isPage(file)) throw new Error(`${given}: not a translated doc page (expected i18n/<locale>/docusaurus-plugin-content-docs/current/<page>.md[x])`);
    const page = match[2];
    if (!fs.existsSync(path.join(root, DOCS_DIR, page))) throw new Error(`${given}: no English source ${DOCS_DIR}/${page}`);
    const absolute = path.join(root, file);
    if (!fs.existsSync(absolute)) throw new Error(`${given}: no such file`);
    const text = fs.readFileSync(absolute, 'utf8');
    const hash = sourceHashOf(root, page);
    const note = readField(text, TRANSLATION_STATUS) === UNTRANSLATED ? 'still marked translation_status: untranslated; remove that line once translated' : undefined;
    if (readField(text, SOURCE_HASH) === hash) return {file, status: 'unchanged', note};
    fs.writeFileSync(absolute, setFields(text, {[SOURCE_HASH]: hash}));
    return {file, status: 'stamped', note};
  });
}
