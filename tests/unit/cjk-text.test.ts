/**
 * Korean and Chinese text a reader gets, wherever it comes from: Chinese
 * typography (src/data/cjkTypography.ts: full-width punctuation next to Han
 * characters, a space between Han and Latin, no line break between CJK
 * characters) and the one glossary per language (src/words/glossary.ts).
 *  - interface strings: every message of i18n/ko and i18n/zh code.json;
 *  - page prose: the Korean and Chinese MDX pages, without code;
 *  - dataset text as pages show it: every version's texts through localized()
 *    (published versions are corrected when shown), and the claims and suite
 *    titles, which are not versioned and so must be right as written;
 *  - downloads: each suite's newest version file as served, and a chart's JSON
 *    download, whose rows carry the flags' texts.
 * The MDX typography itself is the fixer's (npm run i18n:fix), checked by npm run i18n:check.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadDatasets} from '@site/src/data/load';
import type {Dataset, LocalizedText, ResultRow} from '@site/src/data/schema';
import {zhTypographyProblems} from '@site/src/data/cjkTypography';
import {glossaryProblems, GLOSSARY, withGlossary} from '@site/src/words/glossary';
import {displayTexts, localized} from '@site/src/words/datasetText';
import {compareVersions} from '@site/src/data/versions';
import {toJson} from '@site/src/data/chart/export';
import type {Panel} from '@site/src/data/chart/model';
import {proseOf} from '../../scripts/test/check-typed-figures.mjs';

const root = path.resolve(__dirname, '../..');
const DATA = path.join(root, 'static/data');
const LOCALES = ['ko', 'zh'] as const;
type Locale = (typeof LOCALES)[number];
const datasets = loadDatasets(DATA).map((l) => l.dataset);
const suites = [...new Set(datasets.map((d) => d.suite))];
const newest = (suite: string) => datasets.filter((d) => d.suite === suite).sort((a, b) => compareVersions(a.version, b.version)).at(-1)!;

/** What is wrong with a run of text of `locale`, one line per problem ("" when nothing). */
function problems(text: string, locale: Locale): string[] {
  const typography = locale === 'zh' ? zhTypographyProblems(text).map((p) => `${p.rule}: «${p.excerpt}»`) : [];
  return [...typography, ...glossaryProblems(text, locale).map((p) => `"${p.found}" where the glossary says "${p.term}"`)];
}

/** Every ko/zh string in a JSON value, with its path. */
function cjkStrings(v: unknown, at = '$'): {locale: Locale; at: string; text: string}[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => cjkStrings(x, `${at}[${i}]`));
  if (v && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) => ((LOCALES as readonly string[]).includes(k) && typeof x === 'string' ? [{locale: k as Locale, at: `${at}.${k}`, text: x}] : cjkStrings(x, `${at}.${k}`)));
  }
  return [];
}

const report = (found: string[]) => found.slice(0, 20).join('\n');

describe('the glossary', () => {
  it('replaces every spelling it avoids, and its terms are spellings it does not avoid', () => {
    for (const locale of LOCALES) {
      for (const e of GLOSSARY[locale]) {
        expect(glossaryProblems(e.term, locale), e.term).toEqual([]);
        for (const a of e.avoid) {
          const sentence = locale === 'zh' ? `这里写 ${a} 的例子` : `여기에 ${a} 예`;
          expect(glossaryProblems(sentence, locale).map((p) => p.found), sentence).toEqual([a]);
          expect(withGlossary(sentence, locale), sentence).toContain(e.term);
          expect(glossaryProblems(withGlossary(sentence, locale), locale), sentence).toEqual([]);
        }
      }
    }
  });
});

describe('interface strings (code.json)', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every message`, () => {
      const messages = JSON.parse(fs.readFileSync(path.join(root, 'i18n', locale, 'code.json'), 'utf8')) as Record<string, {message: string}>;
      // A placeholder stands for a figure or a name: Latin for the spacing rule.
      const found = Object.entries(messages).flatMap(([id, {message}]) => problems(message.replace(/\{[A-Za-z0-9]+\}/g, 'X'), locale).map((p) => `${id}: ${p}`));
      expect(found, report(found)).toEqual([]);
    });
  }
});

describe('page prose (MDX, without code)', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every page keeps to the glossary`, () => {
      const dir = path.join(root, 'i18n', locale, 'docusaurus-plugin-content-docs/current');
      const files = (fs.readdirSync(dir, {recursive: true}) as string[]).filter((f) => f.endsWith('.mdx'));
      expect(files.length).toBeGreaterThan(0);
      const found = files.flatMap((f) => glossaryProblems(proseOf(fs.readFileSync(path.join(dir, f), 'utf8')), locale).map((p) => `${f}: "${p.found}" where the glossary says "${p.term}"`));
      expect(found, report(found)).toEqual([]);
    });
  }
});

describe('dataset text as the pages show it', () => {
  for (const d of datasets) {
    it(`${d.suite}@${d.version}`, () => {
      const found = displayTexts(d).flatMap(({path: at, text}) => LOCALES.filter((l) => text[l] !== undefined).flatMap((l) => problems(localized(text, l), l).map((p) => `${at}.${l}: ${p}`)));
      expect(found, report(found)).toEqual([]);
    });
  }

  for (const suite of suites) {
    for (const file of ['claims.json', 'suite.json']) {
      const full = path.join(DATA, suite, file);
      if (!fs.existsSync(full)) continue;
      it(`${suite}/${file}, as written (it is not versioned)`, () => {
        const found = cjkStrings(JSON.parse(fs.readFileSync(full, 'utf8'))).flatMap(({locale, at, text}) => problems(text, locale).map((p) => `${at}: ${p}`));
        expect(found, report(found)).toEqual([]);
      });
    }
  }
});

describe('downloads', () => {
  for (const suite of suites) {
    it(`${suite}: the newest version's file, as served`, () => {
      const d = newest(suite);
      const found = cjkStrings(JSON.parse(fs.readFileSync(path.join(DATA, suite, `${d.version}.json`), 'utf8'))).flatMap(({locale, at, text}) => problems(text, locale).map((p) => `${d.version} ${at}: ${p}`));
      expect(found, report(found)).toEqual([]);
    });
  }

  /** One panel holding every row of a dataset whose flags carry a text. */
  const flaggedPanel = (d: Dataset): Panel => {
    const rows = d.results.filter((r) => r.flags?.some((f) => f.detail));
    return {
      key: 'flagged',
      kind: 'bar',
      unit: rows[0]?.unit ?? '',
      categories: rows.map((_, i) => ({key: String(i), label: String(i)})),
      series: [{key: 'row', label: 'row'}],
      cells: Object.fromEntries(rows.map((r, i) => [String(i), {row: r}])),
    } as unknown as Panel;
  };

  for (const d of datasets.filter((x) => x.results.some((r) => r.flags?.some((f) => f.detail)))) {
    it(`${d.suite}@${d.version}: a chart's JSON download carries the flags' texts as shown`, () => {
      const exported = JSON.parse(toJson([flaggedPanel(d)], new Set(), {suite: d.suite, version: d.version, chart: 'test'})) as {rows: ResultRow[]};
      expect(exported.rows.length).toBe(d.results.filter((r) => r.flags?.some((f) => f.detail)).length);
      const found = exported.rows.flatMap((r, i) =>
        (r.flags ?? []).flatMap((f) => (f.detail ? LOCALES.filter((l) => (f.detail as LocalizedText)[l] !== undefined).flatMap((l) => problems((f.detail as LocalizedText)[l]!, l).map((p) => `rows[${i}] ${f.kind}.${l}: ${p}`)) : [])),
      );
      expect(found, report(found)).toEqual([]);
    });
  }
});
