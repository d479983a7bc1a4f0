/** The small per-suite summary that listings need (no results). */
import {isDateEstimated} from './dates';
import type {Dataset, LocalizedText, ReleaseKind} from './schema';
import type {ResolvedRelease} from './releases';
import {versionDiff, type VersionDiff} from './versionDiff';

export interface VersionInfo {
  version: string;
  collectedAt: string;
  /** The source gives no date; collectedAt is an estimate. */
  collectedAtEstimated: boolean;
  sourceKind: Dataset['source']['kind'];
  platform: string;
  /** Why the version exists and when it was published (releases.ts). */
  release: {
    kind: ReleaseKind;
    publishedAt: string;
    /** The earlier version whose raw files this one cites, all and only them. */
    sameRawAs?: string;
    /** What changed, in the source's words: only in the suite's own module (not in every page's global data). */
    changes?: LocalizedText;
    /** What changed against the previous version, row by row: only in the suite's own module. */
    diff?: VersionDiff;
  };
}

export interface SuiteManifest {
  suite: string;
  title: LocalizedText;
  latest: string;
  /** Oldest first. */
  versions: VersionInfo[];
}

/** `datasets` must be one suite's versions, oldest first; `releases` their releases by version (every one has one: releases.ts). */
export function suiteManifest(datasets: readonly Dataset[], releases: ReadonlyMap<string, ResolvedRelease>): SuiteManifest {
  const last = datasets[datasets.length - 1];
  return {
    suite: last.suite,
    title: last.title,
    latest: last.version,
    versions: datasets.map((d, i) => {
      const r = releases.get(d.version);
      if (!r) throw new Error(`${d.suite}@${d.version}: no release resolved (src/data/releases.ts resolves one for every version)`);
      return {
        version: d.version,
        collectedAt: d.collectedAt,
        collectedAtEstimated: isDateEstimated(d),
        sourceKind: d.source.kind,
        platform: d.environment.platform,
        release: {
          kind: r.kind,
          publishedAt: r.publishedAt,
          ...(r.sameRawAs !== undefined && {sameRawAs: r.sameRawAs}),
          ...(r.changes !== undefined && {changes: r.changes}),
          ...(i > 0 && {diff: versionDiff(datasets[i - 1], d)}),
        },
      };
    }),
  };
}

/** The manifest every page carries (global data): without the versions' texts and row counts, which only a suite's own module ships. */
export function listingManifest(m: SuiteManifest): SuiteManifest {
  return {...m, versions: m.versions.map(({release: {changes: _c, diff: _d, ...release}, ...v}) => ({...v, release}))};
}
