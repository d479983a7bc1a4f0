#!/usr/bin/env tsx
/**
 * npm run i18n:stamp -- [<file>...]
 *
 * After updating a translation from its English page, record the English
 * page's current sha256 as `source_hash` in the translation's front matter,
 * so i18n:check counts it as up to date. Without files: every translated page
 * (not marked untranslated) that has an English source.
 */
import {parseArgs} from 'node:util';
import {stampPages, translatedPages} from './lib/stamp';

async function main(): Promise<number> {
  const {values, positionals} = parseArgs({allowPositionals: true, options: {root: {type: 'string', default: '.'}}});
  const files = positionals.length > 0 ? positionals : await translatedPages(values.root);
  const outcomes = stampPages(values.root, files);
  for (const {file, status, note} of outcomes) console.log(`${status.padEnd(9)} ${file}${note ? `  (${note})` : ''}`);
  console.log(`${outcomes.filter((o) => o.status === 'stamped').length} of ${outcomes.length} page(s) stamped`);
  return 0;
}

main().then(
  (status) => process.exit(status),
  (error: Error) => {
    console.error(`i18n:stamp: ${error.message}`);
    process.exit(1);
  },
);
