/**
 * Before any e2e test: the one shared build (E2E_BUILD_DIR, default build/)
 * must hold every locale under test, or every test of a missing locale would
 * fail with a 404 that does not say why.
 */
import fs from 'node:fs';
import path from 'node:path';
import {DEFAULT_LOCALE, LOCALE_IDS, REPO_ROOT} from './site';

export default function globalSetup(): void {
  const buildDir = path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR ?? 'build');
  const missing = LOCALE_IDS.filter((l) => !fs.existsSync(path.join(buildDir, l === DEFAULT_LOCALE ? '' : l, 'index.html')));
  if (missing.length) {
    throw new Error(
      `${buildDir} has no build for locale(s) ${missing.join(', ')}. Build them (npm run build) or limit the run (E2E_LOCALES=${DEFAULT_LOCALE} after docusaurus build --locale ${DEFAULT_LOCALE}).`,
    );
  }
}
