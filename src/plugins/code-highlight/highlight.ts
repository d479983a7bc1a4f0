/**
 * Build-time Prism highlighting: the tokens Docusaurus' CodeBlock would make in
 * the browser (prism-react-renderer's Prism and normalizeTokens, with the site's
 * additional languages), written once as HTML in Docusaurus' markup (one
 * `token-line` per line, `token <types>` per token), and the CSS that colours
 * them from the site's Prism themes in both colour modes.
 *
 * Colours: prism-react-renderer gives a token the theme styles of its types
 * merged in order, so each property comes from one theme entry (the last entry
 * naming the last of the token's types that sets it). Each token carries that
 * entry's number per colour mode and property as a class (`lc7`: light colour
 * from entry 7; `ds6`: dark font style from entry 6), and the stylesheet has one
 * rule per theme entry and property: exactly the browser renderer's styles,
 * whatever the mix of types, with a stylesheet that depends on the themes only.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {Prism, normalizeTokens, type PrismTheme} from 'prism-react-renderer';

/** The style properties Prism themes set, with the letter that names each in a token class. */
const PROPERTIES = {color: 'c', fontStyle: 's', fontWeight: 'w', textDecorationLine: 't', opacity: 'o'} as const;
type Property = keyof typeof PROPERTIES;

export type CodeThemes = Record<'light' | 'dark', PrismTheme>;
const MODE_LETTER = {light: 'l', dark: 'd'} as const;

/** `require` as Docusaurus' theme (preset-classic's theme-classic) does it, so Prism components come from the prismjs it uses. */
function requireFromTheme(): NodeJS.Require {
  const here = createRequire(__filename);
  const preset = path.dirname(here.resolve('@docusaurus/preset-classic/package.json'));
  return createRequire(here.resolve('@docusaurus/theme-classic/package.json', {paths: [preset]}));
}

/**
 * Load the site's `themeConfig.prism.additionalLanguages` into prism-react-renderer's Prism,
 * as Docusaurus' prism-include-languages does in the browser (Prism components register
 * on a global Prism).
 */
export function loadLanguages(languages: readonly string[]): void {
  const require = requireFromTheme();
  const g = globalThis as {Prism?: unknown};
  const before = g.Prism;
  g.Prism = Prism;
  try {
    for (const lang of languages) {
      // Run the component again even if Node has it cached: it registers on whatever Prism is global now.
      const component = require.resolve(`prismjs/components/prism-${lang}`);
      delete require.cache[component];
      require(component);
    }
  } finally {
    if (before === undefined) delete g.Prism;
    else g.Prism = before;
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** For one theme and language: per token type, per property, the number of the theme entry that styles it. */
type EntryIndex = Map<string, Partial<Record<Property, number>>>;

function entryIndex(theme: PrismTheme, language: string): EntryIndex {
  const byType: EntryIndex = new Map();
  theme.styles.forEach((entry, i) => {
    if (entry.languages && !entry.languages.includes(language)) return;
    for (const type of entry.types) {
      const props = byType.get(type) ?? {};
      for (const p of Object.keys(PROPERTIES) as Property[]) if (entry.style[p] !== undefined) props[p] = i;
      byType.set(type, props);
    }
  });
  return byType;
}

/** The classes that give a token of these types its colours: the merge prism-react-renderer's getTokenProps does. */
function styleClasses(types: readonly string[], indexes: ReadonlyArray<[letter: string, index: EntryIndex]>): string[] {
  const classes: string[] = [];
  for (const [mode, index] of indexes) {
    const merged: Partial<Record<Property, number>> = Object.assign({}, ...types.map((t) => index.get(t)));
    for (const p of Object.keys(PROPERTIES) as Property[]) if (merged[p] !== undefined) classes.push(`${mode}${PROPERTIES[p]}${merged[p]}`);
  }
  return classes;
}

/**
 * `code` as Docusaurus' CodeBlock lines, tokens as classed spans, no inline style.
 * A language Prism has no grammar for is plain text, as in the browser.
 */
export function highlightToHtml(code: string, language: string, themes: CodeThemes): string {
  const magic = /(?:#|\/\/|<!--)\s*highlight-(?:next-line|start|end)\b/.exec(code);
  if (magic) throw new Error(`"${magic[0]}": line-highlight comments are not supported in build-time highlighted code`);
  // CodeBlock drops the final line break before tokenising (parseLines); so do we.
  const text = code.replace(/\r?\n$/, '');
  const grammar = Prism.languages[language];
  const lines = normalizeTokens(grammar ? Prism.tokenize(text, grammar) : [text]);
  const indexes = (Object.keys(MODE_LETTER) as (keyof CodeThemes)[]).map((m) => [MODE_LETTER[m], entryIndex(themes[m], language)] as [string, EntryIndex]);
  return lines
    .map((line) => {
      const tokens = line
        .filter((t) => !t.empty)
        .map((t) => {
          const plain = t.types.length === 1 && t.types[0] === 'plain';
          const classes = ['token', ...t.types, ...(plain ? [] : styleClasses(t.types, indexes))];
          return `<span class="${classes.join(' ')}">${escapeHtml(t.content)}</span>`;
        });
      return `<div class="token-line">${tokens.join('')}<br></div>`;
    })
    .join('');
}

const cssName = (p: string) => p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * CSS for the highlighted blocks under `scope` (a class), per colour mode: the block's
 * plain colour and background, and one rule per theme entry and property it sets.
 */
export function tokenCss(scope: string, themes: CodeThemes): string {
  const rules: string[] = [];
  for (const mode of Object.keys(MODE_LETTER) as (keyof CodeThemes)[]) {
    const theme = themes[mode];
    const root = `[data-theme='${mode}'] .${scope}`;
    // !important: Docusaurus' container sets these inline for the server-rendered colour mode (light) until it re-renders.
    rules.push(`${root}{--prism-color:${theme.plain.color} !important;--prism-background-color:${theme.plain.backgroundColor} !important}`);
    theme.styles.forEach((entry, i) => {
      for (const p of Object.keys(PROPERTIES) as Property[]) {
        if (entry.style[p] !== undefined) rules.push(`${root} .${MODE_LETTER[mode]}${PROPERTIES[p]}${i}{${cssName(p)}:${entry.style[p]}}`);
      }
    });
  }
  return `${rules.join('\n')}\n`;
}
