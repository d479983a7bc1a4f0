#!/usr/bin/env tsx
/**
 * npm run locale:add -- <code> [--label <name>] [--html-lang <tag>] [--skip-write-translations]
 *
 * Adds a locale in one step: registers it in i18n/locales.ts (the config, the
 * locale dropdown and the search languages follow), runs `docusaurus
 * write-translations` for it, copies the English docs into
 * i18n/<code>/docusaurus-plugin-content-docs/current marked
 * `translation_status: untranslated`, then prints what is left to translate.
 * Re-running it for a registered locale adds copies of new English pages and
 * refreshes untranslated copies whose source changed.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {checkI18n, formatReport} from './lib/check';
import {KNOWN_LOCALES} from './lib/known-locales';
import {registerLocale} from './lib/register-locale';
import {scaffoldDocs} from './lib/scaffold';
import {loadLocales} from './lib/site';

const USAGE = 'usage: npm run locale:add -- <code> [--label <name>] [--html-lang <tag>]';

async function main(): Promise<number> {
  const {values, positionals} = parseArgs({
    allowPositionals: true,
    options: {
      label: {type: 'string'},
      'html-lang': {type: 'string'},
      root: {type: 'string', default: '.'},
      'skip-write-translations': {type: 'boolean', default: false},
    },
  });
  const root = path.resolve(values.root);
  const [code, ...extra] = positionals;
  if (!code || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // Docusaurus uses the code as a URL segment and a directory name.
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code)) {
    console.error(`locale code "${code}" is not a BCP 47 tag such as "ja", "pt-BR" or "zh-Hant"`);
    return 2;
  }

  const {defaultLocale, locales} = await loadLocales(root);
  if (code === defaultLocale) {
    console.error(`"${code}" is the default locale; its docs live in docs/`);
    return 2;
  }
  if (locales[code]) {
    console.log(`${code} is already registered (${locales[code].label}); scaffolding what is missing`);
  } else {
    const known = KNOWN_LOCALES[code];
    const label = values.label ?? known?.label;
    if (!label) {
      console.error(`no built-in label for "${code}": pass --label "<name in that language>" (and --html-lang if it differs from the code)`);
      return 2;
    }
    const htmlLang = values['html-lang'] ?? known?.htmlLang ?? code;
    registerLocale(root, code, {label, htmlLang});
    const reread = await loadLocales(root);
    if (!reread.locales[code]) throw new Error(`i18n/locales.ts was edited but does not export ${code}; check the file`);
    console.log(`registered ${code} in i18n/locales.ts: label "${label}", htmlLang "${htmlLang}"`);
  }

  if (!values['skip-write-translations']) {
    console.log(`running docusaurus write-translations --locale ${code}`);
    const result = spawnSync(path.join(root, 'node_modules/.bin/docusaurus'), ['write-translations', '--locale', code], {cwd: root, stdio: 'inherit'});
    if (result.status !== 0) {
      console.error(`docusaurus write-translations --locale ${code} failed (exit ${result.status ?? result.signal})`);
      return 1;
    }
  }

  const {created, refreshed} = scaffoldDocs(root, code);
  console.log(`docs: ${created.length} English copies created, ${refreshed.length} refreshed`);
  for (const file of [...created, ...refreshed]) console.log(`  ${file}`);

  const report = await checkI18n(root, {locales: [code]});
  console.log(`\n${formatReport(report)}`);
  console.log(
    `\nNext: translate the pages listed "still English" and remove their translation_status line, translate i18n/${code}/*.json,` +
      `\nthen run npm run i18n:stamp -- <file> for each translated page and npm run i18n:check.`,
  );
  return report.problems.some((p) => p.severity === 'error' && p.locale === code) ? 1 : 0;
}

main().then(
  (status) => process.exit(status),
  (error: Error) => {
    console.error(`locale:add: ${error.message}`);
    process.exit(1);
  },
);
