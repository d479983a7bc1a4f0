/**
 * Code block colours (Prism), light and dark. Each is a prism-react-renderer theme with the
 * few token colours that missed WCAG AA contrast (4.5:1 against the block's background)
 * darkened or lightened: Lighthouse and axe report them on every page with a code block.
 * codeThemes.test.ts checks every token colour of both.
 */
import {themes, type PrismTheme} from 'prism-react-renderer';

function recolour(theme: PrismTheme, type: string, color: string): PrismTheme {
  return {...theme, styles: theme.styles.map((s) => (s.types.includes(type) ? {...s, style: {...s.style, color}} : s))};
}

export const codeThemes = {
  // vsLight's attribute names are pure red (4.0:1 on white).
  light: recolour(themes.vsLight, 'attr-name', 'rgb(200, 0, 0)'),
  // Dracula's comments are 3.0:1 on its background.
  dark: recolour(themes.dracula, 'comment', 'rgb(139, 151, 194)'),
};
