// @vitest-environment jsdom
/**
 * <ClaimList> and <Claim> on the real EKS dataset with one figure moved:
 * the claim that figure backs shows ✗ with the new value, the rest ✓.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup, render} from '@testing-library/react';
import type {SuiteBundle} from '@site/src/data/bundle';
import {suiteManifest} from '@site/src/data/manifest';
import {newRunReleases} from '@site/src/data/testing/releases';
import type {Dataset} from '@site/src/data/schema';
import {validateDataset} from '@site/src/data/validate';
import {claimsOf} from '@site/src/data/testing/claims';
import ClaimList from './index';
import Claim from '../Claim';

const file = path.resolve(__dirname, '../../../static/data/eks-cni/2026-12-02.json');
const original = validateDataset(JSON.parse(fs.readFileSync(file, 'utf8')), file);

/**
 * E's RTT raised to just above D's: "E has the lowest RTT" no longer holds. A version of its
 * own: a page's suite state is kept per suite and version (bench-data/client.ts), and a test
 * file run before this one in the same worker may have shown the real 2026-12-02.
 */
function withSlowerE(d: Dataset): Dataset {
  const dRtt = d.results.find((r) => r.metric === 'loaded_rtt' && r.scenario === 'D')?.value as number;
  return {...d, version: '2099-01-01', results: d.results.map((r) => (r.metric === 'loaded_rtt' && r.scenario === 'E' ? {...r, value: dRtt + 1} : r))};
}

const moved = withSlowerE(original);
const bundle: SuiteBundle = {manifest: suiteManifest([moved], newRunReleases([moved])), current: moved, loadVersion: async () => moved, claims: claimsOf('eks-cni')};

afterEach(cleanup);

describe('<ClaimList>', () => {
  it('lists every claim of the suite, marks the one the moved figure breaks, and shows the value behind it', () => {
    const {container} = render(<ClaimList data={bundle} />);
    const items = Array.from(container.querySelectorAll('[data-claim]'));
    expect(items.map((i) => i.getAttribute('data-claim'))).toEqual(claimsOf('eks-cni').claims.map((c) => c.id));
    const broken = container.querySelector('[data-claim="rtt-a-to-e"]') as HTMLElement;
    expect(broken.dataset.status).toBe('contradicted');
    expect(broken.textContent).toContain('Contradicted by this version');
    // Its title leads the entry: the text the overview's row link carries here.
    expect(broken.querySelector('strong')?.textContent).toBe(claimsOf('eks-cni').claims.find((c) => c.id === 'rtt-a-to-e')!.title.en);
    const eValue = Array.from(broken.querySelectorAll('data')).map((d) => d.getAttribute('value'));
    expect(eValue).toContain(String(moved.results.find((r) => r.metric === 'loaded_rtt' && r.scenario === 'E')?.value));
    const holding = items.filter((i) => i.getAttribute('data-status') === 'holds');
    expect(holding.length).toBeGreaterThan(0);
    expect(container.querySelector('h3')?.textContent).toContain(`${holding.length} of ${items.length} hold`);
  });

  it('<Claim> shows one statement inline with its mark, and an unknown id is an error naming the known ones', () => {
    const {container} = render(<Claim data={bundle} id="tcp-throughput-tie" />);
    const el = container.querySelector('[data-claim="tcp-throughput-tie"]') as HTMLElement;
    expect(el.dataset.status).toBe('holds');
    expect(el.textContent).toMatch(/differs by \d+(\.\d)?%/);
    expect(() => render(<Claim data={bundle} id="nope" />)).toThrow(/no such claim for eks-cni \(claims: tcp-throughput-tie/);
  });

  it('a suite without a claims file: the error names the file to write', () => {
    const {claims: _none, ...withoutClaims} = bundle;
    expect(() => render(<ClaimList data={withoutClaims} />)).toThrow('suite "eks-cni" has no claims: write static/data/eks-cni/claims.json');
  });
});
