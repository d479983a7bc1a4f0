/** The largest BPF maps by memory at the largest LB-map size, per Cilium cluster (read from the per-map rows). */
import React from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset, ResultRow} from '@site/src/data/schema';
import {formatNumber} from '@site/src/data/format';
import {conditionValues, selectRows} from '@site/src/data/selectors';
import {ciliumScenarios} from '@site/src/suites/tke-cilium';
import ScenarioSwatch from '@site/src/components/ScenarioSwatch';
import CellValue from '@site/src/components/CellValue';
import ScrollTable from '@site/src/components/ScrollTable';
import {scenarioLabel} from '@site/src/words/labels';
import {useSuite} from '@site/src/plugins/bench-data/client';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

export interface BpfMapRow {
  map: string;
  /** Per Cilium scenario: max entries and memory rows. */
  cells: Record<string, {entries?: ResultRow; memory?: ResultRow}>;
  /** Largest memory over the scenarios, for ordering. */
  largest: number;
}

/** Per-map rows at the largest LB-map size measured, largest memory first. */
export function topBpfMaps(dataset: Dataset, limit = 10): {lbMapMax: number | undefined; maps: BpfMapRow[]} {
  const perMap = selectRows(dataset, {metric: 'bpf_map_memory', exact: false}).filter((r) => r.conditions?.map !== undefined);
  const lbMapMax = Math.max(...conditionValues(perMap, 'lbMapMax'));
  const atSize = (r: ResultRow) => r.conditions?.lbMapMax === lbMapMax;
  const scenarios = ciliumScenarios(dataset);
  const maps = conditionValues(perMap.filter(atSize), 'map').map((map) => {
    const cells: BpfMapRow['cells'] = {};
    for (const scenario of scenarios) {
      const find = (metric: 'bpf_map_memory' | 'bpf_map_max_entries') =>
        dataset.results.find((r) => r.metric === metric && r.scenario === scenario && r.conditions?.map === map && atSize(r));
      cells[scenario] = {entries: find('bpf_map_max_entries'), memory: find('bpf_map_memory')};
    }
    const largest = Math.max(0, ...Object.values(cells).map((c) => c.memory?.value ?? 0));
    return {map, cells, largest};
  });
  maps.sort((a, b) => b.largest - a.largest);
  return {lbMapMax: Number.isFinite(lbMapMax) ? lbMapMax : undefined, maps: maps.slice(0, limit)};
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function TkeBpfMapTable(props: {data: SuiteBundle}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <TkeBpfMapTableBody {...props} />
    </KeepServerHtml>
  );
}

function TkeBpfMapTableBody({data}: {data: SuiteBundle}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const {dataset} = useSuite(data);
  const {lbMapMax, maps} = topBpfMaps(dataset);
  if (maps.length === 0) return null;
  const scenarios = ciliumScenarios(dataset);
  return (
    <ScrollTable
      numeric
      wrapClassName={styles.tableWrap}
      caption={
        <Translate id="tke.bpfMaps.caption" values={{size: lbMapMax === undefined ? '' : formatNumber(lbMapMax, i18n.currentLocale)}}>
          {'Largest BPF maps by memory (bpf-lb-map-max {size}; names as printed by the source, truncated)'}
        </Translate>
      }
      data-testid="tke-bpf-maps">
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>
            <Translate id="tke.bpfMaps.map">BPF map</Translate>
          </th>
          {scenarios.map((s) => (
            <th key={s} scope="colgroup" colSpan={2}>
              <ScenarioSwatch scenarioIds={dataset.scenarios.map((x) => x.id)} id={s} />
              {scenarioLabel(dataset, s)}
            </th>
          ))}
        </tr>
        <tr>
          {scenarios.map((s) => (
            <React.Fragment key={s}>
              <th scope="col">
                <Translate id="tke.bpfMaps.entries">max entries</Translate>
              </th>
              <th scope="col">
                <Translate id="tke.bpfMaps.memory">memory</Translate>
              </th>
            </React.Fragment>
          ))}
        </tr>
      </thead>
      <tbody>
        {maps.map((m) => (
          <tr key={m.map} data-map={m.map}>
            <th scope="row">
              <code>{m.map}</code>
            </th>
            {scenarios.map((s) => (
              <React.Fragment key={s}>
                <td>
                  <CellValue row={m.cells[s]?.entries} unit="count" />
                </td>
                <td>
                  <CellValue row={m.cells[s]?.memory} unit="MB" />
                </td>
              </React.Fragment>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
