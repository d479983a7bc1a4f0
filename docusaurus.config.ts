import fs from 'node:fs';
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {LOCALES, DEFAULT_LOCALE} from './i18n/locales';
import {searchLanguages} from './scripts/i18n/search-languages';
import {codeThemes} from './src/css/codeThemes';
import remarkHighlight from './src/plugins/code-highlight/remark';

/** Prism languages beyond prism-react-renderer's own; code is highlighted at build time (src/plugins/code-highlight). */
const PRISM_LANGUAGES = ['bash', 'yaml', 'json'];

/**
 * The site's title in the locale being built: the navbar title's translation
 * (i18n/<locale>/docusaurus-theme-classic/navbar.json), so the browser tab of
 * a Korean or Chinese page does not end in English. Docusaurus loads this
 * config once per locale and sets DOCUSAURUS_CURRENT_LOCALE before it does.
 */
function siteTitle(english: string): string {
  const locale = process.env.DOCUSAURUS_CURRENT_LOCALE;
  if (!locale || locale === DEFAULT_LOCALE) return english;
  try {
    const navbar = JSON.parse(fs.readFileSync(path.join(__dirname, 'i18n', locale, 'docusaurus-theme-classic', 'navbar.json'), 'utf8')) as {title?: {message?: string}};
    return navbar.title?.message || english;
  } catch {
    return english;
  }
}

const config: Config = {
  title: siteTitle('K8s Network Benchmarks'),
  tagline: 'Reproducible CNI benchmarks: every figure comes from a versioned dataset',
  favicon: 'img/favicon.svg',
  url: process.env.SITE_URL ?? 'https://k8s-network-benchmarks.example.org',
  baseUrl: process.env.BASE_URL ?? '/',
  trailingSlash: false,

  future: {
    // Rspack, SWC and Lightning CSS instead of webpack, Babel and cssnano; SSG in worker threads.
    // Cuts the cold 3-locale build several-fold (bench:site measures the cold build: site_build_time).
    faster: true,
    // Required by the SSG worker threads above; the other v4 flags change CSS layering and
    // MDX syntax, which this site does not need to opt into yet.
    v4: {removeLegacyPostBuildHeadAttribute: true},
    // No page shows a last-update date or author, so the build need not read the Git history
    // (with faster, it reads the whole repository's history once, before the first locale).
    experimental_vcs: false,
  },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {hooks: {onBrokenMarkdownLinks: 'throw'}},

  i18n: {
    defaultLocale: DEFAULT_LOCALE,
    locales: Object.keys(LOCALES),
    localeConfigs: LOCALES,
  },

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          routeBasePath: 'docs',
          remarkPlugins: [[remarkHighlight, {languages: PRISM_LANGUAGES}]],
          showLastUpdateTime: false,
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {changefreq: 'weekly', priority: 0.5},
      } satisfies Preset.Options,
    ],
  ],

  headTags: [
    {
      // No first paint of half a navbar: the browser may paint a page before it has parsed it all,
      // and the navbar's right-hand items (languages, search, colour switch) would then grow
      // leftwards as they arrive. Rendering waits until the main part begins (some 10 KB in),
      // so the first paint has the whole navbar. Browsers without rel=expect ignore it.
      tagName: 'link',
      attributes: {rel: 'expect', href: '#__docusaurus_skipToContent_fallback', blocking: 'render'},
    },
    {
      // Without JavaScript: a chart's static table shows every row (no fixed-height box that
      // hides some, nor one the browser skips drawing), and controls that only work with JavaScript are not shown.
      // Nor are the phone menu button, the search box, the colour switch (disabled), "On this page" and the
      // sidebar's expander buttons: on phones the menu under the navbar (src/theme/Navbar) takes their place,
      // and the language menu opens on keyboard focus as it does on hover.
      tagName: 'noscript',
      attributes: {},
      innerHTML: `<style>${[
        '[data-static-plot]{height:auto!important;overflow:visible!important;content-visibility:visible!important}',
        '[data-needs-js]{display:none!important}',
        '.navbar__toggle,.navbar__search,.navbar button:disabled,.theme-doc-toc-mobile,.menu__caret{display:none!important}',
        '.dropdown--hoverable:focus-within .dropdown__menu{opacity:1;pointer-events:all;transform:translateY(-1px);visibility:visible}',
        '@media (max-width:996px){.nojs-menu{display:block!important}}',
        // Searching runs in the browser: the search page's field gives way to a note saying so (src/components/NoJsSearchNote).
        'input[type=search],select[name=search-context]{display:none!important}',
        '.nojs-note{display:block!important}',
      ].join('')}</style>`,
    },
  ],

  plugins: [
    './src/plugins/bench-data/index.ts',
    './src/plugins/script-downloads/index.ts',
    './src/plugins/code-highlight/index.ts',
    './src/plugins/chart-link-view/index.ts',
    './src/plugins/chart-drawings/index.ts',
    './src/plugins/postcss-options/index.ts',
  ],

  themes: [
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        // lunr stemmers for the site's locales; see scripts/i18n/search-languages.ts
        language: searchLanguages(Object.keys(LOCALES)),
        // The theme's "ctrl K" hint fails WCAG AA contrast; the shortcut still works.
        searchBarShortcutHint: false,
        indexBlog: false,
        docsRouteBasePath: '/docs',
        highlightSearchTermsOnTargetPage: true,
        explicitSearchResultPath: true,
      },
    ],
  ],

  themeConfig: {
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: 'K8s Network Benchmarks',
      // Empty alt: the title beside the logo already names the site.
      // Width and height reserve the logo's box before the SVG arrives; without them the
      // title moves 32 px right when it loads (a layout shift on every page, seen on the EKS report).
      logo: {alt: '', src: 'img/favicon.svg', width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'reports', position: 'left', label: 'Reports'},
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Benchmarks',
          items: [{label: 'Suites and datasets', to: '/docs/'}],
        },
      ],
      copyright: 'Benchmark data and reports under CC BY 4.0; code under Apache-2.0.',
    },
    prism: {
      theme: codeThemes.light,
      darkTheme: codeThemes.dark,
      additionalLanguages: PRISM_LANGUAGES,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
