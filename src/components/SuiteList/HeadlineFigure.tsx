/** One headline figure of a suite's card on the home page (SuiteList). */
import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import type {Headline, SuiteHeadlines} from '@site/src/data/overview';
import {formatFigure, formatValue, typeset} from '@site/src/data/format';
import {notEstablishedLabel, verdictLabel} from '@site/src/words/labels';
import {headlineSentence} from '@site/src/words/headlines';
import {chartAnchorId} from '@site/src/data/chartLink';
import {METHODS_PAGE} from '@site/src/data/methodsPage';
import EvidenceMark from '@site/src/components/EvidenceMark';
import styles from './styles.module.css';

/**
 * One headline figure: the change (or the value) and one sentence saying what it measures and
 * which setup is compared with which, by name, linked to the report's chart that draws it
 * (`report`: the suite's report page). A key figure (no headline of the suite is established)
 * shows its measured value and why its difference is not established, never the change.
 */
export default function HeadlineFigure({item, figures, locale, report}: {item: Headline; figures: SuiteHeadlines; locale: string; report?: string}) {
  const keyFigure = item.verdict === 'not-established';
  const figure = item.change && !keyFigure ? formatFigure(item.change, locale) : formatValue(item.value as number, item.unit, locale);
  const compared = item.change !== undefined && !keyFigure && item.verdict !== 'reference' && item.verdict !== 'none';
  const flagged = translate({id: 'home.headline.flagged', message: 'carries a validity note in the report'});
  const sentence = headlineSentence(item, figures, locale);
  const href = report && (item.chart ? `${report}#${chartAnchorId(item.chart)}` : report);
  return (
    <li className={clsx(styles.headline, styles[item.verdict])} data-headline={`${item.row.key}/${item.scenario}`} data-verdict={item.verdict}>
      <span className={styles.figure}>
        {compared ? <data value={Number(item.change!.value.toFixed(4))}>{figure}</data> : <data value={item.value as number}>{figure}</data>}
        {item.flagged && (
          <span className={styles.flag} title={flagged}>
            {' '}⚠<span className="sr-only">{flagged}</span>
          </span>
        )}
      </span>
      <span className={styles.about}>
        {href ? (
          <Link to={href} className={styles.what} data-finding-link={item.chart ?? ''}>
            {sentence}
          </Link>
        ) : (
          <span className={styles.what}>{sentence}</span>
        )}
        {compared && <span className={styles.who}>{typeset(verdictLabel(item.verdict), locale)}</span>}
        <EvidenceMark evidence={item.evidence} locale={locale} />
        {item.reason && (
          <span className={styles.who} data-reason={item.reason}>
            <Link to={METHODS_PAGE} data-methods-link>
              {typeset(notEstablishedLabel(item.reason), locale)}
            </Link>
          </span>
        )}
      </span>
    </li>
  );
}
