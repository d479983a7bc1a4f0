import {describe, expect, it} from 'vitest';
import type {Measurement} from '../rundir';
import {applyVocabulary, notApplicableRows, retiredRows} from '../vocabulary';

const meta = {kind: 'fortio-http', tool: 'fortio', conditions: {}, cmd: ['fortio'], startedAt: 't', exitCode: 0} as Measurement['meta'];
const m = (scenario: string, round: number, rows: Measurement['rows']): Measurement => ({scenario, round, file: `${scenario}/${round}`, meta, rows, flags: [], warnings: []});
const load = {qps: 'max', path: 'service', concurrency: 64, connection: 'keepalive'} as const;

describe('suite vocabulary in the ingest', () => {
  it('eks-cni: a resource mean is named without its stat, the max is left out', () => {
    const [out] = applyVocabulary('eks-cni', [
      m('A', 1, [
        {metric: 'cpu_usage', value: 30, conditions: {component: 'aws-node', stat: 'avg'}},
        {metric: 'cpu_usage', value: 50, conditions: {component: 'aws-node', stat: 'max'}},
      ]),
    ]);
    // One figure per agent in the EKS tables: the mean, named without its stat; the max is left to the raw file.
    expect(out.rows.map((r) => r.conditions)).toEqual([{component: 'aws-node'}]);
  });

  it('other suites are left as they are', () => {
    const rows = [{metric: 'cpu_usage' as const, value: 30, conditions: {component: 'kube-proxy', stat: 'avg' as const}}];
    expect(applyVocabulary('local', [m('x', 1, rows)])[0].rows).toEqual(rows);
  });

  it('tke-cilium: each step RPS as a percent of the baseline of the same round and load', () => {
    const out = applyVocabulary('tke-cilium', [
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

  it('eks-cni: retired figures become null rows with the reason, never over a measured row', () => {
    const rows = retiredRows('eks-cni', ['A', 'B'], [{metric: 'pod_rtt', scenario: 'B', value: 12, unit: 'us', conditions: {stat: 'p50'}}]);
    expect(rows.map((r) => `${r.scenario}:${r.conditions?.stat}:${r.value}`).sort()).toEqual(['A:p50:null', 'A:p99:null', 'B:p99:null']);
    expect(rows[0].flags![0].kind).toBe('not-measured');
    expect(rows[0].flags![0].detail!.en).toMatch(/tcp_rr_latency/);
  });
});

describe('not-applicable rows', () => {
  const scenarios = [
    {id: 'iptables', name: 'i', cni: 'VPC-CNI', kubeProxy: 'iptables'},
    {id: 'native', name: 'n', cni: 'Cilium', kubeProxy: 'Cilium eBPF replacement'},
  ];
  it('tke-cilium: kube-proxy rules are N/A on Cilium, BPF maps and Hubble runs N/A without Cilium', () => {
    const rows = notApplicableRows('tke-cilium', scenarios, [
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
