/**
 * Where a figure's numbers come from: dataset version, environment, how it
 * was measured (tools, durations, rounds) and whether it was measured or
 * transcribed, with a link to the dataset file.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {BenchDataGlobal} from '@site/src/plugins/bench-data';
import type {VersionInfo} from '@site/src/data/manifest';
import {releaseKindLabel, versionDatesText} from '@site/src/words/releases';
import type {Dataset} from '@site/src/data/schema';
import {formatDate, parentheses} from '@site/src/data/format';
import {isDateEstimated} from '@site/src/data/dates';
import SourceKindBadge from '@site/src/components/SourceKindBadge';
import {datasetTerm} from '@site/src/words/terms';
import styles from './styles.module.css';

export function environmentSummary(d: Dataset): string {
  const e = d.environment;
  return [
    datasetTerm(e.platform),
    e.k8sVersion && `Kubernetes ${e.k8sVersion}`,
    e.nodeType && (e.nodeCount ? `${e.nodeCount} × ${e.nodeType}` : e.nodeType),
    e.kernel && translate({id: 'provenance.kernel', message: 'kernel {version}', description: 'Linux kernel version in the provenance line'}, {version: e.kernel}),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function methodSummary(d: Dataset): string {
  const tools = Object.values(d.method.tools ?? {}).filter((t, i, all) => all.indexOf(t) === i);
  const durations = Object.entries(d.method.durations ?? {}).map(([k, s]) => `${k} ${s} s`);
  return [...tools, ...durations].join(' · ');
}

/** The version's listing entry (dates, reason) from the site's manifest; undefined for a dataset the site does not publish (tests, examples). */
function useVersionInfo(d: Dataset): VersionInfo | undefined {
  const data = usePluginData('bench-data') as BenchDataGlobal | undefined;
  return data?.suites.find((s) => s.suite === d.suite)?.versions.find((v) => v.version === d.version);
}

export default function Provenance({dataset}: {dataset: Dataset}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const info = useVersionInfo(dataset);
  const parens = parentheses(i18n.currentLocale);
  const href = useBaseUrl(`/data/${dataset.suite}/${dataset.version}.json`);
  const rounds = dataset.method.rounds;
  return (
    <div className={styles.provenance} data-testid="provenance">
      <span>
        <Translate id="provenance.dataset">Dataset</Translate>{' '}
        <a href={href}>
          <code>
            {dataset.suite}@{dataset.version}
          </code>
        </a>
        {parens[0] === '(' ? ' (' : parens[0]}
        {info ? (
          <span data-version-dates {...(info.collectedAtEstimated && {'data-date-estimated': ''})}>
            {versionDatesText(info, i18n.currentLocale)}
          </span>
        ) : isDateEstimated(dataset) ? (
          <span data-date-estimated>
            <Translate id="provenance.dateEstimated" values={{date: formatDate(dataset.collectedAt, i18n.currentLocale)}} description="A dataset date the source does not give">
              {'date estimated: {date}'}
            </Translate>
          </span>
        ) : (
          formatDate(dataset.collectedAt, i18n.currentLocale)
        )}
        {parens[1]} <SourceKindBadge kind={dataset.source.kind} />
      </span>
      {info && info.release.kind !== 'new-run' && (
        <span data-release={info.release.kind}>
          <Translate id="provenance.release" values={{reason: releaseKindLabel(info.release)}} description="Under a chart: why the dataset version it shows exists, when it is not a new run">
            {'Why this version: {reason}'}
          </Translate>
        </span>
      )}
      <span>{environmentSummary(dataset)}</span>
      <span>
        {methodSummary(dataset)}
        {methodSummary(dataset) && ' · '}
        {dataset.method.aggregate === 'median' ? (
          <Translate id="provenance.median" values={{rounds}}>
            {'median of {rounds} rounds'}
          </Translate>
        ) : (
          <Translate id="provenance.single" values={{rounds}}>
            {'{rounds} round(s), no aggregation'}
          </Translate>
        )}
      </span>
    </div>
  );
}
