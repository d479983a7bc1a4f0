/**
 * Lists the cells whose values carry flags (missing, approximate, outliers...), from the data.
 * Cells that share the same note are listed once with their places, grouped by panel and
 * series, and "all values" stands for a note on every cell of a series: a flag repeated on
 * each cell must not bury a one-off note such as a single-round outlier.
 */
import React from 'react';
import {labelColon, listText, parentheses, typeset} from '@site/src/data/format';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {visibleSeries, type Panel} from '@site/src/data/chart/model';
import {flagDetail, flagLabel} from '@site/src/words/labels';
import {UI} from './ui';
import {APPROX_SYMBOL, FLAG_SYMBOL} from './marks';
import styles from './styles.module.css';

const MISSING_KINDS = new Set(['not-measured', 'not-applicable', 'omitted-noisy']);

interface Note {
  kind: string;
  text: string;
  /** Panel key -> series key -> categories flagged in that panel. */
  places: Map<string, Map<string, string[]>>;
}

/** "A" for "A: VPC CNI": a scenario letter is enough in a list of places. */
const shortCategory = (label: string) => /^([A-Za-z0-9]{1,3}):\s/.exec(label)?.[1] ?? label;

export default function DataNotes({panels, hidden}: {panels: Panel[]; hidden: ReadonlySet<string>}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const notes = new Map<string, Note>();
  /** "<panel>/<series>" -> cells with a row. */
  const filled = new Map<string, number>();
  for (const p of panels) {
    const series = visibleSeries(p, hidden);
    for (const c of p.categories)
      for (const s of series) {
        const row = p.cells[c.key]?.[s.key];
        if (row) filled.set(`${p.key}/${s.key}`, (filled.get(`${p.key}/${s.key}`) ?? 0) + 1);
        for (const f of row?.flags ?? []) {
          const detail = f.detail ? ` — ${flagDetail(f.detail, i18n.currentLocale)}` : '';
          const text = `${flagLabel(f.kind)}${detail}`;
          const note = notes.get(text) ?? {kind: f.kind, text, places: new Map()};
          const bySeries = note.places.get(p.key) ?? new Map<string, string[]>();
          bySeries.set(s.key, [...(bySeries.get(s.key) ?? []), shortCategory(c.label)]);
          note.places.set(p.key, bySeries);
          notes.set(text, note);
        }
      }
  }
  if (notes.size === 0) return null;
  const cellCount = [...filled.values()].reduce((a, b) => a + b, 0);
  const placeCount = (note: Note) => [...note.places.values()].flatMap((bySeries) => [...bySeries.values()]).reduce((a, cs) => a + cs.length, 0);
  // "p99 under load: QPS 5,000 (all); max QPS: A, C": a series flagged in every cell is said once,
  // and a note on every value of a chart of several panels once for the chart.
  const where = (note: Note) =>
    panels.length > 1 && placeCount(note) === cellCount
      ? UI.everyValue()
      : [...note.places.entries()]
      .map(([key, bySeries]) => {
        const panel = panels.find((p) => p.key === key);
        const what = [...bySeries.entries()]
          .map(([series, categories]) => {
            const label = panel && panel.series.length > 1 ? panel.series.find((x) => x.key === series)?.label : undefined;
            const cells = categories.length === filled.get(`${key}/${series}`) && categories.length > 1 ? UI.allValues() : listText(categories, i18n.currentLocale);
            return label ? `${label}${labelColon(i18n.currentLocale)}${cells}` : cells;
          })
          .join('; ');
        return typeset([panel?.title, what].filter(Boolean).join(' — '), i18n.currentLocale);
      })
      .join(' / ');
  // Grouped by kind (missing values, then validity notes, then approximations), each with its cells in plain text.
  const order = (kind: string) => (MISSING_KINDS.has(kind) ? 0 : kind === 'approximate' ? 2 : 1);
  const sorted = [...notes.values()].sort((a, b) => order(a.kind) - order(b.kind));
  const symbol = (kind: string) => (MISSING_KINDS.has(kind) ? '' : kind === 'approximate' ? `${APPROX_SYMBOL} ` : `${FLAG_SYMBOL} `);
  return (
    <details className={styles.notes} data-testid="data-notes" open>
      <summary>
        {UI.notes()}{parentheses(i18n.currentLocale)[0] === '(' ? ' (' : parentheses(i18n.currentLocale)[0]}{sorted.length}{parentheses(i18n.currentLocale)[1]}
      </summary>
      <ul>
        {sorted.map((n) => (
          <li key={n.text} data-flag={n.kind}>
            <span className={styles.noteKind}>
              {symbol(n.kind)}
              {n.text}
            </span>{' '}
            <span className={styles.notePlaces}>({where(n)})</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
