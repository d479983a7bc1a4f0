/**
 * A headline figure of the home page in one plain sentence: what was measured, by how much
 * it differs, with which setup against which, every setup by its name (a lettered scenario
 * keeps its letter beside the name, as the reports call it). A figure whose difference the
 * site's rule does not establish is given as a value, with the difference said to be not
 * established, never as a change.
 */
import {translate} from '@docusaurus/Translate';
import type {Headline, SuiteHeadlines} from '../data/overview';
import {formatFigure, formatValue, parentheses, typeset} from '../data/format';
import {overviewAgainstConditions, overviewRowLabel} from './labels';
import {datasetTerm} from './terms';

/** "Cilium ENI kp-less tuned (E)" for a lettered scenario, else its name. */
export function setupName(figures: Pick<SuiteHeadlines, 'scenarios'>, id: string, locale: string): string {
  const s = figures.scenarios.find((x) => x.id === id);
  if (!s) return id;
  const name = datasetTerm(s.name);
  if (!/^[A-Z]$/.test(s.id)) return name;
  const [open, close] = parentheses(locale);
  return `${name}${open === '(' ? ' (' : open}${s.id}${close}`;
}

/** The size of a change without its sign ("64%", "3.2 pp", "5.3×"): the sentence says lower or higher. */
function amount(change: NonNullable<Headline['change']>, locale: string): string {
  if (change.kind === 'ratio') return formatFigure(change, locale);
  return formatFigure({kind: change.kind === 'change' ? 'percent' : 'points', value: Math.abs(change.value)}, locale).replace(/^\+/, '');
}

export function headlineSentence(item: Headline, figures: Pick<SuiteHeadlines, 'scenarios'>, locale: string): string {
  const what = overviewRowLabel(item.row, locale);
  const scenario = setupName(figures, item.scenario, locale);
  const reference = item.versus ? setupName(figures, item.versus, locale) : undefined;
  const conditions = overviewAgainstConditions(item.row, locale) ?? '';
  const change = item.change;
  const established = item.verdict === 'better' || item.verdict === 'worse' || item.verdict === 'context';
  if (!established || change === undefined) {
    const value = formatValue(item.value as number, item.unit, locale);
    const text = reference
      ? translate({id: 'home.finding.notEstablished', message: '{what} with {scenario}: {value}; its difference from {reference} is not established.', description: 'Home page: a measured value whose difference from the reference setup the site’s rule does not establish'}, {what, scenario, value, reference})
      : translate({id: 'home.finding.notEstablishedAgainst', message: '{what} with {scenario}: {value}; its difference from {conditions} is not established.', description: 'Home page: a measured value whose difference from the same setup under other conditions is not established'}, {what, scenario, value, conditions});
    return typeset(text, locale);
  }
  const size = amount(change, locale);
  const values = {what, scenario, amount: size, reference: reference ?? '', conditions};
  let text: string;
  if (change.kind === 'ratio')
    text = reference
      ? translate({id: 'home.finding.times', message: '{what}: {amount} as high with {scenario} as with {reference}.', description: 'Home page finding: a figure at least twice that of the reference setup; amount like 5.3×'}, values)
      : translate({id: 'home.finding.timesAgainst', message: '{what}: {amount} as high with {scenario} as with {conditions}.', description: 'Home page finding: a figure at least twice that of the same setup under other conditions'}, values);
  else if (change.value < 0)
    text = reference
      ? translate({id: 'home.finding.lower', message: '{what}: {amount} lower with {scenario} than with {reference}.', description: 'Home page finding: a figure lower than the reference setup’s'}, values)
      : translate({id: 'home.finding.lowerAgainst', message: '{what}: {amount} lower with {scenario} than with {conditions}.', description: 'Home page finding: a figure lower than the same setup’s under other conditions'}, values);
  else
    text = reference
      ? translate({id: 'home.finding.higher', message: '{what}: {amount} higher with {scenario} than with {reference}.', description: 'Home page finding: a figure higher than the reference setup’s'}, values)
      : translate({id: 'home.finding.higherAgainst', message: '{what}: {amount} higher with {scenario} than with {conditions}.', description: 'Home page finding: a figure higher than the same setup’s under other conditions'}, values);
  return typeset(text, locale);
}
