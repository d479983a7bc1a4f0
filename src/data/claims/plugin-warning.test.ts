/**
 * The build side: the bench-data plugin checks every claim on every dataset
 * version and warns (without failing) naming the claim, statement, values
 * and version; an invalid claims file fails the build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {LoadContext} from '@docusaurus/types';
import benchDataPlugin from '../../plugins/bench-data';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const tmpDirs: string[] = [];

/** A site dir with the real EKS dataset, a copy as a newer version with E's RTT moved, and the real claims. */
function siteWithNewVersion(mutate: (d: {release?: unknown; results: {metric: string; scenario: string; value: number | null; conditions?: Record<string, unknown>}[]}) => void, claimsText?: string) {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-plugin-'));
  tmpDirs.push(site);
  fs.mkdirSync(path.join(site, 'data/eks-cni'), {recursive: true});
  // Alone in this site, the newest EKS version is its first run (its own release re-reads the raw files of one not copied).
  const first = JSON.parse(fs.readFileSync(path.join(repoRoot, 'static/data/eks-cni/2026-12-02.json'), 'utf8'));
  first.release = {kind: 'new-run', publishedAt: '2026-12-02'};
  const original = JSON.stringify(first);
  fs.writeFileSync(path.join(site, 'data/eks-cni/2026-12-02.json'), original);
  const next = JSON.parse(original);
  next.version = '2027-03-01';
  next.collectedAt = '2027-03-01';
  // The same raw files with a value changed: a correction, saying so in its own release.
  next.release = {kind: 'correction', publishedAt: '2027-03-01', changes: {en: 'A value changed for the test.'}};
  mutate(next);
  fs.writeFileSync(path.join(site, 'data/eks-cni/2027-03-01.json'), JSON.stringify(next));
  fs.writeFileSync(path.join(site, 'data/eks-cni/claims.json'), claimsText ?? fs.readFileSync(path.join(repoRoot, 'static/data/eks-cni/claims.json'), 'utf8'));
  const context = {siteDir: site, generatedFilesDir: path.join(site, '.docusaurus')} as LoadContext;
  return benchDataPlugin(context, {dataDir: 'data'});
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, {recursive: true, force: true});
});

describe('bench-data plugin and claims', () => {
  it('warns once per broken claim with claim id, statement, values and version, and still loads the data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let dRtt: number | null | undefined;
    const plugin = siteWithNewVersion((d) => {
      const rtt = (scenario: string) => d.results.find((r) => r.metric === 'loaded_rtt' && r.scenario === scenario);
      const e = rtt('E');
      if (e) e.value = 4700;
      dRtt = rtt('D')?.value;
    });
    const content = await plugin.loadContent?.();
    expect(content?.datasets).toHaveLength(2);
    const text = warn.mock.calls.map((c) => String(c[0])).join('\n');
    expect(text).toContain('claim "rtt-a-to-e" is contradicted by eks-cni@2027-03-01');
    expect(text).toContain('E has the lowest sender-side mean RTT of the five (4,700\u00a0µs)');
    expect(text).toContain(`E is not the lowest: D=${dRtt}`);
    expect(text).toContain('claim "rtt-d-to-e" is contradicted by eks-cni@2027-03-01');
    expect(text).not.toContain('eks-cni@2026-12-02');
  });

  it('fails the build on an invalid claims file, naming the file and JSON path', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const plugin = siteWithNewVersion(() => {}, JSON.stringify({suite: 'eks-cni', claims: [{id: 'x', title: {en: 'X'}, statement: {en: 'x'}, checks: []}]}));
    await expect(plugin.loadContent?.()).rejects.toThrow(/eks-cni\/claims\.json:\n {2}- \$\.claims\[0\]\.checks: /);
  });
});
