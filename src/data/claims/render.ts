/**
 * Claim text for readers and maintainers: statements with their {name}
 * placeholders filled from computed figures, formatted for a locale.
 */
import type {Dataset} from '../schema';
import {localized} from '../../words/datasetText';
import {formatFigure as formatSpec, typeset} from '../format';
import {scenarioName, type NameOf} from '../scenarios';
import type {ClaimResult, Figure} from './evaluate';

export type {NameOf};
const asIs: NameOf = (name) => name;

export function formatFigure(f: Figure, locale: string): string {
  if (f.upper !== undefined && f.upper !== f.value) {
    const [lo, hi] = [formatFigure({...f, upper: undefined}, locale), formatFigure({...f, value: f.upper, upper: undefined}, locale)];
    // A range whose ends read the same ("6 – 6") is one figure to the reader; a shared unit is written once ("7.85–7.96 Gbps").
    if (lo === hi) return lo;
    const unit = (s: string) => s.replace(/^[\d.,\s\u00a0\u2212+-]+/, '');
    return unit(lo) && unit(lo) === unit(hi) ? `${lo.slice(0, lo.length - unit(lo).length).trimEnd()}–${hi}` : `${lo} – ${hi}`;
  }
  return formatSpec({kind: f.format, value: f.value, unit: f.unit}, locale);
}

/**
 * "Cilium native −86%, Cilium overlay −89%" for a per-scenario check; the bare
 * figure otherwise. No parentheses, so a statement may put the list in its own.
 */
export function formatFigures(figures: readonly Figure[], locale: string, dataset: Pick<Dataset, 'scenarios'>, nameOf: NameOf = asIs): string {
  if (figures.length === 0) return '–';
  const separator = locale.startsWith('zh') ? '，' : ', ';
  return figures.map((f) => (f.scenario ? `${scenarioName(dataset, f.scenario, {form: 'short', nameOf})} ${formatFigure(f, locale)}` : formatFigure(f, locale))).join(separator);
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
