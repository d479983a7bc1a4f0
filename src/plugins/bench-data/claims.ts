/**
 * A suite's claims on a page: the generated module carries them
 * (`bundle.claims`, from static/data/<suite>/claims.json), and these hooks
 * evaluate them on the version the page shows, so every component that
 * quotes a conclusion follows the version picker.
 */
import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import type {ClaimSet} from '@site/src/data/claims/schema';
import {evaluateClaims, type ClaimResult} from '@site/src/data/claims/evaluate';
import {formatFigures, renderStatement} from '@site/src/data/claims/render';
import {datasetTerm} from '@site/src/words/terms';
import {localized} from '@site/src/words/datasetText';
import {useSuite} from './client';

/**
 * Evaluated once per dataset, not once per component: a report quotes its claims in many
 * places (inline claims, findings, key results), and each would otherwise evaluate the whole
 * set while the page hydrates.
 */
const claimResultsByDataset = new WeakMap<Dataset, ClaimResult[]>();

function claimSetOf(bundle: SuiteBundle): ClaimSet {
  const suite = bundle.manifest.suite;
  if (!bundle.claims) throw new Error(`suite "${suite}" has no claims: write static/data/${suite}/claims.json (the bench-data plugin finds it by the suite's name)`);
  return bundle.claims;
}

/** Claim results for the version the page currently shows. */
export function useClaimResults(bundle: SuiteBundle): {dataset: Dataset; results: ClaimResult[]} {
  const {dataset} = useSuite(bundle);
  const set = claimSetOf(bundle);
  const results = useMemo(() => {
    let cached = claimResultsByDataset.get(dataset);
    if (!cached) {
      cached = evaluateClaims(dataset, set);
      claimResultsByDataset.set(dataset, cached);
    }
    return cached;
  }, [dataset, set]);
  return {dataset, results};
}

export interface ClaimView {
  result: ClaimResult;
  dataset: Dataset;
  /** The statement with its figures, in the page's language. */
  statement: string;
  title: string;
  note?: string;
  /** The figures of one named check ("change"), formatted; the first check's when no name is given. */
  figure: (name?: string) => string;
}

/**
 * Claims of the suite, for components that quote conclusions (key results,
 * findings, recommendations), in the order of `ids`. An unknown id fails the
 * build, naming the ids, and so does a claim scoped to other versions than the
 * one the page is built with; on a version the reader picks, a claim scoped to
 * other versions is left out (a claim is shown only on the versions it applies to).
 */
export function useClaims(bundle: SuiteBundle, ids: readonly string[], where: string): ClaimView[] {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const {dataset, results} = useClaimResults(bundle);
  return ids.flatMap((id) => {
    const result = results.find((r) => r.claim.id === id);
    if (!result) {
      const scoped = claimSetOf(bundle).claims.find((c) => c.id === id);
      if (scoped && dataset !== bundle.current) return [];
      if (scoped) throw new Error(`${where}: claim "${id}" of ${bundle.manifest.suite} does not apply to version ${dataset.version} (its versions: ${JSON.stringify(scoped.versions)}); cite it only on the versions it is scoped to`);
      throw new Error(`${where}: no claim "${id}" for ${bundle.manifest.suite} (claims: ${results.map((r) => r.claim.id).join(', ')})`);
    }
    const figure = (name?: string) => {
      const check = name ? result.checks.find((c) => c.check.name === name) : result.checks[0];
      if (!check) throw new Error(`${where}: claim "${id}" has no check named "${name}"`);
      return formatFigures(check.figures, locale, dataset, datasetTerm);
    };
    return [
      {
        result,
        dataset,
        statement: renderStatement(result, locale, dataset, datasetTerm),
        title: localized(result.claim.title, locale),
        note: result.claim.note && localized(result.claim.note, locale),
        figure,
      },
    ];
  });
}
