/**
 * The bare Docusaurus classic template at this site's Docusaurus version, built once into
 * .cache/site-bench/: what a report page's speed is held against besides the site's own plain
 * page (a plain page carries this site's navigation, search and interface strings; the
 * template's doc page is what Docusaurus itself costs). Made with create-docusaurus and
 * installed from the package registry the first time; reused while its build is there.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The template's doc page: its first doc, as create-docusaurus writes it. */
export const TEMPLATE_DOC_PAGE = '/docs/intro';

function run(command: string, args: string[], cwd: string): void {
  const r = spawnSync(command, args, {cwd, stdio: 'inherit', env: {...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1'}});
  if (r.status !== 0) throw new Error(`bare template: \`${command} ${args.join(' ')}\` in ${cwd} failed (exit ${r.status}); delete ${cwd} and rerun, or pass --skip-template`);
}

/** The template's build directory, made (create, install, build) when it is not there. */
export function templateBuild(repoRoot: string): {dir: string; version: string} {
  const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/@docusaurus/core/package.json'), 'utf8')) as {version: string}).version;
  const parent = path.join(repoRoot, '.cache', 'site-bench');
  const name = `docusaurus-classic-${version}`;
  const site = path.join(parent, name);
  const dir = path.join(site, 'build');
  if (fs.existsSync(path.join(dir, `${TEMPLATE_DOC_PAGE.slice(1)}/index.html`))) return {dir, version};
  fs.mkdirSync(parent, {recursive: true});
  fs.rmSync(site, {recursive: true, force: true});
  console.log(`bare template: creating the Docusaurus ${version} classic template in ${path.relative(repoRoot, site)} ...`);
  run('npx', ['--yes', `create-docusaurus@${version}`, name, 'classic', '--javascript', '--skip-install'], parent);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], site);
  run('npx', ['docusaurus', 'build'], site);
  return {dir, version};
}
