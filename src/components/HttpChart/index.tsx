/** The HTTP family: request rate and latency under load; each suite's chart module (src/suites/<suite>/charts.ts) gives the spec. */
import React from 'react';
import type {ChartFamilyProps} from '@site/src/data/chartSpec';
import SuiteChart from '@site/src/components/SuiteChart';

export default function HttpChart(props: ChartFamilyProps): React.JSX.Element {
  return <SuiteChart {...props} />;
}
