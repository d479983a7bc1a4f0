/**
 * code-highlight: every code block of the site is highlighted at build time, and
 * the browser loads no Prism at all.
 *
 * Why: prism-react-renderer defines all its bundled grammars when it is imported
 * (Prism's insertBefore walks every grammar loaded so far, each time): about
 * 358k JavaScript calls on every page load, the plain doc page included, before
 * a single block is highlighted; Docusaurus' CodeBlock then tokenises each block
 * twice (hydration, and a re-render for the colour mode) and hydrates one
 * element per token.
 *
 * - Fenced blocks in Markdown: ./remark.ts adds the highlighted HTML to each
 *   fence; src/theme/CodeBlock passes it down to src/theme/CodeBlock/Content.
 * - Example files (examples/, shell and YAML): this plugin makes a module per
 *   file, `import file from '@example-file/eks-cni/run-benchmark.sh'` giving
 *   {path, language, code, html}, shown with <ExampleFile file={file} />.
 * - `@code-highlight/tokens.css` colours the tokens from the site's Prism themes
 *   (src/css/codeThemes.ts) in both colour modes, right from the first paint.
 * - Docusaurus' prism-include-languages client module (it imports Prism on every
 *   page to add the site's languages) is left out of the bundles.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {codeThemes} from '../../css/codeThemes';
import {highlightToHtml, loadLanguages, tokenCss} from './highlight';
import {HIGHLIGHTED_CLASS, type ExampleFile} from './file';

/** The example files' languages, by extension; other files under examples/ are not modules. */
const LANGUAGES: Record<string, string> = {'.sh': 'bash', '.yaml': 'yaml', '.yml': 'yaml'};

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listFiles(p);
    return LANGUAGES[path.extname(e.name)] ? [p] : [];
  });
}

/** The client module theme-classic registers on every page (see its getClientModules), as the generated import names it. */
function prismClientModule(): string {
  const here = createRequire(__filename);
  const preset = path.dirname(here.resolve('@docusaurus/preset-classic/package.json'));
  const theme = path.dirname(here.resolve('@docusaurus/theme-classic/package.json', {paths: [preset]}));
  return path.join(theme, 'lib', 'prism-include-languages');
}

export default function codeHighlightPlugin(context: LoadContext): Plugin<ExampleFile[]> {
  const examplesDir = path.join(context.siteDir, 'examples');
  const outDir = path.join(context.generatedFilesDir, 'code-highlight', 'default');
  const prism = (context.siteConfig.themeConfig as {prism?: {additionalLanguages?: string[]}}).prism;
  return {
    name: 'code-highlight',

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
            return {path: rel, language, code, html: highlightToHtml(code, language, codeThemes)};
          } catch (e) {
            throw new Error(`code-highlight: ${rel}: ${(e as Error).message}`);
          }
        });
    },

    async contentLoaded({content, actions}) {
      for (const file of content) {
        await actions.createData(`examples/${path.posix.relative('examples', file.path)}.js`, `export default ${JSON.stringify(file)};`);
      }
      await actions.createData('tokens.css', tokenCss(HIGHLIGHTED_CLASS, codeThemes));
    },

    configureWebpack() {
      return {
        resolve: {
          alias: {
            '@example-file': path.join(outDir, 'examples'),
            '@code-highlight/tokens.css': path.join(outDir, 'tokens.css'),
            [`${prismClientModule()}$`]: false,
          },
        },
      };
    },
  };
}
