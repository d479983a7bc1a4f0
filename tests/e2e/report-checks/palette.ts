/**
 * One visual language per suite, read from the rendered SVG in light and dark mode: every
 * scenario (EKS A-E, a TKE cluster, a kube-proxy mode) is drawn in one colour on every
 * chart and chart table of a page, no two scenarios share a colour, the baseline (the
 * dataset's first scenario) is a neutral grey, no legend shows one colour twice, and the
 * hatch on flagged bars is striped in the panel's background colour of the theme. Default
 * locale only (the colours are the same in every language); registered per page by
 * report-pages.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, DATA_DIR, DEFAULT_LOCALE, localePath} from '../support/fixtures';
import {COLOR_SCHEMES, useColorScheme} from '../support/charts';

interface Drawn {
  scenario: string;
  variant: number;
  colour: string;
  where: string;
}

interface LegendEntry {
  series: string;
  byScenario: boolean;
  variant: number;
  colour: string;
}

export function paletteChecks(route: string, locale: string): void {
  if (locale !== DEFAULT_LOCALE) return;
  for (const theme of COLOR_SCHEMES)
    test(`${route} (${theme}): a scenario keeps one colour on every chart, legends repeat none @smoke`, async ({drawnPages}) => {
      test.setTimeout(300_000);
      const {page, figures} = await drawnPages.open(localePath(locale, route));
      await useColorScheme(page, theme);
      expect(figures.length, 'charts on the page').toBeGreaterThan(0);

      // Bars, line points and swatches (legends, tooltips, data tables) name their scenario and variant.
      const drawn: Drawn[] = [];
      const legends: {chart: string; entries: LegendEntry[]}[] = [];
      for (const figure of figures) {
        const chart = (await figure.getAttribute('data-chart')) ?? '';
        const read = await figure.evaluate((fig) => {
          const colourOf = (el: Element): string => {
            const point = el.querySelector('[data-point]');
            if (point) {
              const style = getComputedStyle(point);
              return style.stroke !== 'none' && !point.closest('[data-mark="flagged"]') ? style.stroke : style.fill;
            }
            const line = el.querySelector('line[data-stroke]');
            if (line) return getComputedStyle(line).stroke;
            const fill = el.querySelector('[data-fill]');
            return fill ? getComputedStyle(fill).fill : '';
          };
          // Slots without a value (N/M, N/A) draw no bar.
          const marks = Array.from(fig.querySelectorAll('[data-scenario][data-variant]:not([data-mark="missing"])')).map((el) => ({
            scenario: el.getAttribute('data-scenario')!,
            variant: Number(el.getAttribute('data-variant')),
            colour: colourOf(el),
            where: el.closest('[role="group"]') ? 'legend' : el.closest('table') ? 'table' : 'plot',
          }));
          const legend = Array.from(fig.querySelectorAll('[role="group"] button[data-series]')).map((b) => {
            const swatch = b.querySelector('svg[data-swatch]')!;
            return {series: b.getAttribute('data-series')!, byScenario: swatch.hasAttribute('data-by-scenario'), variant: Number(swatch.getAttribute('data-variant')), colour: colourOf(swatch)};
          });
          return {marks, legend};
        });
        drawn.push(...read.marks.map((m) => ({...m, where: `${chart} ${m.where}`})));
        legends.push({chart, entries: read.legend});
      }

      // The suite's scenarios in dataset order, from the file the page was built with.
      const [suite, version] = ((await figures[0].getAttribute('data-dataset')) ?? '').split('@');
      const dataset = JSON.parse(fs.readFileSync(path.join(DATA_DIR, suite, `${version}.json`), 'utf8')) as {scenarios: {id: string}[]};
      const ids = dataset.scenarios.map((s) => s.id);

      const colours = new Map<string, Map<string, string[]>>();
      for (const d of drawn.filter((x) => x.variant === 0)) {
        const byColour = colours.get(d.scenario) ?? new Map<string, string[]>();
        byColour.set(d.colour, [...(byColour.get(d.colour) ?? []), d.where]);
        colours.set(d.scenario, byColour);
      }
      expect([...colours.keys()].sort(), 'scenarios drawn on the page').toEqual([...ids].sort());
      for (const [scenario, byColour] of colours) {
        const places = Object.fromEntries([...byColour].map(([c, where]) => [c, [...new Set(where)]]));
        expect(byColour.size, `${scenario} is drawn in one colour: ${JSON.stringify(places)}`).toBe(1);
      }
      const scenarioColour = new Map([...colours].map(([s, byColour]) => [s, [...byColour.keys()][0]]));
      expect(new Set(scenarioColour.values()).size, `no two scenarios share a colour: ${JSON.stringify([...scenarioColour])}`).toBe(ids.length);
      const [r, g, b] = (scenarioColour.get(ids[0])!.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      expect(Math.max(r, g, b) - Math.min(r, g, b), `baseline ${ids[0]} is neutral: ${scenarioColour.get(ids[0])}`).toBeLessThanOrEqual(4);
      // A later variant of one scenario (keepalive after close) is a shade of its colour, never another scenario's colour.
      for (const d of drawn.filter((x) => x.variant > 0 && x.scenario))
        expect([...scenarioColour].filter(([s, c]) => s !== d.scenario && c === d.colour), `${d.where}: ${d.scenario} variant ${d.variant}`).toEqual([]);

      for (const {chart, entries} of legends) {
        const coloured = entries.filter((e) => !e.byScenario).map((e) => e.colour);
        expect(new Set(coloured).size, `${chart}: legend colours ${JSON.stringify(entries)}`).toBe(coloured.length);
        // Series drawn in every scenario's colour are told apart by texture.
        const textures = entries.filter((e) => e.byScenario).map((e) => e.variant);
        expect(new Set(textures).size, `${chart}: legend textures ${JSON.stringify(entries)}`).toBe(textures.length);
      }

      // A flagged bar's hatch is striped in the panel's own colour, in this theme too.
      const hatches = await page.locator('figure[data-chart]:has([data-mark="flagged"] rect[fill*="-hatch"])').evaluateAll((figs) =>
        figs.map((fig) => {
          // "rgb(36, 37, 38)" or "color(srgb 0.14 0.145 0.15 / 0.8)" as 0-255 channels, alpha left out.
          const rgb = (c: string) => {
            const n = (c.match(/[\d.]+/g) ?? []).map(Number);
            return (c.startsWith('color(') ? n.slice(0, 3).map((v) => v * 255) : n.slice(0, 3)).map(Math.round);
          };
          let bg: Element | null = fig;
          while (bg && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(bg).backgroundColor)) bg = bg.parentElement;
          const stripe = fig.querySelector('pattern[id$="-hatch"] line');
          return {chart: fig.getAttribute('data-chart'), stripe: stripe ? rgb(getComputedStyle(stripe).stroke) : [], panel: bg ? rgb(getComputedStyle(bg).backgroundColor) : []};
        }),
      );
      for (const h of hatches) expect(h.stripe, `${h.chart}: hatch stripes in the panel colour (${theme})`).toEqual(h.panel);
    });
}
