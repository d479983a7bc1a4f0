/** The run protocol in the ingest: the meta's host record flags busy-host, the manifest's protocol reaches method. */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {buildDataset} from '../dataset';
import {busyHost, readRun} from '../rundir';

const THRESHOLDS = {load1: 1.5, busyPercent: 30, psiCpuSomeAvg10: 10, stealPercent: 2};

/** A meta's host record as bench_measure writes it; `gate` and `during` override parts. */
function host(gate: Partial<{passed: boolean; over: string[]}> = {}, during: Partial<{stealPercent: number | null}> = {}) {
  return {
    kernel: '6.1.0',
    cpus: 2,
    gate: {passed: true, waitedSeconds: 0, over: [], thresholds: THRESHOLDS, ...gate},
    before: {load1: 0.2, load5: 0.3, load15: 0.4, busyPercent: gate.passed === false ? 97.5 : 3.1, stealPercent: 0, psiCpuSomeAvg10: null},
    during: {seconds: 5.02, busyPercent: 60.2, stealPercent: 0.1, psiCpuStallMs: 12.5, ...during},
  };
}

const PROTOCOL = {
  order: 'alternate',
  seed: 42,
  roundRestSeconds: 10,
  idleGate: {enabled: true, strict: false, thresholds: {load1: null, load1PerCpu: 0.75, busyPercent: 30, psiCpuSomeAvg10: 10, stealPercent: 2}, sampleSeconds: 2, maxWaitSeconds: 180},
  orderByRound: {'1': ['quiet', 'busy'], '2': ['busy', 'quiet']},
};

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, {recursive: true, force: true});
  dirs = [];
});

/** A run directory: one DNS measurement per scenario and round, each meta's host from `hostOf`. */
/** `protocol` null: a manifest from before the protocol was recorded. */
function run(hostOf: (scenario: string, round: number) => unknown, protocol: unknown = PROTOCOL): string {
  const dir = mkdtempSync(join(tmpdir(), 'protocol-'));
  dirs.push(dir);
  const scenarios = {quiet: {name: 'quiet', cni: 'none', kubeProxy: 'none'}, busy: {name: 'busy', cni: 'none', kubeProxy: 'none'}};
  const manifest = {suite: 'local', runner: 'local', script: 's.sh', scriptVersion: '1.0.0', startedAt: '2026-01-01T00:00:00Z', environment: {platform: 'test'}, scenarios};
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(protocol === null ? manifest : {...manifest, protocol}));
  let sequence = 0;
  for (const round of [1, 2, 3]) {
    for (const scenario of Object.keys(scenarios)) {
      const rd = join(dir, scenario, `round-${round}`);
      mkdirSync(rd, {recursive: true});
      // Each batch its own latencies: byte-identical raw files would be one batch filed twice.
      writeFileSync(join(rd, 'dns.txt'), `${1800 + sequence}\n1900\n2000\n`);
      const h = hostOf(scenario, round);
      writeFileSync(join(rd, 'dns.meta.json'), JSON.stringify({...base(), sequence: ++sequence, ...(h !== undefined ? {host: h} : {})}));
      writeFileSync(join(rd, '.done'), 'x');
    }
  }
  for (const scenario of Object.keys(scenarios)) writeFileSync(join(dir, scenario, '.done'), 'x');
  return dir;
}

const kindsOf = (d: ReturnType<typeof buildDataset>, scenario: string) =>
  d.results.filter((r) => r.scenario === scenario && r.metric === 'dns_latency').map((r) => (r.flags ?? []).map((f) => f.kind));

describe('busy-host', () => {
  it('flags a measurement whose idle gate did not pass, and not one whose gate passed', () => {
    const dir = run((scenario, round) => (scenario === 'busy' && round === 2 ? host({passed: false, over: ['busyPercent']}) : host()));
    const r = readRun(dir);
    const busy = r.measurements.find((m) => m.scenario === 'busy' && m.round === 2)!;
    expect(busy.flags).toContain('busy-host');
    expect(busy.warnings.join('\n')).toMatch(/busy host: the host was not quiet before it \(after waiting 0 s: busyPercent 97.5 > 30\)/);
    for (const m of r.measurements.filter((m) => m !== busy)) expect(m.flags).not.toContain('busy-host');
    const d = buildDataset([r], {version: '2026-01-01'});
    for (const kinds of kindsOf(d, 'busy')) expect(kinds).toEqual(['busy-host']);
    for (const kinds of kindsOf(d, 'quiet')) expect(kinds).toEqual([]);
    expect(d.results.find((x) => x.scenario === 'busy')!.flags?.[0].detail?.en).toBe('in 1 of 3 rounds');
  });

  it('flags a window with more steal than the threshold, even when the gate passed', () => {
    expect(busyHost({...base(), host: host({}, {stealPercent: 2.5})} as never)).toMatch(/2.5 % of the CPU time was stolen during it \(more than 2 %\)/);
    expect(busyHost({...base(), host: host({}, {stealPercent: 2})} as never)).toBeUndefined();
    expect(busyHost({...base(), host: host({}, {stealPercent: null})} as never)).toBeUndefined();
  });

  it('reads older metas without a host record, unflagged, and a manifest without a protocol', () => {
    const d = buildDataset([readRun(run(() => undefined, null))], {version: '2026-01-01'});
    for (const kinds of [...kindsOf(d, 'busy'), ...kindsOf(d, 'quiet')]) expect(kinds).toEqual([]);
    expect(d.method.protocol).toBeUndefined();
  });
});

/** Keep only one scenario's measurements of a run. */
function only(r: ReturnType<typeof readRun>, scenario: string): void {
  for (const id of [...r.rounds.keys()]) if (id !== scenario) r.rounds.delete(id);
  r.measurements = r.measurements.filter((m) => m.scenario === scenario);
}

function base() {
  return {kind: 'dns-latency', tool: 'dig', conditions: {}, cmd: ['dig'], startedAt: 'x', exitCode: 0};
}

describe('method.protocol', () => {
  it('carries the order, seed, rest and gate thresholds of the run', () => {
    const d = buildDataset([readRun(run(() => host()))], {version: '2026-01-01'});
    expect(d.method.protocol).toEqual({order: 'alternate', seed: 42, roundRestSeconds: 10, idleGate: PROTOCOL.idleGate});
  });

  it('lists the seeds of merged runs that drew different ones, and refuses runs with different protocols', () => {
    const a = readRun(run(() => host()));
    const other = readRun(run(() => host(), {...PROTOCOL, seed: 7}));
    const rested = readRun(run(() => host(), {...PROTOCOL, roundRestSeconds: 0}));
    // Merged runs (one per cluster) measure different scenarios.
    only(a, 'quiet');
    only(other, 'busy');
    only(rested, 'busy');
    expect(buildDataset([a, other], {version: '2026-01-01'}).method.protocol?.seed).toEqual([42, 7]);
    expect(() => buildDataset([a, rested], {version: '2026-01-01'})).toThrow(/\$\.protocol \(order, roundRestSeconds, idleGate\)/);
  });
});

describe('method.runTime', () => {
  const RUN_TIME = {
    budgetSeconds: 3600,
    steps: [
      {at: {services: 0}, prepareSeconds: 0, measureSeconds: 280.4},
      {at: {services: 1000}, prepareSeconds: 25.1, measureSeconds: 270, createdServices: {from: 0, to: 1000}, cpuSeconds: {'kube-apiserver': 30.2, etcd: null}},
    ],
    stoppedBefore: {at: {services: 5000}, spentSeconds: 575.5, predictedPrepareSeconds: 602, predictedMeasureSeconds: 1350},
  };
  const withRunTime = (runTime: unknown) => {
    const dir = run(() => host());
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({...manifest, runTime}));
    return dir;
  };

  it('carries the steps the run timed and where its budget stopped it', () => {
    const d = buildDataset([readRun(withRunTime(RUN_TIME))], {version: '2026-01-01'});
    expect(d.method.runTime).toEqual(RUN_TIME);
  });

  it('refuses a step time that is not a number of seconds, naming where', () => {
    const bad = {...RUN_TIME, steps: [{at: {services: 0}, prepareSeconds: 'soon', measureSeconds: 1}]};
    expect(() => readRun(withRunTime(bad))).toThrow(/runTime.*steps.*prepareSeconds/s);
  });
});
