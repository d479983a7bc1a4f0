/// <reference types="vite/client" />
/** Each suite's results overview for tests, found as the bench-data plugin finds it (`OVERVIEW` of src/suites/<suite>/index.ts). */
import type {OverviewConfig} from '../overview';

const modules = import.meta.glob<{OVERVIEW?: OverviewConfig}>('../../suites/*/index.ts', {eager: true});

/** The suite's overview, or undefined when its module has none. */
export function maybeOverviewOf(suite: string): OverviewConfig | undefined {
  return modules[`../../suites/${suite}/index.ts`]?.OVERVIEW;
}

export function overviewOf(suite: string): OverviewConfig {
  const overview = maybeOverviewOf(suite);
  if (!overview) throw new Error(`no OVERVIEW in src/suites/${suite}/index.ts`);
  return overview;
}
