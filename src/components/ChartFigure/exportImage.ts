/**
 * A chart as a picture to take away: the panels as the reader sees them (the live chart, or the
 * build's drawing for the plot's width) stacked under the chart's title in one SVG that stands
 * alone (the theme's colours written in, not CSS variables), and the same as a PNG at twice its size.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const TITLE_HEIGHT = 28;
const PANEL_TITLE_HEIGHT = 22;
const FOOTER_HEIGHT = 24;

/** The SVG a panel shows now: the live chart's, or the shown layout's drawing. */
function shownSvg(panel: Element): SVGSVGElement | undefined {
  const live = panel.querySelector<SVGSVGElement>('svg.recharts-surface');
  if (live) return live;
  return [...panel.querySelectorAll<HTMLElement>('[data-layout]')].find((l) => l.offsetParent !== null)?.querySelector<SVGSVGElement>('svg') ?? undefined;
}

/** `var(--x)` in an attribute or style, replaced by the variable's value where the chart is. */
function resolveVariables(root: Element, from: Element): void {
  const style = getComputedStyle(from);
  const resolve = (value: string) => value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) => style.getPropertyValue(name).trim() || whole);
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) if (attr.value.includes('var(')) el.setAttribute(attr.name, resolve(attr.value));
  }
}

export interface ChartPicture {
  svg: string;
  width: number;
  height: number;
}

/** The figure's panels in one standalone SVG, titled, with `caption` (dataset and version) under them. */
export function chartPicture(figure: Element, title: string, caption: string): ChartPicture {
  const panels = [...figure.querySelectorAll('[data-panel]')].flatMap((panel) => {
    const svg = shownSvg(panel);
    if (!svg) return [];
    const [, , w, h] = (svg.getAttribute('viewBox') ?? `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`).split(/\s+/).map(Number);
    return [{svg, width: w, height: h, title: panel.querySelector('[data-panel-title]')?.textContent?.trim() ?? ''}];
  });
  // Wide enough for the titles too (about 0.56 em per character of the bold face; CJK a full em).
  const textWidth = (text: string, size: number) => [...text].reduce((w, ch) => w + (/[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? size : size * 0.6), 16);
  const width = Math.ceil(Math.max(320, ...panels.map((p) => p.width), textWidth(title, 15), ...panels.map((p) => textWidth(p.title, 13))));
  const style = getComputedStyle(figure);
  const font = style.fontFamily;
  const doc = document.implementation.createDocument(SVG_NS, 'svg', null);
  const root = doc.documentElement;
  let y = TITLE_HEIGHT;
  const add = (name: string, attrs: Record<string, string | number>, text?: string) => {
    const el = doc.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    root.appendChild(el);
    return el;
  };
  const background = add('rect', {x: 0, y: 0, width, fill: 'var(--ifm-background-surface-color)'});
  add('text', {x: 8, y: 19, 'font-size': 15, 'font-weight': 700, fill: 'var(--ifm-font-color-base)'}, title);
  for (const p of panels) {
    if (p.title) {
      add('text', {x: 8, y: y + 15, 'font-size': 13, 'font-weight': 600, fill: 'var(--ifm-font-color-base)'}, p.title);
      y += PANEL_TITLE_HEIGHT;
    }
    const copy = doc.importNode(p.svg, true) as SVGSVGElement;
    copy.removeAttribute('style');
    copy.removeAttribute('class');
    copy.setAttribute('x', '0');
    copy.setAttribute('y', String(y));
    copy.setAttribute('width', String(p.width));
    copy.setAttribute('height', String(p.height));
    copy.setAttribute('viewBox', `0 0 ${p.width} ${p.height}`);
    root.appendChild(copy);
    y += p.height;
  }
  add('text', {x: 8, y: y + 16, 'font-size': 11, fill: 'var(--chart-axis)'}, caption);
  const height = y + FOOTER_HEIGHT;
  background.setAttribute('height', String(height));
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  root.setAttribute('font-family', font);
  resolveVariables(root, figure);
  return {svg: new XMLSerializer().serializeToString(root), width, height};
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
