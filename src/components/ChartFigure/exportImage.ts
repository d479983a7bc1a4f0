/**
 * A chart as a picture to take away: the panels as the reader sees them (the live chart, or the
 * build's drawing for the plot's width) stacked under the chart's title in one SVG that stands
 * alone (the theme's colours written in, not CSS variables), and the same as a PNG at twice its size.
 * The picture itself is composed in src/data/chart/picture.ts, as the build's chart files are.
 */
import {composePicture, type ChartPicture} from '@site/src/data/chart/picture';

/** The SVG a panel shows now: the live chart's, or the shown layout's drawing. */
function shownSvg(panel: Element): SVGSVGElement | undefined {
  const live = panel.querySelector<SVGSVGElement>('svg.recharts-surface');
  if (live) return live;
  return [...panel.querySelectorAll<HTMLElement>('[data-layout]')].find((l) => l.offsetParent !== null)?.querySelector<SVGSVGElement>('svg') ?? undefined;
}

/** The figure's panels as the reader sees them now, in one standalone SVG in the page's theme, with `caption` (dataset and version) under them. */
export function chartPicture(figure: Element, title: string, caption: string): ChartPicture {
  const panels = [...figure.querySelectorAll('[data-panel]')].flatMap((panel) => {
    const svg = shownSvg(panel);
    return svg ? [{svg, title: panel.querySelector('[data-panel-title]')?.textContent?.trim() ?? ''}] : [];
  });
  const style = getComputedStyle(figure);
  return composePicture(window, panels, title, caption, {font: style.fontFamily, valueOf: (name) => style.getPropertyValue(name).trim()});
}

/** The picture as a PNG at `scale` times its size. */
export function chartPng(picture: ChartPicture, scale = 2): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const url = URL.createObjectURL(new Blob([picture.svg], {type: 'image/svg+xml'}));
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(picture.width * scale);
      canvas.height = Math.round(picture.height * scale);
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no 2D canvas'));
      context.scale(scale, scale);
      context.drawImage(image, 0, 0);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png');
    };
    image.onerror = () => reject(new Error('the SVG could not be drawn'));
    image.src = url;
  });
}
