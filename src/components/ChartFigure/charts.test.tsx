/**
 * Every chart built on ChartFigure, in its static HTML (what readers without
 * JavaScript, search engines and the first paint get):
 *
 * - the contract, for every chart found in src/components and every chart a suite's module
 *   declares (src/suites/<suite>/charts.ts: a new chart joins by being there; it is drawn
 *   from the newest dataset of the suite that declares it, a chart family's default spec
 *   from the first suite whose data it draws): a root with data-chart,
 *   data-dataset and a titled figure; each panel a table whose cells carry
 *   `<data value>`; output that follows the data it is given; provenance;
 * - exact cells for the EKS charts: the cell at (panel, row, column) holds
 *   the value of the dataset row it is meant to show, formatted for English.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {describe, expect, it} from 'vitest';
import type {SuiteBundle} from '@site/src/data/bundle';
import {formatValue} from '@site/src/data/format';
import {METRICS, type Unit} from '@site/src/data/metrics';
import {hasPhoneTimings} from '@site/src/suites/site/charts';
import {PHONE_CHARTS} from '@site/src/suites/site';
import type {Conditions, Dataset} from '@site/src/data/schema';
import {selectRow} from '@site/src/data/selectors';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {cellOf, renderStatic} from '@site/src/data/testing/renderStatic';
import {dataValues} from '@site/src/data/testing/staticQueries';
import {setTestPage} from '@site/tests/unit/docusaurus/router';
import Metric from '@site/src/components/Metric';
import SuiteChart from '@site/src/components/SuiteChart';
import type {ChartSpec} from '@site/src/data/chartSpec';
import {listSuites, newestVersion} from '@site/src/data/suiteFolder';
import {declaredCharts} from '@site/tests/e2e/support/declared-charts';

const COMPONENTS_DIR = path.resolve(__dirname, '..');
const DATA_DIR = path.resolve(__dirname, '../../../static/data');
const SUITES_DIR = path.resolve(__dirname, '../../suites');

/**
 * Component folders that draw a named chart: those whose index.tsx renders a ChartFigure
 * (but SuiteChart, which draws specs) and the chart families with a default spec.
 */
function chartFigureCharts(): string[] {
  return fs
    .readdirSync(COMPONENTS_DIR)
    .filter((name) => name !== 'ChartFigure' && name !== 'SuiteChart')
    .filter((name) => {
      const file = path.join(COMPONENTS_DIR, name, 'index.tsx');
      if (!fs.existsSync(file)) return false;
      const source = fs.readFileSync(file, 'utf8');
      return source.includes('<ChartFigure') || /export const \w+: ChartSpec = /.test(source);
    })
    .sort();
}

/** The suites with a chart module (src/suites/<suite>/charts.ts). */
const CHART_SUITES = fs.readdirSync(SUITES_DIR).filter((d) => fs.existsSync(path.join(SUITES_DIR, d, 'charts.ts'))).sort();

type ChartModule = {CHARTS: Record<string, ChartSpec>; ENVIRONMENT?: {name: string}};
const chartModule = (suite: string) => import(`../../suites/${suite}/charts.ts`) as Promise<ChartModule>;

/** The charts configured in the suites' chart modules, by name, with the suite whose module declares each. */
async function suiteChartSpecs(): Promise<Map<string, {spec: ChartSpec; suite: string}>> {
  const specs = new Map<string, {spec: ChartSpec; suite: string}>();
  for (const suite of CHART_SUITES) {
    for (const spec of Object.values((await chartModule(suite)).CHARTS)) specs.set(spec.name, {spec, suite});
  }
  return specs;
}

const SPECS = await suiteChartSpecs();
/** Every chart: the families' default specs and components (no suite of their own), then the suites' specs. */
const CHARTS = [...chartFigureCharts().filter((c) => !SPECS.has(c)), ...SPECS.keys()];

function latestDataset(suite: string): Dataset {
  const dir = path.join(DATA_DIR, suite);
  const version = newestVersion(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, `${version}.json`), 'utf8')) as Dataset;
}

/**
 * The site suite's first version (2026-11-26) has no phone timings: SitePhoneChart is drawn
 * from the newest one with hand-made phone rows (every report page and locale) until a
 * published version carries real ones.
 */
function withPhoneTimings(d: Dataset): Dataset {
  if (hasPhoneTimings(d)) return d;
  const pages = d.scenarios.filter((s) => s.id in PHONE_CHARTS).map((s) => s.id);
  const locales = [...new Set(d.results.map((r) => r.conditions?.locale).filter((l): l is string => l !== undefined))];
  const metrics = ['phone_panel_after_scroll', 'phone_chart_after_scroll', 'phone_shared_view', 'phone_shared_chart', 'phone_empty_box'] as const;
  const rows = pages.flatMap((scenario, i) =>
    locales.flatMap((locale, j) => metrics.map((metric, k) => ({metric, scenario, value: metric === 'phone_empty_box' ? 0 : 500 * (k + 1) + 10 * i + j, unit: METRICS[metric].unit, conditions: {locale}}))),
  );
  return {...d, results: [...d.results, ...rows]};
}

const DATASET_OF: Record<string, (d: Dataset) => Dataset> = {SitePhoneChart: withPhoneTimings};

/**
 * The same dataset with every measured value changed (doubled plus one, so that shares of a
 * baseline change too, not only absolute values): a chart must show different numbers.
 */
function changed(d: Dataset): Dataset {
  const change = (v: number) => v * 2 + 1;
  const optional = (v: number | undefined) => (v === undefined ? undefined : change(v));
  return {...d, results: d.results.map((r) => ({...r, value: r.value === null ? null : change(r.value), min: optional(r.min), max: optional(r.max)}))};
}

async function render(chart: string, bundle: SuiteBundle): Promise<Document> {
  const spec = SPECS.get(chart)?.spec;
  if (spec) return renderStatic(<SuiteChart data={bundle} spec={spec} />);
  const Chart = (await import(`../${chart}/index.tsx`)).default as React.ComponentType<{data: SuiteBundle}>;
  return renderStatic(<Chart data={bundle} />);
}

/**
 * The suite whose newest dataset a chart is drawn from: the suite whose module declares it;
 * for a family's default spec, the first suite with data whose newest dataset it draws.
 */
async function suiteOf(chart: string): Promise<string> {
  const declared = SPECS.get(chart)?.suite;
  if (declared) return declared;
  for (const suite of listSuites(DATA_DIR)) {
    try {
      const doc = await render(chart, makeBundle(latestDataset(suite)));
      if (doc.querySelector(`figure[data-chart="${chart}"] [data-panel]`)) return suite;
    } catch {
      // Not this suite's data: a query matches no row.
    }
  }
  throw new Error(`${chart} draws from no suite's newest dataset`);
}

describe('ChartFigure contract', () => {
  it('finds the charts: the suites\' chart modules and the chart families', () => {
    expect(SPECS.size, 'charts declared in src/suites/*/charts.ts').toBeGreaterThan(0);
    expect(CHARTS.length, 'charts in all').toBeGreaterThan(SPECS.size);
  });

  // The e2e checks read the declared names from the modules' text (they cannot load them).
  it.each(CHART_SUITES)('%s: the names read from its charts.ts are the ones its module declares', async (suite) => {
    const {CHARTS: specs, ENVIRONMENT} = await chartModule(suite);
    const names = [...Object.values(specs).map((s) => s.name), ...(ENVIRONMENT ? [ENVIRONMENT.name] : [])];
    expect([...declaredCharts(suite)].sort()).toEqual(names.sort());
  });

  for (const name of CHARTS) {
    it(`${name}: titled root with data-chart and data-dataset, a value table per panel, provenance, output that follows the data`, async () => {
      const dataset = (DATASET_OF[name] ?? ((d) => d))(latestDataset(await suiteOf(name)));
      const bundle = makeBundle(dataset);
      const doc = await render(name, bundle);
      const root = doc.querySelector(`figure[data-chart="${name}"]`);
      expect(root, 'figure[data-chart]').not.toBeNull();
      expect(root?.getAttribute('data-dataset')).toBe(`${bundle.current.suite}@${dataset.version}`);
      expect(root?.id).toBe(`chart-${name}`);
      const title = doc.getElementById(root?.getAttribute('aria-labelledby') ?? '');
      expect(title?.textContent?.trim(), 'the element that labels the figure has text').toBeTruthy();
      expect(root?.querySelector('figcaption')?.textContent, 'provenance names the version').toContain(dataset.version);

      const panels = Array.from(root?.querySelectorAll('[data-panel]') ?? []);
      expect(panels.length, 'panels').toBeGreaterThan(0);
      for (const panel of panels) {
        const key = panel.getAttribute('data-panel');
        expect(panel.querySelectorAll('table tbody tr').length, `rows of panel ${key}`).toBeGreaterThan(0);
        const values = dataValues(doc, `figure[data-chart="${name}"] [data-panel="${key}"]`);
        expect(values.length, `<data> cells of panel ${key}`).toBeGreaterThan(0);
        for (const v of values) expect(Number.isFinite(v), `panel ${key} value ${v}`).toBe(true);
      }

      const other = await render(name, makeBundle(changed(dataset)));
      expect(dataValues(other), 'values after changing the data').not.toEqual(dataValues(doc));
    });
  }
});

/** One cell: where it is, and the dataset row (or % of the first category's row) it must show. */
interface CellCase {
  panel: string;
  row: string;
  column: string;
  metric: Parameters<typeof selectRow>[1]['metric'];
  scenario: string;
  where?: Conditions;
  /** The cell shows value / value of `percentOf` scenario, in %. */
  percentOf?: string;
}

const EXACT_CELLS: Record<string, CellCase[]> = {
  ThroughputChart: [{panel: 'tcp', row: 'C: Setup C', column: 'TCP throughput', metric: 'tcp_throughput', scenario: 'C'}],
  ScenarioComparisonChart: [
    {panel: 'tcp', row: 'E: Setup E', column: 'TCP throughput', metric: 'tcp_throughput', scenario: 'E'},
    {panel: 'udpLoss', row: 'B: Setup B', column: 'UDP packet loss', metric: 'udp_loss', scenario: 'B'},
    {panel: 'rtt', row: 'D: Setup D', column: 'TCP RTT under bulk load', metric: 'loaded_rtt', scenario: 'D'},
    {panel: 'p99', row: 'A: Setup A', column: 'HTTP p99 at QPS 1,000', metric: 'http_latency', scenario: 'A', where: {qps: 1000, stat: 'p99'}},
    {panel: 'rps', row: 'C: Setup C', column: 'Max achieved requests per second', metric: 'http_rps', scenario: 'C', where: {qps: 'max'}},
    {panel: 'memory', row: 'E: Setup E', column: 'CNI agent memory', metric: 'memory_usage', scenario: 'E', where: {component: 'agent'}},
  ],
  LatencyChart: [
    {panel: 'rtt', row: 'A: Setup A', column: 'TCP RTT under bulk load (iperf3 sender)', metric: 'loaded_rtt', scenario: 'A'},
    {panel: 'rtt', row: 'E: Setup E', column: 'TCP RTT under bulk load (iperf3 sender)', metric: 'loaded_rtt', scenario: 'E'},
  ],
  UdpLossChart: [
    {panel: 'loss', row: 'D: Setup D', column: 'UDP packet loss', metric: 'udp_loss', scenario: 'D'},
    {panel: 'throughput', row: 'B: Setup B', column: 'UDP throughput', metric: 'udp_throughput', scenario: 'B'},
  ],
  HttpPerformanceChart: [
    {panel: 'latency1000', row: 'B: Setup B', column: 'p50', metric: 'http_latency', scenario: 'B', where: {qps: 1000, stat: 'p50'}},
    {panel: 'latency1000', row: 'B: Setup B', column: 'p99', metric: 'http_latency', scenario: 'B', where: {qps: 1000, stat: 'p99'}},
    {panel: 'latency5000', row: 'D: Setup D', column: 'p99', metric: 'http_latency', scenario: 'D', where: {qps: 5000, stat: 'p99'}},
    {panel: 'latencyMax', row: 'D: Setup D', column: 'p99', metric: 'http_latency', scenario: 'D', where: {qps: 'max', stat: 'p99'}},
    {panel: 'rps', row: 'A: Setup A', column: 'QPS 1,000', metric: 'http_rps', scenario: 'A', where: {qps: 1000}},
    {panel: 'rps', row: 'A: Setup A', column: 'QPS 5,000', metric: 'http_rps', scenario: 'A', where: {qps: 5000}},
    {panel: 'rps', row: 'E: Setup E', column: 'max QPS', metric: 'http_rps', scenario: 'E', where: {qps: 'max'}},
  ],
  ServiceScalingChart: [
    {panel: 'p99', row: '104 Services', column: 'HTTP p99 at QPS 1,000 (keepalive)', metric: 'http_latency', scenario: 'E', where: {qps: 1000, services: 104, connection: 'keepalive', stat: 'p99'}},
    {panel: 'rps', row: '4 Services', column: 'Max achieved requests per second', metric: 'http_rps', scenario: 'E', where: {qps: 'max', services: 4, connection: 'keepalive'}},
    {panel: 'tcp', row: '104 Services', column: 'TCP throughput', metric: 'tcp_throughput', scenario: 'E', where: {services: 104}},
    {panel: 'dns', row: '104 Services', column: 'DNS resolution p50', metric: 'dns_latency', scenario: 'E', where: {services: 104, stat: 'p50'}},
  ],
  KubeproxyScalingChart: [
    {panel: 'nat', row: '1,000 Services', column: 'kube-proxy iptables (A)', metric: 'iptables_nat_rules', scenario: 'A', where: {services: 1000}},
    {panel: 'sync', row: '104 Services', column: 'kube-proxy iptables (A)', metric: 'kubeproxy_sync_time', scenario: 'A', where: {services: 104}},
    {panel: 'conn', row: '4 Services', column: 'kube-proxy iptables (A)', metric: 'conn_setup_time', scenario: 'A', where: {services: 4, connection: 'close', stat: 'avg'}},
    {panel: 'p99', row: '1,000 Services', column: 'keepalive', metric: 'http_latency', scenario: 'A', where: {qps: 1000, services: 1000, connection: 'keepalive', stat: 'p99'}},
    {panel: 'p99', row: '104 Services', column: 'Connection: close', metric: 'http_latency', scenario: 'A', where: {services: 104, connection: 'close', stat: 'p99'}},
  ],
  DnsResourceChart: [
    {panel: 'dns', row: 'C: Setup C', column: 'p50', metric: 'dns_latency', scenario: 'C', where: {stat: 'p50'}},
    {panel: 'dns', row: 'C: Setup C', column: 'p99', metric: 'dns_latency', scenario: 'C', where: {stat: 'p99'}},
    {panel: 'cpu', row: 'D: Setup D', column: 'CNI agent', metric: 'cpu_usage', scenario: 'D', where: {component: 'agent'}},
    {panel: 'memory', row: 'B: Setup B', column: 'CNI agent', metric: 'memory_usage', scenario: 'B', where: {component: 'agent'}},
  ],
  AimlRelevanceChart: [
    {panel: 'rtt', row: 'E: Setup E', column: 'TCP RTT under bulk load, % of A', metric: 'loaded_rtt', scenario: 'E', percentOf: 'A'},
    {panel: 'http', row: 'C: Setup C', column: 'HTTP p99 at QPS 1,000, % of A', metric: 'http_latency', scenario: 'C', where: {qps: 1000, stat: 'p99'}, percentOf: 'A'},
  ],
};

describe('EKS charts show each dataset row in its own cell', () => {
  const dataset = eksLikeDataset(3, 'eks-cells');
  for (const [name, cases] of Object.entries(EXACT_CELLS)) {
    it(name, async () => {
      const doc = await render(name, bundleOf(dataset));
      for (const c of cases) {
        const row = selectRow(dataset, {metric: c.metric, scenario: c.scenario, where: c.where});
        const base = c.percentOf ? selectRow(dataset, {metric: c.metric, scenario: c.percentOf, where: c.where}).value! : undefined;
        const value = base === undefined ? row.value! : (row.value! / base) * 100;
        // cellOf reads text with its spaces normalised (formatValue puts a narrow no-break space before units).
        const text = formatValue(value, (base === undefined ? row.unit : '%') as Unit, 'en').replace(/\s+/g, ' ');
        expect(cellOf(doc, c.panel, c.row, c.column), `${name} ${c.panel} [${c.row}, ${c.column}]`).toBe(text);
      }
    });
  }

  it('a missing value is said in its cell, not drawn as 0', async () => {
    const doc = await render('DnsResourceChart', bundleOf(dataset));
    expect(cellOf(doc, 'cpu', 'A: Setup A', 'CNI agent')).toBe('N/M');
  });
});

describe('one selection policy for charts and inline figures', () => {
  // makeBundle gives each render its own suite id, so the page-wide version store keeps them apart.
  // The page's own dataset without scenario C's TCP throughput: ThroughputChart queries it.
  const full = eksLikeDataset(4, 'eks-policy');
  const lacking: Dataset = {...full, results: full.results.filter((r) => !(r.metric === 'tcp_throughput' && r.scenario === 'C' && r.conditions === undefined))};
  const query = /query \{metric: tcp_throughput, scenario: C, where: \{\}\} matches no row in eks-policy-\d+@2030-01-01/;

  it('a chart whose query matches no row fails the build, naming the chart, the page and the query', async () => {
    setTestPage('/docs/benchmarks/eks-cni');
    await expect(render('ThroughputChart', makeBundle(lacking))).rejects.toThrow(/^<ThroughputChart> on page \/docs\/benchmarks\/eks-cni: /);
    await expect(render('ThroughputChart', makeBundle(lacking))).rejects.toThrow(query);
  });

  it('an inline figure with the same query fails the same way', () => {
    setTestPage('/docs/benchmarks/eks-cni');
    expect(() => renderStatic(<Metric data={makeBundle(lacking)} metric="tcp_throughput" scenario="C" />)).toThrow(/^<Metric metric="tcp_throughput"> on page \/docs\/benchmarks\/eks-cni: /);
    expect(() => renderStatic(<Metric data={makeBundle(lacking)} metric="tcp_throughput" scenario="C" />)).toThrow(query);
  });

  it('an ambiguous query fails too', async () => {
    const twice: Dataset = {...full, results: [...full.results, full.results.find((r) => r.metric === 'tcp_throughput' && r.scenario === 'B')!]};
    await expect(render('ThroughputChart', makeBundle(twice))).rejects.toThrow(/<ThroughputChart> on page .*scenario: B.* matches 2 rows/);
  });

  it('the same chart builds when every query names one row', async () => {
    const doc = await render('ThroughputChart', makeBundle(full));
    expect(doc.querySelector('figure[data-chart="ThroughputChart"]')).not.toBeNull();
  });
});

describe('a version that predates a chart', () => {
  it('says the version has no values for the chart, instead of an empty figure', async () => {
    const site = latestDataset('site');
    const phoneMetrics = new Set(['phone_panel_after_scroll', 'phone_chart_after_scroll', 'phone_shared_view', 'phone_shared_chart', 'phone_empty_box']);
    const before = {...site, results: site.results.filter((r) => !phoneMetrics.has(r.metric))};
    const doc = await render('SitePhoneChart', makeBundle(before));
    const note = doc.querySelector('[data-chart="SitePhoneChart"] [data-none-in-version]');
    expect(note?.textContent).toContain(site.version);
    expect(doc.querySelectorAll('[data-chart="SitePhoneChart"] [data-panel]')).toHaveLength(0);
    // The same chart with its rows has panels and no such note.
    const withRows = await render('SitePhoneChart', makeBundle(withPhoneTimings(site)));
    expect(withRows.querySelector('[data-none-in-version]')).toBeNull();
    expect(withRows.querySelectorAll('[data-chart="SitePhoneChart"] [data-panel]').length).toBeGreaterThan(0);
  });
});
