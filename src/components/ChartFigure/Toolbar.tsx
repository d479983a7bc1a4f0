/** Series toggles (the legend), version picker, compare, permalink and downloads. */
import React, {useId, useState} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteView} from '@site/src/plugins/bench-data/client';
import type {VersionInfo} from '@site/src/data/manifest';
import {localized} from '@site/src/words/datasetText';
import {releaseKindLabel, releaseKindShort, versionDatesText, versionDiffText} from '@site/src/words/releases';
import {typeset} from '@site/src/data/format';
import {groupsScenarios, type ColouredPanel, type ColouredSeries} from '@site/src/data/chart/palette';
import {SeriesSwatch} from './glyphs';
import {UI} from './ui';
import styles from './styles.module.css';
import own from './Toolbar.module.css';

/**
 * Under the toolbar while comparing: why the shown version exists, its dates, what its
 * source says changed and what changed row by row against the version before it (every
 * metric of the suite, where the panels' tables below list this chart's cells).
 */
export function VersionChanges({info, name, locale}: {info: VersionInfo; name: string; locale: string}): React.JSX.Element | null {
  const {diff, changes} = info.release;
  if (!diff) return null;
  const head = translate(
    {id: 'chart.versionChanges.head', message: '{current} against {previous}: {reason}; {dates}.', description: 'While comparing versions: the shown version, the one before it, why the shown one exists and its dates'},
    {current: info.version, previous: diff.previous, reason: releaseKindLabel(info.release), dates: versionDatesText(info, locale)},
  );
  return (
    <div className={own.versionChanges} data-testid={`${name}-version-changes`} data-release={info.release.kind}>
      <p>{typeset(head, locale)}</p>
      {changes && <p>{localized(changes, locale)}</p>}
      <p data-version-diff>{versionDiffText(diff, locale)}</p>
    </div>
  );
}

interface Props {
  name: string;
  suite: SuiteView;
  panels: ColouredPanel[];
  hidden: ReadonlySet<string>;
  onToggle: (series: string) => void;
  compare: boolean;
  canCompare: boolean;
  onCompare: (on: boolean) => void;
  permalink: () => string;
  /** The HTML that embeds the chart's build file (src/data/chartLink.ts embedCode). */
  embed: () => string;
  download: {csv: () => string; json: () => string; basename: string};
  /** The chart as a picture (ChartFigure/exportImage.ts): a standalone SVG and a PNG of what is shown. */
  picture: {svg: () => string; png: () => Promise<Blob>};
  extra?: React.ReactNode;
}

function save(content: string | Blob, type: string, filename: string) {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], {type}) : content);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The legend: every series of the chart once (panels of one chart share their series),
 * drawn as in the panels it appears in; a series alone in every panel it is in is named
 * by the panel title and left out.
 */
type LegendEntry = ColouredSeries & {kind: 'bar' | 'line'; scenarioHues: number[]; withShape: boolean};

export function legendEntries(panels: readonly ColouredPanel[]): LegendEntry[] {
  const out: LegendEntry[] = [];
  for (const p of panels)
    for (const s of p.series) {
      if (s.style.solo || out.some((x) => x.key === s.key)) continue;
      const inPanels = panels.filter((q) => q.series.some((x) => x.key === s.key));
      const hues = inPanels.flatMap((q) => Object.values(q.categoryColors ?? {}));
      out.push({...s, kind: p.kind, scenarioHues: [...new Set(hues)].sort((a, b) => a - b), withShape: inPanels.some(groupsScenarios)});
    }
  return out;
}

export default function Toolbar({name, suite, panels, hidden, onToggle, compare, canCompare, onCompare, permalink, embed, download, picture, extra}: Props): React.JSX.Element {
  // Which copy button says it copied (its label goes back after 2 s).
  const [copied, setCopied] = useState<'link' | 'embed' | undefined>();
  // What the live region says: set by a copy and kept.
  const [announced, setAnnounced] = useState('');
  const copy = (what: 'link' | 'embed', text: string, message: string) => {
    void navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(what);
    setAnnounced(message);
    setTimeout(() => setCopied((c) => (c === what ? undefined : c)), 2000);
  };
  const {i18n} = useDocusaurusContext();
  const hintId = useId();
  const series = legendEntries(panels);
  const shown = suite.manifest.versions.find((v) => v.version === suite.version);
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
              <SeriesSwatch style={s.style} kind={s.kind} scenarioHues={s.scenarioHues} withShape={s.withShape} />
              {s.label}
            </button>
          ))}
        </div>
      )}
      <div className={styles.actions}>
        {extra}
        {suite.versions.length > 1 && (
          <span className={own.versionPicker}>
            <label className={styles.control}>
              {UI.version()}{' '}
              <select value={suite.version} onChange={(e) => suite.setVersion(e.target.value)} data-testid={`${name}-version`} aria-describedby={hintId}>
                {[...suite.manifest.versions].reverse().map((v) => (
                  <option key={v.version} value={v.version}>
                    {typeset(`${v.version} (${releaseKindShort(v.release.kind)})`, i18n.currentLocale)}
                  </option>
                ))}
              </select>
            </label>
            <span id={hintId} className={own.hint} data-testid={`${name}-version-hint`}>
              {translate({id: 'chart.version.everyChart', message: 'Changes every chart of this suite on the page.', description: 'Beside the dataset version picker: picking a version switches all charts and figures of the suite on the page, not only this one'})}
            </span>
          </span>
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
            window.history.replaceState(window.history.state, '', link);
            copy('link', link, UI.permalinkCopied());
          }}>
          {copied === 'link' ? UI.permalinkCopied() : UI.permalink()}
        </button>
        <button type="button" className={styles.action} data-testid={`${name}-embed`} onClick={() => copy('embed', embed(), UI.embedCopied())}>
          {copied === 'embed' ? UI.embedCopied() : UI.embed()}
        </button>
        {/* A live region present from the start (a region added with its message is often not read): screen readers announce the copy. */}
        <span role="status" className="sr-only" data-testid={`${name}-permalink-status`}>
          {announced}
        </span>
        <button type="button" className={styles.action} data-testid={`${name}-csv`} onClick={() => save(download.csv(), 'text/csv', `${download.basename}.csv`)}>
          {UI.downloadCsv()}
        </button>
        <button type="button" className={styles.action} data-testid={`${name}-json`} onClick={() => save(download.json(), 'application/json', `${download.basename}.json`)}>
          {UI.downloadJson()}
        </button>
        <button type="button" className={styles.action} data-testid={`${name}-svg`} onClick={() => save(picture.svg(), 'image/svg+xml', `${download.basename}.svg`)}>
          {UI.downloadSvg()}
        </button>
        <button type="button" className={styles.action} data-testid={`${name}-png`} onClick={() => void picture.png().then((png) => save(png, 'image/png', `${download.basename}.png`))}>
          {UI.downloadPng()}
        </button>
      </div>
      {compare && canCompare && shown && <VersionChanges info={shown} name={name} locale={i18n.currentLocale} />}
    </div>
  );
}
