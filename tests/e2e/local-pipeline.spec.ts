/**
 * The whole pipeline on one machine, for real: bench script -> raw outputs ->
 * ingest -> dataset -> Docusaurus build -> browser. Runs `npm run bench:local`
 * in quick mode (root: it creates network namespaces) inside a temp copy of
 * the site, builds that copy and checks that the "Try it on one machine"
 * page shows the values of the dataset the run just wrote (read from that
 * file here, not typed).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {copySite, type SiteCopy} from '../build/site-copy';
import {test, expect, startStaticServer} from './support/fixtures';
import type {StaticServer} from './support/static-server';
import {goLive} from './support/charts';
import {newestVersion} from './support/site';
import {versionFiles} from '../../src/data/suiteFolder';

type Row = {metric: string; scenario: string; value: number | null; conditions?: Record<string, unknown>};
type Dataset = {suite: string; version: string; method: {params?: Record<string, unknown>}; results: Row[]};

const NS_PREFIX = `nbl-e2e${process.pid}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Remove any namespace this test's prefix names, whatever happened to the script. */
function removeOurNamespaces(): void {
  const list = spawnSync('ip', ['netns', 'list'], {encoding: 'utf8'}).stdout ?? '';
  for (const line of list.split('\n')) {
    const name = line.split(' ')[0];
    if (name.startsWith(NS_PREFIX)) spawnSync('ip', ['netns', 'delete', name]);
  }
}

test.describe.configure({mode: 'serial'});

test.describe('bench:local -> ingest -> build -> page', {tag: '@pipeline'}, () => {
  test.skip(!isRoot, 'creates network namespaces: run as root (CI does)');
  let site: SiteCopy;
  let server: StaticServer;
  let dataset: Dataset;
  /** The example version committed with the site, older than the fresh one. */
  let example: Dataset;
  let benchSeconds = 0;

  test.beforeAll(async () => {
    // The loads are bounded by quick mode's durations (checked below); the
    // wall time on a shared 2-core machine mostly measures the other load.
    test.setTimeout(1_200_000);
    site = copySite();
    const before = new Set(versionFiles(path.join(site.dir, 'static/data/local')));
    example = JSON.parse(fs.readFileSync(path.join(site.dir, 'static/data/local', `${newestVersion('local', path.join(site.dir, 'static/data'))}.json`), 'utf8')) as Dataset;
    const started = Date.now();
    const bench = site.run('bash', ['scripts/benchmarks/local/bench-local.sh'], 540_000, {
      BENCH_LOCAL_QUICK: '1',
      NS_PREFIX,
      OUT: path.join(site.dir, 'bench-runs/e2e'),
      DATA_OUT: path.join(site.dir, 'static/data'),
    });
    benchSeconds = (Date.now() - started) / 1000;
    expect(bench.status, bench.output.slice(-3000)).toBe(0);
    const fresh = versionFiles(path.join(site.dir, 'static/data/local')).filter((f) => !before.has(f));
    expect(fresh, 'the run wrote exactly one new dataset version').toHaveLength(1);
    dataset = JSON.parse(fs.readFileSync(path.join(site.dir, 'static/data/local', fresh[0]), 'utf8')) as Dataset;

    const out = path.join(site.dir, 'served');
    const built = site.run('node_modules/.bin/docusaurus', ['build', '--locale', 'en', '--out-dir', out], 540_000);
    expect(built.status, built.output.slice(-3000)).toBe(0);
    server = await startStaticServer({root: out});
  });

  test.afterAll(async () => {
    await server?.close();
    site?.dispose();
    removeOurNamespaces();
  });

  const value = (metric: string, scenario: string, where: Record<string, unknown>) => {
    const row = dataset.results.find(
      (r) => r.metric === metric && r.scenario === scenario && Object.entries(where).every(([k, v]) => r.conditions?.[k] === v),
    );
    expect(row, `${metric}/${scenario} ${JSON.stringify(where)} in the fresh dataset`).toBeDefined();
    return row!.value as number;
  };

  test('the run used quick mode and left no namespace behind', () => {
    test.info().annotations.push({type: 'bench seconds', description: benchSeconds.toFixed(0)});
    expect(dataset.method.params).toMatchObject({IPERF_DURATION: 1, HTTP_DURATION: 1, NETPERF_DURATION: 1, CHAIN_DURATION: 1, DNS_LOOKUPS: 20, CHAIN_CRR: 0});
    const list = spawnSync('ip', ['netns', 'list'], {encoding: 'utf8'}).stdout ?? '';
    expect(list).not.toContain(NS_PREFIX);
  });

  test('the sweep shows the O(n) effect: fewer short-connection RPS at the longest chain', () => {
    const sweep = dataset.results
      .filter((r) => r.metric === 'http_rps' && r.scenario === 'chain' && r.conditions?.connection === 'close')
      .sort((a, b) => (a.conditions!.rules as number) - (b.conditions!.rules as number));
    expect(sweep.length).toBeGreaterThanOrEqual(2);
    expect(sweep[0].conditions!.rules).toBe(0);
    expect(sweep[sweep.length - 1].value!).toBeLessThan(sweep[0].value!);
  });

  test('the page shows the fresh dataset in its charts and inline figures', async ({page, consoleErrors}) => {
    await page.goto(`${server.url}/docs/benchmarks/local`);
    // The charts: the figures with plots (the test-setup figure beside them has none).
    const charts = page.locator('figure[data-chart]:has([data-panel])');
    await expect(charts).toHaveCount(4);
    for (const chart of await charts.all()) {
      await expect(chart).toHaveAttribute('data-dataset', `local@${dataset.version}`);
      await goLive(chart);
      await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    }
    // Inline figure in the prose: TCP_RR p50 of the scenario "direct".
    const rr = value('tcp_rr_latency', 'direct', {stat: 'p50'});
    await expect(page.locator('data[data-metric="tcp_rr_latency"]').first()).toHaveAttribute('value', String(rr));
    // The sweep sentence: RPS at 0 rules and at the longest chain.
    const rules = dataset.results.filter((r) => r.scenario === 'chain' && r.metric === 'http_rps').map((r) => r.conditions!.rules as number);
    const rps0 = value('http_rps', 'chain', {rules: Math.min(...rules), connection: 'close'});
    const rpsN = value('http_rps', 'chain', {rules: Math.max(...rules), connection: 'close'});
    const sentence = page.getByTestId('chain-sweep-finding');
    await expect(sentence.locator(`data[value="${rpsN}"]`)).toHaveCount(1);
    await expect(sentence.locator(`data[value="${rps0}"]`)).toHaveCount(1);
    // The throughput chart's data table holds the dataset's values.
    const tput = page.locator('figure[data-chart="LocalThroughputChart"]');
    await tput.locator('summary').first().click();
    for (const streams of [1, 8]) {
      await expect(tput.locator(`table data[value="${value('tcp_throughput', 'direct', {streams})}"]`)).toHaveCount(1);
    }
    consoleErrors.expectNone();
  });

  test('the version picker switches every figure of the suite to the older version, and the URL keeps it', async ({page, consoleErrors}) => {
    const rrOf = (d: Dataset) => d.results.find((r) => r.metric === 'tcp_rr_latency' && r.scenario === 'direct' && r.conditions?.stat === 'p50')!.value;
    await page.goto(`${server.url}/docs/benchmarks/local`);
    const picker = page.getByTestId('LocalThroughputChart-version');
    await goLive(picker);
    // The picker works once its chart is live (until then it is the build's HTML).
    await expect(page.locator('figure[data-chart="LocalThroughputChart"] svg.recharts-surface').first()).toBeVisible();
    await picker.selectOption(example.version);
    await expect(page.locator('figure[data-chart]').first()).toHaveAttribute('data-dataset', `local@${example.version}`);
    await expect(page.locator('figure[data-chart="RuleChainSweepChart"]')).toHaveAttribute('data-dataset', `local@${example.version}`);
    await expect(page.locator('data[data-metric="tcp_rr_latency"]').first()).toHaveAttribute('value', String(rrOf(example)));
    expect(new URL(page.url()).searchParams.get('local')).toBe(example.version);
    await page.reload();
    await expect(page.locator('data[data-metric="tcp_rr_latency"]').first()).toHaveAttribute('value', String(rrOf(example)));
    consoleErrors.expectNone();
  });
});
