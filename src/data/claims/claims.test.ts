/**
 * The reports' conclusions against the bundled data: every claim of every
 * suite must hold on every dataset version in static/data it applies to (its
 * `versions` scope; absent: all). A new version
 * that breaks a conclusion fails here (and warns in `npm run build`) with
 * the claim, the values and the version.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {loadDatasets} from '../load';
import type {Dataset} from '../schema';
import {evaluateClaim} from './evaluate';
import {checkClaims, loadClaimSets} from './load';
import {describeFailure, renderStatement} from './render';
import type {Claim} from './schema';
import {zhTypography} from '../cjkTypography';
import {claim as claimSchema} from './schema';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const datasets = loadDatasets(path.join(repoRoot, 'static/data')).map((l) => l.dataset);
const sets = loadClaimSets(path.join(repoRoot, 'static/data'));
/** Suites with a published report whose conclusions must be declared. */
const REPORT_SUITES = ['eks-cni', 'tke-cilium'];

describe('bundled claims', () => {
  it('both report suites have claims, and every claims file has data', () => {
    const suitesWithData = new Set(datasets.map((d) => d.suite));
    const claimed = sets.map((s) => s.suite);
    for (const suite of REPORT_SUITES) expect(claimed, `claims for the ${suite} report`).toContain(suite);
    for (const suite of claimed) expect(suitesWithData.has(suite), `datasets of suite ${suite}`).toBe(true);
  });

  for (const set of sets) {
    for (const dataset of datasets.filter((d) => d.suite === set.suite)) {
      it(`every ${set.suite} claim that applies to ${dataset.version} holds on it`, () => {
        const {warnings} = checkClaims([set], [dataset]);
        expect(warnings, warnings.join('\n')).toEqual([]);
      });
    }
  }

  it('every claim has a title in every language, and no two claims of a suite share one', () => {
    for (const set of sets) {
      for (const locale of ['en', 'ko', 'zh']) {
        const titles = set.claims.map((c) => c.title[locale]);
        for (const [i, t] of titles.entries()) expect(t, `${set.suite}: ${set.claims[i].id} has a ${locale} title`).toMatch(/\S/);
        expect(new Set(titles).size, `${set.suite} ${locale} titles are distinct`).toBe(titles.length);
      }
    }
  });

  it('Chinese titles follow the site\'s typography rules (as `npm run i18n:fix -- zh` writes them)', () => {
    for (const set of sets) for (const c of set.claims) expect(zhTypography(c.title.zh), `${set.suite}: ${c.id}`).toBe(c.title.zh);
  });

  it('every statement fills all its placeholders in every language', () => {
    for (const {results} of [checkClaims(sets, datasets)]) {
      for (const r of results) {
        const dataset = datasets.find((d) => d.suite === r.suite && d.version === r.version) as Dataset;
        for (const locale of ['en', 'ko', 'zh']) {
          expect(r.claim.statement[locale], `${r.claim.id} has a ${locale} statement`).toBeDefined();
          expect(renderStatement(r, locale, dataset), `${r.claim.id} (${locale})`).not.toMatch(/\{[A-Za-z0-9]+\}/);
        }
      }
    }
  });
});

/**
 * Conclusions as the EKS source report worded them, which its own figures
 * contradict. The evaluator must catch them; the claims files carry the
 * corrected wording.
 */
describe('source conclusions the data contradicts are caught', () => {
  const eks = datasets.find((d) => d.suite === 'eks-cni') as Dataset;
  const contradicted: Claim[] = [
    {
      id: 'source-p99-credited-to-e',
      title: {en: 'E improves HTTP p99'},
      statement: {en: 'From A to E, HTTP p99 at 1,000 QPS improves by about 20% ({change}).'},
      checks: [{name: 'change', kind: 'change', metric: 'http_latency', where: {qps: 1000, stat: 'p99'}, from: {scenario: 'A'}, to: {scenario: 'E'}, min: -25, max: -15}],
    },
    {
      id: 'source-e-services-all-within-5',
      title: {en: 'More Services move nothing in E'},
      statement: {en: 'In E every figure moves by less than 5% from 4 to 104 Services.'},
      checks: [{kind: 'change', metric: 'http_latency', where: {qps: 1000, connection: 'keepalive', stat: 'p99'}, from: {scenario: 'E', where: {services: 4}}, to: {scenario: 'E', where: {services: 104}}, min: -5, max: 5}],
    },
  ];
  for (const c of contradicted) {
    it(c.id, () => {
      const parsed = claimSchema.parse(c);
      const result = evaluateClaim(eks, parsed);
      expect(result.status).toBe('contradicted');
      const message = describeFailure(result, eks);
      expect(message).toContain(`claim "${c.id}" is contradicted by eks-cni@${eks.version}`);
      expect(message).toMatch(/needs >= -?\d+% and <= -?\d+%/);
    });
  }
});
