/** The small per-suite summary that listings need (no results). */
import {isDateEstimated} from './dates';
import type {Dataset, LocalizedText} from './schema';

export interface VersionInfo {
  version: string;
  collectedAt: string;
  /** The source gives no date; collectedAt is an estimate. */
  collectedAtEstimated: boolean;
  sourceKind: Dataset['source']['kind'];
  platform: string;
}

export interface SuiteManifest {
  suite: string;
  title: LocalizedText;
  latest: string;
  /** Oldest first. */
  versions: VersionInfo[];
}

/** `datasets` must be one suite's versions, oldest first. */
export function suiteManifest(datasets: readonly Dataset[]): SuiteManifest {
  const last = datasets[datasets.length - 1];
  return {
    suite: last.suite,
    title: last.title,
    latest: last.version,
    versions: datasets.map((d) => ({version: d.version, collectedAt: d.collectedAt, collectedAtEstimated: isDateEstimated(d), sourceKind: d.source.kind, platform: d.environment.platform})),
  };
}
