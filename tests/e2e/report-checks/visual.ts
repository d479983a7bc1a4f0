/**
 * Visual regression: each chart figure of the EKS and TKE reports (default
 * locale, light and dark, 1280 px desktop) compared pixel by pixel with its
 * committed baseline in tests/e2e/__screenshots__/report-pages.spec.ts/
 * (registered per page by report-pages.spec.ts, so the baselines sit under its name). The
 * tolerance is set once in playwright.config.ts (expect.toHaveScreenshot).
 *
 *   npm run test:visual           # compare (needs a build: npm run build)
 *   npm run test:visual:update    # rewrite the baselines that changed, after a deliberate change
 *
 * A deliberate change is any change to a chart's look or to what it shows: the
 * palette, labels, layout, and a new dataset version (the figures and the
 * provenance line change). Review the new pictures, then commit them with it.
 *
 * Deterministic by construction: the charts draw without animation
 * (isAnimationActive={false}), pictures wait for web fonts and two identical
 * consecutive frames, the viewport is fixed and the browser is Debian's
 * Chromium. Baselines are of that Chromium on Linux: another browser build
 * renders text differently and needs its own baselines.
 */
import {test, expect, localePath, DEFAULT_LOCALE} from '../support/fixtures';
import {pageSlug, useColorScheme} from '../support/charts';

const PAGES = ['/docs/benchmarks/eks-cni', '/docs/benchmarks/tke-cilium'];

export function visualChecks(route: string, locale: string): void {
  if (locale !== DEFAULT_LOCALE || !PAGES.includes(route)) return;
  for (const scheme of ['light', 'dark'] as const) {
    test(`charts of ${route} match their baselines (${scheme}) @visual`, async ({drawnPages}) => {
      test.setTimeout(300_000);
      const {page, figures} = await drawnPages.open(localePath(locale, route));
      await useColorScheme(page, scheme);
      expect(figures.length, `chart figures on ${route}`).toBeGreaterThan(0);
      for (const figure of figures) {
        const chart = await figure.getAttribute('data-chart');
        // Soft: one run lists every chart that changed, not only the first.
        // A picture is taken when two consecutive captures match; at load 12+ that can take longer than 15 s.
        await expect.soft(figure, `${chart} (${scheme})`).toHaveScreenshot(`${pageSlug(route)}-${chart}-${scheme}.png`, {timeout: 60_000});
      }
    });
  }
}
