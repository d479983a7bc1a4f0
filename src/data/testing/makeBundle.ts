/**
 * Wrap a dataset as the bundle a page imports. Each call gets its own suite id,
 * because the page-wide version store (src/plugins/bench-data/client.ts) is keyed by suite and would
 * otherwise hand one test the dataset of another.
 */
import type {SuiteBundle} from '../bundle';
import {suiteManifest} from '../manifest';
import {newRunReleases} from './releases';
import type {Dataset} from '../schema';

let bundles = 0;

export function makeBundle(dataset: Dataset): SuiteBundle {
  bundles += 1;
  const current = {...dataset, suite: `${dataset.suite}-${bundles}`};
  return {manifest: suiteManifest([current], newRunReleases([current])), current, loadVersion: async () => current};
}
