/** A chart's alternative views as a row of toggle buttons (the view is kept in the URL; the first is the default). */
import React from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import type {ChartView, ChartViewControl} from '@site/src/data/chartSpec';
import styles from './styles.module.css';

export default function ViewSwitch({views, view, setView}: ChartViewControl & {views: readonly ChartView[]}): React.JSX.Element {
  const current = views.find((v) => v.key === view) ?? views[0];
  return (
    <div className={styles.switch} role="group" aria-label={translate({id: 'tke.scale.viewLabel', message: 'Show values as'})}>
      {views.map((v, i) => (
        <button key={v.key} type="button" className={clsx(styles.option, v === current && styles.active)} aria-pressed={v === current} data-view={v.key} onClick={() => setView(i === 0 ? undefined : v.key)}>
          {v.label()}
        </button>
      ))}
    </div>
  );
}
