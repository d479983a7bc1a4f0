/**
 * The parity check against planted faults: each fault is made in a fresh
 * copy of a consistent site, and the check must name the file and key of
 * exactly that fault.
 */
import {execFile} from 'node:child_process';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {checkI18n, failed, formatReport, type Problem} from './lib/check';
import {stampPages} from './lib/stamp';
import {consistentSite, docsDirOf, englishPages, type Fixture, NON_DEFAULT_LOCALES, REPO_ROOT, withFrontMatter} from './test-fixture';

const errorsOf = (problems: Problem[]) => problems.filter((p) => p.severity === 'error');
const keysOf = (problems: Problem[]) => problems.map((p) => `${p.locale} ${p.file}:${p.key}`);

/** An English page containing `pattern`, with the first match; the check must be exercised on real pages. */
function pageMatching(site: Fixture, pattern: RegExp): {page: string; match: string} {
  for (const page of englishPages(site)) {
    const match = pattern.exec(site.read(`docs/${page}`));
    if (match) return {page, match: match[0]};
  }
  throw new Error(`no English page matches ${pattern}; the fixture needs one`);
}

/** `npm run i18n:check` as a process, on `site`. */
function cli(site: Fixture, args: string[]): Promise<{status: number | null; stdout: string; stderr: string}> {
  const command = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
  return new Promise((resolve, reject) => {
    execFile(command, [path.join(REPO_ROOT, 'scripts/i18n/check.ts'), '--root', site.dir, ...args], {encoding: 'utf8', timeout: 120_000}, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({status: error ? (error.code as number) : 0, stdout, stderr});
    });
  });
}

// Each check runs Babel over src/ and parses every page (both cached by content in this process).
describe('i18n:check', {timeout: 180_000}, () => {
  let base: Fixture;
  let site: Fixture;

  // Docusaurus write-translations for two locales in a copy of the site: it passed 180 s once at
  // load 15-17 on 2 cores (a full e2e run beside the fast tier); bounded, not a speed check.
  beforeAll(() => {
    base = consistentSite();
  }, 420_000);
  afterAll(() => base?.dispose());
  afterEach(() => site?.dispose());

  const fresh = () => (site = base.fork());

  it('passes on a consistent site', async () => {
    const result = await checkI18n(fresh().dir);
    expect(errorsOf(result.problems), formatReport(result)).toEqual([]);
    expect(result.locales).toEqual(NON_DEFAULT_LOCALES);
    expect(result.pageCount).toBe(englishPages(site).length);
    expect(failed(result, false)).toBe(false);
  });

  it('names a component id missing from one locale code.json', async () => {
    fresh();
    site.write('src/components/I18nFixture/index.tsx', "import {translate} from '@docusaurus/Translate';\nexport const label = () => translate({id: 'fixture.planted', message: 'Planted label'});\n");
    for (const locale of NON_DEFAULT_LOCALES) {
      const file = `i18n/${locale}/code.json`;
      site.write(file, JSON.stringify({...JSON.parse(site.read(file)), 'fixture.planted': {message: `${locale} label`}}, null, 2));
    }
    expect(errorsOf((await checkI18n(site.dir)).problems)).toEqual([]);

    const zhCode = JSON.parse(site.read('i18n/zh/code.json'));
    delete zhCode['fixture.planted'];
    site.write('i18n/zh/code.json', JSON.stringify(zhCode));
    const errors = errorsOf((await checkI18n(site.dir)).problems);
    expect(keysOf(errors)).toEqual(['zh i18n/zh/code.json:fixture.planted']);
    expect(errors[0].message).toContain('src/components/I18nFixture/index.tsx');

    // Present but identical to the English message: a warning, not an error.
    site.write('i18n/zh/code.json', JSON.stringify({...zhCode, 'fixture.planted': {message: 'Planted label'}}));
    const after = (await checkI18n(site.dir)).problems.filter((p) => p.key === 'fixture.planted');
    expect(after.map((p) => `${p.severity} ${p.file}`)).toEqual(['warning i18n/zh/code.json']);
  });

  it('names a code.json id that no source uses any more', async () => {
    fresh();
    const koCode = JSON.parse(site.read('i18n/ko/code.json'));
    site.write('i18n/ko/code.json', JSON.stringify({...koCode, 'fixture.orphan': {message: '아무도 쓰지 않는 문구'}}, null, 2));
    const errors = errorsOf((await checkI18n(site.dir)).problems);
    expect(keysOf(errors)).toEqual(['ko i18n/ko/code.json:fixture.orphan']);
    expect(errors[0].message).toContain('not used by any source');
  });

  it('names a page with no counterpart in one locale', async () => {
    fresh();
    const [page] = englishPages(site);
    site.remove(`${docsDirOf('ko')}/${page}`);
    const errors = errorsOf((await checkI18n(site.dir)).problems);
    expect(keysOf(errors)).toEqual([`ko ${docsDirOf('ko')}/${page}:page`]);
    expect(errors[0].message).toContain(`docs/${page}`);
  });

  it('names translations that are stale after the English page changed, until stamped', async () => {
    fresh();
    const [page] = englishPages(site);
    site.write(`docs/${page}`, `${site.read(`docs/${page}`)}\nA sentence added to the English page.\n`);
    const stale = errorsOf((await checkI18n(site.dir)).problems);
    expect(keysOf(stale).sort()).toEqual(NON_DEFAULT_LOCALES.map((l) => `${l} ${docsDirOf(l)}/${page}:source_hash`));
    expect(stale[0].message).toMatch(/^stale/);

    const [outcome] = stampPages(site.dir, [`${docsDirOf('ko')}/${page}`]);
    expect(outcome.status).toBe('stamped');
    expect(keysOf(errorsOf((await checkI18n(site.dir)).problems))).toEqual([`zh ${docsDirOf('zh')}/${page}:source_hash`]);
  });

  it('reports a translation that records no source hash', async () => {
    fresh();
    const [page] = englishPages(site);
    site.write(`${docsDirOf('zh')}/${page}`, site.read(`docs/${page}`));
    const errors = errorsOf((await checkI18n(site.dir)).problems);
    expect(keysOf(errors)).toEqual([`zh ${docsDirOf('zh')}/${page}:source_hash`]);
    expect(errors[0].message).toMatch(/^missing/);
  });

  it('names a chart missing from one locale', async () => {
    fresh();
    // A block-level component other than the inline figures: a chart.
    const {page, match} = pageMatching(site, /^<(?!Metric\b|Delta\b)([A-Z]\w*)\b[^\n]*\/>[ \t]*$/m);
    const chart = /^<(\w+)/.exec(match)![1];
    const file = `${docsDirOf('zh')}/${page}`;
    site.write(file, site.read(file).replace(match, ''));
    const errors = errorsOf((await checkI18n(site.dir)).problems);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.file).toBe(file);
      expect(error.key).toMatch(new RegExp(`^<${chart}\\b`));
      expect(error.message).toMatch(/^figure differs: \d+ in docs\//);
    }
  });

  it('names an inline figure missing from one locale', async () => {
    fresh();
    const {page, match} = pageMatching(site, /<Metric\b[^>]*?\/>/);
    const file = `${docsDirOf('ko')}/${page}`;
    site.write(file, site.read(file).replace(match, '42'));
    const errors = errorsOf((await checkI18n(site.dir)).problems);
    expect(errors).toHaveLength(1);
    expect(errors[0].file).toBe(file);
    expect(errors[0].key).toMatch(/^<Metric\b/);
  });

  it('lists untranslated pages as warnings, failing only with --strict', async () => {
    fresh();
    const [page] = englishPages(site);
    const file = `${docsDirOf('ko')}/${page}`;
    site.write(file, withFrontMatter(site.read(file), 'translation_status: untranslated'));
    const result = await checkI18n(site.dir);
    expect(errorsOf(result.problems)).toEqual([]);
    expect(result.problems.filter((p) => p.key === 'translation_status').map((p) => `${p.severity} ${p.file}`)).toEqual([`warning ${file}`]);
    expect(failed(result, false)).toBe(false);
    expect(failed(result, true)).toBe(true);
  });

  it('prints file:key grouped by locale; from the command line it checks only --locale and exits 1 on an error', async () => {
    fresh();
    const [page] = englishPages(site);
    site.remove(`${docsDirOf('zh')}/${page}`);
    const expectZhGroup = (report: string) => {
      const lines = report.split('\n');
      const zhHeader = lines.findIndex((l) => /^zh: 1 error/.test(l));
      expect(lines[zhHeader + 1], report).toContain(`ERROR ${docsDirOf('zh')}/${page}:page`);
      return lines;
    };
    const lines = expectZhGroup(formatReport(await checkI18n(site.dir)));
    expect(lines.findIndex((l) => /^zh: 1 error/.test(l))).toBeGreaterThan(lines.findIndex((l) => /^ko: /.test(l)));

    // One process: each extracts src/ with Babel again (seconds of CPU). A clean
    // check's exit status 0 is the i18n stage of scripts/test/test-all.sh, on the repo.
    const zhOnly = await cli(site, ['--locale', 'zh']);
    expect(zhOnly.status, zhOnly.stdout + zhOnly.stderr).toBe(1);
    expectZhGroup(zhOnly.stdout);
    expect(zhOnly.stdout, 'only zh was asked for').not.toMatch(/^ko: /m);
  });
});
