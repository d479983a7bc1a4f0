import {describe, expect, it} from 'vitest';
import type {Measurement} from '../rundir';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {applyRules, loadIngestRules, notApplicableRows} from '../rules';
import {buildDataset} from '../dataset';
import {readRun} from '../rundir';
import {expectClose, fixture, medianOf, readJson} from './helpers';
import {RULES as EKS} from '../../eks-cni/ingest-rules';
import {RULES as TKE} from '../../tke-cilium/ingest-rules';

const GOLDEN = fixture('golden-run');
const meta = {kind: 'fortio-http', tool: 'fortio', conditions: {}, cmd: ['fortio'], startedAt: 't', exitCode: 0} as Measurement['meta'];
const m = (scenario: string, round: number, rows: Measurement['rows']): Measurement => ({scenario, round, file: `${scenario}/${round}`, sha256: `${scenario}/${round}`, rerun: 'rerun', meta, rows, flags: [], warnings: []});
const load = {qps: 'max', path: 'service', concurrency: 64, connection: 'keepalive'} as const;

describe('suite ingest rules', () => {
  it('eks-cni: a resource mean is named without its stat, the max is left out', () => {
    const [out] = applyRules(EKS, [
      m('A', 1, [
        {metric: 'cpu_usage', value: 30, conditions: {component: 'aws-node', stat: 'avg'}},
        {metric: 'cpu_usage', value: 50, conditions: {component: 'aws-node', stat: 'max'}},
      ]),
    ]);
    // One figure per agent in the EKS tables: the mean, named without its stat; the max is left to the raw file.
    expect(out.rows.map((r) => r.conditions)).toEqual([{component: 'aws-node'}]);
  });

  it('a suite without rules is left as it is', () => {
    const rows = [{metric: 'cpu_usage' as const, value: 30, conditions: {component: 'kube-proxy', stat: 'avg' as const}}];
    expect(applyRules(undefined, [m('x', 1, rows)])[0].rows).toEqual(rows);
  });

  it("finds a suite's rules by its id, none for a suite without the file, and names a file without RULES", async () => {
    expect(await loadIngestRules('eks-cni')).toBe(EKS);
    expect(await loadIngestRules('local')).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'ingest-rules-'));
    try {
      mkdirSync(join(dir, 'demo'));
      writeFileSync(join(dir, 'demo', 'ingest-rules.ts'), 'export const OTHER = 1;\n');
      await expect(loadIngestRules('demo', dir)).rejects.toThrow(/demo\/ingest-rules\.ts: exports no RULES/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('tke-cilium: each step RPS as a percent of the baseline of the same round and load', () => {
    const out = applyRules(TKE, [
      m('native', 1, [{metric: 'http_rps', value: 2000, conditions: load}]),
      m('native', 1, [{metric: 'http_rps', value: 1500, conditions: {...load, services: 5000}}]),
      m('native', 2, [{metric: 'http_rps', value: 1000, conditions: load}]),
      m('native', 2, [{metric: 'http_rps', value: 900, conditions: {...load, services: 5000}}]),
    ]);
    const relative = out.flatMap((x) => x.rows.filter((r) => r.metric === 'http_rps_relative').map((r) => [x.round, r.value, r.conditions.services]));
    expect(relative).toEqual([
      [1, 75, 5000],
      [2, 90, 5000],
    ]);
  });

  it('eks-cni: the RTT iperf3 gives is one loaded_rtt row per scenario (the mean of its streams, no percentile), never pod_rtt', () => {
    const dataset = buildDataset([readRun(GOLDEN)], {version: '2026-01-01', root: resolve(fixture('..'), '../../..'), rules: EKS});
    const perRound = [1, 2, 3].map((k) => {
      const streams: {sender: {mean_rtt: number}}[] = readJson('golden-run', 'loop', `round-${k}`, 'tcp-1.json').end.streams;
      return streams.reduce((sum, x) => sum + x.sender.mean_rtt, 0) / streams.length;
    });
    const rtt = dataset.results.filter((r) => r.metric === 'loaded_rtt');
    expect(rtt.map((r) => r.scenario)).toEqual(dataset.scenarios.map((x) => x.id));
    expect(rtt.every((r) => r.conditions?.stat === undefined)).toBe(true);
    expectClose(rtt[0].value, medianOf(perRound));
    expect(dataset.results.filter((r) => r.metric === 'pod_rtt')).toEqual([]);
  });
});

describe('not-applicable rows', () => {
  const scenarios = [
    {id: 'iptables', name: 'i', cni: 'VPC-CNI', kubeProxy: 'iptables'},
    {id: 'native', name: 'n', cni: 'Cilium', kubeProxy: 'Cilium eBPF replacement'},
  ];
  it('tke-cilium: kube-proxy rules are N/A on Cilium, BPF maps and Hubble runs N/A without Cilium', () => {
    const rows = notApplicableRows(TKE, scenarios, [
      {metric: 'service_chain_length', scenario: 'iptables', value: 5004, unit: 'count', conditions: {services: 5000}},
      {metric: 'bpf_lb_entries', scenario: 'native', value: 5004, unit: 'count', conditions: {services: 5000}},
      {metric: 'http_rps', scenario: 'native', value: 9, unit: 'req/s', conditions: {qps: 'max', hubble: true}},
      {metric: 'http_rps', scenario: 'native', value: 9, unit: 'req/s', conditions: {qps: 'max'}},
    ]);
    expect(rows.map((r) => `${r.metric}@${r.scenario}:${JSON.stringify(r.conditions)}`).sort()).toEqual([
      'bpf_lb_entries@iptables:{"services":5000}',
      'http_rps@iptables:{"qps":"max","hubble":true}',
      'service_chain_length@native:{"services":5000}',
    ]);
    expect(rows.every((r) => r.value === null && r.flags![0].kind === 'not-applicable')).toBe(true);
  });
});
