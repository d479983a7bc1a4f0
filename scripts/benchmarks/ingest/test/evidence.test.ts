/**
 * The raw file is the evidence: real tool outputs (the parser fixtures and the
 * published local run) filed under a wrong label, duplicated, or in a round or
 * scenario that did not finish are refused, and the message names the file, the
 * field, what the label says, what the file says and the fix.
 */
import {createHash} from 'node:crypto';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {readRun} from '../rundir';
import {fixture} from './helpers';

const REPO = resolve(__dirname, '../../../..');
/** Real metas bench.sh wrote, to mislabel one field at a time. */
const LOCAL_ROUND = join(REPO, 'static/data/local/raw/2026-11-21/direct/round-1');

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, {recursive: true, force: true});
});

function copyOf(run: string): string {
  const root = mkdtempSync(join(tmpdir(), 'evidence-'));
  temps.push(root);
  const dir = join(root, 'run');
  cpSync(fixture(run), dir, {recursive: true});
  return dir;
}

const metaOf = (file: string): Record<string, any> => JSON.parse(readFileSync(file, 'utf8'));

/** Files a real raw output in round 1 of a copy of the golden run under the meta given; returns the paths. */
function file(raw: string, ext: string, meta: Record<string, any>): {dir: string; raw: string; meta: string} {
  const dir = copyOf('golden-run');
  const round = join(dir, 'loop', 'round-1');
  const paths = {dir, raw: join(round, `probe.${ext}`), meta: join(round, 'probe.meta.json')};
  cpSync(raw, paths.raw);
  writeFileSync(paths.meta, JSON.stringify(meta));
  return paths;
}

/** The refusal readRun gives, which must be one. */
function refusal(dir: string): string {
  try {
    readRun(dir);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${dir} was ingested, but it should have been refused`);
}

/** The message names the file, the field, the label and the evidence (each checked on its own). */
function expectNamed(message: string, parts: {file: string; field: string; label: string; evidence: string}): void {
  expect(message.startsWith(`${parts.file}: ${parts.field}: `)).toBe(true);
  expect(message).toContain(`says ${parts.label}`);
  expect(message).toContain(`but the file says ${parts.evidence}`);
}

const netperfMeta = (test: 'TCP_RR' | 'TCP_CRR') => ({...metaOf(join(LOCAL_ROUND, test === 'TCP_RR' ? 'tcp-rr.meta.json' : 'tcp-crr.meta.json'))});

describe('a label the raw file contradicts is refused', () => {
  it('a netperf TCP_RR output filed as TCP_CRR (it would publish a tcp_crr_rate)', () => {
    const p = file(fixture('netperf', 'tcp-rr.txt'), 'txt', netperfMeta('TCP_CRR'));
    const message = refusal(p.dir);
    expectNamed(message, {file: p.raw, field: 'kind', label: '"netperf-crr"', evidence: '"netperf-rr" (banner "TCP REQUEST/RESPONSE TEST")'});
    expect(message).toContain(`the meta ${p.meta} kind says "netperf-crr", cmd (netperf -t) says "netperf-crr"`);
    // Its command asked for TCP_CRR too: the file is not that command's output, so the step is measured again.
    expect(message).toContain(`the file is not the output of the command its meta records; measure that step again: delete ${p.raw}, ${p.meta}, ${join(p.dir, 'loop', 'round-1', '.done')}, ${join(p.dir, 'loop', '.done')}, then rerun`);
  });

  it('a netperf TCP_CRR output filed as TCP_RR (connect-plus-request time as RR latency)', () => {
    const p = file(fixture('netperf', 'tcp-crr.txt'), 'txt', netperfMeta('TCP_RR'));
    expectNamed(refusal(p.dir), {file: p.raw, field: 'kind', label: '"netperf-rr"', evidence: '"netperf-crr" (banner "TCP Connect/Request/Response TEST")'});
  });

  it('a kind relabelled by hand while the command says the truth: the fix is to relabel', () => {
    const p = file(fixture('netperf', 'tcp-crr.txt'), 'txt', {...netperfMeta('TCP_CRR'), kind: 'netperf-rr'});
    const message = refusal(p.dir);
    expectNamed(message, {file: p.raw, field: 'kind', label: '"netperf-rr"', evidence: '"netperf-crr"'});
    expect(message).toContain('its command asked for "netperf-crr" too, so the label is what is wrong: relabel the meta: set kind to "netperf-crr"');
  });

  it('a fortio run at max QPS filed as qps=1000', () => {
    const meta = metaOf(fixture('golden-run', 'loop', 'round-1', 'http-close.meta.json'));
    const p = file(fixture('fortio', 'http-close-max.json'), 'json', {...meta, conditions: {...meta.conditions, qps: 1000}});
    const message = refusal(p.dir);
    expectNamed(message, {file: p.raw, field: 'qps', label: '1000', evidence: '"max" (RequestedQPS "max")'});
    // The command (-qps 0) agrees with the file: only the label is wrong.
    expect(message).toContain('relabel the meta: set conditions.qps to "max"');
  });

  it('a keepalive fortio run filed as connection: close (it would publish a conn_setup_time)', () => {
    const meta = metaOf(fixture('golden-run', 'loop', 'round-1', 'http-close.meta.json'));
    const cmd = [...meta.cmd];
    cmd[cmd.indexOf('-qps') + 1] = '200';
    const p = file(fixture('fortio', 'http-keepalive-qps200.json'), 'json', {...meta, cmd, conditions: {qps: 200, connection: 'close', concurrency: 2}});
    const message = refusal(p.dir);
    expectNamed(message, {file: p.raw, field: 'connection', label: '"close"', evidence: '"keepalive" (DisableKeepAlive false)'});
    expect(message).toContain('cmd (fortio -keepalive) says "close"');
    expect(message).toContain(`measure that step again: delete ${p.raw}`);
  });

  it('a fortio run whose connections or duration are not the ones its label and command give', () => {
    const meta = metaOf(fixture('golden-run', 'loop', 'round-1', 'http-close.meta.json'));
    const threads = file(fixture('fortio', 'http-close-max.json'), 'json', {...meta, conditions: {...meta.conditions, concurrency: 8}});
    expectNamed(refusal(threads.dir), {file: threads.raw, field: 'concurrency', label: '8', evidence: '2 (NumThreads)'});
    const cmd = meta.cmd.map((a: string) => (a === '1s' ? '30s' : a));
    const duration = file(fixture('fortio', 'http-close-max.json'), 'json', {...meta, cmd});
    expectNamed(refusal(duration.dir), {file: duration.raw, field: 'duration', label: '30', evidence: '1 (RequestedDuration "1s")'});
  });

  it('a 1-stream iperf3 result filed as streams=8', () => {
    const meta = metaOf(fixture('golden-run', 'loop', 'round-1', 'tcp-1.meta.json'));
    const cmd = meta.cmd.map((a: string, i: number) => (meta.cmd[i - 1] === '-P' ? '8' : a));
    const p = file(fixture('iperf3', 'tcp-1stream.json'), 'json', {...meta, cmd, conditions: {streams: 8}, load: {streams: 8}});
    const message = refusal(p.dir);
    expectNamed(message, {file: p.raw, field: 'streams', label: '8', evidence: '1 (start.test_start.num_streams)'});
    expect(message).toContain('conditions.streams says 8, load.streams says 8, cmd (iperf3 -P) says 8');
  });

  it('a command the ingest cannot read as the tool (a wrapper) leaves both fixes open', () => {
    const meta = metaOf(fixture('golden-run', 'loop', 'round-1', 'tcp-1.meta.json'));
    const p = file(fixture('iperf3', 'tcp-1stream.json'), 'json', {...meta, cmd: ['sh', '-c', 'iperf3 -c h -P 8 -J'], conditions: {streams: 8}});
    const message = refusal(p.dir);
    expectNamed(message, {file: p.raw, field: 'streams', label: '8', evidence: '1 (start.test_start.num_streams)'});
    expect(message).toContain(`relabel the meta: set conditions.streams to 1 if the file is the measurement meant, or measure that step again with streams 8 (iperf3 -P): delete ${p.raw}`);
  });

  it('an iperf3 reverse test, duration or datagram size the command does not give', () => {
    const reverse = file(fixture('held-out', 'iperf3-reverse.json'), 'json', {...metaOf(fixture('golden-run', 'loop', 'round-1', 'tcp-1.meta.json')), conditions: {streams: 2}, cmd: ['iperf3', '-c', 'h', '-P', '2', '-t', '2', '-J']});
    expectNamed(refusal(reverse.dir), {file: reverse.raw, field: 'reverse', label: 'false', evidence: 'true (start.test_start.reverse)'});
    const tcp = metaOf(fixture('golden-run', 'loop', 'round-1', 'tcp-1.meta.json'));
    const long = file(fixture('iperf3', 'tcp-1stream.json'), 'json', {...tcp, cmd: tcp.cmd.map((a: string, i: number) => (tcp.cmd[i - 1] === '-t' ? '10' : a))});
    expectNamed(refusal(long.dir), {file: long.raw, field: 'duration', label: '10', evidence: '1 (start.test_start.duration)'});
    const step = metaOf(fixture('udp-sweep-run', 'bottleneck', 'round-1', 'udp-25M.meta.json'));
    const length = file(fixture('udp-sweep-run', 'bottleneck', 'round-1', 'udp-25M.json'), 'json', {...step, load: {...step.load, length: 1200}});
    const message = refusal(length.dir);
    expectNamed(message, {file: length.raw, field: 'length', label: '1200', evidence: '1400 (start.test_start.blksize)'});
    expect(message).toContain('relabel the meta: set load.length to 1400');
  });

  it('a UDP test filed as a TCP one, and a file that is not iperf3 output at all', () => {
    const tcp = metaOf(fixture('golden-run', 'loop', 'round-1', 'tcp-1.meta.json'));
    const udp = file(fixture('iperf3', 'udp-100m.json'), 'json', tcp);
    expectNamed(refusal(udp.dir), {file: udp.raw, field: 'kind', label: '"iperf3-tcp"', evidence: '"iperf3-udp" (start.test_start.protocol "UDP")'});
    const fortio = file(fixture('fortio', 'http-close-max.json'), 'json', tcp);
    const message = refusal(fortio.dir);
    expect(message).toMatch(new RegExp(`^${fortio.raw.replace(/[/.]/g, '\\$&')}: is not iperf3 -J output \\(no start\\.test_start; its top-level keys are `));
    expect(message).not.toContain('did not finish');
  });
});

describe('what the file cannot say is refused for what it does say', () => {
  it("a netperf output carrying netperf's own error is refused for that error, not for its missing banner", () => {
    const p = file(fixture('netperf', 'refused.txt'), 'txt', netperfMeta('TCP_RR'));
    expect(refusal(p.dir)).toMatch(new RegExp(`^${p.raw.replace(/[/.]/g, '\\$&')}: netperf reported an error: "establish control"`));
  });

  it('a netperf output without its banner cannot tell TCP_RR from TCP_CRR', () => {
    const p = file(fixture('netperf', 'tcp-crr.txt'), 'txt', netperfMeta('TCP_CRR'));
    writeFileSync(p.raw, readFileSync(p.raw, 'utf8').split('\n').slice(1).join('\n'));
    expect(refusal(p.dir)).toBe(`${p.raw}: no test banner line (was netperf run with -P 0?): the file does not say which test it measured; rerun it with netperf -t TCP_RR or -t TCP_CRR without -P 0`);
  });
});

describe('duplicated raw files are refused', () => {
  it('three byte-identical rounds are one run, not three samples', () => {
    const dir = copyOf('golden-run');
    const first = join(dir, 'loop', 'round-1', 'tcp-1.json');
    for (const r of [2, 3]) cpSync(first, join(dir, 'loop', `round-${r}`, 'tcp-1.json'));
    const second = join(dir, 'loop', 'round-2', 'tcp-1.json');
    const message = refusal(dir);
    const sha = createHash('sha256').update(readFileSync(first)).digest('hex');
    expect(message.startsWith(`${second}: sha256: ${sha} is that of ${first} too: `)).toBe(true);
    expect(message).toContain('the labels say two measurements (loop round 1 {"streams":1} and loop round 2 {"streams":1}), the byte-identical files say one run');
    expect(message).toContain(`measure the other step again: delete ${second}, ${join(dir, 'loop', 'round-2', 'tcp-1.meta.json')}`);
  });

  it('one http-close.json serving two rows of a round', () => {
    const dir = copyOf('golden-run');
    const round = join(dir, 'loop', 'round-1');
    cpSync(join(round, 'http-close.json'), join(round, 'http-close-again.json'));
    cpSync(join(round, 'http-close.meta.json'), join(round, 'http-close-again.meta.json'));
    expect(refusal(dir)).toMatch(new RegExp(`^${join(round, 'http-close.json').replace(/[/.]/g, '\\$&')}: sha256: [0-9a-f]{64} is that of ${join(round, 'http-close-again.json').replace(/[/.]/g, '\\$&')} too`));
  });

  it('state dumps may repeat: the same rule set in every round is not a duplicate', () => {
    const run = readRun(fixture('service-steps-run'));
    const dumps = run.measurements.filter((m) => m.meta.kind === 'iptables-nat' && m.meta.conditions.services === 5);
    expect(new Set(dumps.map((m) => m.sha256)).size).toBe(1);
    expect(dumps.length).toBe(3);
  });
});

describe('unfinished rounds and scenarios are refused', () => {
  it('an empty round-4/.done does not add a round', () => {
    const dir = copyOf('golden-run');
    cpSync(join(dir, 'loop', 'round-3'), join(dir, 'loop', 'round-4'), {recursive: true});
    writeFileSync(join(dir, 'loop', 'round-4', '.done'), '');
    const message = refusal(dir);
    expect(message).toBe(
      `${join(dir, 'loop', 'round-4')}: round did not finish (its .done marker is empty, where the bench script writes the time it finished); rerun the bench script with the same run directory to resume it (delete ${join(dir, 'loop', '.done')} first: it says the scenario finished)`,
    );
  });

  it('a round marked finished that holds no measurement', () => {
    const dir = copyOf('golden-run');
    mkdirSync(join(dir, 'loop', 'round-4'));
    writeFileSync(join(dir, 'loop', 'round-4', '.done'), '2026-11-21T23:46:00Z\n');
    expect(refusal(dir)).toMatch(new RegExp(`^${join(dir, 'loop', 'round-4').replace(/[/.]/g, '\\$&')}: round is marked finished but holds no measurement`));
  });

  it('a scenario without .done in a run without finishedAt', () => {
    const dir = copyOf('golden-run');
    rmSync(join(dir, 'loop', '.done'));
    const manifest = metaOf(join(dir, 'manifest.json'));
    delete manifest.finishedAt;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const message = refusal(dir);
    expect(message.startsWith(`${join(dir, 'loop')}: scenario did not finish (no .done marker; the manifest has no finishedAt either`)).toBe(true);
    expect(message).toContain('rerun the bench script with the same run directory to finish it');
  });

  it('an unfinished step inside a finished round: the fix un-marks the round, which a rerun would skip', () => {
    const dir = copyOf('service-steps-run');
    const step = join(dir, 'loop', 'round-2', 'services-9');
    rmSync(join(step, '.done'));
    expect(refusal(dir)).toBe(
      `${step}: service step did not finish (no .done marker), inside a round marked finished; delete ${join(dir, 'loop', 'round-2', '.done')}, ${join(dir, 'loop', '.done')}, then rerun the bench script with the same run directory (it measures only what is missing)`,
    );
  });
});
