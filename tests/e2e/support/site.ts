/** Facts about the site under test, read from the same sources the build reads. */
import fs from 'node:fs';
import path from 'node:path';
import {DEFAULT_LOCALE, LOCALES} from '../../../i18n/locales';
import {newestVersion as newestIn, versionFiles} from '../../../src/data/suiteFolder';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DATA_DIR = path.join(REPO_ROOT, 'static/data');

export {DEFAULT_LOCALE, LOCALES};

/**
 * The locales under test: E2E_LOCALES (comma-separated, e.g. "en" for the fast
 * tier's English-only build), else every configured locale. Per-locale specs
 * loop over this list; behaviour specs use DEFAULT_LOCALE only.
 */
export const LOCALE_IDS = e2eLocales(process.env.E2E_LOCALES);

function e2eLocales(list: string | undefined): string[] {
  if (!list) return Object.keys(LOCALES);
  const ids = list.split(',').map((l) => l.trim()).filter(Boolean);
  const unknown = ids.filter((l) => !(l in LOCALES));
  if (unknown.length || ids.length === 0) {
    throw new Error(`E2E_LOCALES="${list}": ${unknown.length ? `unknown locale(s) ${unknown.join(', ')}` : 'empty'}; configured: ${Object.keys(LOCALES).join(', ')}`);
  }
  return ids;
}

/** URL path of `route` ("/docs") in `locale`: "/docs", "/ko/docs"; the home is "/" or "/ko/". */
export function localePath(locale: string, route: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  if (route === '/') return `${prefix}/`;
  return `${prefix}${route}`;
}

export interface DatasetFileInfo {
  suite: string;
  version: string;
  title: Record<string, string>;
}

/** Every static/data/<suite>/<version>.json, read straight from disk. */
export function datasetFiles(dir = DATA_DIR): DatasetFileInfo[] {
  return fs
    .readdirSync(dir, {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      versionFiles(path.join(dir, d.name)).map((f) => {
        const body = JSON.parse(fs.readFileSync(path.join(dir, d.name, f), 'utf8')) as {title?: Record<string, string>};
        return {suite: d.name, version: path.basename(f, '.json'), title: body.title ?? {}};
      }),
    );
}

/** The newest version of a suite in static/data/<suite>/ (its version files, as the build reads them). */
export function newestVersion(suite: string, dir = DATA_DIR): string {
  const newest = newestIn(path.join(dir, suite));
  if (!newest) throw new Error(`no dataset version in ${path.relative(REPO_ROOT, path.join(dir, suite))}/`);
  return newest;
}
