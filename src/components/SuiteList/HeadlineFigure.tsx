/** One headline figure of a suite's card on the home page (SuiteList). */
import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {datasetTerm} from '@site/src/words/terms';
import type {Headline, SuiteHeadlines} from '@site/src/data/overview';
import {formatFigure, formatValue, typeset} from '@site/src/data/format';
import {notEstablishedLabel, overviewAgainstLabel, overviewRowLabel, verdictLabel} from '@site/src/words/labels';
import {METHODS_PAGE} from '@site/src/data/methodsPage';
import {scenarioName} from '@site/src/data/scenarios';
import EvidenceMark from '@site/src/components/EvidenceMark';
import styles from './styles.module.css';

/**
 * One headline figure: the change (or the value), what it measures, and who against whom, in words.
 * A key figure (no headline of the suite is established) shows its measured value and why its
 * difference is not established, never the change.
 */
export default function HeadlineFigure({item, figures, locale}: {item: Headline; figures: SuiteHeadlines; locale: string}) {
  const name = (id: string) => scenarioName(figures, id, {form: 'short', nameOf: datasetTerm});
  const keyFigure = item.verdict === 'not-established';
  const figure = item.change && !keyFigure ? formatFigure(item.change, locale) : formatValue(item.value as number, item.unit, locale);
  const against = overviewAgainstLabel(item.row, locale);
  const who = item.versus
    ? translate({id: 'home.headline.versus', message: '{scenario} against {reference}', description: 'Under a headline figure: which setup is compared with which'}, {scenario: name(item.scenario), reference: name(item.versus)})
    : typeset(`${name(item.scenario)}, ${against ?? ''}`, locale);
  const compared = item.change !== undefined && !keyFigure && item.verdict !== 'reference' && item.verdict !== 'none';
  const flagged = translate({id: 'home.headline.flagged', message: 'carries a validity note in the report'});
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
      <span className={styles.what}>{overviewRowLabel(item.row, locale)}</span>
      <span className={styles.who}>
        {typeset(compared ? `${who} · ${verdictLabel(item.verdict)}` : who, locale)}
      </span>
      <EvidenceMark evidence={item.evidence} locale={locale} />
      {item.reason && (
        <span className={styles.who} data-reason={item.reason}>
          <Link to={METHODS_PAGE} data-methods-link>
            {typeset(notEstablishedLabel(item.reason), locale)}
          </Link>
        </span>
      )}
    </li>
  );
}
