/** Series toggles (the legend), version picker, compare, permalink and downloads. */
import React, {useState} from 'react';
import clsx from 'clsx';
import type {SuiteView} from '@site/src/plugins/bench-data/client';
import type {Panel} from '@site/src/data/chart/model';
import {seriesColor} from './palette';
import {UI} from './ui';
import styles from './styles.module.css';

interface Props {
  name: string;
  suite: SuiteView;
  panels: Panel[];
  hidden: ReadonlySet<string>;
  onToggle: (series: string) => void;
  compare: boolean;
  canCompare: boolean;
  onCompare: (on: boolean) => void;
  permalink: () => string;
  download: {csv: () => string; json: () => string; basename: string};
  extra?: React.ReactNode;
}

function save(content: string, type: string, filename: string) {
  const url = URL.createObjectURL(new Blob([content], {type}));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function Toolbar({name, suite, panels, hidden, onToggle, compare, canCompare, onCompare, permalink, download, extra}: Props): React.JSX.Element {
  const [copied, setCopied] = useState(false);
  // Series of all panels, once each (panels of one chart share their series).
  const series = panels.flatMap((p) => p.series).filter((s, i, all) => all.findIndex((x) => x.key === s.key) === i);
  return (
    <div className={styles.toolbar}>
      {series.length > 1 && (
        <div className={styles.legend} role="group" aria-label={UI.series()}>
          {series.map((s) => (
            <button
              key={s.key}
              type="button"
              className={clsx(styles.legendItem, hidden.has(s.key) && styles.legendOff)}
              aria-pressed={!hidden.has(s.key)}
              data-series={s.key}
              onClick={() => onToggle(s.key)}>
              <span className={styles.swatch} style={{background: seriesColor(s.color), opacity: s.ghost ? 0.45 : 1}} aria-hidden />
              {s.label}
            </button>
          ))}
        </div>
      )}
      <div className={styles.actions}>
        {extra}
        {suite.versions.length > 1 && (
          <label className={styles.control}>
            {UI.version()}{' '}
            <select value={suite.version} onChange={(e) => suite.setVersion(e.target.value)} data-testid={`${name}-version`}>
              {[...suite.versions].reverse().map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        )}
        {canCompare && (
          <label className={styles.control}>
            <input type="checkbox" checked={compare} onChange={(e) => onCompare(e.target.checked)} data-testid={`${name}-compare`} /> {UI.compare()}
          </label>
        )}
        <button
          type="button"
          className={styles.action}
          data-testid={`${name}-permalink`}
          onClick={() => {
            const link = permalink();
            void navigator.clipboard?.writeText(link).catch(() => undefined);
            window.history.replaceState(window.history.state, '', link);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          }}>
          {copied ? UI.permalinkCopied() : UI.permalink()}
        </button>
        <button type="button" className={styles.action} data-testid={`${name}-csv`} onClick={() => save(download.csv(), 'text/csv', `${download.basename}.csv`)}>
          {UI.downloadCsv()}
        </button>
        <button type="button" className={styles.action} data-testid={`${name}-json`} onClick={() => save(download.json(), 'application/json', `${download.basename}.json`)}>
          {UI.downloadJson()}
        </button>
      </div>
    </div>
  );
}
