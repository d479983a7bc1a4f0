/**
 * The kube-proxy study's first-packet window (parsers/connect-probe.ts), on real captures
 * from the local cluster (fixtures/kube-proxy/first-packet-*.json, see the fixtures README)
 * and on small documents built here. Expected values are recomputed in the test.
 */
import {describe, expect, it} from 'vitest';
import {parseConnectProbe} from '../parsers/connect-probe';
import {expectClose, medianOf, readJson} from './helpers';

/** Nearest rank, written here independently of src/data/stats.ts. */
function nearestRank(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length))) - 1];
}

const stat = (rows: ReturnType<typeof parseConnectProbe>, metric: string, s?: string) => rows.find((r) => r.metric === metric && r.conditions?.stat === s)?.value;

interface Doc {
  probe: {tool: string; targets: {name: string; address: string; samplesUs: number[]; errors: number; lastError?: string}[]};
  ruleChain: null | {chain: string; rules: number; positionByAddress: Record<string, number>};
  syncsDuring: number;
}

describe('first-packet window', () => {
  for (const file of ['first-packet-iptables-200.json', 'first-packet-nftables-200.json']) {
    it(`${file}: p01/p50/p90/p99 over every sample of every probe`, () => {
      const doc = readJson('kube-proxy', file) as Doc;
      const all = doc.probe.targets.flatMap((t) => t.samplesUs);
      expect(all.length).toBeGreaterThan(50);
      const rows = parseConnectProbe(JSON.stringify(doc), file);
      for (const [s, p] of [['p01', 1], ['p50', 50], ['p90', 90], ['p99', 99]] as const) expectClose(stat(rows, 'connect_latency', s), nearestRank(all, p));
    });
  }

  it('iptables mode: the slope of each probe median over its KUBE-SERVICES position, once the probes span 500 rules', () => {
    const doc = readJson('kube-proxy', 'first-packet-iptables-200.json') as Doc;
    const position = (t: Doc['probe']['targets'][number]) => doc.ruleChain!.positionByAddress[t.address.replace(/:\d+$/, '')];
    const xs = doc.probe.targets.map(position);
    // 200 dummy Services: the probes sit within a few hundred rules, too few for a slope.
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(500);
    expect(parseConnectProbe(JSON.stringify(doc), 'f').map((r) => r.metric)).not.toContain('rule_walk_cost');
    // The same samples with the rules 40 times further apart (a chain of about 8,000).
    const spread = {...doc, ruleChain: {...doc.ruleChain!, positionByAddress: Object.fromEntries(Object.entries(doc.ruleChain!.positionByAddress).map(([ip, p]) => [ip, p * 40]))}};
    const points = doc.probe.targets.map((t) => ({x: position(t) * 40, y: medianOf(t.samplesUs)}));
    const mx = points.reduce((a, p) => a + p.x, 0) / points.length;
    const my = points.reduce((a, p) => a + p.y, 0) / points.length;
    const slope = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
    expectClose(stat(parseConnectProbe(JSON.stringify(spread), 'f'), 'rule_walk_cost'), slope * 1000);
  });

  it('a built chain: 0.25 µs per rule ahead reads as 250 µs per 1,000 rules', () => {
    const targets = [100, 2100, 4100, 6100].map((position, i) => ({name: `p${i}`, address: `10.96.0.${i + 1}:80`, samplesUs: [40, 41, 42].map((v) => v + 0.25 * position), errors: 0}));
    const doc: Doc = {
      probe: {tool: 'connect-probe', targets},
      ruleChain: {chain: 'KUBE-SERVICES', rules: 7000, positionByAddress: Object.fromEntries(targets.map((t, i) => [`10.96.0.${i + 1}`, [100, 2100, 4100, 6100][i]]))},
      syncsDuring: 0,
    };
    expectClose(stat(parseConnectProbe(JSON.stringify(doc), 'f'), 'rule_walk_cost'), 250);
    // nftables mode has no chain to walk: no slope row.
    expect(parseConnectProbe(JSON.stringify({...doc, ruleChain: null}), 'f').map((r) => r.metric)).not.toContain('rule_walk_cost');
    // A sync inside the window may have reordered the chain: the positions are unknown, so no slope.
    expect(parseConnectProbe(JSON.stringify({...doc, syncsDuring: 1}), 'f').map((r) => r.metric)).not.toContain('rule_walk_cost');
    // A probe without a rule was not programmed.
    const missing = {...doc, ruleChain: {...doc.ruleChain!, positionByAddress: {}}};
    expect(() => parseConnectProbe(JSON.stringify(missing), 'run/first-packet.json')).toThrow(/run\/first-packet\.json: probe p0 \(10\.96\.0\.1\) has no rule in KUBE-SERVICES/);
  });

  it('a window where more than 1 % of the connects failed is refused, naming the last error', () => {
    const doc = readJson('kube-proxy', 'first-packet-nftables-200.json') as Doc;
    const n = doc.probe.targets.reduce((a, t) => a + t.samplesUs.length, 0);
    doc.probe.targets[0].errors = Math.ceil(n * 0.02);
    doc.probe.targets[0].lastError = 'connection refused';
    expect(() => parseConnectProbe(JSON.stringify(doc), 'w.json')).toThrow(/w\.json: \d+ of \d+ connects failed \(last: connection refused\)/);
  });

  it('a file that is not a connect-probe result is refused, saying what was expected', () => {
    expect(() => parseConnectProbe('{"end": {}}', 'x.json')).toThrow(/x\.json: no connect-probe result under "probe"/);
  });
});
