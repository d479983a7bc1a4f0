/**
 * Adding a suite touches only the suite's own folders and its pages: nothing
 * lists the suites.
 *
 * examples/new-suite holds a small suite (the contributing guide's worked
 * example) at the paths it takes in the repository: static/data/<suite>/
 * (suite.json, claims.json, a dataset version), src/suites/<suite>/index.ts
 * (its results overview) and its page in each language. They are added to a
 * copy of the site, nothing else is changed, and the English build must show
 * the suite: its page with the chart, an inline figure and the results
 * overview drawn from the new dataset, its claims checked, and the suite on the
 * home page with its title and headline figure. Slow (a site build): vitest's
 * build project, the full tier.
 */
import fs from 'node:fs';
import path from 'node:path';
import {JSDOM} from 'jsdom';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readSuiteInfo} from '../../src/data/suiteFolder';
import {copySite, REPO_ROOT, type SiteCopy} from './site-copy';

const EXAMPLE = path.join(REPO_ROOT, 'examples/new-suite');
const SUITE = 'worked-example';

/** The example's files, relative to the repository root they are copied into. */
const files = (fs.readdirSync(EXAMPLE, {recursive: true, encoding: 'utf8'}) as string[])
  .filter((f) => fs.statSync(path.join(EXAMPLE, f)).isFile())
  .map((f) => f.split(path.sep).join('/'))
  .sort();
const dataset = JSON.parse(fs.readFileSync(path.join(EXAMPLE, `static/data/${SUITE}/2030-01-01.json`), 'utf8')) as {
  version: string;
  title: {en: string};
  results: {metric: string; scenario: string; value: number}[];
};
const claims = JSON.parse(fs.readFileSync(path.join(EXAMPLE, `static/data/${SUITE}/claims.json`), 'utf8')) as {suite: string; claims: {id: string}[]};

/** What a new suite may add, and nothing else; `needed`: every suite has one. */
const ALLOWED: {what: string; re: RegExp; needed: boolean}[] = [
  {what: 'its suite file', re: new RegExp(`^static/data/${SUITE}/suite\\.json$`), needed: true},
  {what: 'a dataset version', re: new RegExp(`^static/data/${SUITE}/\\d{4}-\\d{2}-\\d{2}(\\.\\d+)?\\.json$`), needed: true},
  {what: 'the lock of its versions', re: new RegExp(`^static/data/${SUITE}/SHA256SUMS$`), needed: true},
  {what: 'its claims', re: new RegExp(`^static/data/${SUITE}/claims\\.json$`), needed: false},
  {what: 'the raw files a version cites', re: new RegExp(`^static/data/${SUITE}/raw/[^/]+/.+$`), needed: false},
  {what: 'its bench scripts and ingest rules', re: new RegExp(`^scripts/benchmarks/${SUITE}/.+$`), needed: false},
  {what: 'its suite module or chart module', re: new RegExp(`^src/suites/${SUITE}/(index|charts)\\.ts$`), needed: false},
  {what: 'its English page', re: new RegExp(`^docs/benchmarks/${SUITE}\\.mdx$`), needed: true},
  {what: 'its Korean page', re: new RegExp(`^i18n/ko/docusaurus-plugin-content-docs/current/benchmarks/${SUITE}\\.mdx$`), needed: true},
  {what: 'its Chinese page', re: new RegExp(`^i18n/zh/docusaurus-plugin-content-docs/current/benchmarks/${SUITE}\\.mdx$`), needed: true},
];

const builtPage = (site: SiteCopy, page: string) => new JSDOM(fs.readFileSync(path.join(site.dir, 'build', page), 'utf8')).window.document;

describe('a new suite is its own folders and its pages', () => {
  let site: SiteCopy;
  let build: {status: number | null; output: string};

  beforeAll(() => {
    site = copySite();
    for (const f of files) site.write(f, fs.readFileSync(path.join(EXAMPLE, f), 'utf8'));
    build = site.run('npx', ['docusaurus', 'build', '--locale', 'en'], 1_200_000);
  }, 1_500_000);

  // Removing a built site copy takes longer than vitest's 10 s hook default on a loaded machine.
  afterAll(() => site?.dispose(), 300_000);

  it('the example adds nothing but files of the suite, with every file a suite needs', () => {
    for (const f of files) expect(ALLOWED.some(({re}) => re.test(f)), `${f} is not a file a new suite may add`).toBe(true);
    for (const {what, re} of ALLOWED.filter((a) => a.needed)) expect(files.some((f) => re.test(f)), `the example has ${what}`).toBe(true);
    // None of them exists in the repository: the suite is new.
    for (const f of files) expect(fs.existsSync(path.join(REPO_ROOT, f)), f).toBe(false);
  });

  it('its folder names the suite, and the title the ingest would write is the version’s', () => {
    const info = readSuiteInfo(path.join(EXAMPLE, 'static/data'), SUITE);
    expect(info?.title).toEqual(dataset.title);
    expect(claims.suite).toBe(SUITE);
  });

  it('the site builds', () => {
    expect(build.status, build.output.slice(-4000)).toBe(0);
  });

  it('its page draws the existing chart family from the new dataset', () => {
    const doc = builtPage(site, `docs/benchmarks/${SUITE}.html`);
    const chart = doc.querySelector('[data-chart="ThroughputChart"]');
    expect(chart?.getAttribute('data-dataset')).toBe(`${SUITE}@${dataset.version}`);
    const shown = [...chart!.querySelectorAll('table data')].map((d) => Number(d.getAttribute('value')));
    const expected = dataset.results.filter((r) => r.metric === 'tcp_throughput').map((r) => r.value);
    expect(shown).toEqual(expected);
  });

  it('an inline figure reads the suite module and the dataset', () => {
    const doc = builtPage(site, `docs/benchmarks/${SUITE}.html`);
    const metric = doc.querySelector('data[data-metric="tcp_throughput"][data-scenario="overlay"]');
    expect(metric?.getAttribute('data-dataset')).toBe(`${SUITE}@${dataset.version}`);
    const overlay = dataset.results.find((r) => r.metric === 'tcp_throughput' && r.scenario === 'overlay')!.value;
    expect(Number(metric?.getAttribute('value'))).toBe(overlay);
  });

  it('its claims come with its bundle and are checked on the page', () => {
    const doc = builtPage(site, `docs/benchmarks/${SUITE}.html`);
    const items = [...doc.querySelectorAll(`[data-claims="${SUITE}"] [data-claim]`)];
    expect(items.map((i) => i.getAttribute('data-claim'))).toEqual(claims.claims.map((c) => c.id));
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(claims.claims.map(() => 'holds'));
  });

  it('its results overview comes with its bundle, found by the suite’s name', () => {
    const doc = builtPage(site, `docs/benchmarks/${SUITE}.html`);
    const row = doc.querySelector(`[data-overview="${SUITE}"] tr[data-row="tcp-throughput"]`);
    expect(row, 'the overview row of src/suites/worked-example/index.ts').not.toBeNull();
    const verdicts = Object.fromEntries([...row!.querySelectorAll('td[data-scenario]')].map((td) => [td.getAttribute('data-scenario'), td.getAttribute('data-verdict')]));
    expect(verdicts).toEqual({native: 'better', overlay: 'reference'});
  });

  it('the home page shows it with its title and its headline figure', () => {
    const card = builtPage(site, 'index.html').querySelector(`[data-suite="${SUITE}"]`);
    expect(card?.textContent).toContain(dataset.title.en);
    const value = (scenario: string) => dataset.results.find((r) => r.metric === 'tcp_throughput' && r.scenario === scenario)!.value;
    const headline = card?.querySelector('[data-headline="tcp-throughput/native"] data');
    expect(Number(headline?.getAttribute('value'))).toBeCloseTo(((value('native') - value('overlay')) / value('overlay')) * 100, 3);
  });
});
