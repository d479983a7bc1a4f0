/**
 * The comparison family: the scenarios side by side on several key metrics, one small panel per
 * metric in its own unit and direction (nothing rescaled or combined into a score); each
 * suite's chart module (src/suites/<suite>/charts.ts) gives the spec.
 */
import React from 'react';
import type {ChartFamilyProps} from '@site/src/data/chartSpec';
import SuiteChart from '@site/src/components/SuiteChart';

export default function ComparisonChart(props: ChartFamilyProps): React.JSX.Element {
  return <SuiteChart {...props} />;
}
