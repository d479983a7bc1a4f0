/**
 * Issue 18, "done when": adding a suite with one chart of an existing family
 * touches only its dataset, its suite module, its claims file and its pages.
 *
 * examples/new-suite holds exactly those files (the contributing guide's
 * worked example) at the paths they take in the repository. They are added to
 * a copy of the site, nothing else is changed, and the English build must show
 * the suite: its page with the chart and an inline figure drawn from the new
 * dataset, its claims checked, and the suite in the listing. Slow (a site
 * build): vitest's build project, the full tier.
 */
import fs from 'node:fs';
import path from 'node:path';
import {JSDOM} from 'jsdom';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
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
const claims = JSON.parse(fs.readFileSync(path.join(EXAMPLE, `src/data/claims/${SUITE}.json`), 'utf8')) as {claims: {id: string}[]};

/** What a new suite may touch, and nothing else. */
const ALLOWED: [string, RegExp][] = [
  ['its dataset', new RegExp(`^static/data/${SUITE}/[^/]+\\.json$`)],
  ['its suite module', new RegExp(`^src/suites/${SUITE}\\.ts$`)],
  ['its claims file', new RegExp(`^src/data/claims/${SUITE}\\.json$`)],
  ['its pages', new RegExp(`^(docs|i18n/[a-z-]+/docusaurus-plugin-content-docs/current)/.*\\.mdx$`)],
];

const builtPage = (site: SiteCopy, page: string) => new JSDOM(fs.readFileSync(path.join(site.dir, 'build', page), 'utf8')).window.document;

describe('a new suite is its dataset, suite module, claims file and pages', () => {
  let site: SiteCopy;
  let build: {status: number | null; output: string};

  beforeAll(() => {
    site = copySite();
    for (const f of files) site.write(f, fs.readFileSync(path.join(EXAMPLE, f), 'utf8'));
    build = site.run('npx', ['docusaurus', 'build', '--locale', 'en'], 1_200_000);
  }, 1_500_000);

  // Removing a built site copy takes longer than vitest's 10 s hook default on a loaded machine.
  afterAll(() => site?.dispose(), 300_000);

  it('the example touches nothing but those four kinds of file, one of each at least', () => {
    for (const f of files) expect(ALLOWED.some(([, re]) => re.test(f)), `${f} is not a file a new suite may add`).toBe(true);
    for (const [what, re] of ALLOWED) expect(files.some((f) => re.test(f)), what).toBe(true);
    // None of them exists in the repository: the suite is new.
    for (const f of files) expect(fs.existsSync(path.join(REPO_ROOT, f)), f).toBe(false);
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

  it('its claims come with its module and are checked on the page', () => {
    const doc = builtPage(site, `docs/benchmarks/${SUITE}.html`);
    const items = [...doc.querySelectorAll(`[data-claims="${SUITE}"] [data-claim]`)];
    expect(items.map((i) => i.getAttribute('data-claim'))).toEqual(claims.claims.map((c) => c.id));
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(claims.claims.map(() => 'holds'));
  });

  it('the suite listing shows it with its title', () => {
    const card = builtPage(site, 'index.html').querySelector(`[data-suite="${SUITE}"]`);
    expect(card?.textContent).toContain(dataset.title.en);
  });
});
