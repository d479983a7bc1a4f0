import {describe, expect, it} from 'vitest';
import type {Headline} from '../data/overview';
import {headlineSentence, setupName} from './headlines';

const figures = {
  scenarios: [
    {id: 'A', name: 'VPC CNI'},
    {id: 'E', name: 'Cilium tuned'},
    {id: 'nft', name: 'nftables mode'},
    {id: 'ipt', name: 'iptables mode'},
  ],
};
const base: Headline = {row: {key: 'r', metric: 'connect_latency'}, scenario: 'nft', versus: 'ipt', unit: 'us', value: 36, verdict: 'better', flagged: false};

describe('headlineSentence', () => {
  it('says lower or higher with the size unsigned, naming both setups', () => {
    expect(headlineSentence({...base, change: {kind: 'change', value: -64.2}}, figures, 'en')).toBe('TCP connect() time to a ClusterIP: 64% lower with nftables mode than with iptables mode.'); // rounded as the card's figure (−64%) is
    expect(headlineSentence({...base, verdict: 'worse', change: {kind: 'change', value: 12}}, figures, 'en')).toMatch(/: 12% higher with nftables mode than with iptables mode\.$/);
    expect(headlineSentence({...base, verdict: 'worse', change: {kind: 'ratio', value: 5.3}}, figures, 'en')).toMatch(/: 5\.3× as high with nftables mode as with iptables mode\.$/);
    expect(headlineSentence({...base, unit: '%', change: {kind: 'points', value: -3.5}}, figures, 'en')).toMatch(/: 3\.5\u00a0pp lower with/);
  });

  it('a lettered setup keeps its letter beside its name, never the letter alone', () => {
    const s = headlineSentence({...base, scenario: 'E', versus: 'A', change: {kind: 'change', value: -10}}, figures, 'en');
    expect(s).toContain('with Cilium tuned (E) than with VPC CNI (A)');
    expect(s).not.toMatch(/\bE against A\b/);
    expect(setupName(figures, 'E', 'zh')).toBe('Cilium tuned（E）');
  });

  it('a row compared with the same setup under other conditions names those conditions', () => {
    const s = headlineSentence({...base, versus: undefined, row: {key: 'p', metric: 'http_rps', where: {policy: 'l7'}, against: {policy: 'none'}, show: ['policy']}, change: {kind: 'change', value: -80}}, figures, 'en');
    expect(s).toMatch(/: 80% lower with nftables mode than with .+\.$/);
    expect(s).not.toContain('iptables mode');
  });

  it('a difference the rule does not establish is given as the value, never as a change', () => {
    const s = headlineSentence({...base, scenario: 'E', versus: 'A', verdict: 'not-established', reason: 'no-spread', value: 3135, change: {kind: 'change', value: -20}}, figures, 'en');
    expect(s).toContain('3,135');
    expect(s).toContain('is not established');
    expect(s).not.toMatch(/20%|lower|higher/);
  });
});
