/**
 * Build-time Prism highlighting for the example-files plugin: the same tokens
 * Docusaurus' CodeBlock makes in the browser (prism-react-renderer's Prism and
 * normalizeTokens, the site's additional languages), written once as HTML with
 * Docusaurus' markup (one `token-line` per line, `token <types>` per token), and
 * the CSS that colours them from the site's Prism themes.
 *
 * Colours: prism-react-renderer merges the styles of a token's types in order, the
 * last type winning (a `variable` inside a `string` has the variable's colour). A
 * stylesheet of one rule per type would let the later *rule* win instead, so the CSS
 * has one rule per class combination that occurs, listing every property the merge
 * gives (and resetting the others): the combination's selector is the most specific
 * one matching its tokens, so each token gets exactly the browser renderer's style.
 */
import {createRequire} from 'node:module';
import {Prism, normalizeTokens, type PrismTheme} from 'prism-react-renderer';

/** The token style properties Prism themes set; a combination's rule gives each a value. */
const PROPERTIES = {color: 'inherit', fontStyle: 'normal', fontWeight: 'inherit', textDecorationLine: 'none', opacity: '1'} as const;
type Property = keyof typeof PROPERTIES;

const require = createRequire(__filename);

/**
 * Load the site's `themeConfig.prism.additionalLanguages` into prism-react-renderer's Prism,
 * as Docusaurus' prism-include-languages does in the browser (Prism components register
 * on a global Prism).
 */
export function loadLanguages(languages: readonly string[]): void {
  const g = globalThis as {Prism?: unknown};
  const before = g.Prism;
  g.Prism = Prism;
  try {
    for (const lang of languages) if (!Prism.languages[lang]) require(`prismjs/components/prism-${lang}`);
  } finally {
    if (before === undefined) delete g.Prism;
    else g.Prism = before;
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface Highlighted {
  html: string;
  /** Class lists of the styled tokens, e.g. "token string variable". */
  combinations: Set<string>;
}

/** `code` as Docusaurus' CodeBlock lines, tokens as classed spans, no inline style. */
export function highlightToHtml(code: string, language: string): Highlighted {
  const grammar = Prism.languages[language];
  if (!grammar) throw new Error(`no Prism grammar "${language}" (add it to themeConfig.prism.additionalLanguages)`);
  const magic = /(?:#|\/\/|<!--)\s*highlight-(?:next-line|start|end)\b/.exec(code);
  if (magic) throw new Error(`"${magic[0]}": line-highlight comments are not supported in build-time highlighted code`);
  // CodeBlock drops the final line break before tokenising (parseLines); so do we.
  const lines = normalizeTokens(Prism.tokenize(code.replace(/\r?\n$/, ''), grammar));
  const combinations = new Set<string>();
  const html = lines
    .map((line) => {
      const tokens = line
        .filter((t) => !t.empty)
        .map((t) => {
          if (t.types.length === 1 && t.types[0] === 'plain') return `<span class="token plain">${escapeHtml(t.content)}</span>`;
          const classes = ['token', ...t.types].join(' ');
          combinations.add(classes);
          return `<span class="${classes}">${escapeHtml(t.content)}</span>`;
        });
      return `<div class="token-line">${tokens.join('')}<br></div>`;
    })
    .join('');
  return {html, combinations};
}

const cssName = (p: string) => p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** What prism-react-renderer's getTokenProps gives a token of these types: theme styles merged in type order. */
export function tokenStyle(theme: PrismTheme, types: readonly string[], language: string): Partial<Record<Property, string>> {
  const byType = new Map<string, Record<string, unknown>>();
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types) byType.set(type, {...byType.get(type), ...entry.style});
  }
  const merged: Record<string, unknown> = Object.assign({}, ...types.map((t) => byType.get(t)));
  const style: Partial<Record<Property, string>> = {};
  for (const p of Object.keys(PROPERTIES) as Property[]) if (merged[p] !== undefined) style[p] = String(merged[p]);
  return style;
}

/**
 * CSS for the highlighted blocks under `scope` (a class), per colour mode: the block's
 * plain colour and background, and one complete rule per language and token class combination.
 */
export function tokenCss(scope: string, themes: Record<'light' | 'dark', PrismTheme>, combinations: ReadonlyMap<string, ReadonlySet<string>>): string {
  const rules: string[] = [];
  for (const [mode, theme] of Object.entries(themes)) {
    const root = `[data-theme='${mode}'] .${scope}`;
    // !important: Docusaurus' container sets these inline for the server-rendered colour mode (light) until it re-renders.
    rules.push(`${root}{--prism-color:${theme.plain.color} !important;--prism-background-color:${theme.plain.backgroundColor} !important}`);
    for (const [language, set] of [...combinations].sort(([a], [b]) => a.localeCompare(b))) {
      for (const classes of [...set].sort()) {
        const style = tokenStyle(theme, classes.split(' ').slice(1), language);
        const decls = (Object.keys(PROPERTIES) as Property[]).map((p) => `${cssName(p)}:${style[p] ?? PROPERTIES[p]}`);
        rules.push(`${root} .language-${language} .${classes.split(' ').join('.')}{${decls.join(';')}}`);
      }
    }
  }
  return `${rules.join('\n')}\n`;
}
