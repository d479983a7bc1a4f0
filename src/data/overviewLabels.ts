/**
 * Words of the results overview and the home page's headline figures, in the
 * reader's language. A row is named from the vocabulary (the metric's label and
 * the conditions its config shows), so a suite's overview needs no strings of
 * its own.
 */
import {translate} from '@docusaurus/Translate';
import type {Conditions, ConditionKey} from './schema';
import type {Unit} from './metrics';
import type {OverviewRowSpec, Verdict} from './overview';
import {formatFigure, listText, typeset} from './format';
import {conditionLabel, metricLabel} from './labels';

type Labelled = Pick<OverviewRowSpec, 'metric' | 'where' | 'show' | 'against' | 'deliveredAfter'>;

function conditionList(where: Partial<Conditions> | undefined, keys: readonly ConditionKey[], locale: string): string[] {
  return keys.flatMap((k) => {
    const v = where?.[k];
    return v === undefined || v === null ? [] : [conditionLabel(k, v as NonNullable<Conditions[typeof k]>, locale)];
  });
}

/** "HTTP latency, QPS 1,000, p99" ("…，QPS 1,000、p99" in Chinese): the metric and the conditions the row shows. */
export function overviewRowLabel(row: Labelled, locale: string): string {
  const metric = row.deliveredAfter
    ? translate({id: 'overview.delivered', message: '{metric} that arrives (after {loss})', description: 'Row label: what arrives of an offered rate, rate × (1 − loss)'}, {metric: metricLabel(row.metric), loss: metricLabel(row.deliveredAfter)})
    : metricLabel(row.metric);
  const conditions = conditionList(row.where, row.show ?? [], locale);
  return typeset(conditions.length ? `${metric}, ${listText(conditions, locale)}` : metric, locale);
}

/** "against no policy": what a row that compares each scenario with itself compares with. */
export function overviewAgainstLabel(row: Labelled, locale: string): string | undefined {
  if (!row.against) return undefined;
  const what = listText(conditionList(row.against, Object.keys(row.against) as ConditionKey[], locale), locale);
  return typeset(translate({id: 'overview.against', message: 'against {conditions}', description: 'Under a row label: the same setup measured without the feature'}, {conditions: what}), locale);
}

/** "±5%" ("±3 pp" for a metric in %): changes this small are not called better or worse. */
export function overviewThreshold(threshold: number, unit: Unit, locale: string): string {
  const size = unit === '%' ? formatFigure({kind: 'points', value: threshold}, locale).replace(/^\+/, '') : formatFigure({kind: 'percent', value: threshold}, locale);
  return `±${size}`;
}

export function verdictLabel(verdict: Verdict): string {
  switch (verdict) {
    case 'better':
      return translate({id: 'overview.verdict.better', message: 'better'});
    case 'worse':
      return translate({id: 'overview.verdict.worse', message: 'worse'});
    case 'unclear':
      return translate({id: 'overview.verdict.unclear', message: 'no clear difference'});
    case 'context':
      return translate({id: 'overview.verdict.context', message: 'neither better nor worse on its own'});
    case 'reference':
      return translate({id: 'overview.verdict.reference', message: 'reference'});
    case 'none':
      return translate({id: 'overview.verdict.none', message: 'not compared'});
  }
}
