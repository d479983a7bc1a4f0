/**
 * postcss-options: how Docusaurus' postcss-loader treats this site's CSS, for the build's speed.
 *
 * The site has no PostCSS config file, and every option the loader needs comes from
 * Docusaurus; left to itself the loader still searches the directories above each CSS
 * file for one (cosmiconfig, some 27 file names per directory): about a second of CPU in
 * a cold build of one locale here. `config: false` skips that search.
 */
import type {Plugin} from '@docusaurus/types';

export default function postcssOptionsPlugin(): Plugin {
  return {
    name: 'postcss-options',
    configurePostCss: (options) => ({...options, config: false}),
  };
}
