/**
 * Lists the cells whose values carry flags (missing, approximate, outliers...), from the data.
 * Cells that share the same note are listed once, with all their places, so a flag repeated
 * on every cell of a series does not bury a one-off note (e.g. a single-round outlier).
 */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {localized} from '@site/src/data/localized';
import {visibleSeries, type Panel} from './model';
import {flagLabel, UI} from './labels';
import styles from './styles.module.css';

interface Note {
  kind: string;
  text: string;
  places: string[];
}

export default function DataNotes({panels, hidden}: {panels: Panel[]; hidden: ReadonlySet<string>}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const notes = new Map<string, Note>();
  for (const p of panels)
    for (const c of p.categories)
      for (const s of visibleSeries(p, hidden)) {
        const row = p.cells[c.key]?.[s.key];
        for (const f of row?.flags ?? []) {
          const detail = f.detail ? ` — ${localized(f.detail, i18n.currentLocale)}` : '';
          const text = `${flagLabel(f.kind)}${detail}`;
          const place = [p.title, c.label, p.series.length > 1 ? s.label : undefined].filter(Boolean).join(' · ');
          const note = notes.get(text) ?? {kind: f.kind, text, places: []};
          if (!note.places.includes(place)) note.places.push(place);
          notes.set(text, note);
        }
      }
  if (notes.size === 0) return null;
  const count = [...notes.values()].reduce((n, note) => n + note.places.length, 0);
  return (
    <details className={styles.notes} data-testid="data-notes" open>
      <summary>
        {UI.notes()} ({count})
      </summary>
      <ul>
        {[...notes.values()].map((n) => (
          <li key={n.text} data-flag={n.kind}>
            <strong>{n.places.join('; ')}</strong>: {n.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
