/**
 * The environment a suite's runs share, as labelled facts: what a suite's chart module gives
 * the environment family (TestEnvironmentChart), read from dataset.environment. A fact the run
 * did not record is left out rather than shown empty.
 */
import type {Dataset} from './schema';

export interface EnvironmentFact {
  key: string;
  label: string;
  value: string;
}

export interface EnvironmentSpec {
  /** data-chart and anchor (#chart-<name>) of the block; never change a published one. */
  name: string;
  /** A titled figure of its own (under a section heading); untitled, the facts sit in the text as a list. */
  title?: () => string;
  /** Draw the cluster beside the facts, one box per node. */
  sketch?: boolean;
  /** Called while rendering, so the page's locale applies. */
  facts: (dataset: Dataset, locale: string) => (Omit<EnvironmentFact, 'value'> & {value: string | undefined})[];
}

/** A recorded value as text (undefined stays undefined). */
export const factText = (v: string | number | undefined): string | undefined => (v === undefined ? undefined : String(v));

/** The recorded parts of one fact joined by " · "; undefined when none was recorded. */
export const joinParts = (...parts: (string | undefined)[]): string | undefined => parts.filter(Boolean).join(' · ') || undefined;

/** The tools and their versions, e.g. "iperf3 3.16, fortio 1.68.2"; undefined when the run recorded none. */
export const toolVersions = (dataset: Dataset): string | undefined =>
  dataset.environment.tools ? Object.entries(dataset.environment.tools).map(([k, v]) => `${k} ${v}`).join(', ') : undefined;

/** The facts of a spec that the run recorded, in the spec's order. */
export function recordedFacts(spec: EnvironmentSpec, dataset: Dataset, locale: string): EnvironmentFact[] {
  return spec.facts(dataset, locale).filter((f): f is EnvironmentFact => f.value !== undefined);
}

/** Per-scenario differences from the shared environment (e.g. a different Cilium version on one cluster). */
export function scenarioOverrides(dataset: Dataset): {scenario: string; facts: string}[] {
  return dataset.scenarios
    .filter((s) => s.environment && Object.keys(s.environment).length > 0)
    .map((s) => ({
      scenario: s.id,
      // Raw dataset keys (shown as code): nested `extra` facts are flattened.
      facts: Object.entries(s.environment ?? {})
        .flatMap(([k, v]) => (typeof v === 'object' ? Object.entries(v) : [[k, v]]))
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', '),
    }));
}
