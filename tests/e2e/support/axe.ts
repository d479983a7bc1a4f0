/** axe-core accessibility check with WCAG 2 A/AA rules and a readable failure. */
import AxeBuilder from '@axe-core/playwright';
import {expect, type Page} from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa'];

export interface AxeOptions {
  /** CSS selectors to limit the scan to (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out. */
  exclude?: string[];
  /** Record a violation and go on (expect.soft), so a loop over pages reports them all. */
  soft?: boolean;
}

export async function expectNoA11yViolations(page: Page, {include = [], exclude = [], soft = false}: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({page}).withTags(WCAG_TAGS);
  for (const sel of include) builder = builder.include(sel);
  for (const sel of exclude) builder = builder.exclude(sel);
  const {violations} = await builder.analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`,
  );
  (soft ? expect.soft : expect)(report, `axe violations on ${page.url()}`).toEqual([]);
}
