/**
 * The contributing guide's "Add a suite" shows the files of the worked example
 * (examples/new-suite, which tests/build/new-suite.test.ts builds). Each code
 * block titled with a path must be that file as it is, in every language, so
 * the guide cannot drift from what the test proves.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const EXAMPLE = path.join(root, 'examples/new-suite');
const PAGE = 'contributing/add-a-suite.mdx';
const pages = {
  en: path.join(root, 'docs', PAGE),
  ko: path.join(root, 'i18n/ko/docusaurus-plugin-content-docs/current', PAGE),
  zh: path.join(root, 'i18n/zh/docusaurus-plugin-content-docs/current', PAGE),
};

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
      // The suite module, the claims file and the page: the dataset is written by the ingest.
      expect(Object.keys(blocks).sort()).toEqual(['docs/benchmarks/worked-example.mdx', 'src/data/claims/worked-example.json', 'src/suites/worked-example/index.ts']);
      for (const [shown, text] of Object.entries(blocks)) expect(text, `${locale}: ${shown}`).toBe(fs.readFileSync(path.join(EXAMPLE, shown), 'utf8'));
    });
  }
});
