/** The scaling family: figures as the number of Services (or rules) grows; each suite's chart module (src/suites/<suite>/charts.ts) gives the spec. */
import React from 'react';
import type {ChartFamilyProps} from '@site/src/data/chartSpec';
import SuiteChart from '@site/src/components/SuiteChart';

export default function ScalingChart(props: ChartFamilyProps): React.JSX.Element {
  return <SuiteChart {...props} />;
}
