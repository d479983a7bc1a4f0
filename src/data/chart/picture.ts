/**
 * A chart's panels as one standalone picture: the drawings stacked under the chart's title, with a
 * caption, the theme's colours written in (not CSS variables). The browser's "Download SVG"
 * (src/components/ChartFigure/exportImage.ts) and the build's chart files
 * (src/plugins/chart-drawings/chartFiles.ts) compose it alike, from a DOM each has.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const TITLE_HEIGHT = 28;
const PANEL_TITLE_HEIGHT = 22;
const FOOTER_HEIGHT = 24;

/**
 * `var(--x)` in the picture's attributes replaced by `valueOf(x)`, and `color-mix(in srgb, …)`
 * of plain colours by the colour it makes: the file stands alone, outside the site's CSS, and
 * renderers without CSS colour functions (a build-time rasterizer, an old viewer) paint it too.
 */
function resolveColours(root: Element, valueOf: (name: string) => string): void {
  const resolve = (value: string) => flattenColorMix(value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) => valueOf(name) || whole));
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) if (attr.value.includes('var(') || attr.value.includes('color-mix(')) el.setAttribute(attr.name, resolve(attr.value));
  }
}

/** An sRGB colour as [r, g, b, alpha] (0-255, alpha 0-1): #rgb, #rrggbb, rgb()/rgba(), transparent. */
function parseColour(text: string): [number, number, number, number] | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'transparent') return [0, 0, 0, 0];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(t)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as [number, number, number, number];
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(t)?.[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return rgb && rgb.length >= 3 && rgb.every(Number.isFinite) ? [rgb[0], rgb[1], rgb[2], rgb[3] ?? 1] : undefined;
}

const colourText = ([r, g, b, a]: number[]): string => {
  const [R, G, B] = [r, g, b].map((c) => Math.round(c));
  if (a >= 1) return `#${[R, G, B].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return `rgba(${R}, ${G}, ${B}, ${Math.round(a * 1000) / 1000})`;
};

/**
 * `color-mix(in srgb, A p%, B)` (innermost first, as CSS nests them) as the colour it is: each
 * channel mixed in sRGB premultiplied by alpha, as CSS Color 5 says. A mix of what is not a plain colour stays.
 */
export function flattenColorMix(value: string): string {
  const mix = /color-mix\(in srgb,\s*([^,()]+(?:\([^()]*\))?)\s+([\d.]+)%\s*,\s*([^,()]+(?:\([^()]*\))?)\s*\)/;
  let out = value;
  for (let m = mix.exec(out); m; m = mix.exec(out)) {
    const [a, b] = [parseColour(m[1]), parseColour(m[3])];
    if (!a || !b) break;
    const p = Number(m[2]) / 100;
    const alpha = a[3] * p + b[3] * (1 - p);
    const channel = (i: number) => (alpha === 0 ? 0 : (a[i] * a[3] * p + b[i] * b[3] * (1 - p)) / alpha);
    out = out.slice(0, m.index) + colourText([channel(0), channel(1), channel(2), alpha]) + out.slice(m.index + m[0].length);
  }
  return out;
}

export interface ChartPicture {
  svg: string;
  width: number;
  height: number;
}

/** One panel of a picture: its drawing (an <svg> at its layout's size) and its title. */
export interface PicturePanel {
  svg: Element;
  title: string;
}

/**
 * The panels in one standalone SVG, titled, with `caption` (dataset and version, and where it
 * comes from) under them, in the theme `valueOf` gives the CSS variables of. `window` is the
 * browser's, or the build's jsdom (src/plugins/chart-drawings/chartFiles.ts).
 */
export function composePicture(window: {document: Document; XMLSerializer: typeof XMLSerializer}, panels: readonly PicturePanel[], title: string, caption: string, {font, valueOf}: {font: string; valueOf: (name: string) => string}): ChartPicture {
  const sized = panels.map(({svg, title: panelTitle}) => {
    const [, , w, h] = (svg.getAttribute('viewBox') ?? `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`).split(/\s+/).map(Number);
    return {svg, width: w, height: h, title: panelTitle};
  });
  // Wide enough for the titles and the caption too (about 0.56 em per character of the bold face; CJK a full em).
  const textWidth = (text: string, size: number) => [...text].reduce((w, ch) => w + (/[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? size : size * 0.6), 16);
  const width = Math.ceil(Math.max(320, ...sized.map((p) => p.width), textWidth(title, 15), ...sized.map((p) => textWidth(p.title, 13)), textWidth(caption, 11)));
  const doc = window.document.implementation.createDocument(SVG_NS, 'svg', null);
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
  for (const p of sized) {
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
  resolveColours(root, valueOf);
  return {svg: new window.XMLSerializer().serializeToString(root), width, height};
}

