/**
 * The i18n parity check: compares every non-default locale with the default
 * one and lists, per locale, each problem as `file:key  what`.
 *
 * Errors (the check fails): a code.json id used by src/ is missing, or one is
 * kept that no source uses; a page
 * has no counterpart; a translation is stale against its English source or
 * records no source hash; a page's figures (charts, <Metric>, <Delta>,
 * imports) differ from the English page; a translation has no English source.
 * Warnings (fail only with --strict): pages marked untranslated and strings
 * still identical to English.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Dataset} from '../../../src/data/schema';
import {listDatasetFiles} from '../../../src/data/load';
import {extractCodeIds, type CodeIds} from './code-ids';
import {displayStrings} from '../../../src/words/datasetText';
import {checkBuiltPages, englishWords, forbiddenEnglish, type EnglishSource} from './built-pages';
import {readField} from './front-matter';
import {compareFigures, MdxParseError, pageFigures, type PageFigures} from './mdx-figures';
import {
  DOCS_DIR,
  isCategoryFile,
  isPage,
  listFiles,
  loadLocales,
  localeDocsDir,
  sha256,
  SOURCE_HASH,
  sourceHashOf,
  TRANSLATION_STATUS,
  UNTRANSLATED,
} from './site';

export type Severity = 'error' | 'warning';

export interface Problem {
  locale: string;
  severity: Severity;
  /** Path relative to the site root. */
  file: string;
  key: string;
  message: string;
}

export interface CheckResult {
  defaultLocale: string;
  locales: string[];
  pageCount: number;
  codeIdCount: number;
  /** Built HTML pages checked (all checked locales together). */
  builtPageCount: number;
  problems: Problem[];
}

export interface CheckOptions {
  /** Only these locales (default: every non-default locale). */
  locales?: string[];
  /**
   * The built site whose translated pages are checked too (lib/built-pages.ts),
   * relative to root; false skips them. Default: "build", skipped with a
   * warning when it does not exist.
   */
  build?: string | false;
}

type TranslationFile = Record<string, {message?: string}>;

/** Theme JSON files write-translations creates next to code.json; each locale needs them. */
const THEME_FILES = ['docusaurus-theme-classic/navbar.json', 'docusaurus-theme-classic/footer.json', 'docusaurus-plugin-content-docs/current.json'];

/** The reviewed list of English kept on translated pages: scripts/i18n/allowed-english.json. */
export interface AllowedEnglish {
  /** Translation ids whose message may equal English, per locale ('*': every locale). */
  ids: Record<string, string[]>;
  /** Names, literals and units that may appear in English on a translated page. */
  terms: string[];
}

export function loadAllowedEnglish(): AllowedEnglish {
  const file = path.join(__dirname, '..', 'allowed-english.json');
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AllowedEnglish>;
  if (typeof raw.ids !== 'object' || !Array.isArray(raw.terms)) throw new Error(`${file} needs "ids" (object) and "terms" (array)`);
  return {ids: raw.ids, terms: raw.terms};
}

/** Ids whose English text is intended in `locale`. */
function keptInEnglish(locale: string): Set<string> {
  const {ids} = loadAllowedEnglish();
  return new Set([...(ids['*'] ?? []), ...(ids[locale] ?? [])]);
}

/** True when a message has real words in Latin script, so being identical to English means untranslated ("CSV", "p50" do not count). */
const hasEnglishWords = (message: string) => /[a-z]{3,}/.test(message);

function readJson(root: string, rel: string): TranslationFile | Error | undefined {
  const file = path.join(root, rel);
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as TranslationFile;
  } catch (error) {
    return error as Error;
  }
}

function checkCodeJson(root: string, locale: string, code: CodeIds, add: (p: Omit<Problem, 'locale'>) => void) {
  const file = `i18n/${locale}/code.json`;
  const translations = readJson(root, file);
  if (translations === undefined) {
    add({severity: 'error', file, key: '*', message: `missing (${code.ids.size} ids); run: npm run write-translations -- --locale ${locale}`});
    return;
  }
  if (translations instanceof Error) {
    add({severity: 'error', file, key: '*', message: `not valid JSON: ${translations.message}`});
    return;
  }
  const kept = keptInEnglish(locale);
  for (const [id, {message, files}] of [...code.ids].sort(([a], [b]) => a.localeCompare(b))) {
    const translated = translations[id]?.message;
    if (!translated) add({severity: 'error', file, key: id, message: `missing (used in ${files.join(', ')})`});
    else if (translated === message && hasEnglishWords(message) && !kept.has(id)) add({severity: 'warning', file, key: id, message: `still English: "${message}"`});
  }
  // An id no source uses any more is a translation nobody reads, kept up to date by hand for nothing.
  // theme.* ids belong to Docusaurus' theme, whose sources are not scanned.
  if (code.warnings.length > 0) return; // a computed id could be any of them
  for (const id of Object.keys(translations).sort()) {
    if (!id.startsWith('theme.') && !code.ids.has(id)) add({severity: 'error', file, key: id, message: 'not used by any source in src/; remove it'});
  }
}

/** Navbar, footer and sidebar labels: keys such as `item.label.Reports` carry the English text, so an identical message is untranslated. */
function checkThemeFiles(root: string, locale: string, add: (p: Omit<Problem, 'locale'>) => void) {
  for (const name of THEME_FILES) {
    const file = `i18n/${locale}/${name}`;
    const translations = readJson(root, file);
    if (translations === undefined) {
      add({severity: 'error', file, key: '*', message: `missing; run: npm run write-translations -- --locale ${locale}`});
      continue;
    }
    if (translations instanceof Error) {
      add({severity: 'error', file, key: '*', message: `not valid JSON: ${translations.message}`});
      continue;
    }
    for (const [key, {message}] of Object.entries(translations)) {
      const english = /(?:\.label\.|\.title\.|\.category\.)(.+)$/.exec(key)?.[1];
      if (english && message === english && hasEnglishWords(english)) {
        add({severity: 'warning', file, key, message: `still English: "${message}"`});
      }
    }
  }
}

/**
 * Parsed pages by content: each English page is compared once per locale, and
 * checks in the same process (the tests) see mostly unchanged pages.
 */
const parsedByContent = new Map<string, PageFigures | MdxParseError>();

async function parsePage(text: string): Promise<PageFigures | MdxParseError> {
  const key = sha256(text);
  let parsed = parsedByContent.get(key);
  if (!parsed) {
    try {
      parsed = await pageFigures(text);
    } catch (error) {
      if (!(error instanceof MdxParseError)) throw error;
      parsed = error;
    }
    parsedByContent.set(key, parsed);
  }
  return parsed;
}

async function figuresOf(root: string, rel: string, add: (p: Omit<Problem, 'locale'>) => void, cache: Map<string, PageFigures | null>) {
  if (cache.has(rel)) return cache.get(rel) ?? null;
  const parsed = await parsePage(fs.readFileSync(path.join(root, rel), 'utf8'));
  const figures = parsed instanceof MdxParseError ? null : parsed;
  if (parsed instanceof MdxParseError) add({severity: 'error', file: rel, key: `mdx${parsed.line ? `@${parsed.line}` : ''}`, message: `cannot parse: ${parsed.message}`});
  cache.set(rel, figures);
  return figures;
}

async function checkPages(root: string, locale: string, englishPages: string[], add: (p: Omit<Problem, 'locale'>) => void) {
  const dir = localeDocsDir(locale);
  const translated = new Set(listFiles(root, dir).filter(isPage));
  const figureCache = new Map<string, PageFigures | null>();
  const noop = () => {};
  for (const page of englishPages) {
    const source = `${DOCS_DIR}/${page}`;
    const file = `${dir}/${page}`;
    if (!translated.has(page)) {
      add({severity: 'error', file, key: 'page', message: `missing (English: ${source}); translate it, or add an untranslated English copy: npm run locale:add -- ${locale}`});
      continue;
    }
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const untranslated = readField(text, TRANSLATION_STATUS) === UNTRANSLATED;
    const recorded = readField(text, SOURCE_HASH);
    const current = sourceHashOf(root, page);
    if (!recorded) {
      add({severity: 'error', file, key: SOURCE_HASH, message: `missing, so freshness against ${source} is unknown; after checking the translation run: npm run i18n:stamp -- ${file}`});
    } else if (recorded !== current) {
      const fix = untranslated ? `refresh the English copy: npm run locale:add -- ${locale}` : `update the translation from ${source}, then: npm run i18n:stamp -- ${file}`;
      add({severity: 'error', file, key: SOURCE_HASH, message: `stale: ${source} changed since (recorded ${recorded.slice(0, 12)}, now ${current.slice(0, 12)}); ${fix}`});
    }
    if (untranslated) add({severity: 'warning', file, key: TRANSLATION_STATUS, message: 'still English (translation_status: untranslated)'});

    const english = await figuresOf(root, source, noop, figureCache);
    const local = await figuresOf(root, file, add, figureCache);
    if (english && local) {
      for (const diff of compareFigures(english, local)) {
        add({severity: 'error', file, key: diff.key, message: `figure differs: ${diff.source} in ${source}, ${diff.translation} here`});
      }
    }
  }
  const english = new Set(englishPages);
  for (const page of translated) {
    if (!english.has(page)) add({severity: 'error', file: `${dir}/${page}`, key: 'page', message: `no English source ${DOCS_DIR}/${page}; remove or rename it`});
  }
}

export async function checkI18n(root: string, options: CheckOptions = {}): Promise<CheckResult> {
  const {defaultLocale, locales} = await loadLocales(root);
  const targets = options.locales ?? Object.keys(locales).filter((l) => l !== defaultLocale);
  for (const locale of targets) {
    if (!locales[locale]) throw new Error(`locale "${locale}" is not in i18n/locales.ts (known: ${Object.keys(locales).join(', ')})`);
  }
  const englishPages = listFiles(root, DOCS_DIR).filter((f) => isPage(f) && !isCategoryFile(f));
  const code = await extractCodeIds(root);
  const problems: Problem[] = [];

  // English pages that do not parse are reported once, under the default locale.
  for (const page of englishPages) {
    await figuresOf(root, `${DOCS_DIR}/${page}`, (p) => problems.push({...p, locale: defaultLocale}), new Map());
  }
  for (const {file, warning} of code.warnings) {
    problems.push({locale: defaultLocale, severity: 'warning', file, key: 'translate', message: `not checkable: ${warning}`});
  }
  const build = options.build ?? 'build';
  const built = build !== false && fs.existsSync(path.join(root, build));
  if (build !== false && !built) {
    problems.push({locale: defaultLocale, severity: 'warning', file: build, key: 'built-pages', message: 'not checked: no built site; run npm run build, then this check again'});
  }
  const allowed = loadAllowedEnglish();
  const datasets = loadDatasets(root);
  checkDatasetTerms(datasets, code, allowed, (p) => problems.push({...p, locale: defaultLocale}));
  let builtPageCount = 0;
  for (const locale of targets) {
    const add = (p: Omit<Problem, 'locale'>) => problems.push({...p, locale});
    checkCodeJson(root, locale, code, add);
    checkThemeFiles(root, locale, add);
    await checkPages(root, locale, englishPages, add);
    if (built) {
      const forbidden = forbiddenEnglish(locale, englishMessages(root, locale, code), datasets, allowed);
      const result = checkBuiltPages(root, build, locale, forbidden, allowed);
      builtPageCount += result.pages;
      if (result.pages === 0) add({severity: 'error', file: `${build}/${locale}`, key: 'built-pages', message: 'no built pages for this locale; run npm run build'});
      for (const p of result.problems) add({severity: 'error', ...p});
    }
  }
  return {defaultLocale, locales: targets, pageCount: englishPages.length, codeIdCount: code.ids.size, builtPageCount, problems};
}

/**
 * Dataset strings shown to readers need a translation id (dataset.term.<string>,
 * src/words/terms.ts) unless they are names from the allow-list.
 */
function checkDatasetTerms(datasets: {file: string; dataset: Dataset}[], code: CodeIds, allowed: AllowedEnglish, add: (p: Omit<Problem, 'locale'>) => void) {
  const terms = new Set(allowed.terms);
  for (const {file, dataset} of datasets) {
    for (const {path: at, value} of displayStrings(dataset)) {
      if (englishWords(value, terms).length > 0 && !code.ids.has(`dataset.term.${value}`)) {
        add({severity: 'error', file, key: at, message: `"${value}" is shown to readers but has no translation; add it to src/words/terms.ts, then translate dataset.term.${value} in each locale`});
      }
    }
  }
}

/** Every dataset under static/data, parsed (the site build validates them). */
function loadDatasets(root: string): {file: string; dataset: Dataset}[] {
  const dir = 'static/data';
  return listDatasetFiles(path.join(root, dir)).map((f) => ({file: `${dir}/${f}`, dataset: JSON.parse(fs.readFileSync(path.join(root, dir, f), 'utf8')) as Dataset}));
}

/** Docusaurus's own English interface strings (theme-translations "base"). */
function themeMessages(root: string): EnglishSource[] {
  const dir = path.join(path.dirname(require.resolve('@docusaurus/theme-translations/package.json', {paths: [root]})), 'locales', 'base');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => Object.entries(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>))
    .filter(([id]) => !id.endsWith('___DESCRIPTION'))
    .map(([id, text]) => ({origin: `theme id ${id}`, text}));
}

/** English messages that must not reach a page of `locale`: the site's and the theme's, minus the ids kept in English. */
function englishMessages(root: string, locale: string, code: CodeIds): EnglishSource[] {
  const kept = keptInEnglish(locale);
  const site = [...code.ids].map(([id, {message}]) => ({origin: `code.json id ${id}`, text: message, id}));
  return [...site, ...themeMessages(root).map((m) => ({...m, id: m.origin.slice('theme id '.length)}))].filter((m) => !kept.has(m.id));
}

export const failed = (result: CheckResult, strict: boolean): boolean =>
  result.problems.some((p) => p.severity === 'error' || (strict && p.severity === 'warning'));

/** The report: one group per locale, one line per problem, errors first. */
export function formatReport(result: CheckResult, strict = false): string {
  const lines = [
    `i18n check: ${result.locales.join(', ') || '(no other locales)'} against ${result.defaultLocale} (${result.pageCount} pages, ${result.codeIdCount} code ids, ${result.builtPageCount} built pages)`,
  ];
  const groups = [result.defaultLocale, ...result.locales];
  for (const locale of groups) {
    const problems = result.problems
      .filter((p) => p.locale === locale)
      .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
    if (locale === result.defaultLocale && problems.length === 0) continue;
    const errors = problems.filter((p) => p.severity === 'error').length;
    const warnings = problems.length - errors;
    lines.push('', `${locale}: ${errors === 0 && warnings === 0 ? 'ok' : `${errors} error(s), ${warnings} warning(s)`}`);
    for (const p of problems) lines.push(`  ${p.severity === 'error' ? 'ERROR' : 'WARN '} ${p.file}:${p.key}  ${p.message}`);
  }
  const total = result.problems.filter((p) => p.severity === 'error').length;
  const warned = result.problems.length - total;
  lines.push('', failed(result, strict) ? `FAILED: ${total} error(s), ${warned} warning(s)${strict ? ' (--strict: warnings fail)' : ''}` : `OK: ${warned} warning(s) left to translate`);
  return lines.join('\n');
}
