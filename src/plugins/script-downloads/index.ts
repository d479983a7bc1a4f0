/**
 * script-downloads: a local Docusaurus plugin that writes the single-file
 * downloads of the bench scripts into each built locale (`<outDir>/scripts/`)
 * after the build, so the served file is always the bundle of the sources it
 * was built from and nothing generated is committed. The bundling itself is
 * scripts/benchmarks/tke-cilium/bundle.sh (one implementation, also usable by hand).
 *
 * `npm start` (dev server) does not run postBuild: the download links work on
 * a built site (`npm run build && npm run serve`).
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** Bundlers that write `<name>` and `<name>.sha256` into the directory they are given. */
const BUNDLERS = ['scripts/benchmarks/tke-cilium/bundle.sh'];

export default function scriptDownloadsPlugin(context: LoadContext): Plugin {
  return {
    name: 'script-downloads',
    async postBuild({outDir}) {
      const target = path.join(outDir, 'scripts');
      for (const bundler of BUNDLERS) {
        const result = spawnSync('bash', [path.join(context.siteDir, bundler), target], {encoding: 'utf8'});
        if (result.error || result.status !== 0) {
          throw new Error(`script-downloads: ${bundler} ${target} failed (exit ${result.status}): ${result.error?.message ?? ''}${result.stderr}`);
        }
      }
    },
  };
}
