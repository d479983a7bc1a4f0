/** TKE saturated HTTP RPS by case: pod or Service, c64 or c256, keepalive or short connections. */
import React from 'react';
import {typeset} from '@site/src/data/format';
import {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {scaleWhere} from '@site/src/data/suites/tke-cilium';
import ChartFigure from '@site/src/components/ChartFigure';
import {casePanel, type CaseDef, type Panel, type ChartOptions} from '@site/src/data/chart/model';
import {conditionLabel} from '@site/src/data/labels';

const CASES = [
  {path: 'pod', concurrency: 64, connection: 'keepalive'},
  {path: 'service', concurrency: 64, connection: 'keepalive'},
  {path: 'service', concurrency: 256, connection: 'keepalive'},
  {path: 'service', concurrency: 64, connection: 'close'},
] as const;

export function buildTkeRps(dataset: Dataset, {locale}: ChartOptions): Panel[] {
  const cases: CaseDef[] = CASES.map((c) => ({
    key: `${c.path}-c${c.concurrency}-${c.connection}`,
    label: typeset(`${conditionLabel('path', c.path, locale)}, c${c.concurrency}, ${conditionLabel('connection', c.connection, locale)}`, locale),
    query: {metric: 'http_rps', where: {...scaleWhere(c.connection), path: c.path, concurrency: c.concurrency}},
  }));
  return [casePanel(dataset, {key: 'rps', metric: 'http_rps', categoryAxis: translate({id: 'tke.case', message: 'Case'})}, cases)];
}

export default function TkeRpsChart({data, children}: {data: SuiteBundle; children?: React.ReactNode}): React.JSX.Element {
  return (
    <ChartFigure
      name="TkeRpsChart"
      data={data}
      title={translate({id: 'tke.rps.title', message: 'Saturated HTTP requests per second by case'})}
      description={translate({id: 'tke.rps.description', message: 'fortio without a rate limit (the CPU is the limit), small-scale baseline before any extra Services exist.'})}
      build={buildTkeRps}>
      {children}
    </ChartFigure>
  );
}
