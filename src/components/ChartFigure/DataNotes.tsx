/**
 * Lists the cells whose values carry flags (missing, approximate, outliers...), from the data.
 * Cells that share the same note are listed once with their places, grouped by panel, and
 * "all values" stands for a note on every cell of a panel: a flag repeated on each cell of a
 * series must not bury a one-off note such as a single-round outlier.
 */
import React from 'react';
import {typeset} from '@site/src/data/format';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {visibleSeries, type Panel} from '@site/src/data/chart/model';
import {flagDetail, flagLabel} from '@site/src/data/labels';
import {UI} from './ui';
import styles from './styles.module.css';

interface Note {
  kind: string;
  text: string;
  /** Panel key -> places (category · series) in that panel. */
  places: Map<string, string[]>;
}

export default function DataNotes({panels, hidden}: {panels: Panel[]; hidden: ReadonlySet<string>}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const notes = new Map<string, Note>();
  const filled = new Map<string, number>();
  for (const p of panels) {
    const series = visibleSeries(p, hidden);
    for (const c of p.categories)
      for (const s of series) {
        const row = p.cells[c.key]?.[s.key];
        if (row) filled.set(p.key, (filled.get(p.key) ?? 0) + 1);
        for (const f of row?.flags ?? []) {
          const detail = f.detail ? ` — ${flagDetail(f.detail, i18n.currentLocale)}` : '';
          const text = `${flagLabel(f.kind)}${detail}`;
          const note = notes.get(text) ?? {kind: f.kind, text, places: new Map()};
          const list = note.places.get(p.key) ?? [];
          list.push([c.label, p.series.length > 1 ? s.label : undefined].filter(Boolean).join(' · '));
          note.places.set(p.key, list);
          notes.set(text, note);
        }
      }
  }
  if (notes.size === 0) return null;
  const where = (note: Note) =>
    [...note.places.entries()]
      .map(([key, places]) => {
        const panel = panels.find((p) => p.key === key);
        const what = places.length === filled.get(key) && places.length > 1 ? UI.allValues() : places.join('; ');
        return typeset([panel?.title, what].filter(Boolean).join(': '), i18n.currentLocale);
      })
      .join(' / ');
  const count = [...notes.values()].reduce((n, note) => n + [...note.places.values()].reduce((m, l) => m + l.length, 0), 0);
  return (
    <details className={styles.notes} data-testid="data-notes" open>
      <summary>
        {UI.notes()} ({count})
      </summary>
      <ul>
        {[...notes.values()].map((n) => (
          <li key={n.text} data-flag={n.kind}>
            <strong>{where(n)}</strong> — {n.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
