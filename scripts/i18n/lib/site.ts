/** Where the site keeps its docs and translations, and how a locale's copy maps to the English source. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export const DOCS_DIR = 'docs';
export const LOCALES_FILE = 'i18n/locales.ts';

export interface LocaleConfig {
  label: string;
  htmlLang: string;
  direction?: 'ltr' | 'rtl';
}

export interface SiteLocales {
  defaultLocale: string;
  locales: Record<string, LocaleConfig>;
}

/** Front matter fields this tooling owns in translated docs. */
export const SOURCE_HASH = 'source_hash';
export const TRANSLATION_STATUS = 'translation_status';
export const UNTRANSLATED = 'untranslated';

/**
 * The locale list of the site at `root`, evaluated from i18n/locales.ts like
 * the config does. Transpiled and run here rather than imported, so that an
 * edit made by locale:add is seen at once, under tsx and vitest alike.
 */
export function loadLocales(root: string): Promise<SiteLocales> {
  const file = path.resolve(root, LOCALES_FILE);
  const {outputText} = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: {module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022},
    fileName: file,
  });
  const mod: {exports: {DEFAULT_LOCALE?: string; LOCALES?: Record<string, LocaleConfig>}} = {exports: {}};
  new Function('module', 'exports', 'require', outputText)(mod, mod.exports, createRequire(file));
  const {DEFAULT_LOCALE, LOCALES} = mod.exports;
  if (!DEFAULT_LOCALE || !LOCALES) return Promise.reject(new Error(`${LOCALES_FILE} must export DEFAULT_LOCALE and LOCALES`));
  return Promise.resolve({defaultLocale: DEFAULT_LOCALE, locales: LOCALES});
}

/** i18n/<locale>/docusaurus-plugin-content-docs/current, relative to the site root. */
export function localeDocsDir(locale: string): string {
  return `i18n/${locale}/docusaurus-plugin-content-docs/current`;
}

export const isPage = (relPath: string): boolean => /\.mdx?$/.test(relPath);

/** Sidebar category metadata is read from docs/ only; labels are translated in current.json. */
export const isCategoryFile = (relPath: string): boolean => /(^|\/)_category_\.(json|ya?ml)$/.test(relPath);

/** Every file under `dir` (relative to root), as sorted POSIX paths relative to `dir`; [] when absent. */
export function listFiles(root: string, dir: string): string[] {
  const base = path.join(root, dir);
  if (!fs.existsSync(base)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(base, rel), {withFileTypes: true})) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

export function sha256(content: string | Buffer): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

/** The hash a translation records: sha256 of the English source file's bytes. */
export function sourceHashOf(root: string, relPage: string): string {
  return sha256(fs.readFileSync(path.join(root, DOCS_DIR, relPage)));
}
