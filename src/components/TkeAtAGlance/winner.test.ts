import {describe, expect, it} from 'vitest';
import {LARGE_OVERHEAD_PCT, OVERHEAD_NOISE_PCT, overheadVerdict, pickWinner} from './winner';

const c = (iptables: number | null, native: number | null, overlay: number | null) => [
  {scenario: 'iptables', value: iptables},
  {scenario: 'native', value: native},
  {scenario: 'overlay', value: overlay},
];

describe('pickWinner', () => {
  it('calls a tie when every value is within the threshold of the best', () => {
    expect(pickWinner(c(100, 97, 96), 'higher', 5)).toEqual({kind: 'tie'});
  });

  it('names the winner and its margin over the runner-up when it is ahead by more than the threshold', () => {
    expect(pickWinner(c(120, 100, 90), 'higher', 5)).toEqual({kind: 'winner', scenario: 'iptables', margin: 1.2});
  });

  it('shares the win among the clusters within the threshold', () => {
    expect(pickWinner(c(80, 98, 100), 'higher', 5)).toEqual({kind: 'shared', scenarios: ['overlay', 'native']});
  });

  it('uses the direction: lower is better for latency', () => {
    expect(pickWinner(c(100, 150, 200), 'lower', 20)).toEqual({kind: 'winner', scenario: 'iptables', margin: 1.5});
    expect(pickWinner(c(100, 119, 200), 'lower', 20)).toEqual({kind: 'shared', scenarios: ['iptables', 'native']});
  });

  it('moves from winner to tie as the threshold grows', () => {
    expect(pickWinner(c(110, 100, 100), 'higher', 5).kind).toBe('winner');
    expect(pickWinner(c(110, 100, 100), 'higher', 10).kind).toBe('tie');
  });

  it('names no winner when a cluster has no value', () => {
    expect(pickWinner(c(null, 100, 50), 'higher', 5)).toEqual({kind: 'incomplete'});
  });

  it('refuses metrics without a better direction', () => {
    expect(() => pickWinner(c(1, 2, 3), 'context', 5)).toThrow(/no better direction/);
  });
});

describe('overheadVerdict', () => {
  it('is none when every change is within the noise band', () => {
    expect(overheadVerdict([-(OVERHEAD_NOISE_PCT - 0.1), 0.5, null])).toBe('none');
  });

  it('is large when any cluster drops by the large threshold or more', () => {
    expect(overheadVerdict([-LARGE_OVERHEAD_PCT, -1])).toBe('large');
  });

  it('is measurable in between', () => {
    expect(overheadVerdict([-(OVERHEAD_NOISE_PCT + 1), -1])).toBe('measurable');
  });

  it('is incomplete with no values', () => {
    expect(overheadVerdict([null, null])).toBe('incomplete');
  });
});
