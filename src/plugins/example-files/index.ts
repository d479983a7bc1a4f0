/**
 * example-files: a local Docusaurus plugin that highlights the example files
 * under examples/ (shell and YAML) at build time, so the pages that show them
 * run no Prism in the browser.
 *
 *   import runBenchmark from '@example-file/eks-cni/run-benchmark.sh';
 *   <ExampleFile file={runBenchmark} />
 *
 * The module gives {path, language, code, html}. Docusaurus' CodeBlock would
 * tokenise each file in the browser twice (at hydration, then again when it
 * re-renders for the colour mode) and hydrate one element per token: about
 * 350k JavaScript calls at load on the EKS report (issue 16). Here the tokens
 * are HTML made once, and `tokens.css` colours them from the site's Prism
 * themes for both colour modes, right from the first paint.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {codeThemes} from '../../css/codeThemes';
import {highlightToHtml, loadLanguages, tokenCss} from './highlight';
import {EXAMPLE_CODE_CLASS, type ExampleFile} from './file';

/** The example files' languages, by extension; other files are not highlighted. */
const LANGUAGES: Record<string, string> = {'.sh': 'bash', '.yaml': 'yaml', '.yml': 'yaml'};

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listFiles(p);
    return LANGUAGES[path.extname(e.name)] ? [p] : [];
  });
}

type Loaded = ExampleFile & {combinations: Set<string>};

export default function exampleFilesPlugin(context: LoadContext): Plugin<Loaded[]> {
  const examplesDir = path.join(context.siteDir, 'examples');
  const outDir = path.join(context.generatedFilesDir, 'example-files', 'default');
  const prism = (context.siteConfig.themeConfig as {prism?: {additionalLanguages?: string[]}}).prism;
  return {
    name: 'example-files',

    getPathsToWatch() {
      return [path.join(examplesDir, '**/*')];
    },

    async loadContent() {
      loadLanguages(prism?.additionalLanguages ?? []);
      return listFiles(examplesDir)
        .sort()
        .map((file) => {
          const rel = path.relative(context.siteDir, file).split(path.sep).join('/');
          const language = LANGUAGES[path.extname(file)];
          const code = fs.readFileSync(file, 'utf8');
          try {
            return {path: rel, language, code, ...highlightToHtml(code, language)};
          } catch (e) {
            throw new Error(`example-files: ${rel}: ${(e as Error).message}`);
          }
        });
    },

    async contentLoaded({content, actions}) {
      const combinations = new Map<string, Set<string>>();
      for (const {path: rel, language, code, html, combinations: used} of content) {
        const module: ExampleFile = {path: rel, language, code, html};
        await actions.createData(`${path.posix.relative('examples', rel)}.js`, `export default ${JSON.stringify(module)};`);
        const set = combinations.get(language) ?? new Set<string>();
        used.forEach((c) => set.add(c));
        combinations.set(language, set);
      }
      await actions.createData('tokens.css', tokenCss(EXAMPLE_CODE_CLASS, codeThemes, combinations));
    },

    configureWebpack() {
      return {resolve: {alias: {'@example-file': outDir}}};
    },
  };
}
