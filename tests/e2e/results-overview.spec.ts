/**
 * The results overview near the top of each report, and the home page's
 * headline cards, on the built site in every locale: present without
 * JavaScript with the dataset's figures, ahead of the method sections, and
 * fitting a 390 px phone without horizontal scrolling (axe: report-pages.spec.ts).
 * The phone tests save element screenshots (test-results/screenshots/
 * overview-*-390.png, home-cards-*-390.png) for a human look; the desktop
 * overview is in the chart contact sheet. Expected figures are read from
 * static/data/<suite>/*.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, saveElementScreenshot, localePath, LOCALE_IDS, DATA_DIR, newestVersion} from './support/fixtures';
import {COLOR_SCHEMES, useColorScheme} from './support/charts';

interface Row {
  metric: string;
  scenario: string;
  value: number | null;
  conditions?: Record<string, unknown>;
}

function newest(suite: string): {version: string; rows: Row[]} {
  const version = newestVersion(suite);
  const file = `${version}.json`;
  return {version, rows: (JSON.parse(fs.readFileSync(path.join(DATA_DIR, suite, file), 'utf8')) as {results: Row[]}).results};
}

function valueOf(rows: Row[], metric: string, scenario: string, conditions: Record<string, unknown>): number {
  const wanted = JSON.stringify(Object.entries(conditions).sort());
  const hits = rows.filter((r) => r.metric === metric && r.scenario === scenario && JSON.stringify(Object.entries(r.conditions ?? {}).sort()) === wanted);
  if (hits.length !== 1 || hits[0].value === null) throw new Error(`expected one measured ${metric}/${scenario} ${wanted}, found ${hits.length}`);
  return hits[0].value;
}

const num = (v: number, locale: string, decimals = 0) => new Intl.NumberFormat(locale, {maximumFractionDigits: decimals}).format(v);

/** Each report, a figure its overview must show, and a section that must come after the overview and the first results chart. */
const REPORTS = [
  {
    suite: 'eks-cni',
    route: '/docs/benchmarks/eks-cni',
    firstResult: 'ThroughputChart',
    methodFigure: 'figure[data-chart="TestEnvironmentChart"]',
    figure: (rows: Row[], locale: string) => num(valueOf(rows, 'loaded_rtt', 'E', {}), locale),
  },
  {
    suite: 'tke-cilium',
    route: '/docs/benchmarks/tke-cilium',
    firstResult: 'TkeThroughputChart',
    methodFigure: '#glossary',
    figure: (rows: Row[], locale: string) => num(valueOf(rows, 'http_rps', 'iptables', {qps: 'max', path: 'service', concurrency: 64, connection: 'close'}), locale),
  },
  {
    suite: 'kube-proxy',
    route: '/docs/benchmarks/kube-proxy',
    firstResult: undefined,
    methodFigure: undefined,
    figure: (rows: Row[], locale: string) => num(valueOf(rows, 'kubeproxy_full_sync_time', 'iptables-nft', {services: 5000, family: 'ipv4'}), locale),
  },
] as const;

const OVERVIEW = 'figure[data-chart="ResultsOverview"]';

async function open(page: Page, locale: string, route: string): Promise<void> {
  const response = await page.goto(localePath(locale, route));
  expect(response?.status(), `HTTP status of ${route} (${locale})`).toBe(200);
  await page.waitForLoadState('networkidle');
}

for (const locale of LOCALE_IDS) {
  test.describe(`results overview (${locale})`, () => {
    for (const report of REPORTS) {
      test(`${report.suite}: the overview is in the HTML without JavaScript, before the method sections @smoke`, async ({browser}) => {
        const {version, rows} = newest(report.suite);
        const context = await browser.newContext({javaScriptEnabled: false});
        const page = await context.newPage();
        await open(page, locale, report.route);
        const overview = page.locator(OVERVIEW);
        await expect(overview).toHaveCount(1);
        await expect(overview).toHaveAttribute('data-dataset', `${report.suite}@${version}`);
        expect(await overview.locator('tbody tr').count()).toBeGreaterThan(2);
        expect(await overview.locator('td[data-verdict]').count()).toBeGreaterThan(4);
        expect((await overview.innerText()).replace(/\s+/g, ' ')).toContain(report.figure(rows, locale));
        // Reports lead with results: the overview and the first results chart come before the method sections.
        if (report.methodFigure && report.firstResult) {
          const order = await page.evaluate(
            ([overviewSel, resultSel, methodSel]) => {
              const at = (sel: string) => document.querySelector(sel);
              const [o, r, m] = [at(overviewSel), at(resultSel), at(methodSel)];
              if (!o || !r || !m) return 'missing';
              const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
              return before(o, r) && before(r, m) ? 'ok' : 'out of order';
            },
            [OVERVIEW, `figure[data-chart="${report.firstResult}"]`, report.methodFigure],
          );
          expect(order).toBe('ok');
        }
        await context.close();
      });

      test(`${report.suite}: fits a phone without horizontal scrolling @mobile`, async ({page}, testInfo) => {
        test.skip(testInfo.project.name !== 'mobile', 'runs in the phone-width project');
        await open(page, locale, report.route);
        for (const colorScheme of COLOR_SCHEMES) {
          await useColorScheme(page, colorScheme);
          await saveElementScreenshot(page, OVERVIEW, `overview-${report.suite}-${locale}-${colorScheme}-390`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, 'horizontal overflow of the page').toBeLessThanOrEqual(0);
          // The table itself fits: nothing hides in a sideways scroll box.
          const inner = await page.locator(`${OVERVIEW} table`).evaluate((t) => (t.parentElement as HTMLElement).scrollWidth - (t.parentElement as HTMLElement).clientWidth);
          expect(inner, 'the overview table scrolls sideways at phone width').toBeLessThanOrEqual(0);
          // Row headers (measure, hint, conclusion title) keep their text inside the cell's padding, not against its edge.
          const crowded = await page.locator(`${OVERVIEW} tbody th`).evaluateAll((ths) =>
            ths.flatMap((th) => {
              const box = th.getBoundingClientRect();
              // The lines of text, not the block boxes around them.
              const range = document.createRange();
              const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
              let right = -Infinity;
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (node.parentElement?.closest('.sr-only')) continue;
                range.selectNodeContents(node);
                for (const r of Array.from(range.getClientRects())) right = Math.max(right, r.right);
              }
              return right > box.right - 2 ? [`${(th.textContent ?? '').slice(0, 40)}… ends ${(box.right - right).toFixed(1)} px from the edge`] : [];
            }),
          );
          expect(crowded, 'row headers whose text reaches the cell edge').toEqual([]);
        }
      });
    }

    test('home page: each suite card shows headline figures of its newest dataset', async ({page}) => {
      await open(page, locale, '/');
      const cards = page.locator('[data-testid="suite-list"] > li');
      for (const suite of ['eks-cni', 'tke-cilium', 'kube-proxy', 'local']) {
        const card = page.locator(`[data-testid="suite-list"] [data-suite="${suite}"]`);
        await expect(card.locator('[data-headline]').first(), `headline figures of ${suite}`).toBeVisible();
        await expect(card.locator('code', {hasText: newest(suite).version})).toBeVisible();
      }
      // EKS figures keep no min–max over rounds, so no headline is established: the card shows E's loaded RTT
      // as a value, says why its difference is not established, and links the methods page.
      const {rows} = newest('eks-cni');
      const e = valueOf(rows, 'loaded_rtt', 'E', {});
      const eks = page.locator('[data-suite="eks-cni"]');
      await expect(eks.locator('[data-headline="loaded-rtt/E"] data')).toHaveAttribute('value', String(e));
      await expect(eks.locator('[data-headline="loaded-rtt/E"] [data-reason="no-spread"] a[data-methods-link]')).toBeVisible();
      await expect(eks.locator('[data-headline][data-verdict="better"], [data-headline][data-verdict="worse"]')).toHaveCount(0);
      expect(await cards.count()).toBeGreaterThan(0);
    });

    test('home page cards fit a phone @mobile', async ({page}, testInfo) => {
      test.skip(testInfo.project.name !== 'mobile', 'runs in the phone-width project');
      await open(page, locale, '/');
      for (const colorScheme of COLOR_SCHEMES) {
        await useColorScheme(page, colorScheme);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'horizontal overflow of the home page').toBeLessThanOrEqual(0);
        await saveElementScreenshot(page, '[data-testid="suite-list"]', `home-cards-${locale}-${colorScheme}-390`);
      }
    });
  });
}
