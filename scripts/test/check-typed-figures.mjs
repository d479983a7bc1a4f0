#!/usr/bin/env node
/**
 * Fails when a measured-looking figure is typed into report prose instead of
 * coming from a dataset through <Metric>, <Delta> or a chart.
 *
 *   node scripts/test/check-typed-figures.mjs [--root <dir>] [--data <dir>]
 *
 * Scans docs/**\/*.mdx and i18n/**\/*.mdx. Ignored: front matter, import and
 * export lines, fenced code blocks, inline code, JSX tags with their
 * attributes and {expressions}. Flagged in what remains:
 *   - a number followed by a measurement unit (Gbps, µs/us, ms, %, req/s, Mi/MiB, MB, ×...);
 *   - a number equal to a result value (value, min or max) of any dataset in
 *     static/data, unless it is a small integer (< 10), which prose uses for
 *     counts, or also a condition value (a setting such as "104 Services").
 * A line that states a setting rather than a result (e.g. "1 % drop" as an
 * impairment profile) opts out with the MDX comment {/* typed-figures: setting *\/}.
 * Prints file:line and the figure for each hit; exit 1 when any.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const UNIT = String.raw`(?:Gbps|Mbps|µs|us|ms|%|req/s|rps|MiB|Mi|MB|GB/s|×|x\b)`;
// A number: digits with optional thousands separators and decimals.
const NUMBER = String.raw`\d{1,3}(?:[,\u00a0]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const WITH_UNIT = new RegExp(String.raw`(?<![\w.])(${NUMBER})\s?${UNIT}`, 'g');
const BARE = new RegExp(String.raw`(?<![\w.\-/])(${NUMBER})(?![\w.]*\d)`, 'g');

/** Blank out `re` matches but keep their newlines, so line numbers stay right. */
function blank(text, re) {
  return text.replace(re, (m) => m.replace(/[^\n]/g, ' '));
}

/** The prose of an MDX file: everything that is not code, imports, JSX tags or expressions. */
export function proseOf(mdx) {
  let t = mdx;
  t = blank(t, /^---\n[\s\S]*?\n---\n/); // front matter
  t = blank(t, /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm); // fenced code
  t = blank(t, /^(?:import|export)\s[^\n]*$/gm);
  t = blank(t, /`[^`\n]*`/g); // inline code
  t = blank(t, /<\/?[A-Za-z][\w.]*(?:\s(?:[^<>{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)?\/?>/g); // JSX/HTML tags with attributes
  t = blank(t, /\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}/g); // {expressions}
  t = blank(t, /\]\([^)]*\)/g); // link targets
  return t;
}

function parseNumber(s) {
  return Number(s.replace(/[,\u00a0]/g, ''));
}

/**
 * The dataset versions' file names in one suite folder: every JSON file but the suite's own
 * (suite.json, claims.json, versions.json: the rule of versionFiles in src/data/suiteFolder.ts, which this Node script cannot import;
 * check-typed-figures.test.ts keeps the two equal).
 */
export function versionFileNames(suiteDir) {
  return fs.readdirSync(suiteDir).filter((f) => f.endsWith('.json') && f !== 'suite.json' && f !== 'claims.json' && f !== 'versions.json');
}

/** Every result value (value, min, max) of every dataset under dataDir that is not also a condition setting. */
export function datasetValues(dataDir) {
  const values = new Set();
  const settings = new Set();
  for (const suite of fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []) {
    const dir = path.join(dataDir, suite);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of versionFileNames(dir)) {
      const d = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      for (const r of d.results ?? []) for (const v of [r.value, r.min, r.max]) if (typeof v === 'number') values.add(v);
      // Numbers that are also test settings (Service counts, target QPS...) are how prose names a condition.
      for (const r of d.results ?? []) for (const v of Object.values(r.conditions ?? {})) if (typeof v === 'number') settings.add(v);
    }
  }
  for (const v of settings) values.delete(v);
  return values;
}

/** Put on a line whose figure is a setting, not a measurement: {/* typed-figures: setting *\/} */
export const IGNORE_MARKER = 'typed-figures: setting';

export function findTypedFigures(mdx, values) {
  const hits = [];
  const raw = mdx.split('\n');
  const lines = proseOf(mdx).split('\n');
  lines.forEach((line, i) => {
    if (raw[i]?.includes(IGNORE_MARKER)) return;
    const seen = new Set();
    for (const m of line.matchAll(WITH_UNIT)) {
      seen.add(m.index);
      hits.push({line: i + 1, figure: m[0].trim(), why: 'number with a unit'});
    }
    for (const m of line.matchAll(BARE)) {
      if (seen.has(m.index)) continue;
      const n = parseNumber(m[1]);
      const smallCount = Number.isInteger(n) && n < 10;
      if (!smallCount && values.has(n)) hits.push({line: i + 1, figure: m[1], why: 'equals a dataset value'});
    }
  });
  return hits;
}

function mdxFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : mdxFiles(p);
    return e.name.endsWith('.mdx') ? [p] : [];
  });
}

export function checkTree(root, dataDir = path.join(root, 'static/data')) {
  const values = datasetValues(dataDir);
  const files = [...mdxFiles(path.join(root, 'docs')), ...mdxFiles(path.join(root, 'i18n'))];
  return files.flatMap((file) =>
    findTypedFigures(fs.readFileSync(file, 'utf8'), values).map((h) => ({...h, file: path.relative(root, file)})),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = path.resolve(opt('--root') ?? process.cwd());
  const hits = checkTree(root, opt('--data') ? path.resolve(opt('--data')) : undefined);
  for (const h of hits) console.error(`${h.file}:${h.line}: typed figure "${h.figure}" (${h.why}); use <Metric>/<Delta> or a chart`);
  if (hits.length) {
    console.error(`${hits.length} typed figure(s) found`);
    process.exit(1);
  }
  console.log('no typed figures in docs/ and i18n/ MDX');
}
