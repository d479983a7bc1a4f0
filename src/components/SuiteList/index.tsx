/**
 * Lists every benchmark suite, read from the bench-data plugin's manifest (no
 * hard-coded list): with its dataset versions (docs home), or with the
 * headline figures of its newest version (home page; computed by the plugin,
 * see src/data/overview.ts).
 */
import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
import type {BenchDataGlobal} from '@site/src/plugins/bench-data';
import {datasetTerm} from '@site/src/words/terms';
import {localized} from '@site/src/words/datasetText';
import type {SuiteHeadlines} from '@site/src/data/overview';
import {releaseKindLabel, versionDatesText} from '@site/src/words/releases';
import {METHODS_PAGE} from '@site/src/data/methodsPage';
import HeadlineFigure from './HeadlineFigure';
import SourceKindBadge from '@site/src/components/SourceKindBadge';
import ScrollTable from '@site/src/components/ScrollTable';
import {keptBlock} from '@site/src/hydration';
import styles from './styles.module.css';

/** Each suite's report page: docs/benchmarks/<suite>.mdx by convention. */
function useReportPaths(): (suite: string) => string | undefined {
  const docs = useAllDocsData();
  return (suite) => {
    for (const plugin of Object.values(docs)) {
      const doc = plugin.versions[0]?.docs.find((d) => d.id === `benchmarks/${suite}`);
      if (doc) return doc.path;
    }
    return undefined;
  };
}

function SuiteCard({suite, headingLevel, figures}: {suite: BenchDataGlobal['suites'][number]; headingLevel: 2 | 3; figures?: SuiteHeadlines}) {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const report = useReportPaths()(suite.suite);
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
      {figures ? (
        <>
          {(figures.headlines.length > 0 || figures.keyFigure) && (
            <ul className={styles.headlines} aria-label={translate({id: 'home.headlines', message: 'Headline figures of the newest dataset'})}>
              {(figures.keyFigure ? [figures.keyFigure] : figures.headlines).map((item) => (
                <HeadlineFigure key={`${item.row.key}/${item.scenario}`} item={item} figures={figures} locale={locale} report={report} />
              ))}
            </ul>
          )}
          <p className={styles.methods}>
            <Link to={METHODS_PAGE} data-methods-link>
              <Translate id="home.headline.methods" description="Under a suite's headline figures: link to the page that says when a difference is called better or worse">
                When a difference is called better or worse
              </Translate>
            </Link>
          </p>
          <p className={styles.newest}>
            <Translate id="home.newest" values={{version: <code>{latest.version}</code>, date: <span data-version-dates>{versionDatesText(latest, locale)}</span>}}>
              {'Newest data: {version}, {date}'}
            </Translate>{' '}
            <SourceKindBadge kind={latest.sourceKind} />
          </p>
        </>
      ) : (
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
          <Translate id="suiteList.dates" description="Column of the dataset versions table: the day a version's measurements were taken and the day it was published">Collected and published</Translate>,
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
                <span className={styles.release} data-release={v.release.kind}>
                  {releaseKindLabel(v.release)}
                </span>
              </td>
              <td className={styles.dates} data-version-dates {...(v.collectedAtEstimated && {'data-date-estimated': ''})}>
                {versionDatesText(v, locale)}
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
      )}
    </li>
  );
}

/**
 * `headingLevel`: 2 under a page title (docs home), 3 under a section heading (landing page).
 * `headlines` (import from '@bench-data/_headlines'): cards show those figures of the newest
 * version instead of the version table, for the suites with a report page; the others,
 * such as the site's own speed (charted on a contributing page), are listed on the docs home.
 */
interface SuiteListProps {
  headingLevel?: 2 | 3;
  headlines?: readonly SuiteHeadlines[];
}

function LiveSuiteList({headingLevel = 2, headlines}: SuiteListProps): React.JSX.Element {
  const {suites} = usePluginData('bench-data') as BenchDataGlobal;
  const reportOf = useReportPaths();
  // On the home page, the suites with findings the rule establishes come first, so a reader meets them on the first screen.
  const established = (suite: string) => (headlines?.find((h) => h.suite === suite)?.headlines.length ?? 0) > 0;
  const listed = headlines ? suites.filter((s) => reportOf(s.suite) !== undefined).sort((a, b) => Number(established(b.suite)) - Number(established(a.suite))) : suites;
  return (
    <ul className={clsx(styles.list, headlines && styles.withHeadlines)} data-testid="suite-list">
      {listed.map((s) => (
        <SuiteCard key={s.suite} suite={s} headingLevel={headingLevel} figures={headlines && (headlines.find((h) => h.suite === s.suite) ?? {suite: s.suite, version: s.latest, scenarios: [], headlines: []})} />
      ))}
    </ul>
  );
}

/**
 * In an MDX page (the docs home) the list keeps the build's HTML when the page hydrates, like
 * the prose around it (src/hydration): it never changes with the version shown, and rendering
 * it again would be a sixth of the plain doc page's calls at load and its longest task after
 * hydration (the browser's first Intl.DateTimeFormat, for the dates). Its links are
 * routed and preloaded by KeepProse. Outside MDX (the home page) it renders as usual.
 */
const KeptSuiteList = keptBlock<SuiteListProps>('ul', LiveSuiteList);

export default function SuiteList(props: SuiteListProps): React.JSX.Element {
  return <KeptSuiteList {...props} />;
}
