/**
 * Parsers of the kube-proxy study, on real captures from the local cluster
 * (scripts/benchmarks/test/fixtures/kube-proxy, see its README). Expected values
 * are recomputed here from the raw text with plain string handling, not taken
 * from the parser's output.
 */
import {mkdtempSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {parseKubeProxyFullSync, parseKubeProxyNetprog, parseKubeProxySyncDelta} from '../parsers/kubeproxy-window';
import {parseNftTable} from '../parsers/nft';
import {parseIptablesNat} from '../parsers/iptables';
import {readRun} from '../rundir';
import {expectClose, fixture, read} from './helpers';

const DIR = 'kube-proxy';

/**
 * Value of `<name>{ip_family="IPv4"}` (or unlabelled) in the before/after block of a capture.
 * A series kube-proxy has not exposed yet (a histogram before its first observation) is 0 before.
 */
function sample(text: string, block: 'before' | 'after', name: string): number {
  const [, before, after] = text.split(/^# scrape (?:before|after).*$/m);
  const lines = (block === 'before' ? before : after).split('\n');
  const line = lines.find((l) => l.startsWith(`${name}{ip_family="IPv4"} `)) ?? lines.find((l) => l.startsWith(`${name} `));
  if (!line && block === 'before') return 0;
  if (!line) throw new Error(`fixture has no ${name} in ${block}`);
  return Number(line.split(' ').at(-1));
}

const delta = (text: string, name: string) => sample(text, 'after', name) - sample(text, 'before', name);
const value = (rows: {metric: string; value: number}[], metric: string) => {
  const row = rows.find((r) => r.metric === metric);
  if (!row) throw new Error(`no ${metric} row in ${JSON.stringify(rows)}`);
  return row.value;
};

describe('kube-proxy full resync window', () => {
  for (const file of ['fullsync-iptables-200.txt', 'fullsync-nftables-200.txt']) {
    it(`${file}: one resync from the histogram delta, CPU of the window, RSS after`, () => {
      const text = read(DIR, file);
      const name = 'kubeproxy_sync_full_proxy_rules_duration_seconds';
      expect(delta(text, `${name}_count`)).toBe(1);
      const rows = parseKubeProxyFullSync(text, file);
      expectClose(value(rows, 'kubeproxy_full_sync_time'), (delta(text, `${name}_sum`) / delta(text, `${name}_count`)) * 1000);
      // The lifetime average would include kube-proxy's start-up sync: the delta must differ from it.
      expect(value(rows, 'kubeproxy_full_sync_time')).not.toBeCloseTo((sample(text, 'after', `${name}_sum`) / sample(text, 'after', `${name}_count`)) * 1000, 3);
      expectClose(value(rows, 'kubeproxy_cpu_time'), delta(text, 'process_cpu_seconds_total') * 1000);
      expectClose(value(rows, 'memory_usage'), sample(text, 'after', 'process_resident_memory_bytes') / 2 ** 20);
      expect(rows.find((r) => r.metric === 'memory_usage')?.conditions).toEqual({component: 'kube-proxy'});
    });
  }

  it("CPU two ways, never one for the other: kube-proxy's cgroup (children included) and its own process", () => {
    const text = read(DIR, 'fullsync-iptables-200.txt');
    const [beforeBlock, afterBlock] = text.split(/(?=^# scrape after)/m);
    const series = 'cgroup_cpu_usage_seconds_total{cgroup="kube-proxy"}';
    const withCgroup = `${beforeBlock}${series} 10.250000000\n${afterBlock.trimEnd()}\n${series} 10.750000000\n`;
    const rows = parseKubeProxyFullSync(withCgroup, 'f');
    expectClose(value(rows, 'kubeproxy_tree_cpu_time'), 500);
    expectClose(value(rows, 'kubeproxy_cpu_time'), delta(text, 'process_cpu_seconds_total') * 1000);
    // Without the cgroup counter there is no tree figure at all: the process figure does not stand in for it.
    expect(parseKubeProxyFullSync(text, 'f').map((r) => r.metric)).not.toContain('kubeproxy_tree_cpu_time');
    // A counter in the after scrape only cannot give a window's CPU.
    const afterOnly = `${beforeBlock}${afterBlock.trimEnd()}\n${series} 10.750000000\n`;
    expect(() => parseKubeProxyFullSync(afterOnly, 'run/fullsync.txt')).toThrow(/run\/fullsync\.txt: cgroup_cpu_usage_seconds_total is in the "after" scrape but not in the "before" one/);
  });

  it('a dual-stack capture gives the IPv6 proxier its own resync row; an IPv4-only one has none', () => {
    // The fixture is a dual-stack kube-proxy's: both families resynced in the window.
    const dual = read(DIR, 'fullsync-nftables-200.txt');
    const name = 'kubeproxy_sync_full_proxy_rules_duration_seconds';
    const v6 = (block: 'before' | 'after', what: string) => {
      const [, before, after] = dual.split(/^# scrape (?:before|after).*$/m);
      const line = (block === 'before' ? before : after).split('\n').find((l) => l.startsWith(`${name}_${what}{ip_family="IPv6"} `));
      return Number(line?.split(' ').at(-1));
    };
    const ipv6 = parseKubeProxyFullSync(dual, 'f').find((r) => r.metric === 'kubeproxy_full_sync_time' && r.conditions?.family === 'ipv6');
    expectClose(ipv6?.value ?? NaN, ((v6('after', 'sum') - v6('before', 'sum')) / (v6('after', 'count') - v6('before', 'count'))) * 1000);
    const single = dual.split('\n').filter((l) => !l.includes('ip_family="IPv6"')).join('\n');
    expect(parseKubeProxyFullSync(single, 'f').filter((r) => r.metric === 'kubeproxy_full_sync_time').map((r) => r.conditions)).toEqual([{family: 'ipv4'}]);
    // An IPv6 proxier that did not resync in the window is refused, not read as IPv4's.
    const [beforeBlock] = dual.split(/(?=^# scrape after)/m);
    const v6Before = beforeBlock.split('\n').filter((l) => l.includes('ip_family="IPv6"'));
    const stale = `${single.trimEnd()}\n${v6Before.join('\n')}\n`.replace(/^(# scrape after.*)$/m, `${v6Before.join('\n')}\n$1`);
    expect(() => parseKubeProxyFullSync(stale, 'f')).toThrow(/the IPv6 proxier did not resync in the window/);
  });

  it('a window in which no full resync happened is refused, naming the file', () => {
    const text = read(DIR, 'fullsync-iptables-200.txt');
    const [head] = text.split(/(?=^# scrape after)/m);
    const noEvent = `${head}${head.replace('# scrape before', '# scrape after')}`;
    expect(() => parseKubeProxyFullSync(noEvent, 'run/x/fullsync.txt')).toThrow(/run\/x\/fullsync\.txt: kubeproxy_sync_full_proxy_rules_duration_seconds gained no observation/);
  });

  it('a capture cut off before its second scrape is refused', () => {
    const text = read(DIR, 'fullsync-iptables-200.txt');
    const cut = text.slice(0, text.indexOf('# scrape after'));
    expect(() => parseKubeProxyFullSync(cut, 'f')).toThrow(/f: expected a "# scrape before" block then a "# scrape after" block, found: before/);
  });

  it('a kube-proxy restart inside the window is refused: a count that fell, or a new process start time', () => {
    const text = read(DIR, 'fullsync-iptables-200.txt');
    const [beforeBlock, afterBlock] = text.split(/(?=^# scrape after)/m);
    // Before: a long-lived process with many syncs; after: a fresh one with a single sync.
    const inflated = beforeBlock.replace(/^(kubeproxy_sync_full_proxy_rules_duration_seconds_count\{ip_family="IPv4"\}) \S+$/m, '$1 50');
    expect(() => parseKubeProxyFullSync(`${inflated}${afterBlock}`, 'f')).toThrow(
      /^f: kubeproxy_sync_full_proxy_rules_duration_seconds_count\{ip_family="IPv4"\} fell from 50 to \d+ between the scrapes: kube-proxy restarted in the window/,
    );
    // A restart whose new process has already synced more often than the old one: only the start time tells.
    const started = (block: string, at: number) => `${block.trimEnd()}\nprocess_start_time_seconds ${at}\n`;
    expect(() => parseKubeProxyFullSync(`${started(beforeBlock, 1700000000)}${started(afterBlock, 1700000100)}`, 'f')).toThrow(
      /^f: kube-proxy restarted between the scrapes \(process_start_time_seconds 1700000000 before, 1700000100 after\).*rerun the script with the same run directory/,
    );
    // One process: the same start time in both scrapes is read as before.
    expect(parseKubeProxyFullSync(`${started(beforeBlock, 1700000000)}${started(afterBlock, 1700000000)}`, 'f')).toEqual(parseKubeProxyFullSync(text, 'f'));
  });

  it('a malformed sample line is refused with its line number', () => {
    const text = read(DIR, 'fullsync-iptables-200.txt').replace(/^process_cpu_seconds_total .*$/m, 'process_cpu_seconds_total twelve');
    const line = text.split('\n').findIndex((l) => l.startsWith('process_cpu_seconds_total twelve')) + 1;
    expect(() => parseKubeProxyFullSync(text, 'f')).toThrow(`f: line ${line} is not a Prometheus sample`);
  });
});

/**
 * One reader for every window: the scripts' Service-scale step (kubeproxy-sync-delta) and the
 * study's forced full resync (kubeproxy-fullsync) read the same "# scrape before/after" blocks.
 */
describe('kube-proxy Service-scale step window (the EKS/TKE scripts)', () => {
  const REAL = 'sync-delta-iptables-50.txt.gz';
  const real = () => gunzipSync(readFileSync(fixture(DIR, REAL))).toString('utf8');
  const ANY = 'kubeproxy_sync_proxy_rules_duration_seconds';
  const FULL = 'kubeproxy_sync_full_proxy_rules_duration_seconds';

  it('real capture (30 new Services on the local cluster): every sync of the step, though no full sync happened', () => {
    const text = real();
    // New Services are applied by partial syncs: the full-sync histogram does not move.
    expect(delta(text, `${FULL}_count`)).toBe(0);
    expect(delta(text, `${ANY}_count`)).toBeGreaterThan(0);
    const rows = parseKubeProxySyncDelta(text, REAL);
    expectClose(pick(rows, 'avg'), (delta(text, `${ANY}_sum`) / delta(text, `${ANY}_count`)) * 1000);
    // The lifetime mean (with the start-up sync) differs from the step's own.
    expect(pick(rows, 'avg')).not.toBeCloseTo((sample(text, 'after', `${ANY}_sum`) / sample(text, 'after', `${ANY}_count`)) * 1000, 3);
  });

  it('real capture: p99 is the first IPv4 bucket bound holding 99 % of the step syncs (IPv6 buckets ignored)', () => {
    const text = real();
    const [, before, after] = text.split(/^# scrape (?:before|after).*$/m);
    const bucket = (block: string, le: string) => Number(new RegExp(`^${ANY}_bucket\\{ip_family="IPv4",le="${le}"\\} (\\S+)$`, 'm').exec(block)![1]);
    const les = [...after.matchAll(new RegExp(`^${ANY}_bucket\\{ip_family="IPv4",le="([^"+]+)"\\}`, 'gm'))].map((m) => m[1]);
    const count = delta(text, `${ANY}_count`);
    const expected = les.find((le) => bucket(after, le) - bucket(before, le) >= 0.99 * count);
    expect(pick(parseKubeProxySyncDelta(text, REAL), 'p99')).toBe(Number(expected) * 1000);
  });

  it('older captures with two unnamed "# scrape <time>" blocks read the same way', () => {
    const text = real().replace(/^# scrape (?:before|after) /gm, '# scrape ');
    expect(parseKubeProxySyncDelta(text, 'f')).toEqual(parseKubeProxySyncDelta(real(), 'f'));
    const old = read('kubeproxy', 'sync-delta.txt');
    expect(pick(parseKubeProxySyncDelta(old, 'f'), 'avg')).toBeCloseTo(((5.3 - 4.2) / (110 - 100)) * 1000, 6);
  });

  it('a step without syncs and a single scrape are refused, naming the file', () => {
    const [beforeBlock] = real().split(/(?=^# scrape after)/m);
    expect(() => parseKubeProxySyncDelta(`${beforeBlock}${beforeBlock.replace('# scrape before', '# scrape after')}`, 'run/s.txt')).toThrow(
      /^run\/s.txt: kubeproxy_sync_proxy_rules_duration_seconds gained no observation between the scrapes/,
    );
    expect(() => parseKubeProxySyncDelta(read('kubeproxy', 'metrics.txt'), 'f')).toThrow(/f: expected a "# scrape before" block then a "# scrape after" block, found: none/);
  });

  const pick = (rows: {value: number; conditions?: {stat?: string}}[], stat: string) => {
    const row = rows.find((r) => r.conditions?.stat === stat);
    if (!row) throw new Error(`no ${stat} row in ${JSON.stringify(rows)}`);
    return row.value;
  };
});

describe('kube-proxy one-change window', () => {
  for (const file of ['netprog-iptables-200.txt', 'netprog-nftables-200.txt']) {
    it(`${file}: network-programming latency and the partial sync that applied it`, () => {
      const text = read(DIR, file);
      const np = 'kubeproxy_network_programming_duration_seconds';
      const partial = 'kubeproxy_sync_partial_proxy_rules_duration_seconds';
      const rows = parseKubeProxyNetprog(text, file);
      expectClose(value(rows, 'network_programming_latency'), (delta(text, `${np}_sum`) / delta(text, `${np}_count`)) * 1000);
      expectClose(value(rows, 'kubeproxy_partial_sync_time'), (delta(text, `${partial}_sum`) / delta(text, `${partial}_count`)) * 1000);
    });
  }

  it('without a programming observation there is no latency to report', () => {
    const text = read(DIR, 'netprog-iptables-200.txt');
    const [beforeBlock] = text.split(/(?=^# scrape after)/m);
    expect(() => parseKubeProxyNetprog(`${beforeBlock}${beforeBlock.replace('# scrape before', '# scrape after')}`, 'n')).toThrow(/n: kubeproxy_network_programming_duration_seconds gained no observation/);
  });
});

describe('rule dumps', () => {
  it('nft -j list table ip kube-proxy: rules and set/map elements', () => {
    const text = gunzipSync(readFileSync(fixture(DIR, 'nft-table-0.json.gz'))).toString('utf8');
    const items: Record<string, {elem?: unknown[]}>[] = JSON.parse(text).nftables;
    const rules = items.filter((i) => 'rule' in i).length;
    const elements = items.reduce((n, i) => n + ((i.set ?? i.map)?.elem?.length ?? 0), 0);
    expect(rules).toBeGreaterThan(0);
    const rows = parseNftTable(text, 'f');
    expect(value(rows, 'nft_rules')).toBe(rules);
    expect(value(rows, 'nft_set_elements')).toBe(elements);
    expect(() => parseNftTable('{"nftables": []}', 'n')).toThrow(/n: expected exactly one table, found 0/);
  });

  it('iptables-save -t nat of kube-proxy: KUBE-SERVICES rules and all nat rules', () => {
    const text = gunzipSync(readFileSync(fixture(DIR, 'iptables-nat-0.txt.gz'))).toString('utf8');
    const rows = parseIptablesNat(text, 'f');
    expect(value(rows, 'service_chain_length')).toBe(text.split('\n').filter((l) => l.startsWith('-A KUBE-SERVICES ')).length);
    expect(value(rows, 'iptables_nat_rules')).toBe(text.split('\n').filter((l) => l.startsWith('-A ')).length);
  });
});

describe('gzipped raw files in a run directory', () => {
  function runWith(raw: Buffer, name: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'kp-gz-'));
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({suite: 'kube-proxy', runner: 'local-kube', script: 's.sh', scriptVersion: '1', startedAt: '2026-01-01T00:00:00Z', environment: {platform: 'x'}, scenarios: {nftables: {name: 'n', cni: 'c', kubeProxy: 'nftables'}}}),
    );
    const step = join(dir, 'nftables', 'round-1', 'services-0');
    mkdirSync(step, {recursive: true});
    writeFileSync(join(dir, 'nftables', '.done'), 'x');
    writeFileSync(join(dir, 'nftables', 'round-1', '.done'), 'x');
    writeFileSync(join(step, '.done'), 'x');
    writeFileSync(join(step, name), raw);
    writeFileSync(join(step, 'rules.meta.json'), JSON.stringify({kind: 'nft-table', tool: 'nft', conditions: {services: 0}, cmd: ['nft'], startedAt: 'x', exitCode: 0}));
    return dir;
  }

  it('reads rules.json.gz like a plain file and records the gzip file in provenance', () => {
    const gz = readFileSync(fixture(DIR, 'nft-table-0.json.gz'));
    const run = readRun(runWith(gz, 'rules.json.gz'));
    const plain = parseNftTable(gunzipSync(gz).toString('utf8'), 'x');
    expect(run.measurements[0].rows.map((r) => [r.metric, r.value])).toEqual(plain.map((r) => [r.metric, r.value]));
    expect(run.files.some((f) => f.path.endsWith('rules.json.gz'))).toBe(true);
  });

  it('a truncated gzip file is refused, naming it', () => {
    const gz = gzipSync(Buffer.from(read('kube-proxy', 'fullsync-iptables-200.txt')));
    const dir = runWith(gz.subarray(0, gz.length - 20), 'rules.json.gz');
    expect(() => readRun(dir)).toThrow(/rules\.json\.gz: is not a complete gzip file/);
  });
});

describe('capture-time check (lib/bench.sh runs check.ts on each raw file)', () => {
  it('reads a gzipped rule dump as the ingest does', async () => {
    const {checkRaw} = await import('../check');
    expect(checkRaw('nft-table', fixture(DIR, 'nft-table-0.json.gz'))).toEqual({ok: true, flags: []});
    expect(checkRaw('iptables-nat', fixture(DIR, 'iptables-nat-0.txt.gz'))).toEqual({ok: true, flags: []});
  });
});
