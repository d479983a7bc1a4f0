/**
 * The chart's numbers as an accessible table. Rendered into the static HTML
 * (readers without JavaScript, search engines, screen readers) and behind
 * the "Data table" toggle once the interactive chart is shown. Series and
 * scenario headers carry the swatch the chart draws them with.
 */
import React from 'react';
import {displayValue, visibleSeries} from '@site/src/data/chart/model';
import CellValue from '@site/src/components/CellValue';
import {SeriesSwatch} from './glyphs';
import {groupsScenarios, type ColouredPanel, type ColouredSeries} from '@site/src/data/chart/palette';
import {UI} from './ui';
import styles from './styles.module.css';
import ScrollTable from '@site/src/components/ScrollTable';
import {SERIES_COLUMN_ATTRIBUTE} from '@site/src/data/chartLink';

export default function DataTable({panel, hidden, caption}: {panel: ColouredPanel; hidden: ReadonlySet<string>; caption: string}): React.JSX.Element {
  const series = visibleSeries(panel, hidden) as ColouredSeries[];
  const percent = panel.display === 'percentOfFirst';
  // A lone series over the scenarios is named by the title; its swatch would only repeat the rows'.
  const seriesSwatches = series.length > 1 || !series.every((s) => s.style.solo);
  return (
    // A named, focusable region: in the chart's fixed-height box a long table scrolls, and keyboard readers must reach it.
    <ScrollTable
      numeric
      label
      caption={caption}
      captionHidden
      columnAttributes={[undefined, ...series.map((s) => ({[SERIES_COLUMN_ATTRIBUTE]: s.key}))]}
      columns={[
        panel.categoryAxis ?? UI.category(),
        ...series.map((s) => (
          <span key={s.key} className={styles.keyed}>
            {seriesSwatches && <SeriesSwatch style={s.style} kind={panel.kind} scenarioHues={Object.values(panel.categoryColors ?? {})} withShape={groupsScenarios(panel)} />}
            {s.label}
          </span>
        )),
      ]}>
      <tbody>
        {panel.categories.map((c) => {
          const slot = panel.categoryColors?.[c.key];
          return (
            <tr key={c.key}>
              <th scope="row">
                {slot === undefined ? (
                  c.label
                ) : (
                  <span className={styles.keyed}>
                    <SeriesSwatch style={{hue: slot, variant: 0, scenario: c.key}} kind="bar" />
                    {c.label}
                  </span>
                )}
              </th>
              {series.map((s) => (
                <td key={s.key} {...{[SERIES_COLUMN_ATTRIBUTE]: s.key}}>
                  <CellValue row={panel.cells[c.key]?.[s.key]} unit={percent ? '%' : panel.unit} value={percent ? displayValue(panel, c.key, s.key) : undefined} />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
