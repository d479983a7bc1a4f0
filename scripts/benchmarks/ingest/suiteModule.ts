/**
 * A suite's module, src/data/suites/<suite>.ts, found by its name: the ingest
 * takes the suite's title from it (`TITLE`), so a new suite needs no entry in
 * the ingest. The module is plain TypeScript with relative imports, loaded as
 * the site loads it.
 */
import {existsSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {localizedText, SUITE_PATTERN, type LocalizedText} from '../../../src/data/schema';
import {IngestError} from './errors';

export const SUITES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/data/suites');

/** The suite module's `TITLE`; undefined when the suite has no module or the module no title. */
export async function suiteTitle(suite: string, dir = SUITES_DIR): Promise<LocalizedText | undefined> {
  const file = join(dir, `${suite}.ts`);
  if (!SUITE_PATTERN.test(suite) || !existsSync(file)) return undefined;
  const {TITLE} = (await import(pathToFileURL(file).href)) as {TITLE?: unknown};
  if (TITLE === undefined) return undefined;
  const parsed = localizedText.safeParse(TITLE);
  if (!parsed.success) {
    const where = relative(process.cwd(), file) || file;
    throw new IngestError(`${where}: TITLE is not a localized text (${parsed.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ')})`);
  }
  return parsed.data;
}
