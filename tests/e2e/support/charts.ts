/** Opening a report and waiting for its charts to draw, shared by the chart specs. */
import type {Locator, Page} from '@playwright/test';
import {expect} from '@playwright/test';
import {DEFAULT_LOCALE, localePath} from './site';

export const REPORTS = ['/docs/benchmarks/eks-cni', '/docs/benchmarks/tke-cilium', '/docs/benchmarks/local', '/docs/benchmarks/kube-proxy'];

export async function openReport(page: Page, route: string, locale = DEFAULT_LOCALE): Promise<void> {
  const response = await page.goto(localePath(locale, route));
  expect(response?.status(), `HTTP status of ${route}`).toBe(200);
  await page.waitForLoadState('networkidle');
}

/** Every chart figure of the page, each scrolled to until its panels have drawn. */
export async function drawnFigures(page: Page): Promise<Locator[]> {
  const figures = await page.locator('figure[data-chart]').all();
  const drawn: Locator[] = [];
  for (const figure of figures) {
    await figure.scrollIntoViewIfNeeded();
    // Figures without panels (tables such as the TKE at-a-glance) have nothing to draw.
    if ((await figure.locator('[data-panel]').count()) === 0) continue;
    await expect(figure.locator('[data-panel] svg.recharts-surface').first(), `${await figure.getAttribute('data-chart')} draws`).toBeVisible({timeout: 15_000});
    await expect(figure.locator('[data-panel] svg.recharts-surface')).toHaveCount(await figure.locator('[data-panel]').count(), {timeout: 15_000});
    drawn.push(figure);
  }
  return drawn;
}
