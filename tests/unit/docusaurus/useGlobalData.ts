/**
 * Test double of @docusaurus/useGlobalData: the bench-data plugin's global data as the
 * build computes it from static/data (listings, provenance lines); other plugins have none.
 */
import path from 'node:path';
import {loadDatasets} from '../../../src/data/load';
import {loadReleases} from '../../../src/data/releases';
import {listingManifest, suiteManifest} from '../../../src/data/manifest';
import type {BenchDataGlobal} from '../../../src/plugins/bench-data';

let benchData: BenchDataGlobal | undefined;

function computeBenchData(): BenchDataGlobal {
  const dir = path.resolve(__dirname, '../../../static/data');
  const loaded = loadDatasets(dir).map((l) => l.dataset);
  const releases = loadReleases(dir, loaded);
  const suites = [...new Set(loaded.map((d) => d.suite))].map((suite) => listingManifest(suiteManifest(loaded.filter((d) => d.suite === suite), releases.get(suite)!)));
  return {suites};
}

export function usePluginData(name: string): unknown {
  if (name !== 'bench-data') return undefined;
  benchData ??= computeBenchData();
  return benchData;
}

export default function useGlobalData(): Record<string, unknown> {
  return {'bench-data': {default: usePluginData('bench-data')}};
}
