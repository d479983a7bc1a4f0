/**
 * <Metric>: a dataset value inside prose, e.g.
 *   <Metric data={eks} metric="loaded_rtt" scenario="E" />
 * renders <data value="3135">3,135 µs</data>. Measured figures are never
 * typed into MDX; a query that matches no row (or several) fails the build.
 */
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {METRICS} from '@site/src/data/metrics';
import {formatNumber, formatValue} from '@site/src/data/format';
import {useFigureRow, type FigureQuery} from '@site/src/plugins/bench-data/client';
import {missingLabel} from '@site/src/words/labels';

export default function Metric({data, metric, scenario, where, bare = false}: FigureQuery & {data: SuiteBundle; bare?: boolean}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {row, dataset} = useFigureRow(data, {metric, scenario, where}, `<Metric metric="${metric}">`);
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
