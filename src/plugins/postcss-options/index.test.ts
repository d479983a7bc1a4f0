/**
 * postcss-options applied to the options Docusaurus itself gives postcss-loader: the config
 * file search is off, and what Docusaurus asked for (postcss-preset-env, which adds the
 * vendor prefixes the site's browsers need) is kept.
 */
import {describe, expect, it} from 'vitest';
import {createStyleLoadersFactory} from '@docusaurus/bundler/lib/loaders/styleLoader';
import postcssOptionsPlugin from './index';

type Loader = {loader: string; options?: {postcssOptions?: Record<string, unknown>}};

describe('postcss-options', () => {
  it('turns the config search off and keeps Docusaurus\' PostCSS plugins', async () => {
    const getStyleLoaders = await createStyleLoadersFactory({currentBundler: {name: 'webpack', instance: (await import('webpack')).default}} as never);
    const postcss = (getStyleLoaders(false, {}) as Loader[]).find((l) => l.loader.includes('postcss-loader'));
    const docusaurusOptions = postcss?.options?.postcssOptions;
    expect(docusaurusOptions?.plugins).toBeDefined();
    const ours = postcssOptionsPlugin().configurePostCss!(docusaurusOptions as never) as Record<string, unknown>;
    expect(ours.config).toBe(false);
    expect(JSON.stringify(ours.plugins)).toContain('postcss-preset-env');
    expect(ours.plugins).toEqual(docusaurusOptions?.plugins);
  });
});
