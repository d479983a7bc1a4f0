/** axe-core accessibility check with WCAG 2 A/AA rules and a readable failure. */
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import {test, expect, type Page} from '@playwright/test';
import {COLOR_SCHEMES, useColorScheme} from './charts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa'];

/** The WCAG 2 A/AA rules whose verdict depends on colours (axe's cat.color: color-contrast, link-in-text-block). */
export const COLOUR_RULES = axe
  .getRules(WCAG_TAGS)
  .filter((r) => r.tags.includes('cat.color'))
  .map((r) => r.ruleId);

export interface AxeOptions {
  /** CSS selectors to limit the scan to (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out. */
  exclude?: string[];
  /** axe rule ids to run (default: every WCAG 2 A/AA rule). */
  rules?: string[];
  /** Record a violation and go on (expect.soft), so a loop over pages reports them all. */
  soft?: boolean;
}

export async function expectNoA11yViolations(page: Page, {include = [], exclude = [], rules, soft = false}: AxeOptions = {}): Promise<void> {
  // Details of violations only: axe then skips writing a selector and HTML excerpt for every
  // element that passes, a large part of a scan of a long page; the verdicts are the same.
  // Set first: options() replaces what withRules and withTags set.
  // Legacy mode: axe.run in the page itself. The default (runPartial in each frame, then
  // finishRun) opens a blank page for every scan, a renderer started and torn down each
  // time, about a second of CPU; legacy mode differs only in skipping cross-origin frames,
  // which the site has none of (checked here, so a scan never silently misses one).
  expect(crossOriginFrames(page), `cross-origin frames on ${page.url()} (axe's legacy mode would not scan them)`).toEqual([]);
  let builder = new AxeBuilder({page}).setLegacyMode().options({resultTypes: ['violations']});
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS);
  for (const sel of include) builder = builder.include(sel);
  for (const sel of exclude) builder = builder.exclude(sel);
  const {violations} = await builder.analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`,
  );
  (soft ? expect.soft : expect)(report, `axe violations on ${page.url()}`).toEqual([]);
}

/** URLs of the page's frames served from another origin than the page. */
function crossOriginFrames(page: Page): string[] {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

/** Every element's tag and whether it is rendered, in document order: what a scheme switch must not change. */
async function renderedElements(page: Page): Promise<string> {
  return page.evaluate(() => Array.from(document.querySelectorAll('*'), (el) => `${el.tagName}${el.checkVisibility() ? '' : '-'}`).join(' '));
}

/**
 * axe in each colour scheme on one load of the page (soft: one run reports both), light
 * first. The switch restyles the page (the site follows the system scheme through
 * data-theme) and changes no element, so after every WCAG rule in the first scheme only the
 * colour rules run in the other; when the switch does add, remove, show or hide an element,
 * every rule runs in that scheme too.
 */
export async function expectNoA11yViolationsInEachScheme(page: Page, scope: Pick<AxeOptions, 'include' | 'exclude'> = {}): Promise<void> {
  const [first, ...others] = COLOR_SCHEMES;
  await useColorScheme(page, first);
  const elements = await renderedElements(page);
  await test.step(`${page.url()} ${first}`, () => expectNoA11yViolations(page, {...scope, soft: true}));
  for (const scheme of others) {
    await useColorScheme(page, scheme);
    const rules = (await renderedElements(page)) === elements ? COLOUR_RULES : undefined;
    await test.step(`${page.url()} ${scheme}${rules ? ' (colour rules)' : ''}`, () => expectNoA11yViolations(page, {...scope, rules, soft: true}));
  }
}
