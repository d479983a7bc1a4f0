/**
 * Which suite a report page shows and which charts that suite declares, read from the
 * suite folders (no hand-kept list: a new suite joins by having them). Node-only, shared by
 * the e2e checks and the unit tests.
 *
 * A suite's charts are the `name`s its chart module declares (src/suites/<suite>/charts.ts:
 * the CHARTS specs and the ENVIRONMENT facts), read here as text because the module imports
 * Docusaurus client code Playwright cannot load; charts.test.tsx checks this reading
 * against the modules themselves.
 */
import fs from 'node:fs';
import path from 'node:path';
import {listSuites} from '../../../src/data/suiteFolder';
import {DATA_DIR, REPO_ROOT} from './site';

const SUITES_DIR = path.join(REPO_ROOT, 'src/suites');

/** The suite of a report route, /docs/benchmarks/<suite> for a suite with data; undefined for other pages. */
export function suiteOfRoute(route: string): string | undefined {
  const m = /^\/docs\/benchmarks\/([^/]+)$/.exec(route);
  return m && listSuites(DATA_DIR).includes(m[1]) ? m[1] : undefined;
}

/** The chart names `src/suites/<suite>/charts.ts` declares, in its order; [] when it has no chart module. */
export function declaredCharts(suite: string): string[] {
  const file = path.join(SUITES_DIR, suite, 'charts.ts');
  if (!fs.existsSync(file)) return [];
  return [...fs.readFileSync(file, 'utf8').matchAll(/^\s*name: '([^']+)',$/gm)].map((m) => m[1]);
}
