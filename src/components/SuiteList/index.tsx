/**
 * Lists every benchmark suite and its dataset versions, read from the
 * bench-data plugin's manifest (no hard-coded list).
 */
import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
import type {BenchDataGlobal} from '@site/src/plugins/bench-data';
import {formatDate} from '@site/src/data/format';
import {datasetTerm} from '@site/src/data/terms';
import {localized} from '@site/src/data/localized';
import SourceKindBadge from '@site/src/components/SourceKindBadge';
import ScrollTable from '@site/src/components/ScrollTable';
import styles from './styles.module.css';

/** Report pages live at docs/benchmarks/<suite>.mdx by convention. */
function useReportPath(suite: string): string | undefined {
  const docs = useAllDocsData();
  const docId = `benchmarks/${suite}`;
  for (const plugin of Object.values(docs)) {
    const doc = plugin.versions[0]?.docs.find((d) => d.id === docId);
    if (doc) return doc.path;
  }
  return undefined;
}

function SuiteCard({suite, headingLevel}: {suite: BenchDataGlobal['suites'][number]; headingLevel: 2 | 3}) {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const report = useReportPath(suite.suite);
  const dataBase = useBaseUrl('/data/');
  const title = localized(suite.title, locale);
  const latest = suite.versions[suite.versions.length - 1];
  const Heading = `h${headingLevel}` as const;
  return (
    <li className={styles.card} data-suite={suite.suite}>
      <Heading className={styles.title}>{report ? <Link to={report}>{title}</Link> : title}</Heading>
      <p className={styles.meta}>
        <code>{suite.suite}</code> · {datasetTerm(latest.platform)}
      </p>
      <ScrollTable
        wrapClassName={clsx(styles.versionsWrap, 'scroll-hint')}
        className={styles.versions}
        caption={
          <Translate id="suiteList.versionsCaption" description="Caption of the table listing dataset versions">
            Dataset versions
          </Translate>
        }
        captionHidden
        columns={[
          <Translate id="suiteList.version">Version</Translate>,
          <Translate id="suiteList.collected">Collected</Translate>,
          <Translate id="suiteList.source">Source</Translate>,
          <Translate id="suiteList.download">Data</Translate>,
        ]}>
        <tbody>
          {[...suite.versions].reverse().map((v) => (
            <tr key={v.version}>
              <td>
                <code>{v.version}</code>
                {v.version === suite.latest && (
                  <span className={styles.latest}>
                    <Translate id="suiteList.latest">latest</Translate>
                  </span>
                )}
              </td>
              <td>
                {v.collectedAtEstimated ? (
                  <span data-date-estimated>
                    <Translate id="provenance.dateEstimated" values={{date: formatDate(v.collectedAt, locale)}} description="A dataset date the source does not give">
                      {'date estimated: {date}'}
                    </Translate>
                  </span>
                ) : (
                  formatDate(v.collectedAt, locale)
                )}
              </td>
              <td>
                <SourceKindBadge kind={v.sourceKind} />
              </td>
              <td>
                <a href={`${dataBase}${suite.suite}/${v.version}.json`} download>
                  JSON
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </li>
  );
}

/** `headingLevel`: 2 under a page title (docs home), 3 under a section heading (landing page). */
export default function SuiteList({headingLevel = 2}: {headingLevel?: 2 | 3}): React.JSX.Element {
  const {suites} = usePluginData('bench-data') as BenchDataGlobal;
  return (
    <ul className={styles.list} data-testid="suite-list">
      {suites.map((s) => (
        <SuiteCard key={s.suite} suite={s} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
