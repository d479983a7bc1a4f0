/**
 * Claim text for readers and maintainers: statements with their {name}
 * placeholders filled from computed figures, formatted for a locale.
 */
import type {Dataset} from '../schema';
import {localized} from '../localized';
import {formatNumber, formatPercentChange, formatPointChange, formatRatio, formatValue, typeset} from '../format';
import type {ClaimResult, Figure} from './evaluate';

export function formatFigure(f: Figure, locale: string): string {
  if (f.upper !== undefined && f.upper !== f.value) {
    const [lo, hi] = [formatFigure({...f, upper: undefined}, locale), formatFigure({...f, value: f.upper, upper: undefined}, locale)];
    // A range whose ends read the same ("6 – 6") is one figure to the reader; a shared unit is written once ("7.85–7.96 Gbps").
    if (lo === hi) return lo;
    const unit = (s: string) => s.replace(/^[\d.,\s\u00a0\u2212+-]+/, '');
    return unit(lo) && unit(lo) === unit(hi) ? `${lo.slice(0, lo.length - unit(lo).length).trimEnd()}–${hi}` : `${lo} – ${hi}`;
  }
  switch (f.format) {
    case 'change':
      return formatPercentChange(f.value, locale, Math.abs(f.value) < 10 ? 1 : 0);
    case 'points':
      return formatPointChange(f.value, locale);
    case 'spread':
      return `${formatNumber(f.value, locale, f.value < 10 ? 1 : 0)}%`;
    case 'ratio':
      return formatRatio(f.value, locale);
    case 'value':
      return f.unit ? formatValue(f.value, f.unit, locale) : formatNumber(f.value, locale);
    case 'number':
      return formatNumber(f.value, locale, Math.abs(f.value) < 100 ? 1 : 0);
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

/**
 * "Cilium native −86%, Cilium overlay −89%" for a per-scenario check; the bare
 * figure otherwise. No parentheses, so a statement may put the list in its own.
 */
export function formatFigures(figures: readonly Figure[], locale: string, dataset: Pick<Dataset, 'scenarios'>, nameOf: NameOf = asIs): string {
  if (figures.length === 0) return '–';
  const separator = locale.startsWith('zh') ? '，' : ', ';
  return figures.map((f) => (f.scenario ? `${scenarioName(dataset, f.scenario, nameOf)} ${formatFigure(f, locale)}` : formatFigure(f, locale))).join(separator);
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
