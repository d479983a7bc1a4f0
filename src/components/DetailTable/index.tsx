/**
 * A detailed data table generated from the dataset: rows are metric queries,
 * columns scenarios (optionally at a condition such as a Service count), with
 * an optional relative-change column. Values, N/M / N/A and ⚠ flags render
 * exactly as in the chart tables.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {CONDITION_KEYS} from '@site/src/data/conditionKeys';
import {METRICS} from '@site/src/data/metrics';
import {changeBetween, FigureRows, type RowQuery} from '@site/src/data/selectors';
import {formatFigure, listText, UNIT_SYMBOL, typeset} from '@site/src/data/format';
import {useFigureCheck, useSuite} from '@site/src/plugins/bench-data/client';
import {conditionLabel, metricLabel, scenarioLabel} from '@site/src/words/labels';
import CellValue from '@site/src/components/CellValue';
import {PRESETS, type DetailColumn, type DetailRow, type DetailSpec, type PresetName} from './presets';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';
import ScrollTable from '@site/src/components/ScrollTable';

export {PRESETS};
export type {DetailSpec, PresetName};

function conditionsText(where: DetailRow['where'], locale: string): string {
  const w = (where ?? {}) as Record<string, unknown>;
  return listText(
    CONDITION_KEYS.filter((k) => w[k] !== undefined).map((k) => conditionLabel(k, w[k] as never, locale)),
    locale,
  );
}

export function rowLabel(row: DetailRow, locale: string): string {
  const cond = conditionsText(row.where, locale);
  const unit = UNIT_SYMBOL[METRICS[row.metric].unit];
  return typeset(`${metricLabel(row.metric)}${cond ? ` (${cond})` : ''}${unit ? ` [${unit}]` : ''}`, locale);
}

export function columnLabel(dataset: Dataset, col: DetailColumn, locale: string): string {
  const cond = conditionsText(col.where, locale);
  return cond ? `${scenarioLabel(dataset, col.scenario)} · ${cond}` : scenarioLabel(dataset, col.scenario);
}

export function cellQuery(row: DetailRow, col: DetailColumn): RowQuery {
  return {metric: row.metric, scenario: col.scenario, where: {...row.where, ...col.where}, exact: row.exact};
}

export function resolveSpec(dataset: Dataset, spec: DetailSpec): Required<Pick<DetailSpec, 'rows' | 'columns'>> & Pick<DetailSpec, 'change'> {
  return {...spec, columns: spec.columns ?? dataset.scenarios.map((s) => ({scenario: s.id}))};
}

export interface DetailTableProps {
  data: SuiteBundle;
  preset?: PresetName;
  spec?: DetailSpec;
  /** Table caption (shown). */
  caption?: string;
  /** Name of the table's scroll region for screen readers (default: the caption, else the table's metrics); unique on the page. */
  regionLabel?: string;
  /** Wrap in a closed <details> with this summary. */
  collapsed?: boolean;
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function DetailTable(props: DetailTableProps): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <DetailTableBody {...props} />
    </KeepServerHtml>
  );
}

function DetailTableBody({data, preset, spec, caption, regionLabel, collapsed = false}: DetailTableProps): React.JSX.Element {
  const {dataset} = useSuite(data);
  const locale = useDocusaurusContext().i18n.currentLocale;
  const given = spec ?? (preset ? PRESETS[preset] : undefined);
  if (!given) throw new Error('<DetailTable>: give a preset or a spec');
  const {rows, columns, change} = resolveSpec(dataset, given);
  const selection = new FigureRows(dataset);
  const grid = rows.map((r) => columns.map((c) => selection.row(cellQuery(r, c))));
  useFigureCheck(data, dataset, `<DetailTable${preset ? ` preset="${preset}"` : ''}>`, selection.problems);
  const header = [
    <Translate id="detail.metric">Metric</Translate>,
    ...columns.map((c) => columnLabel(dataset, c, locale)),
    ...(change
      ? [
          <Translate id="detail.change" values={{from: columns[change[0]].scenario, to: columns[change[1]].scenario}}>
            {'Change'}
          </Translate>,
        ]
      : []),
  ];
  // Each table's region has its own name (axe: landmark-unique): a page may hold several preset tables without a caption.
  const metrics = [...new Set(rows.map((r) => metricLabel(r.metric)))].join(', ');
  const regionName = regionLabel ?? caption ?? translate({id: 'detail.region', message: 'Detailed data table: {metrics}', description: 'Name of a detail table\'s scroll region for screen readers'}, {metrics});
  const table = (
    <ScrollTable numeric className={styles.table} label={regionName} caption={caption} columns={header} data-detail-table={preset ?? 'custom'}>
      <tbody>
        {rows.map((r, ri) => {
          const cells = grid[ri];
          const unit = METRICS[r.metric].unit;
          const delta = change ? changeBetween(unit, cells[change[0]]?.value ?? null, cells[change[1]]?.value ?? null) : null;
          return (
            <tr key={ri} data-metric={r.metric}>
              <th scope="row">{rowLabel(r, locale)}</th>
              {cells.map((cell, ci) => (
                <td key={ci}>
                  <CellValue row={cell} unit={unit} />
                </td>
              ))}
              {change && (
                <td>
                  {delta === null ? (
                    '–'
                  ) : (
                    <data value={Number(delta.value.toFixed(6))} data-change={delta.kind}>
                      {formatFigure({kind: delta.kind === 'points' ? 'points' : 'change', value: delta.value}, locale)}
                    </data>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
  if (!collapsed) return table;
  return (
    <details className={styles.collapsed}>
      <summary>{caption ?? <Translate id="detail.summary">Detailed data table</Translate>}</summary>
      {table}
    </details>
  );
}

