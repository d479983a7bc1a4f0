/**
 * The decision table of "Which datapath should I choose?" against the datasets:
 * each row of the page, in every language, cites the claims, names the Service
 * counts and picks the datapath that its entry in src/data/decisionTable.ts
 * declares, and each entry holds on the newest version of its suites: its
 * claims hold, its Service counts were measured, and the scenarios it picks
 * are ahead of the others at every step it covers (or, where it names no
 * winner, none of them is). Each row's Evidence cell carries its evidence mark,
 * <DecisionEvidence row=...>, for that row and with the bundles of the suites it
 * rests on, and the mark it renders is the evidence of the row's claims on the
 * newest datasets.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {describe, expect, it} from 'vitest';
import DecisionEvidence from '@site/src/components/DecisionEvidence';
import {evidenceText} from '@site/src/components/EvidenceMark';
import {claimEvidence, combinedEvidence, type Evidence, type FeatureEvidence} from '@site/src/data/evidence';
import {bundleOf} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {setTestLocale} from './docusaurus/useDocusaurusContext';
import {loadDatasets} from '@site/src/data/load';
import type {Dataset, Scenario} from '@site/src/data/schema';
import {METRICS} from '@site/src/data/metrics';
import {selectRow} from '@site/src/data/selectors';
import {claimsOf} from '@site/src/data/testing/claims';
import {claimAppliesTo, evaluateClaim} from '@site/src/data/claims/evaluate';
import {compareVersions} from '@site/src/data/versions';
import {DECISION_ROWS, type Comparison, type Datapath, type DecisionRow, type DecisionSuite} from '@site/src/data/decisionTable';

const root = path.resolve(__dirname, '../..');
const datasets = loadDatasets(path.join(root, 'static/data')).map((l) => l.dataset);
const newest = (suite: string): Dataset => datasets.filter((d) => d.suite === suite).sort((a, b) => compareVersions(a.version, b.version)).at(-1)!;

const PAGES = {
  en: 'docs/choosing-a-datapath.mdx',
  ko: 'i18n/ko/docusaurus-plugin-content-docs/current/choosing-a-datapath.mdx',
  zh: 'i18n/zh/docusaurus-plugin-content-docs/current/choosing-a-datapath.mdx',
} as const;
type Locale = keyof typeof PAGES;

/** How each language says that no datapath won: a row without a winner must say so, not name one. */
const NO_WINNER: Record<Locale, RegExp> = {en: /no measured winner/i, ko: /측정으로 정해지지 않/, zh: /未分出高下/};
/** How the suites are named in the "Measured at" column (the same in every language). */
const SUITE_NAMES: Record<DecisionSuite, RegExp> = {'eks-cni': /\bEKS\b/, 'tke-cilium': /\bTKE\b/, 'kube-proxy': /\bkube-proxy\b/};
const DATAPATH_NAMES: Record<Datapath, RegExp> = {iptables: /iptables/i, cilium: /Cilium/i};

interface PageRow {
  line: string;
  choose: string;
  measuredAt: string;
  evidence: string;
}

/** The rows of the table under the heading {#decision-table}: four cells each. */
function decisionTable(text: string): PageRow[] {
  const after = text.slice(text.indexOf('{#decision-table}'));
  const lines = after.split('\n');
  const start = lines.findIndex((l) => /^\|\s*-{3}/.test(l));
  const rows: PageRow[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) break;
    const cells = line.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, ''));
    expect(cells, line).toHaveLength(4);
    rows.push({line, choose: cells[1], measuredAt: cells[2], evidence: cells[3]});
  }
  return rows;
}

/** The suites a page imports, by the name it gives each: `import eks from '@bench-data/eks-cni'`. */
const benchImports = (text: string) => new Map([...text.matchAll(/^import (\w+) from '@bench-data\/([a-z0-9-]+)';$/gm)].map((m) => [m[1], m[2]]));

/** The evidence marks a cell places: <DecisionEvidence row="key" data={[a, b]} />, each with the names of its bundles. */
const evidenceMarks = (cell: string) => [...cell.matchAll(/<DecisionEvidence row="([^"]*)" data=\{\[([^\]]*)\]\} \/>/g)].map((m) => ({row: m[1], data: m[2].split(',').map((n) => n.trim()).filter(Boolean)}));

/** The claims a cell links to, in order: ./benchmarks/<suite>.mdx#claim-<id>. */
const claimLinks = (cell: string) => [...cell.matchAll(/\.\/benchmarks\/([a-z0-9-]+)\.mdx#claim-([a-z0-9-]+)/g)].map((m) => ({suite: m[1], id: m[2]}));

/** The numbers a cell writes ("1,000", "30,000개"), in order. */
const numbersIn = (cell: string) => [...cell.matchAll(/\d{1,3}(?:,\d{3})+|\d+/g)].map((m) => Number(m[0].replace(/,/g, '')));

/** The first datapath a cell names. */
function firstDatapath(cell: string): Datapath | undefined {
  const hits = (Object.entries(DATAPATH_NAMES) as [Datapath, RegExp][]).map(([d, re]) => [d, cell.search(re)] as const).filter(([, i]) => i >= 0);
  return hits.sort((a, b) => a[1] - b[1])[0]?.[0];
}

/** Which datapath handles a scenario's Services: Cilium where it is the CNI or replaces kube-proxy, else kube-proxy's iptables rules. */
const datapathOf = (s: Scenario): Datapath => (/cilium/i.test(s.cni ?? '') || /cilium|ebpf/i.test(s.kubeProxy ?? '') ? 'cilium' : 'iptables');

const suitesOf = (row: DecisionRow): Set<DecisionSuite> =>
  new Set([...row.claims.map((c) => c.suite), ...(Object.keys(row.measuredAt) as DecisionSuite[]), ...('suite' in row.choice ? [row.choice.suite] : [])]);

/** The value of one scenario at one step of a comparison. */
function valueAt(c: Comparison, scenario: string, services: number): number {
  const row = selectRow(newest(c.suite), {metric: c.metric, scenario, where: {...c.where, ...(services === 0 ? {} : {services})}});
  expect(row.value, `${c.suite} ${c.metric} ${scenario} at ${services}`).not.toBeNull();
  return row.value as number;
}

/** a is better than b by the metric's direction. */
const better = (c: Comparison, a: number, b: number) => (METRICS[c.metric].direction === 'lower' ? a < b : a > b);

/**
 * What stands behind a row, computed here from the rows' own declaration and the newest
 * dataset of each suite it names: the feature row's source, or its claims' evidence together.
 */
function expectedEvidence(spec: DecisionRow): Evidence | FeatureEvidence | undefined {
  if (spec.choice.kind === 'feature') return {source: newest(spec.choice.suite).source.kind, feature: true};
  const parts = spec.claims.map(({suite, id}) => {
    const dataset = newest(suite);
    return claimEvidence(dataset, evaluateClaim(dataset, claimsOf(suite).claims.find((c) => c.id === id)!));
  });
  expect(parts, `${spec.key}: every claim has figures`).not.toContain(undefined);
  return combinedEvidence(parts as Evidence[]);
}

/** The mark a cell's <DecisionEvidence> renders in `locale`, with the newest dataset of each suite the page passes it. */
function renderedMark(locale: Locale, row: string, suites: readonly string[]): Element | null {
  setTestLocale(locale);
  try {
    const doc = renderStatic(React.createElement(DecisionEvidence, {row, data: suites.map((s) => bundleOf(newest(s)))}));
    return doc.querySelector(`[data-decision-evidence="${row}"] [data-evidence]`);
  } finally {
    setTestLocale('en');
  }
}

describe('decision table rows, as the pages write them', () => {
  for (const [locale, file] of Object.entries(PAGES) as [Locale, string][]) {
    describe(locale, () => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const rows = decisionTable(text);
      const imports = benchImports(text);

      it('imports the evidence mark', () => {
        expect(text).toMatch(/^import DecisionEvidence from '@site\/src\/components\/DecisionEvidence';$/m);
      });

      it('has one row per entry of src/data/decisionTable.ts', () => {
        expect(rows).toHaveLength(DECISION_ROWS.length);
      });

      DECISION_ROWS.forEach((spec, i) => {
        it(`${spec.key}: cites the claims, names the Service counts and picks the datapath of its entry`, () => {
          const row = rows[i];
          expect(claimLinks(row.evidence), row.line).toEqual(spec.claims.map((c) => ({suite: c.suite, id: c.id})));
          const counts = [...new Set(Object.values(spec.measuredAt).flat())].sort((a, b) => a - b);
          expect([...new Set(numbersIn(row.measuredAt))].sort((a, b) => a - b), row.line).toEqual(counts);
          const named = (Object.entries(SUITE_NAMES) as [DecisionSuite, RegExp][]).filter(([, re]) => re.test(row.measuredAt)).map(([s]) => s);
          expect(new Set(named), row.line).toEqual(spec.choice.kind === 'feature' ? new Set() : suitesOf(spec));
          const choice = spec.choice;
          if (choice.kind === 'ahead') {
            const scenarios = newest(choice.suite).scenarios;
            const families = new Set(choice.winner.map((id) => datapathOf(scenarios.find((s) => s.id === id)!)));
            expect(families.size, `${spec.key}: the winners are one datapath`).toBe(1);
            expect(firstDatapath(row.choose), row.line).toBe([...families][0]);
            expect(row.choose, row.line).not.toMatch(NO_WINNER[locale]);
          }
          if (choice.kind === 'no-winner') expect(row.choose, row.line).toMatch(NO_WINNER[locale]);
          if (choice.kind === 'feature') {
            const scenarios = newest(choice.suite).scenarios.filter((s) => choice.scenarios.includes(s.id));
            for (const d of new Set(scenarios.map((s) => (/cilium/i.test(s.cni ?? '') ? 'Cilium' : s.cni ?? '')))) expect(row.choose, row.line).toContain(d.replace(/^Amazon /, ''));
          }
        });

        it(`${spec.key}: its Evidence cell shows the evidence of what the row rests on`, () => {
          const row = rows[i];
          const marks = evidenceMarks(row.evidence);
          expect(marks.map((m) => m.row), row.line).toEqual([spec.key]);
          const suites = marks[0].data.map((name) => imports.get(name));
          expect(suites, `${row.line}: bundles the page imports`).not.toContain(undefined);
          const mark = renderedMark(locale, spec.key, suites as string[]);
          expect(mark, `${spec.key}: a mark is drawn`).not.toBeNull();
          const expected = expectedEvidence(spec);
          expect(expected, spec.key).toBeDefined();
          setTestLocale(locale);
          try {
            expect(mark!.textContent, spec.key).toBe(evidenceText(expected!, locale));
          } finally {
            setTestLocale('en');
          }
        });
      });
    });
  }
});

describe('decision table entries, against the newest datasets', () => {
  for (const spec of DECISION_ROWS) {
    describe(spec.key, () => {
      if (spec.claims.length > 0) {
        it('every claim it cites applies to the newest version of its suite and holds there', () => {
          for (const {suite, id} of spec.claims) {
            const claim = claimsOf(suite).claims.find((c) => c.id === id);
            expect(claim, `${suite} claim ${id}`).toBeDefined();
            const dataset = newest(suite);
            expect(claimAppliesTo(claim!, dataset.version), `${suite} claim ${id} on ${dataset.version}`).toBe(true);
            expect(evaluateClaim(dataset, claim!).status, `${suite} claim ${id} on ${dataset.version}`).toBe('holds');
          }
        });
      }

      const counts = Object.entries(spec.measuredAt) as [DecisionSuite, readonly number[]][];
      if (counts.length > 0) {
        it('every Service count it names was measured', () => {
          for (const [suite, steps] of counts) {
            const metric = 'metric' in spec.choice && spec.choice.suite === suite ? spec.choice.metric : undefined;
            const measured = new Set(newest(suite).results.filter((r) => r.value !== null && (metric === undefined || r.metric === metric)).map((r) => r.conditions?.services));
            for (const n of steps) expect(measured.has(n), `${suite}: ${n} Services${metric ? ` (${metric})` : ''}`).toBe(true);
          }
        });
      }

      const choice = spec.choice;
      if (choice.kind === 'ahead') {
        it(`${choice.winner.join(', ')} ahead of ${choice.over.join(', ')} at every step it covers`, () => {
          for (const step of choice.at) {
            for (const w of choice.winner) {
              for (const o of choice.over) {
                const [a, b] = [valueAt(choice, w, step), valueAt(choice, o, step)];
                expect(better(choice, a, b), `${choice.metric} at ${step} Services: ${w} ${a} against ${o} ${b}`).toBe(true);
              }
            }
          }
        });
      }
      if (choice.kind === 'feature') {
        it(`${choice.scenarios.join(', ')} give pods ${choice.ipam} addresses, and no other scenario does`, () => {
          for (const sc of newest(choice.suite).scenarios) {
            expect(sc.ipam?.includes(choice.ipam), `${sc.id}: ${sc.ipam}`).toBe(choice.scenarios.includes(sc.id));
          }
        });
      }
      if (choice.kind === 'no-winner') {
        it(`none of ${choice.among.join(', ')} is the best at every step it covers`, () => {
          const bestAt = choice.at.map((step) => {
            const values = choice.among.map((s) => [s, valueAt(choice, s, step)] as const);
            return values.reduce((x, y) => (better(choice, y[1], x[1]) ? y : x))[0];
          });
          expect(new Set(bestAt).size, `best at ${choice.at.join(', ')}: ${bestAt.join(', ')}`).toBeGreaterThan(1);
        });
      }
    });
  }
});
