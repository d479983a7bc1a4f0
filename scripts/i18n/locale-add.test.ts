/**
 * `locale:add` on a temp copy of the sources it reads (test-fixture.ts siteSources):
 * registration, English copies marked untranslated, the check report, re-runs and
 * refusals. Runs are in-process (lib/locale-add.ts), so Babel's pass over src/ is done
 * once, and skip Docusaurus's write-translations: the translation files it writes are
 * stood in for by a copy of an existing locale's. The real run (the command line,
 * write-translations, what it wrote) and the build of its result are
 * tests/e2e/locale-add.spec.ts, in the full tier.
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readField, splitFrontMatter} from './lib/front-matter';
import {localeAdd} from './lib/locale-add';
import {loadLocales} from './lib/site';
import {docsDirOf, englishPages, type Fixture, REPO_ROOT, sha256Of, siteSources} from './test-fixture';

type Run = {status: number | null; output: string};

/** locale:add in this process on `site`, its output collected as the terminal would show it. */
async function addLocale(site: Fixture, ...args: string[]): Promise<Run> {
  const lines: string[] = [];
  const status = await localeAdd([...args, '--root', site.dir], {log: (text) => lines.push(text), error: (text) => lines.push(text)});
  return {status, output: lines.join('\n')};
}

/** The files `docusaurus write-translations --locale <l>` writes (i18n/<l>/...). */
const WRITTEN_BY_DOCUSAURUS = ['code.json', 'docusaurus-theme-classic', 'docusaurus-plugin-content-docs/current.json'];

describe('npm run locale:add', {timeout: 120_000}, () => {
  let site: Fixture;
  let firstRun: Run;

  beforeAll(async () => {
    site = siteSources();
    for (const file of WRITTEN_BY_DOCUSAURUS) fs.cpSync(site.path(`i18n/ko/${file}`), site.path(`i18n/ja/${file}`), {recursive: true});
    firstRun = await addLocale(site, 'ja', '--skip-write-translations');
  }, 120_000);
  afterAll(() => site?.dispose());

  it('registers the locale with its label and html lang, keeping the others', async () => {
    expect(firstRun.status, firstRun.output).toBe(0);
    const {defaultLocale, locales} = await loadLocales(site.dir);
    expect(defaultLocale).toBe('en');
    expect(locales.ja).toEqual({label: '日本語', htmlLang: 'ja'});
    expect(Object.keys(locales)).toEqual(['en', 'ko', 'zh', 'ja']);
  });

  it('copies every English page, marked untranslated, with the sha256 of its source', () => {
    const pages = englishPages(site);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const copy = site.read(`${docsDirOf('ja')}/${page}`);
      expect(readField(copy, 'translation_status'), page).toBe('untranslated');
      expect(readField(copy, 'source_hash'), page).toBe(sha256Of(site, `docs/${page}`));
      expect(splitFrontMatter(copy).body, page).toBe(splitFrontMatter(site.read(`docs/${page}`)).body);
    }
  });

  it('ends with the check report listing what is still English, without errors', () => {
    expect(firstRun.output).toMatch(/^ja: 0 error\(s\), \d+ warning\(s\)$/m);
    const [page] = englishPages(site);
    expect(firstRun.output).toContain(`WARN  ${docsDirOf('ja')}/${page}:translation_status  still English`);
  });

  it('on a re-run adds nothing twice, refreshes stale English copies and leaves translations alone', async () => {
    const [first, second] = englishPages(site);
    site.write(`docs/${first}`, `${site.read(`docs/${first}`)}\nA new English paragraph.\n`);
    const translated = second ?? first;
    const translatedFile = `${docsDirOf('ja')}/${translated}`;
    if (second) site.write(translatedFile, site.read(translatedFile).replace(/^translation_status: untranslated\n/m, '').replace('# ', '# 翻訳済み '));
    const before = site.read(translatedFile);

    const rerun = await addLocale(site, 'ja', '--skip-write-translations');
    expect(rerun.status, rerun.output).toBe(0);
    expect(site.read('i18n/locales.ts').match(/^\s*ja:/gm)).toHaveLength(1);
    expect(rerun.output).toContain('already registered');
    const refreshed = site.read(`${docsDirOf('ja')}/${first}`);
    expect(refreshed).toContain('A new English paragraph.');
    expect(readField(refreshed, 'source_hash')).toBe(sha256Of(site, `docs/${first}`));
    if (second) expect(site.read(translatedFile)).toBe(before);
  });

  it('refuses an unknown language without --label, changing nothing', async () => {
    const before = site.read('i18n/locales.ts');
    const result = await addLocale(site, 'xx', '--skip-write-translations');
    expect(result.status).toBe(2);
    expect(result.output).toContain('--label');
    expect(site.read('i18n/locales.ts')).toBe(before);
  });

  it('rejects a code that is not a language tag, with exit status 2 from the command line', () => {
    const result = site.run(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'scripts/i18n/locale-add.ts'), '../evil', '--root', site.dir, '--skip-write-translations']);
    expect(result.status).toBe(2);
    expect(result.output).toContain('"../evil" is not a BCP 47 tag');
  });
});
