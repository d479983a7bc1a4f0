import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {validateDataset} from '../../../../src/data/validate';
import type {Dataset, ResultRow} from '../../../../src/data/schema';
import {MIN_ROUNDS} from '../aggregate';
import {buildDataset} from '../dataset';
import {ingest, parseArgs} from '../cli';
import {chooseVersion, writeDataset} from '../output';
import {HIGH_LOSS_PERCENT, readRun} from '../rundir';
import {expectClose, fixture, medianOf, readJson} from './helpers';
import {suiteTitle} from '../../../../src/data/suiteFolder';

const GOLDEN = fixture('golden-run');
const temps: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ingest-test-'));
  temps.push(d);
  return d;
};
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, {recursive: true, force: true});
});

/** A writable copy of the golden run, to break on purpose. */
function goldenCopy(): string {
  const dir = join(tempDir(), 'run');
  cpSync(GOLDEN, dir, {recursive: true});
  return dir;
}

const row = (d: Dataset, metric: string, match: (r: ResultRow) => boolean = () => true) => {
  const found = d.results.filter((r) => r.metric === metric && match(r));
  if (found.length !== 1) throw new Error(`${found.length} rows for ${metric}`);
  return found[0];
};

const rounds = [1, 2, 3];
const raw = (round: number, file: string) => readJson('golden-run', 'loop', `round-${round}`, file);

describe('golden run -> dataset', () => {
  const dataset = buildDataset([readRun(GOLDEN)], {version: '2026-01-01', root: resolve(fixture('..'), '../../..')});

  it('passes the site schema', () => {
    expect(() => validateDataset(JSON.parse(JSON.stringify(dataset)), 'golden')).not.toThrow();
    expect(dataset.source.kind).toBe('measured');
    expect(dataset.method).toMatchObject({rounds: 3, aggregate: 'median'});
    expect(dataset.title.en.length).toBeGreaterThan(0);
  });

  it('takes the median, min, max and samples of the three rounds (TCP throughput)', () => {
    const perRound = rounds.map((k) => raw(k, 'tcp-1.json').end.sum_received.bits_per_second / 1e9);
    const r = row(dataset, 'tcp_throughput');
    expectClose(r.value, medianOf(perRound));
    expectClose(r.min, Math.min(...perRound));
    expectClose(r.max, Math.max(...perRound));
    r.samples!.forEach((s, i) => expectClose(s, perRound[i]));
    expect(r.conditions).toEqual({streams: 1});
  });

  it('keeps fortio rows apart by their conditions and takes medians of each', () => {
    const rpsClose = rounds.map((k) => raw(k, 'http-close.json').ActualQPS);
    const rps500 = rounds.map((k) => raw(k, 'http-500.json').ActualQPS);
    expectClose(row(dataset, 'http_rps', (r) => r.conditions?.qps === 'max').value, medianOf(rpsClose));
    expectClose(row(dataset, 'http_rps', (r) => r.conditions?.qps === 500).value, medianOf(rps500));
    const p99 = rounds.map((k) => raw(k, 'http-close.json').ConnectionStats.Percentiles.find((p: any) => p.Percentile === 99).Value * 1e6);
    expectClose(row(dataset, 'conn_setup_time', (r) => r.conditions?.stat === 'p99').value, medianOf(p99));
  });

  it('takes the median of per-round DNS p50s', () => {
    const p50s = rounds.map((k) => {
      const us = readFileSync(fixture('golden-run', 'loop', `round-${k}`, 'dns.txt'), 'utf8').trim().split('\n').map(Number).sort((a, b) => a - b);
      return us[Math.ceil(us.length / 2) - 1] / 1000;
    });
    expectClose(row(dataset, 'dns_latency', (r) => r.conditions?.stat === 'p50').value, medianOf(p50s));
  });

  it('lists every raw and meta file with its real sha256', () => {
    const expected = rounds.flatMap((k) => readdirSync(fixture('golden-run', 'loop', `round-${k}`)).filter((f) => /\.(json|txt)$/.test(f)).map((f) => `loop/round-${k}/${f}`));
    const listed = dataset.source.raw!.map((f) => f.path.replace(/^.*golden-run\//, ''));
    expect(listed.sort()).toEqual([...expected, 'manifest.json'].sort());
    for (const f of dataset.source.raw!) {
      const abs = resolve(fixture('..'), '../../..', f.path);
      expect(createHash('sha256').update(readFileSync(abs)).digest('hex')).toBe(f.sha256);
    }
  });

  it('sets no validity flag on a clean three-round run', () => {
    expect(dataset.results.filter((r) => r.flags?.length)).toEqual([]);
  });
});

describe('validity flags', () => {
  it(`flags too-few-rounds below ${MIN_ROUNDS} rounds`, () => {
    const dir = goldenCopy();
    rmSync(join(dir, 'loop', 'round-3'), {recursive: true});
    const d = buildDataset([readRun(dir)], {version: '2026-01-01'});
    expect(row(d, 'tcp_throughput').flags?.map((f) => f.kind)).toEqual(['too-few-rounds']);
  });

  it('flags target-not-reached when fortio got < 90% of the target QPS', () => {
    const dir = goldenCopy();
    const rd = join(dir, 'loop', 'round-1');
    // The fixture asked one connection for 100000 QPS, far beyond what it achieved.
    const missed = readJson('fortio', 'http-target-missed.json');
    expect(missed.ActualQPS).toBeLessThan(0.9 * 100000);
    cpSync(fixture('fortio', 'http-target-missed.json'), join(rd, 'missed.json'));
    writeFileSync(
      join(rd, 'missed.meta.json'),
      JSON.stringify({kind: 'fortio-http', tool: 'fortio', conditions: {qps: 100000, connection: 'close', concurrency: 1}, cmd: ['fortio', 'load', '-qps', '100000', '-c', '1', '-t', '1s', '-json', '-', '-keepalive=false', 'http://127.0.0.1:18080/echo'], startedAt: 'x', exitCode: 0}),
    );
    const d = buildDataset([readRun(dir)], {version: '2026-01-01'});
    expect(row(d, 'http_rps', (r) => r.conditions?.qps === 100000).flags?.map((f) => f.kind)).toEqual(['target-not-reached', 'too-few-rounds']);
    expect(row(d, 'conn_setup_time', (r) => r.conditions?.qps === 100000 && r.conditions.stat === 'p50').flags?.[0].kind).toBe('target-not-reached');
    expect(row(d, 'http_rps', (r) => r.conditions?.qps === 500).flags).toBeUndefined();
  });

  it(`flags high-loss above ${HIGH_LOSS_PERCENT}% UDP loss and same-node when a client and a server pod share a node (traffic only)`, () => {
    const dir = goldenCopy();
    const rd = join(dir, 'loop', 'round-2');
    const udp = readJson('iperf3', 'udp-100m.json');
    udp.end.sum_received.lost_percent = HIGH_LOSS_PERCENT + 1;
    writeFileSync(join(rd, 'udp.json'), JSON.stringify(udp));
    writeFileSync(
      join(rd, 'udp.meta.json'),
      JSON.stringify({kind: 'iperf3-udp', tool: 'iperf3', conditions: {}, cmd: ['iperf3', '-c', '127.0.0.1', '-u', '-b', '100M', '-t', '1', '-J'], startedAt: 'x', exitCode: 0, clientNode: 'n1', serverNode: 'n1'}),
    );
    // A ruleset dump of the same run has no client-to-server path: no same-node flag.
    cpSync(fixture('iptables', 'nat-kube-proxy.txt'), join(rd, 'nat.txt'));
    writeFileSync(
      join(rd, 'nat.meta.json'),
      JSON.stringify({kind: 'iptables-nat', tool: 'iptables-save', conditions: {}, cmd: ['iptables-save', '-t', 'nat'], startedAt: 'x', exitCode: 0, clientNode: 'n1', serverNode: 'n1'}),
    );
    const d = buildDataset([readRun(dir)], {version: '2026-01-01'});
    expect(row(d, 'udp_loss').flags?.map((f) => f.kind)).toEqual(['same-node', 'high-loss', 'too-few-rounds']);
    expect(row(d, 'udp_loss').value).toBe(HIGH_LOSS_PERCENT + 1);
    expect(row(d, 'iptables_nat_rules').flags?.map((f) => f.kind) ?? []).not.toContain('same-node');
  });
});

describe('bad run directories are refused with the file named', () => {
  it('a truncated raw file', () => {
    const dir = goldenCopy();
    const file = join(dir, 'loop', 'round-2', 'tcp-1.json');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 400));
    expect(() => readRun(dir)).toThrow(`${file}: truncated JSON`);
  });

  it('a measurement whose tool failed (non-zero exit in the meta)', () => {
    const dir = goldenCopy();
    const metaFile = join(dir, 'loop', 'round-1', 'http-500.meta.json');
    writeFileSync(metaFile, JSON.stringify({...JSON.parse(readFileSync(metaFile, 'utf8')), exitCode: 124}));
    expect(() => readRun(dir)).toThrow(/round-1\/http-500.json: the measurement failed \(exit code 124, timed out\)/);
  });

  it('an unfinished round', () => {
    const dir = goldenCopy();
    rmSync(join(dir, 'loop', 'round-2', '.done'));
    expect(() => readRun(dir)).toThrow(/round-2: round did not finish/);
  });

  it('a scenario directory the manifest does not declare', () => {
    const dir = goldenCopy();
    cpSync(join(dir, 'loop'), join(dir, 'ghost'), {recursive: true});
    expect(() => readRun(dir)).toThrow(/scenario "ghost" is not declared/);
  });

  it('a meta with an unknown kind', () => {
    const dir = goldenCopy();
    const metaFile = join(dir, 'loop', 'round-1', 'dns.meta.json');
    writeFileSync(metaFile, JSON.stringify({...JSON.parse(readFileSync(metaFile, 'utf8')), kind: 'ping'}));
    expect(() => readRun(dir)).toThrow(/dns.meta.json: \$\.kind/);
  });
});

describe('merging runs', () => {
  it('merges runs of one suite with distinct scenario ids, keeping per-run environment differences', () => {
    const a = goldenCopy();
    const b = join(tempDir(), 'run-b');
    cpSync(GOLDEN, b, {recursive: true});
    const m = JSON.parse(readFileSync(join(b, 'manifest.json'), 'utf8'));
    m.scenarios = {loop2: m.scenarios.loop};
    m.environment = {...m.environment, kernel: '9.9.9-test'};
    writeFileSync(join(b, 'manifest.json'), JSON.stringify(m));
    cpSync(join(b, 'loop'), join(b, 'loop2'), {recursive: true});
    rmSync(join(b, 'loop'), {recursive: true});
    // Another run measures again: its raw files may not be the first run's bytes. The same
    // documents re-serialized stand in for them; the DNS batches (plain text) are left out.
    for (const r of rounds) {
      const rd = join(b, 'loop2', `round-${r}`);
      for (const f of readdirSync(rd).filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json'))) writeFileSync(join(rd, f), JSON.stringify(JSON.parse(readFileSync(join(rd, f), 'utf8'))));
      for (const f of ['dns.txt', 'dns.meta.json']) rmSync(join(rd, f));
    }
    const d = buildDataset([readRun(a), readRun(b)], {version: '2026-01-01'});
    expect(d.scenarios.map((s) => s.id)).toEqual(['loop', 'loop2']);
    expect(d.scenarios[1].environment).toEqual({kernel: '9.9.9-test'});
    expect(d.results.filter((r) => r.metric === 'tcp_throughput')).toHaveLength(2);
  });

  it('refuses colliding scenario ids', () => {
    expect(() => buildDataset([readRun(goldenCopy()), readRun(goldenCopy())], {version: '2026-01-01'})).toThrow(/scenario id "loop" appears in both/);
  });

  it('refuses mixed suites', async () => {
    const b = goldenCopy();
    const m = JSON.parse(readFileSync(join(b, 'manifest.json'), 'utf8'));
    writeFileSync(join(b, 'manifest.json'), JSON.stringify({...m, suite: 'eks-cni'}));
    await expect(ingest({runDirs: [GOLDEN, b], out: tempDir()})).rejects.toThrow(/different suites \(local, eks-cni\)/);
  });
});

describe('output', () => {
  it('writes <out>/<suite>/<version>.json and refuses to overwrite it', async () => {
    const out = tempDir();
    mkdirSync(join(out, 'local'));
    writeFileSync(join(out, 'local', 'suite.json'), JSON.stringify({suite: 'local', title: {en: 'Local, from suite.json'}}));
    const file = await ingest({runDirs: [GOLDEN], out, version: '2026-01-02'});
    expect(file).toBe(join(out, 'local', '2026-01-02.json'));
    const before = readFileSync(file, 'utf8');
    expect(JSON.parse(before).version).toBe('2026-01-02');
    // No title in the run's manifest: the suite folder's, beside the new version.
    expect(JSON.parse(before).title).toEqual({en: 'Local, from suite.json'});
    // Locked beside it, as `sha256sum` writes it.
    expect(readFileSync(join(out, 'local', 'SHA256SUMS'), 'utf8')).toBe(`${createHash('sha256').update(before).digest('hex')}  2026-01-02.json\n`);
    await expect(ingest({runDirs: [GOLDEN], out, version: '2026-01-02'})).rejects.toThrow(/already exists; datasets are immutable/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('writes why the version exists: a new run, or a re-ingest of the same raw files that must say what changed', async () => {
    const out = tempDir();
    const first = JSON.parse(readFileSync(await ingest({runDirs: [GOLDEN], out, version: '2026-01-02'}), 'utf8'));
    expect(first.release.kind).toBe('new-run');
    expect(first.release.publishedAt).toBe(new Date().toISOString().slice(0, 10));
    await expect(ingest({runDirs: [GOLDEN], out, version: '2026-01-03'})).rejects.toThrow(/exactly those of local@2026-01-02, so this version is a re-ingest: say what changed and why with --changes/);
    expect(existsSync(join(out, 'local', '2026-01-03.json'))).toBe(false);
    const again = JSON.parse(readFileSync(await ingest({runDirs: [GOLDEN], out, version: '2026-01-03', changes: 'The parser reads X.'}), 'utf8'));
    expect(again.release).toMatchObject({kind: 're-ingest', changes: {en: 'The parser reads X.'}});
    expect(() => parseArgs(['a', '--kind', 'rerun'])).toThrow(/--kind rerun: must be one of new-run, correction, re-ingest/);
    expect(parseArgs(['a', '--kind', 'correction', '--changes', 'x'])).toMatchObject({kind: 'correction', changes: 'x'});
  });

  it('defaults to today, then today.1, today.2', () => {
    const out = tempDir();
    const now = new Date('2026-03-04T12:00:00Z');
    expect(chooseVersion(out, 'local', undefined, now)).toBe('2026-03-04');
    const d = buildDataset([readRun(GOLDEN)], {version: '2026-03-04'});
    writeDataset(out, d);
    expect(chooseVersion(out, 'local', undefined, now)).toBe('2026-03-04.1');
    writeDataset(out, {...d, version: '2026-03-04.1'});
    expect(chooseVersion(out, 'local', undefined, now)).toBe('2026-03-04.2');
    expect(() => writeDataset(out, d)).toThrow(/already exists/);
  });

  it('rejects a malformed --version and missing arguments', () => {
    expect(() => chooseVersion(tempDir(), 'local', '2026-1-2')).toThrow(/must look like YYYY-MM-DD/);
    expect(() => parseArgs([])).toThrow(/no run directory given/);
    expect(() => parseArgs(['run', '--out'])).toThrow(/--out needs a value/);
    expect(parseArgs(['a', 'b', '--version', '2026-01-01'])).toEqual({runDirs: ['a', 'b'], version: '2026-01-01', out: 'static/data'});
    expect(existsSync(GOLDEN)).toBe(true);
  });
});

describe('service-scale steps (round-<k>/services-<N>/)', () => {
  const STEPS = fixture('service-steps-run');
  const stepCopy = (): string => {
    const dir = join(tempDir(), 'run');
    cpSync(STEPS, dir, {recursive: true});
    return dir;
  };
  const kubeServices = (file: string) => readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('-A KUBE-SERVICES ')).length;

  it('yields rows for every step, with the step as the services condition', () => {
    const d = buildDataset([readRun(STEPS)], {version: '2026-01-01'});
    for (const n of [5, 9]) {
      const r = row(d, 'service_chain_length', (x) => x.conditions?.services === n);
      expect(r.value).toBe(kubeServices(fixture('service-steps-run', 'loop', 'round-1', `services-${n}`, 'iptables-nat.txt')));
      expect(r.samples).toHaveLength(3);
    }
    // The round's own measurements are still there.
    expect(row(d, 'tcp_throughput').samples).toHaveLength(3);
    expect(d.source.raw!.some((f) => f.path.endsWith('round-2/services-9/iptables-nat.txt'))).toBe(true);
  });

  it('refuses a step without its completion marker, naming the directory', () => {
    const dir = stepCopy();
    rmSync(join(dir, 'loop', 'round-2', 'services-9', '.done'));
    expect(() => readRun(dir)).toThrow(new RegExp(`${join(dir, 'loop', 'round-2', 'services-9').replace(/[/.]/g, '\\$&')}: service step did not finish`));
  });

  it('refuses a step whose meta disagrees with its directory name', () => {
    const dir = stepCopy();
    const meta = join(dir, 'loop', 'round-1', 'services-5', 'iptables-nat.meta.json');
    writeFileSync(meta, JSON.stringify({...JSON.parse(readFileSync(meta, 'utf8')), conditions: {services: 6}}));
    expect(() => readRun(dir)).toThrow(/services-5\/iptables-nat.meta.json: conditions.services is 6, but the step directory services-5 says services 5/);
  });
});

describe('flags a parser raises', () => {
  it('reach the dataset rows and name the file in the warning', () => {
    const dir = goldenCopy();
    const round = join(dir, 'loop', 'round-1');
    cpSync(fixture('held-out', 'iperf3-udp-cpu-bound.json'), join(round, 'udp.json'));
    writeFileSync(join(round, 'udp.meta.json'), JSON.stringify({kind: 'iperf3-udp', tool: 'iperf3', conditions: {protocol: 'udp'}, cmd: ['iperf3', '-c', '10.213.0.2', '-u', '-b', '40G', '-t', '2', '-J'], startedAt: '2026-01-01T00:00:00Z', exitCode: 0}));
    const run = readRun(dir);
    const udp = run.measurements.find((m) => m.file.endsWith('udp.json'))!;
    expect(udp.flags).toContain('target-not-reached');
    expect(udp.warnings[0]).toMatch(new RegExp(`^${join(round, 'udp.json').replace(/[/.]/g, '\\$&')}: sent `));
    const d = buildDataset([run], {version: '2026-01-01'});
    expect(row(d, 'udp_loss').flags?.map((f) => f.kind)).toContain('target-not-reached');
  });
});

it('refuses a measurement the bench script rejected when it captured it', () => {
  const dir = goldenCopy();
  const meta = join(dir, 'loop', 'round-2', 'tcp-1.meta.json');
  writeFileSync(meta, JSON.stringify({...JSON.parse(readFileSync(meta, 'utf8')), rejected: 'x: made up'}));
  expect(() => readRun(dir)).toThrow(/round-2\/tcp-1.json: was rejected when captured \(x: made up\)/);
});

describe('UDP sweep (real iperf3 through a tbf bottleneck: fixtures/udp-sweep-run)', () => {
  const SWEEP = fixture('udp-sweep-run');
  const stepFiles = readdirSync(join(SWEEP, 'bottleneck', 'round-1')).filter((f) => f.endsWith('.meta.json'));
  const steps = stepFiles.map((f) => {
    const meta = readJson('udp-sweep-run', 'bottleneck', 'round-1', f);
    const out = readJson('udp-sweep-run', 'bottleneck', 'round-1', f.replace('.meta.json', '.json'));
    return {meta, out, bitrate: meta.load.bitrate as string};
  });
  const dataset = buildDataset([readRun(SWEEP)], {version: '2026-01-01'});
  const at = (metric: string, gbps: number) => row(dataset, metric, (r) => r.conditions?.offeredGbps === gbps);

  it('has one step per offered load, each named by the load iperf3 was asked for', () => {
    expect(steps.length).toBeGreaterThanOrEqual(4);
    for (const s of steps) expect(s.meta.conditions.offeredGbps).toBeCloseTo(s.out.start.test_start.target_bitrate / 1e9, 9);
  });

  it('gives loss, jitter and delivered rate of every step from the receiver summary', () => {
    for (const s of steps) {
      const gbps = s.meta.conditions.offeredGbps;
      expectClose(at('udp_loss', gbps).value, s.out.end.sum_received.lost_percent);
      expectClose(at('udp_jitter', gbps).value, s.out.end.sum_received.jitter_ms);
      expectClose(at('udp_throughput', gbps).value, s.out.end.sum_received.bits_per_second / 1e9);
    }
  });

  it('flags the steps above the bottleneck and the ones the sender could not sustain', () => {
    for (const s of steps) {
      const kinds = at('udp_loss', s.meta.conditions.offeredGbps).flags?.map((f) => f.kind) ?? [];
      expect(kinds.includes('high-loss')).toBe(s.out.end.sum_received.lost_percent > HIGH_LOSS_PERCENT);
      expect(kinds.includes('target-not-reached')).toBe(s.out.end.sum_sent.bits_per_second < 0.9 * s.out.start.test_start.target_bitrate);
    }
    // The loads above the 100 Mbit/s bottleneck lost datagrams (the capture's point).
    const above = steps.filter((s) => s.meta.conditions.offeredGbps > 0.1 * 1.2);
    expect(above.length).toBeGreaterThan(0);
    for (const s of above) expect(s.out.end.sum_received.lost_percent).toBeGreaterThan(HIGH_LOSS_PERCENT);
  });

  it('refuses a step whose meta names another offered load than the one measured', () => {
    const dir = join(tempDir(), 'sweep');
    cpSync(SWEEP, dir, {recursive: true});
    const meta = join(dir, 'bottleneck', 'round-1', stepFiles[0]);
    const m = JSON.parse(readFileSync(meta, 'utf8'));
    writeFileSync(meta, JSON.stringify({...m, conditions: {offeredGbps: m.conditions.offeredGbps * 2}}));
    const raw = meta.replace('.meta.json', '.json');
    expect(() => readRun(dir)).toThrow(
      `${raw}: offeredGbps: the meta ${meta} conditions.offeredGbps says ${m.conditions.offeredGbps * 2}, but the file says ${m.conditions.offeredGbps} (start.test_start.target_bitrate); its command asked for ${m.conditions.offeredGbps} too, so the label is what is wrong: relabel the meta: set conditions.offeredGbps to ${m.conditions.offeredGbps}`,
    );
  });

  it('refuses an offered load on a measurement that is not a UDP test', () => {
    const dir = goldenCopy();
    const meta = join(dir, 'loop', 'round-1', 'tcp-1.meta.json');
    writeFileSync(meta, JSON.stringify({...JSON.parse(readFileSync(meta, 'utf8')), conditions: {streams: 1, offeredGbps: 1}}));
    expect(() => readRun(dir)).toThrow(/tcp-1.json: offeredGbps: the meta .*tcp-1.meta.json conditions.offeredGbps says 1, but the file says none \(start.test_start.target_bitrate\); .* remove conditions.offeredGbps/);
  });
});

describe('suite title from the suite folder (static/data/<suite>/suite.json)', () => {
  const dataDir = (suite: string, text: string) => {
    const dir = tempDir();
    mkdirSync(join(dir, suite));
    writeFileSync(join(dir, suite, 'suite.json'), text);
    return dir;
  };

  it('reads the title from suite.json, and nothing for a suite without one', () => {
    expect(suiteTitle(resolve(__dirname, '../../../../static/data'), 'local')?.en).toMatch(/network namespaces/);
    expect(suiteTitle(resolve(__dirname, '../../../../static/data'), 'no-such-suite')).toBeUndefined();
    expect(suiteTitle(dataDir('demo', JSON.stringify({suite: 'demo', title: {en: 'Demo', ko: '데모'}})), 'demo')).toEqual({en: 'Demo', ko: '데모'});
  });

  it('names the file, the field and the fix when suite.json is wrong', () => {
    expect(() => suiteTitle(dataDir('demo', JSON.stringify({suite: 'demo', title: {ko: '데모'}})), 'demo')).toThrow(/demo\/suite\.json:\n  - \$\.title\.en: /);
    expect(() => suiteTitle(dataDir('demo', JSON.stringify({suite: 'other', title: {en: 'Demo'}})), 'demo')).toThrow(/\$\.suite: says "other" but the folder is "demo"; make them the same/);
    expect(() => suiteTitle(dataDir('demo', '{'), 'demo')).toThrow(/demo\/suite\.json:\n  - \$: not valid JSON/);
  });

  it('a manifest title wins over the suite module', () => {
    const d = buildDataset([readRun(GOLDEN)], {version: '2026-01-01', title: {en: 'From the module'}});
    expect(d.title).toEqual({en: 'From the module'});
    const dir = goldenCopy();
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({...m, title: {en: 'From the run'}}));
    expect(buildDataset([readRun(dir)], {version: '2026-01-01', title: {en: 'From the module'}}).title).toEqual({en: 'From the run'});
  });
});

describe('node counters around a window (<id>.counters.txt, named by the meta)', () => {
  const withCounters = (counters: string | undefined) => {
    const dir = goldenCopy();
    const round = join(dir, 'loop', 'round-2');
    const meta = join(round, 'tcp-1.meta.json');
    writeFileSync(meta, JSON.stringify({...JSON.parse(readFileSync(meta, 'utf8')), counters: 'tcp-1.counters.txt'}));
    if (counters !== undefined) cpSync(fixture('node-counters', counters), join(round, 'tcp-1.counters.txt'));
    return {dir, round};
  };

  it('flag the window nic-throttled, with the counter, its growth and the node in the row detail, and cite the file', () => {
    const {dir, round} = withCounters('throttled-window.counters.txt');
    const run = readRun(dir);
    const tcp = run.measurements.find((m) => m.file === join(round, 'tcp-1.json'))!;
    expect(tcp.flags).toContain('nic-throttled');
    expect(tcp.warnings.join('\n')).toContain(`${join(round, 'tcp-1.counters.txt')}: the instance's network allowance was exceeded`);
    const d = buildDataset([run], {version: '2026-01-01'});
    const flag = row(d, 'tcp_throughput').flags?.find((f) => f.kind === 'nic-throttled');
    expect(flag?.detail?.en).toBe(
      'in 1 of 3 rounds: round 2: server ip-192-168-2-20.ap-northeast-2.compute.internal (ens5): bw_in_allowance_exceeded +1843 (TcpRetransSegs +76 on the client node ip-192-168-1-10.ap-northeast-2.compute.internal, TcpRetransSegs +0 on the server node ip-192-168-2-20.ap-northeast-2.compute.internal)',
    );
    expect((d.source.raw ?? []).map((r) => r.path).some((p) => p.endsWith('round-2/tcp-1.counters.txt'))).toBe(true);
    // The other rounds' windows read no counters: they are not judged by them.
    expect(d.results.filter((r) => r.metric === 'http_rps').some((r) => r.flags?.some((f) => f.kind === 'nic-throttled'))).toBe(false);
  });

  it('a meta that names a counters file the run directory does not hold is refused', () => {
    const {dir, round} = withCounters(undefined);
    expect(() => readRun(dir)).toThrow(`${join(round, 'tcp-1.counters.txt')}: is missing, but ${join(round, 'tcp-1.meta.json')} says the window's node counters were read into it`);
  });
});
