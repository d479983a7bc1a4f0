/**
 * The regression tolerances of `npm run bench:site --baseline`, from the site suite's module
 * (the same object the check uses), as a table in the reader's language.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {METRICS, type MetricId} from '@site/src/data/metrics';
import {formatNumber, formatValue} from '@site/src/data/format';
import {metricLabel} from '@site/src/words/labels';
import {TOLERANCES, type Tolerance} from '@site/src/suites/site';
import ScrollTable from '@site/src/components/ScrollTable';

function limitText(metric: MetricId, t: Tolerance, locale: string): string {
  const unit = METRICS[metric].unit;
  const absolute =
    unit === 'score'
      ? t.absolute === 0
        ? translate({id: 'site.tolerance.anyPoint', message: 'any point lost', description: 'Tolerance of a 0-100 score that may not drop at all'})
        : translate({id: 'site.tolerance.points', message: '{count} points', description: 'Tolerance of a 0-100 score'}, {count: formatNumber(t.absolute, locale)})
      : formatValue(t.absolute, unit, locale, {exact: true});
  if (t.percent === undefined) return absolute;
  return translate(
    {id: 'site.tolerance.both', message: '{absolute} and {percent}', description: 'A tolerance with an absolute and a relative limit, both to be exceeded'},
    {absolute, percent: formatValue(t.percent, '%', locale)},
  );
}

export default function SiteSpeedTolerances(): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  return (
    <ScrollTable
      data-tolerances=""
      caption={<Translate id="site.tolerance.caption">Regression tolerances of bench:site --baseline</Translate>}
      captionHidden
      columns={[
        <Translate id="site.tolerance.metric">Metric</Translate>,
        <Translate id="site.tolerance.limit">Fails when worse than the baseline by more than</Translate>,
      ]}>
      <tbody>
        {(Object.entries(TOLERANCES) as [MetricId, Tolerance][]).map(([metric, t]) => (
          <tr key={metric} data-metric={metric}>
            <td>{metricLabel(metric)}</td>
            <td>{limitText(metric, t, locale)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
