import type {Dataset} from './schema';
import type {SuiteManifest} from './manifest';
import type {ClaimSet} from './claims/schema';

/** What `import suite from '@bench-data/<suite>'` gives a page. */
export interface SuiteBundle {
  manifest: SuiteManifest;
  /** The version the page shows by default (latest, or the pinned one). */
  current: Dataset;
  loadVersion(version: string): Promise<Dataset>;
  /** The suite's claims (src/data/claims/<suite>.json); undefined when it has none. */
  claims?: ClaimSet;
}
