/**
 * <Metric>: a dataset value inside prose, e.g.
 *   <Metric data={eks} metric="pod_rtt" scenario="E" where={{stat: 'p50'}} />
 * renders <data value="3135">3,135 µs</data>. Measured figures are never
 * typed into MDX; a query that matches no row (or several) fails the build.
 */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {MetricId} from '@site/src/data/metrics';
import {METRICS} from '@site/src/data/metrics';
import type {Conditions, Dataset, ResultRow} from '@site/src/data/schema';
import {selectRow} from '@site/src/data/selectors';
import {formatNumber, formatValue} from '@site/src/data/format';
import {useSuite} from '@site/src/components/BenchData';
import {missingLabel} from '@site/src/data/labels';

export interface FigureQuery {
  metric: MetricId;
  scenario: string;
  where?: Partial<Conditions>;
}

/**
 * The row for an inline figure. On the page's own dataset a bad query throws
 * (so the build names it); on another version picked by the reader a
 * missing row just shows as missing.
 */
export function useFigureRow(bundle: SuiteBundle, q: FigureQuery): {row: ResultRow | undefined; dataset: Dataset} {
  const {dataset} = useSuite(bundle);
  try {
    return {row: selectRow(dataset, q), dataset};
  } catch (e) {
    if (dataset === bundle.current) throw new Error(`<Metric>/<Delta> on ${bundle.manifest.suite}: ${(e as Error).message}`);
    return {row: undefined, dataset};
  }
}

export default function Metric({data, metric, scenario, where, bare = false}: FigureQuery & {data: SuiteBundle; bare?: boolean}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {row, dataset} = useFigureRow(data, {metric, scenario, where});
  const unit = METRICS[metric].unit;
  if (!row || row.value === null) {
    return <span data-metric={metric}>{missingLabel(row?.flags?.[0]?.kind)}</span>;
  }
  const text = bare ? formatNumber(row.value, i18n.currentLocale) : formatValue(row.value, unit, i18n.currentLocale);
  return (
    <data value={row.value} data-metric={metric} data-scenario={scenario} data-dataset={`${dataset.suite}@${dataset.version}`}>
      {text}
    </data>
  );
}
