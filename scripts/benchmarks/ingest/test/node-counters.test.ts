import {describe, expect, it} from 'vitest';
import {counterDeltas, ENA_ALLOWANCE_COUNTERS, judgeWindow, parseEthtoolStats, parseNodeCounters, parseNstat} from '../parsers/node-counters';
import {cpuBoundFlags, parseIperf3Tcp, parseIperf3Udp} from '../parsers/iperf3';
import {read, readJson} from './helpers';

const FILE = 'run/A/round-1/iperf3-tcp.counters.txt';

describe('ethtool -S of an ENA interface', () => {
  const stats = parseEthtoolStats(read('node-counters', 'ethtool-ena.txt'), 'ethtool-ena.txt');
  it('reads every statistic, the allowance counters among them', () => {
    for (const name of ENA_ALLOWANCE_COUNTERS) expect(stats[name]).toBe(0);
    expect(stats.conntrack_allowance_available).toBe(450878);
    expect(stats.queue_0_rx_bytes).toBe(3381920164);
    expect(stats.interface_up).toBe(1);
  });
  it('refuses what is not ethtool -S output', () => {
    expect(() => parseEthtoolStats('Cannot get stats information: Operation not supported\n', 'x')).toThrow('x: ethtool -S output does not start with "NIC statistics:"');
    expect(() => parseEthtoolStats('NIC statistics:\n     tx_timeout: zero\n', 'x')).toThrow('"tx_timeout: zero" is not "<name>: <number>"');
  });
});

describe('nstat -az', () => {
  const counters = parseNstat(read('node-counters', 'nstat-az.txt'), 'nstat-az.txt');
  it('reads the absolute counters by name, zeros included', () => {
    expect(counters.IpInReceives).toBeGreaterThan(0);
    expect(counters.TcpRetransSegs).toBe(2461);
    expect(counters.UdpRcvbufErrors).toBe(0);
    expect(counters.UdpInErrors).toBe(0);
  });
  it('refuses output without the #kernel header (another tool, or an error)', () => {
    expect(() => parseNstat('nstat: command not found\n', 'x')).toThrow('x: nstat output does not start with "#kernel"');
  });
});

describe('a window whose server node was over its inbound bandwidth allowance', () => {
  const text = read('node-counters', 'throttled-window.counters.txt');
  const snapshots = parseNodeCounters(text, FILE);
  const deltas = counterDeltas(snapshots, FILE);

  it('has a before and an after snapshot of each side, with its node and interface', () => {
    expect(snapshots.map((s) => `${s.phase} ${s.side}`)).toEqual(['before client', 'before server', 'after client', 'after server']);
    expect(snapshots.every((s) => s.iface === 'ens5')).toBe(true);
    expect(snapshots[1].node).toBe('ip-192-168-2-20.ap-northeast-2.compute.internal');
  });

  it('computes each side\'s deltas from its own snapshots', () => {
    const server = deltas.find((d) => d.side === 'server')!;
    const client = deltas.find((d) => d.side === 'client')!;
    expect(server.deltas.bw_in_allowance_exceeded).toBe(1843);
    expect(server.deltas.pps_allowance_exceeded).toBe(0);
    expect(client.deltas.bw_in_allowance_exceeded).toBe(0);
    expect(client.deltas.TcpRetransSegs).toBe(76);
    expect(server.deltas.UdpRcvbufErrors).toBe(0);
  });

  it('is flagged nic-throttled naming the counter, its growth and the node, and not receiver-drops', () => {
    const {flags, retransmits} = judgeWindow(deltas, FILE);
    expect(flags.map((f) => f.kind)).toEqual(['nic-throttled']);
    expect(flags[0].detail).toBe('server ip-192-168-2-20.ap-northeast-2.compute.internal (ens5): bw_in_allowance_exceeded +1843');
    expect(flags[0].why).toContain(`${FILE}: the instance's network allowance was exceeded`);
    expect(retransmits).toContain('TcpRetransSegs +76 on the client node ip-192-168-1-10');
  });
});

describe('a window whose receiver ran out of socket buffer', () => {
  it('is flagged receiver-drops, not nic-throttled (the allowance counter did not move)', () => {
    const text = read('node-counters', 'receiver-drops-window.counters.txt');
    const {flags} = judgeWindow(counterDeltas(parseNodeCounters(text, FILE), FILE), FILE);
    expect(flags.map((f) => f.kind)).toEqual(['receiver-drops']);
    expect(flags[0].detail).toBe('server ip-192-168-2-20.ap-northeast-2.compute.internal: UdpRcvbufErrors +4120, UdpInErrors +4120');
  });
});

describe('a quiet window', () => {
  it('raises no flag', () => {
    const text = read('node-counters', 'throttled-window.counters.txt').replace(/bw_in_allowance_exceeded: 1863/, 'bw_in_allowance_exceeded: 20');
    expect(judgeWindow(counterDeltas(parseNodeCounters(text, FILE), FILE), FILE).flags).toEqual([]);
  });
});

describe('counters files that cannot give a delta are refused, naming the file', () => {
  const text = read('node-counters', 'throttled-window.counters.txt');
  it('a side without its after snapshot (the read was cut off)', () => {
    const cut = text.slice(0, text.indexOf('# counters after 2026-02-09T10:15:15Z'));
    expect(() => counterDeltas(parseNodeCounters(cut, FILE), FILE)).toThrow(`${FILE}: has no after snapshot of the server node`);
  });
  it('a counter that went down (driver reset)', () => {
    const reset = text.replace(/TcpRetransSegs( +)2519/, 'TcpRetransSegs$1   12');
    expect(() => counterDeltas(parseNodeCounters(reset, FILE), FILE)).toThrow('TcpRetransSegs on the client node ip-192-168-1-10.ap-northeast-2.compute.internal went down from 2443 to 12');
  });
  it('a snapshot without its nstat section', () => {
    const broken = text.replace(/## nstat -az\n/, '');
    expect(() => parseNodeCounters(broken, FILE)).toThrow('needs an "## ethtool -S" section followed by an "## nstat -az" section');
  });
  it('text before the first snapshot header', () => {
    expect(() => parseNodeCounters(`oops\n${text}`, FILE)).toThrow('starts with "oops"');
  });
});

describe('iperf3 CPU-bound ends (end.cpu_utilization_percent)', () => {
  it('a real run at ~20 % CPU is neither sender- nor receiver-bound', () => {
    const doc = readJson('iperf3', 'tcp-4streams.json');
    expect(cpuBoundFlags(doc, 'x')).toEqual([]);
    expect(parseIperf3Tcp(JSON.stringify(doc), 'x').every((r) => r.flags === undefined)).toBe(true);
  });
  it('a client above 90 % is the sender, flagged on every row', () => {
    const doc = readJson('iperf3', 'tcp-4streams.json');
    doc.end.cpu_utilization_percent.host_total = 97.2;
    const rows = parseIperf3Tcp(JSON.stringify(doc), 'x.json');
    expect(rows.every((r) => r.flags?.map((f) => f.kind).join() === 'sender-cpu-bound')).toBe(true);
    expect(rows[0].flags![0].why).toContain('x.json: the sender (iperf3 client) used 97.2 % CPU');
  });
  it('a server above 90 % is the receiver of a UDP test, beside its own flags', () => {
    const doc = readJson('iperf3', 'udp-100m.json');
    doc.end.cpu_utilization_percent.remote_total = 93;
    const rows = parseIperf3Udp(JSON.stringify(doc), 'u.json');
    expect(rows.every((r) => r.flags?.map((f) => f.kind).join() === 'receiver-cpu-bound')).toBe(true);
  });
  it('iperf3 3.16 and newer add up one thread per stream: 4 streams are bound above 4 x 90 %', () => {
    const doc = readJson('iperf3', 'tcp-4streams.json');
    doc.start.version = 'iperf 3.17.1';
    doc.end.cpu_utilization_percent.host_total = 250;
    expect(cpuBoundFlags(doc, 'x')).toEqual([]);
    doc.end.cpu_utilization_percent.host_total = 380;
    expect(cpuBoundFlags(doc, 'x').map((f) => f.kind)).toEqual(['sender-cpu-bound']);
  });
  it('reversed (-R), the client is the receiver', () => {
    const doc = readJson('iperf3', 'tcp-4streams.json');
    doc.start.test_start.reverse = 1;
    doc.end.cpu_utilization_percent.host_total = 95;
    expect(cpuBoundFlags(doc, 'x').map((f) => f.kind)).toEqual(['receiver-cpu-bound']);
  });
});
