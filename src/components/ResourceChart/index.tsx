/** The resources family: what the datapath components cost in CPU and memory; each suite's chart module (src/suites/<suite>/charts.ts) gives the spec. */
import React from 'react';
import type {ChartFamilyProps} from '@site/src/data/chartSpec';
import SuiteChart from '@site/src/components/SuiteChart';

export default function ResourceChart(props: ChartFamilyProps): React.JSX.Element {
  return <SuiteChart {...props} />;
}
