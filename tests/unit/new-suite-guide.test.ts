/**
 * The contributing guide's "Add a suite" shows the files of the worked example
 * (examples/new-suite, which tests/build/new-suite.test.ts builds). Each code
 * block titled with a path must be that file as it is, in every language, so
 * the guide cannot drift from what the test proves. The example's Korean and
 * Chinese pages follow its English page as the i18n check asks of every page:
 * stamped with its hash and showing the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readField} from '../../scripts/i18n/lib/front-matter';
import {compareFigures, pageFigures} from '../../scripts/i18n/lib/mdx-figures';
import {SOURCE_HASH, sourceHashOf} from '../../scripts/i18n/lib/site';

const root = path.resolve(__dirname, '../..');
const EXAMPLE = path.join(root, 'examples/new-suite');
const SUITE = 'worked-example';
const PAGE = 'contributing/add-a-suite.mdx';
const pages = {
  en: path.join(root, 'docs', PAGE),
  ko: path.join(root, 'i18n/ko/docusaurus-plugin-content-docs/current', PAGE),
  zh: path.join(root, 'i18n/zh/docusaurus-plugin-content-docs/current', PAGE),
};

/** The files the guide shows: the suite's folder under static/data (the dataset version is written by the ingest), its module and its page. */
const SHOWN = [`docs/benchmarks/${SUITE}.mdx`, `src/suites/${SUITE}/index.ts`, `static/data/${SUITE}/claims.json`, `static/data/${SUITE}/suite.json`];

/** Fenced blocks with a `title="<path>"`, as {path: text}. */
function titledBlocks(mdx: string): Record<string, string> {
  const blocks: Record<string, string> = {};
  for (const m of mdx.matchAll(/^```\w*\s+title="([^"]+)"\n([\s\S]*?)^```$/gm)) blocks[m[1]] = m[2];
  return blocks;
}

describe('the guide shows the worked example as it is', () => {
  for (const [locale, file] of Object.entries(pages)) {
    it(locale, () => {
      const blocks = titledBlocks(fs.readFileSync(file, 'utf8'));
      expect(Object.keys(blocks).sort()).toEqual(SHOWN);
      for (const [shown, text] of Object.entries(blocks)) expect(text, `${locale}: ${shown}`).toBe(fs.readFileSync(path.join(EXAMPLE, shown), 'utf8'));
    });
  }
});

describe("the worked example's translated pages follow its English page", () => {
  const page = `benchmarks/${SUITE}.mdx`;
  for (const locale of ['ko', 'zh']) {
    it(locale, async () => {
      const text = fs.readFileSync(path.join(EXAMPLE, `i18n/${locale}/docusaurus-plugin-content-docs/current`, page), 'utf8');
      expect(readField(text, SOURCE_HASH), `${locale}: source_hash of examples/new-suite/docs/${page}`).toBe(sourceHashOf(EXAMPLE, page));
      const english = await pageFigures(fs.readFileSync(path.join(EXAMPLE, 'docs', page), 'utf8'));
      expect(compareFigures(english, await pageFigures(text))).toEqual([]);
    });
  }
});
