import type {Dataset} from './schema';
import type {SuiteManifest} from './manifest';

/** What `import suite from '@bench-data/<suite>'` gives a page. */
export interface SuiteBundle {
  manifest: SuiteManifest;
  /** The version the page shows by default (latest, or the pinned one). */
  current: Dataset;
  loadVersion(version: string): Promise<Dataset>;
}
