import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeTkeDataset} from '@site/src/data/testing/makeTkeDataset';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import TkeAtAGlance from '.';

function line(doc: Document, key: string): string[] {
  const tr = doc.querySelector(`[data-line="${key}"]`);
  if (!tr) throw new Error(`no line ${key}`);
  return Array.from(tr.children).map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim());
}

describe('TkeAtAGlance', () => {
  const doc = renderStatic(<TkeAtAGlance data={makeBundle(makeTkeDataset())} />);

  it('shows the dataset values and a computed verdict', () => {
    // 120,000 vs 100,000 and 99,000: iptables ahead of the runner-up by 20%.
    expect(line(doc, 'rps-keepalive').slice(1)).toEqual(['120,000 req/s', '100,000 req/s', '99,000 req/s', 'Cluster iptables (+20%)']);
    // 30,000 vs 15,000: shown as a ratio.
    expect(line(doc, 'rps-short').at(-1)).toBe('Cluster iptables (2×)');
    // 8.4 / 8.5 / 8.6 Gbps are within 5%.
    expect(line(doc, 'throughput').at(-1)).toBe('Tie');
    // 6,000 vs 12,000 / 12,000: the two Cilium clusters share it.
    expect(line(doc, 'rps-short-30000').at(-1)).toBe('Cluster native ≈ Cluster overlay');
  });

  it('computes overhead rows from RPS with the feature off and on', () => {
    // L7: 90,000 -> 9,000 = -90%; 92,000 -> 9,200 = -90%.
    expect(line(doc, 'policy-l7').slice(1)).toEqual(['N/A', '\u221290%', '\u221290%', 'Large overhead: enable selectively']);
    expect(line(doc, 'hubble').at(-1)).toBe('No measurable overhead');
  });

  it('names no winner where a cluster has no value', () => {
    expect(line(doc, 'bpf-memory').at(-1)).toBe('No winner: not measured on every cluster');
  });

  it('changes the verdict when the data changes', () => {
    const tied = makeTkeDataset({keepalive: {iptables: 101000, native: 100000, overlay: 99000}});
    const d = renderStatic(<TkeAtAGlance data={makeBundle(tied)} />);
    expect(line(d, 'rps-keepalive').at(-1)).toBe('Tie');
  });
});
