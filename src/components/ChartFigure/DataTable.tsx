/**
 * The chart's numbers as an accessible table. Rendered into the static HTML
 * (readers without JavaScript, search engines, screen readers) and behind
 * the "Data table" toggle once the interactive chart is shown.
 */
import React from 'react';
import type {Panel} from '@site/src/data/chart/model';
import {displayValue, visibleSeries} from '@site/src/data/chart/model';
import CellValue from '@site/src/components/CellValue';
import {withinNoise} from '@site/src/data/noise';
import {UI} from './ui';
import ScrollTable from '@site/src/components/ScrollTable';

export default function DataTable({panel, hidden, caption}: {panel: Panel; hidden: ReadonlySet<string>; caption: string}): React.JSX.Element {
  const series = visibleSeries(panel, hidden);
  const percent = panel.display === 'percentOfFirst';
  return (
    <ScrollTable numeric>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{panel.categoryAxis ?? UI.category()}</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {panel.categories.map((c) => (
          <tr key={c.key}>
            <th scope="row">{c.label}</th>
            {series.map((s) => (
              <td key={s.key}>
                <CellValue
                  row={panel.cells[c.key]?.[s.key]}
                  unit={percent ? '%' : panel.unit}
                  value={percent ? displayValue(panel, c.key, s.key) : undefined}
                  // Compare view: the previous version's cell of this series sits beside it as "<key>@prev".
                  withinNoise={!s.ghost && withinNoise(panel.cells[c.key]?.[`${s.key}@prev`], panel.cells[c.key]?.[s.key]) === true}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
