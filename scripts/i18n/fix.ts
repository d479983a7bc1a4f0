#!/usr/bin/env tsx
/**
 * npm run i18n:fix -- zh [--dry-run]
 *
 * Rewrites the Chinese translation files to the typography rules of
 * src/data/cjkTypography.ts: every MDX page under
 * i18n/<locale>/docusaurus-plugin-content-docs/current and the messages of
 * i18n/<locale>/**.json. Safe to rerun: fixed text is left as it is.
 * --dry-run lists the files it would change and exits 1 if there are any.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {listFiles, localeDocsDir, isPage} from './lib/site';
import {fixZhMdx, fixZhMessages} from './lib/zh-fix';

const {values, positionals} = parseArgs({allowPositionals: true, options: {'dry-run': {type: 'boolean', default: false}, root: {type: 'string', default: '.'}}});
const [locale] = positionals;
if (!locale || !/^zh(-|$)/.test(locale)) {
  console.error('usage: npm run i18n:fix -- zh [--dry-run]   (typography rules exist for Chinese locales only)');
  process.exit(2);
}
const root = values.root;
const changed: string[] = [];

function rewrite(rel: string, fix: (text: string) => string) {
  const file = path.join(root, rel);
  const before = fs.readFileSync(file, 'utf8');
  const after = fix(before);
  if (after === before) return;
  changed.push(rel);
  if (!values['dry-run']) fs.writeFileSync(file, after);
}

const docsDir = localeDocsDir(locale);
for (const page of listFiles(root, docsDir).filter(isPage)) rewrite(`${docsDir}/${page}`, fixZhMdx);
for (const json of listFiles(root, `i18n/${locale}`).filter((f) => f.endsWith('.json') && !f.startsWith('docusaurus-plugin-content-docs/current/'))) {
  rewrite(`i18n/${locale}/${json}`, (text) => `${JSON.stringify(fixZhMessages(JSON.parse(text)), null, 2)}\n`);
}

console.log(changed.length === 0 ? `${locale}: typography already right` : `${locale}: ${values['dry-run'] ? 'would fix' : 'fixed'} ${changed.length} file(s)\n  ${changed.join('\n  ')}`);
process.exit(values['dry-run'] && changed.length > 0 ? 1 : 0);
