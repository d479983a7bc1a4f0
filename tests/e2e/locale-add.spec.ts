/**
 * A contributor adds a fourth language with one command: `locale:add ja` on a
 * temp copy of the site (the command line, Docusaurus's write-translations
 * included), then `docusaurus build --locale ja`, then the built pages in a
 * browser: Japanese <html lang>, the language menu lists 日本語 next to the
 * existing locales, untranslated pages show their English text. What
 * locale:add does besides (registration, English copies, re-runs, refusals)
 * is scripts/i18n/locale-add.test.ts, without Docusaurus.
 *
 * The build runs once, in beforeAll, unminified to save time (minutes on a
 * loaded machine).
 */
import fs from 'node:fs';
import path from 'node:path';
import {copySite, type SiteCopy} from '../build/site-copy';
import {test, expect, startStaticServer, LOCALES, LOCALE_IDS} from './support/fixtures';
import type {StaticServer} from './support/static-server';

const NEW_LOCALE = 'ja';
const NEW_LABEL = '日本語';

test.describe.configure({mode: 'serial'});

test.describe(`locale:add ${NEW_LOCALE}`, {tag: '@pipeline'}, () => {
  let site: SiteCopy;
  let server: StaticServer;
  let englishHeading: string;

  test.beforeAll(async () => {
    test.setTimeout(900_000);
    site = copySite();
    const added = site.run('node_modules/.bin/tsx', ['scripts/i18n/locale-add.ts', NEW_LOCALE], 300_000);
    expect(added.status, added.output).toBe(0);
    // Built alone, a locale is served at the root of its build (one site per
    // language): /docs is the Japanese docs home.
    const outDir = path.join(site.dir, 'build');
    // site.run keeps webpack's persistent cache (shared node_modules) out of the copy.
    const built = site.run('node_modules/.bin/docusaurus', ['build', '--locale', NEW_LOCALE, '--no-minify', '--out-dir', outDir], 540_000);
    expect(built.status, built.output.slice(-3000)).toBe(0);
    englishHeading = /^# (.+)$/m.exec(fs.readFileSync(path.join(site.dir, 'docs/index.mdx'), 'utf8'))?.[1] ?? '';
    server = await startStaticServer({root: outDir});
  });

  test.afterAll(async () => {
    await server?.close();
    site?.dispose();
  });

  test('write-translations wrote the site\'s own ids and the theme files for the new locale', () => {
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(site.dir, `i18n/${NEW_LOCALE}`, file), 'utf8')) as Record<string, {message: string}>;
    // The theme's own strings ship in Japanese (the 404 test below sees them); the site's ids start as English.
    expect(Object.keys(read('code.json')).some((id) => !id.startsWith('theme.'))).toBe(true);
    for (const file of ['docusaurus-theme-classic/navbar.json', 'docusaurus-theme-classic/footer.json', 'docusaurus-plugin-content-docs/current.json']) {
      expect(Object.keys(read(file)).length, file).toBeGreaterThan(0);
    }
  });

  test('the docs home is served in the new locale with its html lang', async ({page, consoleErrors}) => {
    const response = await page.goto(`${server.url}/docs`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', NEW_LOCALE);
    // Untranslated copy: the English heading, until a translator replaces it.
    expect(englishHeading).not.toBe('');
    await expect(page.locator('article h1').first()).toHaveText(englishHeading);
    consoleErrors.expectNone();
  });

  test('the language menu lists the new locale next to the existing ones', async ({page}) => {
    await page.goto(`${server.url}/docs`);
    const dropdown = page.locator('.navbar__items--right .dropdown').filter({hasText: NEW_LABEL});
    await dropdown.hover();
    const menu = dropdown.locator('.dropdown__menu');
    for (const locale of [...LOCALE_IDS, NEW_LOCALE]) {
      const label = locale === NEW_LOCALE ? NEW_LABEL : LOCALES[locale].label;
      await expect(menu.getByRole('link', {name: label, exact: true}), `menu entry for ${locale}`).toBeVisible();
    }
    await expect(menu.locator('.dropdown__link--active')).toHaveText(NEW_LABEL);
  });

  test('the 404 page is in the new language', async ({page}) => {
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', NEW_LOCALE);
    await expect(page.locator('main h1')).not.toHaveText(/Page Not Found/i);
  });
});
