/** Facts about the site under test, read from the same sources the build reads. */
import fs from 'node:fs';
import path from 'node:path';
import {DEFAULT_LOCALE, LOCALES} from '../../../i18n/locales';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DATA_DIR = path.join(REPO_ROOT, 'static/data');

export {DEFAULT_LOCALE, LOCALES};
export const LOCALE_IDS = Object.keys(LOCALES);

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
      fs
        .readdirSync(path.join(dir, d.name))
        .filter((f) => f.endsWith('.json'))
        .map((f) => {
          const body = JSON.parse(fs.readFileSync(path.join(dir, d.name, f), 'utf8')) as {title?: Record<string, string>};
          return {suite: d.name, version: path.basename(f, '.json'), title: body.title ?? {}};
        }),
    );
}
