/**
 * How the site names a scenario, in one rule: a single-letter id (EKS A–E) is
 * how the reports refer to a scenario, so it is shown; any other id is an
 * internal key, and the scenario's name stands alone. Pure (the plugin's
 * build warnings use it in Node); the site passes `datasetTerm` as `nameOf`
 * to show names in the reader's language (see `scenarioLabel` in src/words/labels.ts).
 */
import type {Dataset} from './schema';

/** Translates a dataset string (a scenario name) for the reader. */
export type NameOf = (name: string) => string;

const asIs: NameOf = (name) => name;

export interface ScenarioNameOptions {
  /** short: "A" / "Cilium native", for figure lists; full (default): "A: VPC CNI" / "Cilium native", for axes and headers. */
  form?: 'short' | 'full';
  nameOf?: NameOf;
}

/** A scenario's name for readers; an id the dataset does not know is shown as it is. */
export function scenarioName(dataset: Pick<Dataset, 'scenarios'>, id: string, {form = 'full', nameOf = asIs}: ScenarioNameOptions = {}): string {
  const s = dataset.scenarios.find((x) => x.id === id);
  if (!s) return id;
  if (!/^[A-Z]$/.test(s.id)) return nameOf(s.name);
  return form === 'short' ? s.id : `${s.id}: ${nameOf(s.name)}`;
}
