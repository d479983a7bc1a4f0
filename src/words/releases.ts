/**
 * The words for a dataset version's reason and dates (src/data/releases.ts) and for what
 * changed against the version before it (src/data/versionDiff.ts), in the reader's language.
 */
import {translate} from '@docusaurus/Translate';
import type {VersionInfo} from '../data/manifest';
import type {VersionDiff} from '../data/versionDiff';
import {formatDate, formatNumber, listText, typeset} from '../data/format';
import {metricLabel} from './labels';

/** Why the version exists: "new run", "correction", or "re-ingest of the raw files of 2026-11-21". */
export function releaseKindLabel(release: Pick<VersionInfo['release'], 'kind' | 'sameRawAs'>): string {
  switch (release.kind) {
    case 'new-run':
      return translate({id: 'release.kind.newRun', message: 'new run', description: 'Why a dataset version exists: new measurements'});
    case 'correction':
      return translate({id: 'release.kind.correction', message: 'correction', description: 'Why a dataset version exists: a mistake in an earlier one fixed'});
    case 're-ingest':
      return release.sameRawAs
        ? translate(
            {id: 'release.kind.reIngestOf', message: 're-ingest of the raw files of {version} (no new measurement)', description: 'Why a dataset version exists: the same raw tool outputs read again by a changed parser'},
            {version: release.sameRawAs},
          )
        : translate({id: 'release.kind.reIngest', message: 're-ingest of earlier raw files (no new measurement)', description: 'Why a dataset version exists: the same raw tool outputs read again by a changed parser'});
  }
}

/** The reason in a word or two, for the version picker's options. */
export function releaseKindShort(kind: VersionInfo['release']['kind']): string {
  switch (kind) {
    case 'new-run':
      return translate({id: 'release.kind.newRun', message: 'new run', description: 'Why a dataset version exists: new measurements'});
    case 'correction':
      return translate({id: 'release.kind.correction', message: 'correction', description: 'Why a dataset version exists: a mistake in an earlier one fixed'});
    case 're-ingest':
      return translate({id: 'release.kind.reIngestShort', message: 're-ingest', description: 'Why a dataset version exists, in the version picker: the same raw files read again'});
  }
}

/** "collected November 21, 2026 · published November 23, 2026" (one date when they are the same day). */
export function versionDatesText(v: Pick<VersionInfo, 'collectedAt' | 'collectedAtEstimated' | 'release'>, locale: string): string {
  const collected = formatDate(v.collectedAt, locale);
  const published = formatDate(v.release.publishedAt, locale);
  if (v.collectedAtEstimated)
    return translate({id: 'release.dates.estimated', message: 'collection date estimated: {collected} · published {published}', description: 'A dataset version whose source gives no date'}, {collected, published});
  if (v.collectedAt.slice(0, 10) === v.release.publishedAt)
    return translate({id: 'release.dates.sameDay', message: 'collected and published {date}', description: 'A dataset version measured and published on one day'}, {date: collected});
  return translate({id: 'release.dates.both', message: 'collected {collected} · published {published}', description: 'A dataset version: the day its measurements were taken, the day the version was published'}, {collected, published});
}

/** What changed from the previous version, in sentences: metrics added and removed, values and flags changed among the rows both have. */
export function versionDiffText(diff: VersionDiff, locale: string): string {
  const parts: string[] = [];
  const metrics = (ids: readonly string[]) => {
    const labels = ids.map((id) => metricLabel(id as Parameters<typeof metricLabel>[0]));
    // One name needs no quotes to stand apart from others.
    return labels.length === 1 ? labels[0] : listText(labels, locale);
  };
  parts.push(
    diff.addedMetrics.length
      ? translate({id: 'release.diff.addedMetrics', message: 'Metrics added: {metrics}.'}, {metrics: metrics(diff.addedMetrics)})
      : translate({id: 'release.diff.noAddedMetrics', message: 'No metric added.'}),
  );
  parts.push(
    diff.removedMetrics.length
      ? translate({id: 'release.diff.removedMetrics', message: 'Metrics removed: {metrics}.'}, {metrics: metrics(diff.removedMetrics)})
      : translate({id: 'release.diff.noRemovedMetrics', message: 'No metric removed.'}),
  );
  const n = (x: number) => formatNumber(x, locale);
  if (diff.changedValues === 0 && diff.changedFlags === 0)
    parts.push(translate({id: 'release.diff.noValueChanged', message: 'None of the {shared} values both versions have changed, nor their notes on the data.'}, {shared: n(diff.shared)}));
  else parts.push(
    translate(
      {id: 'release.diff.values', message: 'Of the {shared} values both versions have, {changed} changed and {flagged} more have other notes on the data.', description: 'Rows both dataset versions have: how many values differ, and how many keep their value but gained or lost a flag'},
      {shared: n(diff.shared), changed: n(diff.changedValues), flagged: n(diff.changedFlags)},
    ),
  );
  if (diff.addedRows || diff.removedRows)
    parts.push(
      translate({id: 'release.diff.rows', message: 'Of the metrics both have, {added} values are new and {removed} are gone.', description: 'Rows (a new step, a dropped scenario) of metrics both dataset versions have'}, {
        added: n(diff.addedRows),
        removed: n(diff.removedRows),
      }),
    );
  return typeset(parts.join(locale.startsWith('zh') ? '' : ' '), locale);
}
