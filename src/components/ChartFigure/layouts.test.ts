/**
 * The layouts the drawings are made at and the container queries that pick one: the same
 * widths and thresholds in layouts.ts (the live chart) and styles.module.css (the drawing and
 * the box), so the live chart takes the drawing's place at the drawing's layout.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {LAYOUTS, layoutFor} from './layouts';

const css = fs.readFileSync(path.join(__dirname, 'styles.module.css'), 'utf8');

/** Each `@container (min-width: Npx) { ... }` block: threshold -> frame aspect width and the layouts shown. */
function containerRules(): Map<number, {aspect: number[]; shown: number[]}> {
  const rules = new Map<number, {aspect: number[]; shown: number[]}>();
  for (const [, from, body] of css.matchAll(/@container \(min-width: (\d+)px\) \{([\s\S]*?)\n\}/g)) {
    const rule = rules.get(Number(from)) ?? {aspect: [], shown: []};
    for (const [, w] of body.matchAll(/\.frame \{\s*aspect-ratio: (\d+) \/ var\(--plot-height\)/g)) rule.aspect.push(Number(w));
    for (const [, w] of body.matchAll(/\.layout\[data-layout='(\d+)'\] \{\s*display: block;/g)) rule.shown.push(Number(w));
    rules.set(Number(from), rule);
  }
  return rules;
}

describe('chart layouts', () => {
  it('the stylesheet picks each layout from the width layouts.ts uses it from', () => {
    const rules = containerRules();
    const [first, ...rest] = LAYOUTS;
    expect(css).toMatch(new RegExp(`\\.frame \\{[^}]*aspect-ratio: ${first.width} / var\\(--plot-height\\)`));
    expect(css).toMatch(new RegExp(`\\.layout\\[data-layout='${first.width}'\\] \\{\\s*display: block;`));
    expect([...rules.keys()].sort((a, b) => a - b)).toEqual(rest.map((l) => l.from));
    for (const l of rest) expect(rules.get(l.from), `@container (min-width: ${l.from}px)`).toEqual({aspect: [l.width], shown: [l.width]});
  });

  it('gives a plot the widest layout it has reached', () => {
    expect(layoutFor(300).width).toBe(LAYOUTS[0].width);
    for (const l of LAYOUTS) {
      expect(layoutFor(l.from).width).toBe(l.width);
      if (l.from > 0) expect(layoutFor(l.from - 1).width).not.toBe(l.width);
    }
  });
});
