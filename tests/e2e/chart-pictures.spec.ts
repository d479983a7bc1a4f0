/**
 * "Download SVG" and "Download PNG" give the chart as the reader sees it: every panel, the
 * title and the dataset, in the page's theme with its colours written in (the file stands
 * alone, without the site's CSS variables), the PNG at twice the SVG's size.
 */
import fs from 'node:fs';
import {PNG} from 'pngjs';
import {test, expect, localePath, DEFAULT_LOCALE, newestVersion} from './support/fixtures';
import {goLive, openPage, useColorScheme} from './support/charts';

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
