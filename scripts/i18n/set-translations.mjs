#!/usr/bin/env node
/**
 * Merge translations into i18n/<locale>/code.json without clobbering
 * concurrent edits: takes an exclusive lock file, re-reads, merges, writes.
 *
 *   node scripts/i18n/set-translations.mjs <locale> <pairs.json>
 *
 * pairs.json: {"<id>": "<translated message>", ...} or the code.json shape
 * {"<id>": {"message": "...", "description": "..."}}.
 */
import fs from 'node:fs';
import path from 'node:path';

const [locale, pairsFile] = process.argv.slice(2);
if (!locale || !pairsFile) {
  console.error('usage: node scripts/i18n/set-translations.mjs <locale> <pairs.json>');
  process.exit(2);
}
const target = path.join('i18n', locale, 'code.json');
const lock = `${target}.lock`;
fs.mkdirSync(path.dirname(target), {recursive: true});

const deadline = Date.now() + 30_000;
for (;;) {
  try {
    fs.writeFileSync(lock, String(process.pid), {flag: 'wx'});
    break;
  } catch {
    if (Date.now() > deadline) {
      console.error(`${lock} is held for more than 30 s; remove it if no merge is running`);
      process.exit(1);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}
try {
  const current = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
  const pairs = JSON.parse(fs.readFileSync(pairsFile, 'utf8'));
  for (const [id, v] of Object.entries(pairs)) {
    const entry = typeof v === 'string' ? {message: v} : v;
    current[id] = {...current[id], ...entry};
  }
  const sorted = Object.fromEntries(Object.entries(current).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(`${target}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.renameSync(`${target}.tmp`, target);
  console.log(`${target}: ${Object.keys(pairs).length} entries merged`);
} finally {
  fs.rmSync(lock, {force: true});
}
