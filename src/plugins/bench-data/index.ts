/**
 * bench-data: a local Docusaurus plugin that loads every
 * static/data/<suite>/<version>.json at build time, validates it with the
 * dataset schema (an invalid file fails the build, naming file + JSON path),
 * and exposes the data in a way that keeps each page's weight to what it shows:
 *
 * - global data holds only a small manifest (suites, versions, their dates and
 *   reasons) for listings such as the docs home; what each version changed
 *   ships with its suite's module;
 * - `@bench-data/_headlines`: each suite's headline figures on its newest
 *   version (src/data/overview.ts), computed here so the home page ships
 *   a few numbers instead of every dataset;
 * - each suite becomes an importable module, `@bench-data/<suite>` (latest
 *   version inlined, older versions as lazy chunks) or
 *   `@bench-data/<suite>/<version>` (a pinned version), with the suite's
 *   claims (static/data/<suite>/claims.json) and its results overview
 *   (`OVERVIEW` of src/suites/<suite>/index.ts), both found by the suite's name.
 *   A page imports the suites it shows; nothing else ships with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadDatasets, type LoadedDataset} from '../../data/load';
import {compareVersions} from '../../data/versions';
import {listingManifest, suiteManifest, type SuiteManifest} from '../../data/manifest';
import {loadReleases, type ResolvedRelease} from '../../data/releases';
import {checkClaims, loadClaimSets} from '../../data/claims/load';
import type {ClaimSet} from '../../data/claims/schema';
import {suiteHeadlines, type OverviewConfig, type SuiteHeadlines} from '../../data/overview';
import {loadFreshModule} from '@docusaurus/utils';

export interface BenchDataOptions {
  /** Directory of datasets, relative to the site dir. */
  dataDir?: string;
  /** Directory of the suites' modules (<suite>/index.ts), relative to the site dir. */
  suitesDir?: string;
}

export type BenchDataGlobal = {suites: SuiteManifest[]};

export interface BenchDataContent {
  datasets: LoadedDataset[];
  /** Each version's release, by suite and version: from the version itself or its suite's versions.json (src/data/releases.ts). */
  releases: Map<string, Map<string, ResolvedRelease>>;
  /** Validated claims files, one per suite that has one. */
  claims: ClaimSet[];
  /** Each suite's results overview (`OVERVIEW` of its module), by suite id, for the suites that have one. */
  overviews: Record<string, OverviewConfig>;
}

/**
 * `OVERVIEW` of <suitesDir>/<suite>/index.ts, loaded as Docusaurus loads the site's own
 * TypeScript config: the module's imports are relative, so it runs outside the bundler.
 */
async function loadOverview(suitesDir: string, suite: string): Promise<OverviewConfig | undefined> {
  const file = path.join(suitesDir, suite, 'index.ts');
  if (!fs.existsSync(file)) return undefined;
  return ((await loadFreshModule(file)) as {OVERVIEW?: OverviewConfig}).OVERVIEW;
}

/**
 * Source of the module a page imports for one suite, `current` being the version it shows.
 * `claims`: whether the suite has a claims file (written beside it as claims.json).
 */
function suiteModule(manifest: SuiteManifest, current: string, claims: boolean, overview: OverviewConfig | undefined): string {
  // One explicit lazy import per other version: webpack makes each its own chunk,
  // and only a reader who picks that version downloads it.
  const loaders = manifest.versions
    .filter((v) => v.version !== current)
    .map((v) => `  ${JSON.stringify(v.version)}: () => import(${JSON.stringify(`./${v.version}.json`)}),`);
  return [
    `import current from './${current}.json';`,
    claims ? `import claims from './claims.json';` : `const claims = undefined;`,
    `export const manifest = ${JSON.stringify(manifest)};`,
    `const loaders = {\n${loaders.join('\n')}\n};`,
    `export const loadVersion = (version) =>`,
    `  version === current.version ? Promise.resolve(current) : loaders[version] ? loaders[version]().then((m) => m.default) : Promise.reject(new Error('unknown version ' + version));`,
    `const overview = ${overview === undefined ? 'undefined' : JSON.stringify(overview)};`,
    `export default {manifest, current, loadVersion, claims, overview};`,
  ].join('\n');
}

/** Each locale's build loads content again; say each broken claim (or missing headline) once. */
const claimWarningsShown = new Set<string>();

export default function benchDataPlugin(context: LoadContext, options: BenchDataOptions = {}): Plugin<BenchDataContent> {
  const dataDir = path.resolve(context.siteDir, options.dataDir ?? 'static/data');
  const outDir = path.join(context.generatedFilesDir, 'bench-data', 'default');
  const suitesDir = path.resolve(context.siteDir, options.suitesDir ?? 'src/suites');
  return {
    name: 'bench-data',

    getPathsToWatch() {
      return [path.join(dataDir, '*/*.json'), path.join(suitesDir, '*/index.ts')];
    },

    async loadContent() {
      const datasets = loadDatasets(dataDir);
      // A version that does not say why it exists stops the build, naming the file, the field and the fix.
      const releases = loadReleases(dataDir, datasets.map((l) => l.dataset));
      const claims = loadClaimSets(dataDir);
      // Every report conclusion, checked on every version: a broken claim warns (the claims test fails), an invalid claims file fails the build.
      const {warnings} = checkClaims(claims, datasets.map((l) => l.dataset));
      for (const w of warnings.filter((w) => !claimWarningsShown.has(w))) {
        claimWarningsShown.add(w);
        console.warn(`[WARNING] ${w}`);
      }
      const overviews: Record<string, OverviewConfig> = {};
      for (const suite of new Set(datasets.map((l) => l.dataset.suite))) {
        const overview = await loadOverview(suitesDir, suite);
        if (overview) overviews[suite] = overview;
      }
      return {datasets, releases, claims, overviews};
    },

    async contentLoaded({content, actions}) {
      const suites = new Map<string, LoadedDataset[]>();
      for (const entry of content.datasets) {
        suites.set(entry.dataset.suite, [...(suites.get(entry.dataset.suite) ?? []), entry]);
      }
      const manifests: SuiteManifest[] = [];
      const headlines: SuiteHeadlines[] = [];
      for (const [suite, entries] of suites) {
        entries.sort((a, b) => compareVersions(a.dataset.version, b.dataset.version));
        const manifest = suiteManifest(entries.map((e) => e.dataset), content.releases.get(suite)!);
        manifests.push(listingManifest(manifest));
        const claims = content.claims.find((c) => c.suite === suite);
        if (claims) {
          const {$schema: _ignored, ...body} = claims;
          await actions.createData(`${suite}/claims.json`, JSON.stringify(body));
        }
        const overview = content.overviews[suite];
        for (const {dataset} of entries) {
          const {$schema: _ignored, ...body} = dataset;
          await actions.createData(`${suite}/${dataset.version}.json`, JSON.stringify(body));
          await actions.createData(`${suite}/${dataset.version}.js`, suiteModule(manifest, dataset.version, claims !== undefined, overview));
        }
        await actions.createData(`${suite}/index.js`, suiteModule(manifest, manifest.latest, claims !== undefined, overview));
        if (overview) {
          const {problems, ...figures} = suiteHeadlines(entries[entries.length - 1].dataset, overview);
          for (const p of problems.map((text) => `home page: ${text}`).filter((w) => !claimWarningsShown.has(w))) {
            claimWarningsShown.add(p);
            console.warn(`[WARNING] ${p}`);
          }
          headlines.push(figures);
        }
      }
      // "_" cannot start a suite id (SUITE_PATTERN), so this module never shadows a suite's.
      await actions.createData('_headlines.js', `export default ${JSON.stringify(headlines)};`);
      actions.setGlobalData({suites: manifests} satisfies BenchDataGlobal);
    },

    configureWebpack() {
      return {resolve: {alias: {'@bench-data': outDir}}};
    },
  };
}
