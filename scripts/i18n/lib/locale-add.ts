/**
 * npm run locale:add (scripts/i18n/locale-add.ts) as a function, so that
 * tests run it in-process: `args` as on the command line, output through `out`.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {checkI18n, formatReport} from './check';
import {KNOWN_LOCALES} from './known-locales';
import {registerLocale} from './register-locale';
import {scaffoldDocs} from './scaffold';
import {loadLocales} from './site';

const USAGE = 'usage: npm run locale:add -- <code> [--label <name>] [--html-lang <tag>]';

/** Where locale:add prints: the console, or a test's collector. */
export interface Output {
  log(text: string): void;
  error(text: string): void;
}

/** Returns the exit status: 0 done, 1 failed or errors left, 2 bad arguments. */
export async function localeAdd(args: string[], out: Output = console): Promise<number> {
  const {values, positionals} = parseArgs({
    args,
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
    out.error(USAGE);
    return 2;
  }
  // Docusaurus uses the code as a URL segment and a directory name.
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code)) {
    out.error(`locale code "${code}" is not a BCP 47 tag such as "ja", "pt-BR" or "zh-Hant"`);
    return 2;
  }

  const {defaultLocale, locales} = await loadLocales(root);
  if (code === defaultLocale) {
    out.error(`"${code}" is the default locale; its docs live in docs/`);
    return 2;
  }
  if (locales[code]) {
    out.log(`${code} is already registered (${locales[code].label}); scaffolding what is missing`);
  } else {
    const known = KNOWN_LOCALES[code];
    const label = values.label ?? known?.label;
    if (!label) {
      out.error(`no built-in label for "${code}": pass --label "<name in that language>" (and --html-lang if it differs from the code)`);
      return 2;
    }
    const htmlLang = values['html-lang'] ?? known?.htmlLang ?? code;
    registerLocale(root, code, {label, htmlLang});
    const reread = await loadLocales(root);
    if (!reread.locales[code]) throw new Error(`i18n/locales.ts was edited but does not export ${code}; check the file`);
    out.log(`registered ${code} in i18n/locales.ts: label "${label}", htmlLang "${htmlLang}"`);
  }

  if (!values['skip-write-translations']) {
    out.log(`running docusaurus write-translations --locale ${code}`);
    const result = spawnSync(path.join(root, 'node_modules/.bin/docusaurus'), ['write-translations', '--locale', code], {cwd: root, encoding: 'utf8'});
    if (result.stdout?.trim()) out.log(result.stdout.trimEnd());
    if (result.stderr?.trim()) out.error(result.stderr.trimEnd());
    if (result.status !== 0) {
      out.error(`docusaurus write-translations --locale ${code} failed (exit ${result.status ?? result.signal})`);
      return 1;
    }
  }

  const {created, refreshed} = scaffoldDocs(root, code);
  out.log(`docs: ${created.length} English copies created, ${refreshed.length} refreshed`);
  for (const file of [...created, ...refreshed]) out.log(`  ${file}`);

  const report = await checkI18n(root, {locales: [code]});
  out.log(`\n${formatReport(report)}`);
  out.log(
    `\nNext: translate the pages listed "still English" and remove their translation_status line, translate i18n/${code}/*.json,` +
      `\nthen run npm run i18n:stamp -- <file> for each translated page and npm run i18n:check.`,
  );
  return report.problems.some((p) => p.severity === 'error' && p.locale === code) ? 1 : 0;
}

