import {describe, expect, it} from 'vitest';
import {scenarioName} from './scenarios';
import {parseRoundCount, roundCountText} from './roundCounts';

const dataset = {
  scenarios: [
    {id: 'A', name: 'VPC CNI', cni: 'vpc-cni', kubeProxy: 'iptables'},
    {id: 'native', name: 'Cilium native', cni: 'cilium', kubeProxy: 'ebpf'},
  ],
} as never;

describe('scenario naming (one rule for charts, tables and claims)', () => {
  it('shows a letter id and the name, or the name alone for other ids', () => {
    expect(scenarioName(dataset, 'A')).toBe('A: VPC CNI');
    expect(scenarioName(dataset, 'A', {form: 'short'})).toBe('A');
    expect(scenarioName(dataset, 'native')).toBe('Cilium native');
    expect(scenarioName(dataset, 'native', {form: 'short'})).toBe('Cilium native');
  });

  it('translates names through nameOf and leaves unknown ids as they are', () => {
    const nameOf = (n: string) => `«${n}»`;
    expect(scenarioName(dataset, 'A', {nameOf})).toBe('A: «VPC CNI»');
    expect(scenarioName(dataset, 'native', {form: 'short', nameOf})).toBe('«Cilium native»');
    expect(scenarioName(dataset, 'Z', {nameOf})).toBe('Z');
  });
});

describe('round counts in flag details', () => {
  it('reads back what the ingest writes', () => {
    expect(roundCountText({kind: 'inRounds', hit: 2, total: 3})).toBe('in 2 of 3 rounds');
    expect(parseRoundCount('in 2 of 3 rounds')).toEqual({kind: 'inRounds', hit: 2, total: 3});
    expect(parseRoundCount(roundCountText({kind: 'ofMinimum', count: 1, minimum: 3}))).toEqual({kind: 'ofMinimum', count: 1, minimum: 3});
    expect(parseRoundCount('spiky in round 2')).toBeNull();
    // What the rounds found follows the count (the node counters' deltas), kept as written.
    const found = {kind: 'inRounds' as const, hit: 1, total: 3, found: 'round 2: server node-2 (ens5): bw_in_allowance_exceeded +1843'};
    expect(parseRoundCount(roundCountText(found))).toEqual(found);
  });
});
