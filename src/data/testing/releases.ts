/** Releases for test datasets: each a new run published the day it was collected (the site's datasets have theirs in static/data). */
import type {ResolvedRelease} from '../releases';
import type {Dataset} from '../schema';

export function newRunReleases(datasets: readonly Dataset[]): Map<string, ResolvedRelease> {
  return new Map(datasets.map((d) => [d.version, d.release ?? {kind: 'new-run', publishedAt: d.collectedAt.slice(0, 10)}]));
}
