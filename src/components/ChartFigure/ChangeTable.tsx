/**
 * Under a panel compared with the previous version: every cell either version has, its
 * value in each, and what changed (difference in the unit, change in %, better or worse
 * by the metric's direction), with a one-line count above. The version's changes beyond
 * this panel (metrics added and removed, every value) are the toolbar's (VersionChanges).
 */
import React from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {formatFigure} from '@site/src/data/format';
import {notEstablishedLabel} from '@site/src/words/labels';
import type {CellChange} from '@site/src/data/chart/compare';
import type {Unit} from '@site/src/data/metrics';
import ScrollTable from '@site/src/components/ScrollTable';
import CellValue from '@site/src/components/CellValue';
import {UI} from './ui';
import styles from './styles.module.css';

function changeText(c: CellChange, unit: Unit, locale: string, versions: {previous: string; current: string}): string {
  switch (c.kind) {
    case 'added':
      return translate({id: 'chart.compare.added', message: 'only in {version}'}, {version: versions.current});
    case 'removed':
      return translate({id: 'chart.compare.removed', message: 'only in {version}'}, {version: versions.previous});
    case 'measured':
      return translate({id: 'chart.compare.measured', message: 'now measured'});
    case 'unmeasured':
      return translate({id: 'chart.compare.unmeasured', message: 'no longer measured'});
    case 'unchanged':
      return translate({id: 'chart.compare.unchanged', message: 'unchanged'});
    default: {
      const difference = formatFigure({kind: 'difference', value: c.difference!, unit}, locale);
      const change = c.change === undefined ? '' : ` (${formatFigure({kind: 'change', value: c.change}, locale)})`;
      const verdict =
        c.reason !== undefined
          ? notEstablishedLabel(c.reason)
          : c.verdict === 'better'
            ? translate({id: 'chart.compare.better', message: 'better'})
            : c.verdict === 'worse'
              ? translate({id: 'chart.compare.worse', message: 'worse'})
              : '';
      return `${difference}${change}${verdict ? ` · ${verdict}` : ''}`;
    }
  }
}

export default function ChangeTable({changes, unit, caption, locale, versions}: {changes: CellChange[]; unit: Unit; caption: string; locale: string; versions: {previous: string; current: string}}): React.JSX.Element {
  const manySeries = new Set(changes.map((c) => c.series)).size > 1;
  const changed = changes.filter((c) => c.kind !== 'unchanged').length;
  return (
    <div className={styles.changes} data-testid="compare-changes">
      <p className={styles.changeSummary}>
        {changed === 0
          ? translate({id: 'chart.compare.noChangeInPanel', message: 'No value of this panel differs between {previous} and {current} (the whole version\'s changes are above the chart).', description: 'Over the table of one compared panel'}, versions)
          : translate({id: 'chart.compare.summaryInPanel', message: '{changed} of {total} values of this panel differ between {previous} and {current}.', description: 'Over the table of one compared panel'}, {...versions, changed: String(changed), total: String(changes.length)})}
      </p>
      <ScrollTable
        numeric
        caption={caption}
        captionHidden
        columns={[UI.category(), ...(manySeries ? [translate({id: 'chart.compare.series', message: 'Series'})] : []), versions.previous, versions.current, translate({id: 'chart.compare.change', message: 'Change'})]}>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.category}/${c.series}`} data-change={c.kind} className={clsx(c.kind === 'unchanged' && styles.unchanged)}>
              <th scope="row">{c.categoryLabel}</th>
              {manySeries && <td>{c.seriesLabel}</td>}
              {/* Values without their range over rounds: the change is the point here. */}
              <td>
                <CellValue row={c.before} unit={unit} value={c.before?.value} />
              </td>
              <td>
                <CellValue row={c.after} unit={unit} value={c.after?.value} />
              </td>
              <td className={clsx(c.verdict === 'better' && styles.better, c.verdict === 'worse' && styles.worse)}>{changeText(c, unit, locale, versions)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </div>
  );
}
