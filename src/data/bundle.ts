import type {Dataset} from './schema';
import type {SuiteManifest} from './manifest';
import type {ClaimSet} from './claims/schema';
import type {OverviewConfig} from './overview';

/** What `import suite from '@bench-data/<suite>'` gives a page. */
export interface SuiteBundle {
  manifest: SuiteManifest;
  /** The version the page shows by default (latest, or the pinned one). */
  current: Dataset;
  loadVersion(version: string): Promise<Dataset>;
  /** The suite's claims (static/data/<suite>/claims.json); undefined when it has none. */
  claims?: ClaimSet;
  /** The suite's results overview (`OVERVIEW` of src/suites/<suite>/index.ts); undefined when it has none. */
  overview?: OverviewConfig;
}
