/**
 * Whether a dataset's date is an estimate. New versions say so themselves
 * (`collectedAtEstimated: true`); versions published before that field
 * existed are immutable, so their estimates are listed here, each with the
 * reason its dataset records.
 */
import type {Dataset} from './schema';

/** suite@version -> where the dataset explains the estimate. */
export const ESTIMATED_BEFORE_FIELD: Readonly<Record<string, string>> = {
  // source.document: "The page carries no date: version and collectedAt 2026-06-01 are an estimate ..."
  'tke-cilium@2026-06-01': 'source.document',
};

export function isDateEstimated(d: Pick<Dataset, 'suite' | 'version' | 'collectedAtEstimated'>): boolean {
  return d.collectedAtEstimated ?? `${d.suite}@${d.version}` in ESTIMATED_BEFORE_FIELD;
}
