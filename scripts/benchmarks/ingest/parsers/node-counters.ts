/**
 * The node counters around one traffic window (`<id>.counters.txt`, written by
 * k8s_node_counters in lib/k8s.sh through BENCH_WINDOW_COUNTERS of lib/bench.sh):
 * for each side (client, server) a snapshot before and one after the window, each
 *
 *   # counters <before|after> <time> side=<side> node=<node>
 *   # interface <primary interface>
 *   ## ethtool -S <interface>
 *   NIC statistics:
 *        bw_in_allowance_exceeded: 0
 *   ...
 *   ## nstat -az
 *   #kernel
 *   IpInReceives                    2083714            0.0
 *   ...
 *
 * The deltas tell a window measured against the instance's own limits (ENA's
 * *_allowance_exceeded counters: packets the instance queued or dropped because
 * it was over its bandwidth, packet-rate, conntrack or link-local allowance) or
 * with the receiver dropping datagrams (UdpRcvbufErrors, UdpInErrors) from one
 * that measured the data plane.
 */
import {RawFileError} from '../errors';
import type {FlagKind} from '../../../../src/data/schema';

/** The ENA driver's allowance counters (AWS ENA Linux driver, ethtool -S), in its order. */
export const ENA_ALLOWANCE_COUNTERS = [
  'bw_in_allowance_exceeded',
  'bw_out_allowance_exceeded',
  'pps_allowance_exceeded',
  'conntrack_allowance_exceeded',
  'linklocal_allowance_exceeded',
] as const;
/** nstat counters of datagrams the receiving host dropped (socket buffer full, or any UDP receive error). */
export const RECEIVER_DROP_COUNTERS = ['UdpRcvbufErrors', 'UdpInErrors'] as const;
export const RETRANSMIT_COUNTER = 'TcpRetransSegs';

export type Phase = 'before' | 'after';

export interface CounterSnapshot {
  phase: Phase;
  side: string;
  node: string;
  at: string;
  iface: string;
  /** ethtool -S: every statistic by name. */
  ethtool: Record<string, number>;
  /** nstat -az: every counter by name (absolute values). */
  nstat: Record<string, number>;
}

/** `ethtool -S <dev>` output: "NIC statistics:" then one "<name>: <value>" per line. */
export function parseEthtoolStats(text: string, file: string): Record<string, number> {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0 || lines[0].trim() !== 'NIC statistics:') {
    throw new RawFileError(file, `ethtool -S output does not start with "NIC statistics:" (${JSON.stringify((lines[0] ?? '').slice(0, 60))})`);
  }
  const stats: Record<string, number> = {};
  for (const line of lines.slice(1)) {
    const m = /^\s*([^:]+?):\s+(-?\d+)\s*$/.exec(line);
    if (!m) throw new RawFileError(file, `ethtool -S line ${JSON.stringify(line.trim())} is not "<name>: <number>"`);
    stats[m[1]] = Number(m[2]);
  }
  return stats;
}

/** `nstat -az` output: "#kernel", then "<Name> <absolute value> <rate>" per line. */
export function parseNstat(text: string, file: string): Record<string, number> {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0 || lines[0].trim() !== '#kernel') throw new RawFileError(file, `nstat output does not start with "#kernel" (${JSON.stringify((lines[0] ?? '').slice(0, 60))})`);
  const counters: Record<string, number> = {};
  for (const line of lines.slice(1)) {
    const m = /^([A-Za-z][A-Za-z0-9_]*)\s+(\d+)(?:\s+[\d.]+)?\s*$/.exec(line);
    if (!m) throw new RawFileError(file, `nstat line ${JSON.stringify(line.trim())} is not "<Name> <count> <rate>"`);
    counters[m[1]] = Number(m[2]);
  }
  return counters;
}

const HEADER = /^# counters (before|after|check) (\S+) side=(\S+) node=(\S+)\s*$/;

/** Every snapshot of a counters file, in file order. */
export function parseNodeCounters(text: string, file: string): CounterSnapshot[] {
  if (text.trim() === '') throw new RawFileError(file, 'is empty (the node counters were not read)');
  const blocks: {header: RegExpExecArray; lines: string[]}[] = [];
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (header) blocks.push({header, lines: []});
    else if (blocks.length === 0) {
      if (line.trim() !== '') throw new RawFileError(file, `starts with ${JSON.stringify(line.slice(0, 60))}, not a "# counters <phase> <time> side=<side> node=<node>" line`);
    } else blocks[blocks.length - 1].lines.push(line);
  }
  return blocks.map(({header, lines}) => {
    const [, phase, at, side, node] = header;
    const where = `${file} (${phase} on the ${side} node ${node})`;
    const iface = lines.map((l) => /^# interface (\S+)$/.exec(l)).find((m) => m !== null)?.[1];
    if (iface === undefined) throw new RawFileError(where, 'has no "# interface <dev>" line');
    const ethStart = lines.findIndex((l) => l.startsWith('## ethtool -S'));
    const nstatStart = lines.findIndex((l) => l.startsWith('## nstat'));
    if (ethStart < 0 || nstatStart < ethStart) throw new RawFileError(where, 'needs an "## ethtool -S" section followed by an "## nstat -az" section (was the read cut off?)');
    return {
      phase: phase as Phase,
      side,
      node,
      at,
      iface,
      ethtool: parseEthtoolStats(lines.slice(ethStart + 1, nstatStart).join('\n'), where),
      nstat: parseNstat(lines.slice(nstatStart + 1).join('\n'), where),
    };
  });
}

export interface SideDelta {
  side: string;
  node: string;
  iface: string;
  /** After minus before, for the counters the flags read (absent when the NIC has no such counter). */
  deltas: Record<string, number>;
}

const WATCHED = {ethtool: ENA_ALLOWANCE_COUNTERS as readonly string[], nstat: [...RECEIVER_DROP_COUNTERS, RETRANSMIT_COUNTER] as readonly string[]};

/** Each side's deltas over the window: the last before and the first after snapshot of that side. */
export function counterDeltas(snapshots: readonly CounterSnapshot[], file: string): SideDelta[] {
  const sides = [...new Set(snapshots.map((s) => s.side))];
  if (sides.length === 0) throw new RawFileError(file, 'holds no snapshot');
  return sides.map((side) => {
    const before = snapshots.filter((s) => s.side === side && s.phase === 'before').at(-1);
    const after = snapshots.find((s) => s.side === side && s.phase === 'after');
    if (before === undefined || after === undefined) throw new RawFileError(file, `has no ${before === undefined ? 'before' : 'after'} snapshot of the ${side} node: the window's deltas cannot be computed`);
    if (before.node !== after.node || before.iface !== after.iface) {
      throw new RawFileError(file, `the ${side} snapshots are of ${before.node}/${before.iface} before and ${after.node}/${after.iface} after the window`);
    }
    const deltas: Record<string, number> = {};
    for (const source of ['ethtool', 'nstat'] as const) {
      for (const name of WATCHED[source]) {
        const a = before[source][name];
        const b = after[source][name];
        if (a === undefined && b === undefined) continue; // not this NIC's (a non-ENA interface) or not this kernel's
        if (a === undefined || b === undefined) throw new RawFileError(file, `${name} on the ${side} node ${before.node} is in only one of its snapshots`);
        if (b < a) throw new RawFileError(file, `${name} on the ${side} node ${before.node} went down from ${a} to ${b} during the window (the counters were reset: driver reset or reboot); measure the window again`);
        deltas[name] = b - a;
      }
    }
    return {side, node: before.node, iface: before.iface, deltas};
  });
}

export interface WindowJudgement {
  flags: {kind: FlagKind; why: string; detail: string}[];
  /** TcpRetransSegs grew by this much on each side (host network namespace). */
  retransmits: string | undefined;
}

function grown(d: SideDelta, names: readonly string[]): string[] {
  return names.filter((n) => (d.deltas[n] ?? 0) > 0).map((n) => `${n} +${d.deltas[n]}`);
}

/**
 * The window's flags from its counter deltas: nic-throttled when an ENA allowance
 * counter grew on either node, receiver-drops when UDP receive errors grew. The TCP
 * retransmits are stated beside them (see retransmits).
 */
export function judgeWindow(deltas: readonly SideDelta[], file: string): WindowJudgement {
  const flags: WindowJudgement['flags'] = [];
  const retrans = deltas.filter((d) => d.deltas[RETRANSMIT_COUNTER] !== undefined).map((d) => `${RETRANSMIT_COUNTER} +${d.deltas[RETRANSMIT_COUNTER]} on the ${d.side} node ${d.node}`);
  const retransmits = retrans.length > 0 ? retrans.join(', ') : undefined;
  const tail = retransmits !== undefined ? ` (${retransmits})` : '';
  const throttled = deltas.flatMap((d) => {
    const g = grown(d, ENA_ALLOWANCE_COUNTERS);
    return g.length > 0 ? [`${d.side} ${d.node} (${d.iface}): ${g.join(', ')}`] : [];
  });
  if (throttled.length > 0) {
    flags.push({
      kind: 'nic-throttled',
      detail: throttled.join('; '),
      why: `${file}: the instance's network allowance was exceeded during the window (${throttled.join('; ')})${tail}: the figure shows the instance's limit, not the data plane`,
    });
  }
  const drops = deltas.flatMap((d) => {
    const g = grown(d, RECEIVER_DROP_COUNTERS);
    return g.length > 0 ? [`${d.side} ${d.node}: ${g.join(', ')}`] : [];
  });
  if (drops.length > 0) {
    flags.push({
      kind: 'receiver-drops',
      detail: drops.join('; '),
      why: `${file}: the receiving host dropped datagrams during the window (${drops.join('; ')})${tail}: part of the loss is the receiver's, not the network's`,
    });
  }
  return {flags, retransmits};
}
