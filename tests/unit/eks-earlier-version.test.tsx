// @vitest-environment jsdom
/**
 * The EKS report's blocks on a version the reader picks that stores the RTT
 * under another name: eks-cni 2026-02-09 has the loaded RTT as pod_rtt p50/p99
 * rows, the blocks query loaded_rtt. Picked from the version menu, that
 * version renders without an error, its RTT figures show as missing, its
 * other figures are its own, and the conclusions scoped to the newer versions
 * are left out of the findings, recommendations and the list of conclusions.
 */
import fs from 'node:fs';
import path from 'node:path';
import React, {act} from 'react';
import {createRoot, type Root} from 'react-dom/client';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {validateDataset} from '@site/src/data/validate';
import type {Dataset} from '@site/src/data/schema';
import {bundleOf} from '@site/src/data/testing/eksLike';
import {selectVersion} from '@site/src/plugins/bench-data/client';
import {SCENARIO_CARDS} from '@site/src/suites/eks-cni/charts';
import {TUNED} from '@site/src/suites/eks-cni';
import AimlRelevanceTable from '@site/src/components/AimlRelevanceTable';
import DataPlaneStack from '@site/src/components/DataPlaneStack';
import DetailTable from '@site/src/components/DetailTable';
import ResultsOverview from '@site/src/components/ResultsOverview';
import ScenarioCards from '@site/src/components/ScenarioCards';
import Findings from '@site/src/components/Findings';
import RecommendationMatrix from '@site/src/components/RecommendationMatrix';
import ClaimList from '@site/src/components/ClaimList';
import {claimsOf} from '@site/src/data/testing/claims';
import {claimAppliesTo} from '@site/src/data/claims/evaluate';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

const dir = path.resolve(__dirname, '../../static/data/eks-cni');
const load = (version: string): Dataset => {
  const file = path.join(dir, `${version}.json`);
  return validateDataset(JSON.parse(fs.readFileSync(file, 'utf8')), file);
};
const earlier = load('2026-02-09');
const latest = load('2026-12-02');
const value = (d: Dataset, metric: string, scenario: string) => d.results.find((r) => r.metric === metric && r.scenario === scenario && r.conditions === undefined)?.value;

let container: HTMLElement;
let root: Root | undefined;
beforeEach(() => {
  window.history.replaceState(null, '', '/docs/benchmarks/eks-cni');
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe('EKS report blocks on eks-cni 2026-02-09, picked by the reader', () => {
  it('render without an error, show its RTT as missing and its other figures as its own', async () => {
    expect(earlier.results.some((r) => r.metric === 'loaded_rtt')).toBe(false);
    const bundle = bundleOf(earlier, latest);
    const ids = claimsOf('eks-cni').claims.map((c) => c.id);
    const scoped = claimsOf('eks-cni').claims.filter((c) => !claimAppliesTo(c, earlier.version)).map((c) => c.id);
    expect(scoped.length).toBeGreaterThan(0);
    const tree = (
      <>
        <Findings data={bundle} items={ids.map((claim) => ({claim, table: 'network' as const}))} />
        <RecommendationMatrix data={bundle} rows={[{workload: 'w', scenarios: ['E'], claims: scoped, why: 'w'}]} />
        <ClaimList data={bundle} />
        <ResultsOverview data={bundle} />
        <DetailTable data={bundle} preset="network" />
        <AimlRelevanceTable data={bundle} />
        <ScenarioCards data={bundle} spec={SCENARIO_CARDS} />
        <DataPlaneStack data={bundle} />
      </>
    );
    await act(async () => {
      root = createRoot(container);
      root.render(tree);
    });
    const rttShown = () => [...container.querySelectorAll('[data-metric="loaded_rtt"]')];
    const shownValues = () => [...container.querySelectorAll('data')].map((d) => d.getAttribute('value'));
    expect(shownValues()).toContain(String(value(latest, 'loaded_rtt', TUNED)));
    expect(rttShown().filter((el) => el.tagName === 'DATA').length, 'the built version shows its RTT').toBeGreaterThan(0);

    const claimsShown = (sel: string) => [...container.querySelectorAll(`${sel} [data-claim]`)].map((el) => el.getAttribute('data-claim'));
    for (const id of scoped) expect(claimsShown('[data-testid="findings"]'), id).toContain(id);

    await act(() => selectVersion(bundle, earlier.version));
    expect(claimsShown('[data-testid="findings"]')).toEqual(ids.filter((id) => !scoped.includes(id)));
    for (const id of scoped) expect(container.querySelectorAll(`[data-claim="${id}"]`).length, id).toBe(0);
    expect(rttShown().length, 'the blocks still name the RTT').toBeGreaterThan(0);
    for (const el of rttShown()) expect(el.tagName, el.outerHTML).not.toBe('DATA');
    expect(shownValues()).toContain(String(value(earlier, 'tcp_throughput', TUNED)));
    await act(() => selectVersion(bundle, latest.version)); // suite state is page-wide: leave the built version shown
  });
});
