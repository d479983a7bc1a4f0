/**
 * Claim text for readers and maintainers: statements with their {name}
 * placeholders filled from computed figures, formatted for a locale.
 */
import type {Dataset} from '../schema';
import {localized} from '../localized';
import {formatNumber, formatPercentChange, formatRatio, formatValue, typeset} from '../format';
import type {ClaimResult, Figure} from './evaluate';

export function formatFigure(f: Figure, locale: string): string {
  if (f.upper !== undefined && f.upper !== f.value) return `${formatFigure({...f, upper: undefined}, locale)} – ${formatFigure({...f, value: f.upper, upper: undefined}, locale)}`;
  switch (f.format) {
    case 'change':
      return formatPercentChange(f.value, locale, Math.abs(f.value) < 10 ? 1 : 0);
    case 'spread':
      return `${formatNumber(f.value, locale, f.value < 10 ? 1 : 0)}%`;
    case 'ratio':
      return formatRatio(f.value, locale);
    case 'value':
      return f.unit ? formatValue(f.value, f.unit, locale) : formatNumber(f.value, locale);
    case 'number':
      return formatNumber(f.value, locale, 0);
  }
}

/** Translates a dataset string (scenario name) for the reader; the site passes datasetTerm. */
export type NameOf = (name: string) => string;
const asIs: NameOf = (name) => name;

/** A scenario's short name for figure labels ("Cilium native"), or its id. */
export function scenarioName(dataset: Pick<Dataset, 'scenarios'>, id: string, nameOf: NameOf = asIs): string {
  const s = dataset.scenarios.find((x) => x.id === id);
  return s ? (/^[A-Z]$/.test(s.id) ? s.id : nameOf(s.name)) : id;
}

/** "−86% (Cilium native), −89% (Cilium overlay)" for a per-scenario check; the bare figure otherwise. */
export function formatFigures(figures: readonly Figure[], locale: string, dataset: Pick<Dataset, 'scenarios'>, nameOf: NameOf = asIs): string {
  if (figures.length === 0) return '–';
  return figures.map((f) => (f.scenario ? `${formatFigure(f, locale)} (${scenarioName(dataset, f.scenario, nameOf)})` : formatFigure(f, locale))).join(', ');
}

/** The claim's statement in `locale` with every placeholder filled. */
export function renderStatement(result: ClaimResult, locale: string, dataset: Pick<Dataset, 'scenarios'>, nameOf: NameOf = asIs): string {
  const byName = new Map(result.checks.filter((c) => c.check.name).map((c) => [c.check.name as string, c.figures]));
  const text = localized(result.claim.statement, locale).replace(/\{([A-Za-z0-9]+)\}/g, (whole, name: string) => {
    const figures = byName.get(name);
    return figures ? formatFigures(figures, locale, dataset, nameOf) : whole;
  });
  return typeset(text, locale);
}

/** The build warning for a claim that a dataset version does not support. */
export function describeFailure(result: ClaimResult, dataset: Pick<Dataset, 'scenarios'>): string {
  const what = result.status === 'no-data' ? 'cannot be checked on' : 'is contradicted by';
  const lines = result.checks.filter((c) => c.status !== 'holds').map((c) => `    - ${c.check.kind} ${c.check.metric}${c.check.name ? ` {${c.check.name}}` : ''}: ${c.reason}`);
  return [`claim "${result.claim.id}" ${what} ${result.suite}@${result.version}`, `    "${renderStatement(result, 'en', dataset)}"`, ...lines].join('\n');
}
