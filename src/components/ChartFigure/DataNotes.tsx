/** Lists the cells whose values carry flags (missing, approximate, outliers...), from the data. */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {localized} from '@site/src/data/localized';
import {visibleSeries, type Panel} from './model';
import {flagLabel, UI} from './labels';
import styles from './styles.module.css';

export default function DataNotes({panels, hidden}: {panels: Panel[]; hidden: ReadonlySet<string>}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const notes: {key: string; where: string; text: string}[] = [];
  for (const p of panels)
    for (const c of p.categories)
      for (const s of visibleSeries(p, hidden)) {
        const row = p.cells[c.key]?.[s.key];
        for (const f of row?.flags ?? []) {
          const detail = f.detail ? ` — ${localized(f.detail, i18n.currentLocale)}` : '';
          const where = [p.title, c.label, p.series.length > 1 ? s.label : undefined].filter(Boolean).join(' · ');
          notes.push({key: `${p.key}/${c.key}/${s.key}/${f.kind}`, where, text: `${flagLabel(f.kind)}${detail}`});
        }
      }
  if (notes.length === 0) return null;
  return (
    <details className={styles.notes} data-testid="data-notes" open>
      <summary>
        {UI.notes()} ({notes.length})
      </summary>
      <ul>
        {notes.map((n) => (
          <li key={n.key}>
            <strong>{n.where}</strong>: {n.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
