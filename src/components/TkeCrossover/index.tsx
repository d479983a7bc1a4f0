/** Where iptables falls below a Cilium cluster as Services grow, as an inline figure (see serviceScaleCrossovers). */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {formatNumber} from '@site/src/data/format';
import {serviceScaleCrossovers} from '@site/src/suites/tke-cilium';
import {useSuite} from '@site/src/plugins/bench-data/client';

/**
 * The crossover as an inline figure: `at` (first step where iptables is below), `after`
 * (last step where it was not) or `estimate` (interpolated), for one Cilium cluster or
 * the earliest of them.
 */
export default function TkeCrossover({data, scenario, show = 'at'}: {data: SuiteBundle; scenario?: string; show?: 'at' | 'after' | 'estimate'}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const {dataset} = useSuite(data);
  const all = serviceScaleCrossovers(dataset);
  const c = scenario ? all.find((x) => x.scenario === scenario) : all[0];
  if (!c) return <span data-crossover="none">{translate({id: 'tke.scale.noCrossover', message: 'no crossover within the measured range'})}</span>;
  // Interpolated points are rounded to hundreds: more digits would claim precision the steps do not have.
  const value = show === 'estimate' ? Math.round(c.estimate / 100) * 100 : c[show];
  return (
    <data value={value} data-crossover={c.scenario}>
      {formatNumber(value, i18n.currentLocale)}
    </data>
  );
}
