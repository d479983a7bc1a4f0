/** Absolute requests per second or % of the small-scale baseline: the scale chart's URL-kept view. */
import React from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import type {ChartViewControl} from '@site/src/components/ChartFigure';
import styles from './styles.module.css';

export const PERCENT_VIEW = 'percent';

export default function ScaleViewSwitch({view, setView}: ChartViewControl): React.JSX.Element {
  const percent = view === PERCENT_VIEW;
  return (
    <div className={styles.switch} role="group" aria-label={translate({id: 'tke.scale.viewLabel', message: 'Show values as'})}>
      <button type="button" className={clsx(styles.option, !percent && styles.active)} aria-pressed={!percent} data-view="absolute" onClick={() => setView(undefined)}>
        {translate({id: 'tke.scale.viewAbsolute', message: 'Requests per second'})}
      </button>
      <button type="button" className={clsx(styles.option, percent && styles.active)} aria-pressed={percent} data-view="percent" onClick={() => setView(PERCENT_VIEW)}>
        {translate({id: 'tke.scale.viewPercent', message: '% of baseline'})}
      </button>
    </div>
  );
}
