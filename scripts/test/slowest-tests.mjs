#!/usr/bin/env node
/**
 * The N slowest tests of a test-all.sh run, across tools, from the reports it
 * leaves in test-results/: vitest*.json (vitest JSON reporter),
 * playwright*.json (Playwright JSON reporter), bats.tap (bats --timing).
 * Also lists e2e tests that passed only on a retry: a retry must never be
 * what makes a run green.
 *
 *   node scripts/test/slowest-tests.mjs [dir=test-results] [N=10]
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const count = Number(process.argv[3] ?? 10);
const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
const read = (f) => fs.readFileSync(path.join(dir, f), 'utf8');

/** @type {{tool: string, seconds: number, name: string}[]} */
const tests = [];
const retried = [];

for (const f of files.filter((f) => /^vitest.*\.json$/.test(f))) {
  const report = JSON.parse(read(f));
  for (const file of report.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    for (const t of file.assertionResults ?? []) tests.push({tool: 'vitest', seconds: (t.duration ?? 0) / 1000, name: `${rel} > ${t.fullName}`});
  }
}

for (const f of files.filter((f) => /^playwright.*\.json$/.test(f))) {
  const report = JSON.parse(read(f));
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `[${t.projectName}] ${spec.file} > ${[...titles, spec.title].filter(Boolean).join(' > ')}`;
        const results = t.results ?? [];
        tests.push({tool: 'e2e', seconds: results.reduce((s, r) => s + (r.duration ?? 0), 0) / 1000, name});
        if (t.status === 'flaky') retried.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file === child.file && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

if (files.includes('bats.tap')) {
  for (const line of read('bats.tap').split('\n')) {
    const m = /^(?:not )?ok \d+ (.*) in (\d+)ms$/.exec(line);
    if (m) tests.push({tool: 'bats', seconds: Number(m[2]) / 1000, name: m[1]});
  }
}

if (tests.length) {
  console.log(`\n==== slowest ${Math.min(count, tests.length)} of ${tests.length} tests ====`);
  for (const t of tests.sort((a, b) => b.seconds - a.seconds).slice(0, count)) {
    console.log(`${t.seconds.toFixed(1).padStart(7)} s  ${t.tool.padEnd(6)} ${t.name}`);
  }
}
if (retried.length) {
  console.log(`\n==== passed only on a retry (${retried.length}): fix these ====`);
  for (const name of retried) console.log(`  ${name}`);
}
