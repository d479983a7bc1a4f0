/**
 * Throwaway copies of the site for the i18n tests. `consistentSite()` copies
 * the repo and brings every locale into agreement with English using
 * Docusaurus itself (write-translations) and sha256 computed here, not the
 * code under test; `fork()` then gives each test its own copy to break.
 */
import {spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {copySite, COPY_ENV, REPO_ROOT} from '../../tests/build/site-copy';

export {REPO_ROOT};
export const NON_DEFAULT_LOCALES = ['ko', 'zh'];

export const docsDirOf = (locale: string) => `i18n/${locale}/docusaurus-plugin-content-docs/current`;

export class Fixture {
  constructor(readonly dir: string) {}

  path(rel: string): string {
    return path.join(this.dir, rel);
  }
  read(rel: string): string {
    return fs.readFileSync(this.path(rel), 'utf8');
  }
  write(rel: string, text: string): void {
    fs.mkdirSync(path.dirname(this.path(rel)), {recursive: true});
    fs.writeFileSync(this.path(rel), text);
  }
  remove(rel: string): void {
    fs.rmSync(this.path(rel), {force: true});
  }
  /** Run a command in the copy; stdout+stderr together. */
  run(command: string, args: string[], timeoutMs = 300_000): {status: number | null; output: string} {
    const result = spawnSync(command, args, {cwd: this.dir, encoding: 'utf8', timeout: timeoutMs, env: {...process.env, ...COPY_ENV}});
    if (result.error) throw result.error;
    return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
  }
  /** A copy of the sources the i18n check reads (docs, i18n, src), sharing node_modules. */
  fork(): Fixture {
    const copy = new Fixture(fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-fork-')));
    for (const entry of ['docs', 'i18n', 'src']) fs.cpSync(this.path(entry), copy.path(entry), {recursive: true});
    return copy;
  }
  dispose(): void {
    fs.rmSync(this.dir, {recursive: true, force: true});
  }
}

/**
 * The sources the i18n tools read (docs, i18n, src and the dataset versions of static/data),
 * without the rest of the site: enough for locale:add without write-translations and for the
 * check without a build; no Docusaurus command runs in it.
 */
export function siteSources(): Fixture {
  const site = new Fixture(fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-sources-')));
  for (const entry of ['docs', 'i18n', 'src']) fs.cpSync(path.join(REPO_ROOT, entry), site.path(entry), {recursive: true});
  // The raw files behind the versions are not read (tens of MB once there are more runs).
  fs.cpSync(path.join(REPO_ROOT, 'static/data'), site.path('static/data'), {recursive: true, filter: (src) => path.basename(src) !== 'raw'});
  return site;
}

/** The whole site (sources copied, node_modules symlinked), as the build tests copy it. */
export function copyWholeSite(): Fixture {
  return new Fixture(copySite().dir);
}

function listPages(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), {withFileTypes: true}).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return listPages(dir, child);
    return /\.mdx?$/.test(e.name) ? [child] : [];
  });
}

export const englishPages = (site: Fixture) => listPages(site.path('docs')).sort();

export const sha256Of = (site: Fixture, rel: string) => crypto.createHash('sha256').update(fs.readFileSync(site.path(rel))).digest('hex');

/** English text with a front matter field added (the English pages all start with front matter). */
export function withFrontMatter(text: string, line: string): string {
  return text.startsWith('---\n') ? `---\n${line}\n${text.slice(4)}` : `---\n${line}\n---\n\n${text}`;
}

/**
 * `docusaurus write-translations --locale <l>` for each locale given, in one
 * Node process: the CLI's own command function, so the site's config and
 * plugins load once instead of once per locale.
 */
const WRITE_TRANSLATIONS = `
const {writeTranslations} = require('@docusaurus/core/lib/commands/writeTranslations');
(async () => {
  for (const locale of process.argv.slice(1)) await writeTranslations('.', {locale});
})().catch((error) => {
  console.error(error);
  process.exit(1);
});`;

/**
 * Repo copy in which every locale is consistent: each page's translation is
 * the English page plus the right source_hash (so figures match by
 * construction) and code.json has every id write-translations extracts.
 */
export function consistentSite(): Fixture {
  const site = copyWholeSite();
  for (const locale of NON_DEFAULT_LOCALES) {
    fs.rmSync(site.path(docsDirOf(locale)), {recursive: true, force: true});
    for (const page of englishPages(site)) {
      site.write(`${docsDirOf(locale)}/${page}`, withFrontMatter(site.read(`docs/${page}`), `source_hash: ${sha256Of(site, `docs/${page}`)}`));
    }
  }
  const {status, output} = site.run(process.execPath, ['-e', WRITE_TRANSLATIONS, ...NON_DEFAULT_LOCALES]);
  if (status !== 0) throw new Error(`write-translations --locale ${NON_DEFAULT_LOCALES.join(', ')} failed:\n${output}`);
  return site;
}
