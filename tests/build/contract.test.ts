/**
 * The contract between the cluster scripts, the ingest and the report pages:
 * every cluster script's output (through the recording fakes: EKS scenarios
 * A-E, TKE iptables/native/overlay) is ingested as the newest dataset version,
 * and the EKS and TKE pages build from it with every inline figure, chart and
 * table cell resolved. Slow (the script runs take minutes, then a site build):
 * full tier only, CONTRACT=1.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {JSDOM} from 'jsdom';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {copySite, REPO_ROOT, type SiteCopy} from './site-copy';

const VERSION = '2099-12-31';
const SUITES = {'eks-cni': ['eks'], 'tke-cilium': ['tke-iptables', 'tke-native', 'tke-overlay']} as const;
const PAGES = {'eks-cni': 'docs/benchmarks/eks-cni.html', 'tke-cilium': 'docs/benchmarks/tke-cilium.html'} as const;

/** A built page as a DOM: the HTML minifier drops attribute quotes, so no regex on the markup. */
const builtPage = (site: SiteCopy, page: string) => new JSDOM(fs.readFileSync(path.join(site.dir, 'build', page), 'utf8')).window.document;

describe.runIf(process.env.CONTRACT === '1')('cluster scripts -> ingest -> report pages', () => {
  let site: SiteCopy;
  let runs: string;
  let build: {status: number | null; output: string};

  beforeAll(() => {
    runs = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-runs-'));
    const scripts = spawnSync('bash', [path.join(REPO_ROOT, 'scripts/benchmarks/test/fakes/run-all.sh'), runs], {encoding: 'utf8', timeout: 1_500_000});
    if (scripts.status !== 0) throw new Error(`the cluster scripts failed against the fakes:\n${scripts.stderr}`);
    site = copySite();
    for (const [suite, dirs] of Object.entries(SUITES)) {
      const ingest = site.run('npx', ['tsx', 'scripts/benchmarks/ingest/cli.ts', ...dirs.map((d) => path.join(runs, d)), '--version', VERSION], 120_000);
      if (ingest.status !== 0) throw new Error(`ingest of ${suite} failed:\n${ingest.output}`);
    }
    // The fakes' numbers contradict the reports' claims, which then render no block and
    // leave their anchors dangling: that is the claims check doing its job, not this contract.
    const config = path.join(site.dir, 'docusaurus.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("onBrokenAnchors: 'throw'", "onBrokenAnchors: 'warn'"));
    build = site.run('npx', ['docusaurus', 'build', '--locale', 'en'], 1_200_000);
  }, 3_000_000);

  // Removing a built site copy takes longer than vitest's 10 s hook default on a loaded machine.
  afterAll(() => {
    site?.dispose();
    if (runs) fs.rmSync(runs, {recursive: true, force: true});
  }, 300_000);

  it('the site builds with the ingested datasets as the newest versions', () => {
    // Charts, tables and inline figures throw on a query the current dataset does not answer with one row, naming it.
    expect(build.output.match(/<[A-Za-z]+[^>\n]*> on page [^\n]*/g) ?? [], build.output.slice(-4000)).toEqual([]);
    expect(build.status, build.output.slice(-6000)).toBe(0);
  });

  for (const [suite, page] of Object.entries(PAGES)) {
    it(`${suite}: every inline figure comes from the ingested version`, () => {
      const sources = new Set([...builtPage(site, page).querySelectorAll('[data-dataset]')].map((el) => el.getAttribute('data-dataset')));
      expect([...sources]).toEqual([`${suite}@${VERSION}`]);
    });

    it(`${suite}: no chart or table cell is left without a row`, () => {
      // Table and chart cells with no row at all show "–" (a null row with a reason shows N/M or N/A).
      const doc = builtPage(site, page);
      expect(doc.querySelectorAll('[data-chart] table td').length, 'chart tables found in the built page').toBeGreaterThan(0);
      const cells = [...doc.querySelectorAll('span[class*="missing"]')];
      const unresolved = cells
        .filter((el) => el.textContent === '–')
        .map((el) => el.closest('tr')?.textContent?.replace(/\s+/g, ' ') ?? el.parentElement?.textContent);
      expect(unresolved).toEqual([]);
    });
  }
});
