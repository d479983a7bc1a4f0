/**
 * A chart taken away:
 * - "Download SVG" and "Download PNG" give the chart as the reader sees it: every panel, the
 *   title and the dataset, in the page's theme with its colours written in (the file stands
 *   alone, without the site's CSS variables), the PNG at twice the SVG's size;
 * - "Copy embed code" gives HTML showing the build's file of the chart, linked to the chart;
 * - every report page, in every locale, names its link preview (og:image), a 1200 x 630 PNG the
 *   build made, and every chart on it has its file (src/plugins/chart-drawings/chartFiles.ts).
 */
import fs from 'node:fs';
import {PNG} from 'pngjs';
import {test, expect, localePath, DEFAULT_LOCALE, LOCALE_IDS, newestVersion} from './support/fixtures';
import {CHART_PAGES, goLive, openPage, useColorScheme} from './support/charts';

const CHART = 'DnsResourceChart';

test(`${CHART} downloads as a standalone SVG and a PNG of what is shown @behaviour`, async ({page}) => {
  await openPage(page, localePath(DEFAULT_LOCALE, '/docs/benchmarks/eks-cni'));
  await useColorScheme(page, 'dark');
  const figure = page.locator(`figure[data-chart="${CHART}"]`);
  await goLive(figure);
  const panels = await figure.locator('[data-panel]').count();
  await expect(figure.locator('svg.recharts-surface')).toHaveCount(panels);

  const [svgDownload] = await Promise.all([page.waitForEvent('download'), figure.getByTestId(`${CHART}-svg`).click()]);
  expect(svgDownload.suggestedFilename()).toBe(`eks-cni-${newestVersion('eks-cni')}-${CHART}.svg`);
  const svg = fs.readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg, 'CSS variables left in the file').not.toContain('var(');
  expect(svg.match(/<svg[\s>]/g)?.length, 'the picture and one drawing per panel').toBe(panels + 1);
  expect(svg).toContain(await figure.locator('h3').innerText());
  expect(svg).toContain(`eks-cni@${newestVersion('eks-cni')}`);
  // The dark theme's surface, as the page paints it.
  const surface = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ifm-background-surface-color').trim());
  expect(svg).toContain(`fill="${surface}"`);
  const width = Number(/^<svg[^>]* width="(\d+(?:\.\d+)?)"/.exec(svg)?.[1]);
  expect(width).toBeGreaterThan(300);

  const [pngDownload] = await Promise.all([page.waitForEvent('download'), figure.getByTestId(`${CHART}-png`).click()]);
  expect(pngDownload.suggestedFilename()).toBe(`eks-cni-${newestVersion('eks-cni')}-${CHART}.png`);
  const png = PNG.sync.read(fs.readFileSync((await pngDownload.path())!));
  expect(png.width).toBe(Math.round(width * 2));
  // Not blank: the drawing's colours are in it.
  const colours = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
  expect(colours.size, 'distinct colours sampled in the PNG').toBeGreaterThan(4);
});

/** The path of an address the build gives as published (siteConfig.url), on the server under test. */
const servedPath = (url: string) => new URL(url).pathname;

test(`${CHART}: "Copy embed code" gives the build's file of the chart, linked to the chart @behaviour`, async ({page, request}) => {
  // What the page puts on the clipboard (headless Chromium has no clipboard to read back).
  await page.addInitScript(() => {
    const copied: string[] = [];
    (window as unknown as {copied: string[]}).copied = copied;
    Object.defineProperty(navigator, 'clipboard', {value: {writeText: async (text: string) => void copied.push(text)}});
  });
  const route = '/docs/benchmarks/eks-cni';
  await openPage(page, localePath(DEFAULT_LOCALE, route));
  const figure = page.locator(`figure[data-chart="${CHART}"]`);
  await goLive(figure);
  await figure.getByTestId(`${CHART}-embed`).click();
  await expect(figure.getByTestId(`${CHART}-permalink-status`)).toHaveText('Embed code copied');
  const [code] = await page.evaluate(() => (window as unknown as {copied: string[]}).copied);
  const link = /^<a href="([^"]+)"><img src="([^"]+)" alt="([^"]+)"[^>]*><\/a>$/.exec(code ?? '');
  expect(link, `embed code: ${code}`).not.toBeNull();
  const [, href, src, alt] = link!;
  expect(servedPath(href) + new URL(href).hash).toBe(`${route}#chart-${CHART}`);
  const title = await figure.locator('h3').innerText();
  expect(alt).toBe(title);
  const file = await request.get(servedPath(src));
  expect(file.status(), src).toBe(200);
  expect(file.headers()['content-type']).toContain('image/svg+xml');
  const svg = await file.text();
  expect(svg, 'CSS variables left in the file').not.toContain('var(');
  expect(svg).toContain(title);
  expect(svg.match(/<svg[\s>]/g)?.length, 'the picture and one drawing per panel').toBe((await figure.locator('[data-panel]').count()) + 1);
});

for (const locale of LOCALE_IDS) {
  test(`${locale}: every report names its link preview, and each of its charts has its file @smoke`, async ({request}) => {
    for (const route of CHART_PAGES) {
      const html = await (await request.get(localePath(locale, route))).text();
      const image = /<meta property="?og:image"? content="?([^"\s>]+)"?>/.exec(html)?.[1];
      expect(image, `${route} (${locale}): og:image`).toBeDefined();
      expect(html, `${route} (${locale}): twitter:image`).toContain(`<meta name="twitter:image" content="${image}">`);
      const preview = await request.get(servedPath(image!));
      expect(preview.status(), image).toBe(200);
      const png = PNG.sync.read(await preview.body());
      expect([png.width, png.height], `${image}: size`).toEqual([1200, 630]);
      // The figures with plotted panels (not the environment block or the results overview).
      const charts = (html.match(/<figure\b[\s\S]*?<\/figure>/g) ?? []).filter((f) => /data-panel=/.test(f) && f.includes('<svg')).map((f) => /data-chart="?([\w-]+)/.exec(f)![1]);
      expect(charts.length, `${route} (${locale}): charts`).toBeGreaterThan(0);
      for (const name of charts) {
        const file = servedPath(image!).replace(/preview\.png$/, `chart-${name}.svg`);
        const response = await request.get(file);
        expect(response.status(), file).toBe(200);
        expect(await response.text(), file).toMatch(/^<svg [^>]*viewBox=/);
      }
    }
  });
}
