import {describe, expect, it} from 'vitest';
import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import {codeThemes} from './codeThemes';

extend([a11yPlugin]);

describe('code block themes', () => {
  for (const [name, theme] of Object.entries(codeThemes)) {
    it(`${name}: every token colour reaches 4.5:1 against the background (WCAG AA)`, () => {
      const bg = theme.plain.backgroundColor as string;
      const colours = [{types: ['plain'], color: theme.plain.color as string}, ...theme.styles.filter((s) => s.style.color).map((s) => ({types: s.types, color: s.style.color as string}))];
      expect(colours.length).toBeGreaterThan(5);
      const low = colours.filter((c) => colord(c.color).contrast(bg) < 4.5).map((c) => `${c.types.join(',')} ${c.color}: ${colord(c.color).contrast(bg)}`);
      expect(low).toEqual([]);
    });
  }
});
