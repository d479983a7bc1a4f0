/**
 * Pictures of parts of a page cut from ONE full-page capture, for taking many
 * pictures of a long page: each element screenshot of a figure taller than the
 * viewport makes Chromium lay out and paint the whole page again (a capture beyond
 * the viewport), so twenty figures cost twenty full-page paints; one capture and
 * the cuts in Node cost one.
 */
import {PNG} from 'pngjs';
import {expect, type Page} from '@playwright/test';

/**
 * Lossless like pngjs' default, at a third of its CPU: one row filter (Paeth) instead of
 * trying all five on every row, and zlib level 6 instead of 9; the files are about 5 %
 * larger. The same pixels either way.
 */
const FAST_PNG = {filterType: 4, deflateLevel: 6};

/** A rectangle in CSS pixels of the document (not of the viewport). */
export interface DocumentBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the elements matching `selector` are on the document, in page order. */
export async function documentBoxes(page: Page, selector: string): Promise<DocumentBox[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height};
    }),
  );
}

export interface FullPageCapture {
  /** The PNG of `box` (whole pixels around it, as an element screenshot takes them). */
  cut(box: DocumentBox, name: string): Buffer;
}

/**
 * One full-page picture of the page (CSS pixels, the given extra CSS applied while it is
 * taken). Fails when the elements of `selector` moved while it was taken: the cuts would
 * then miss them.
 */
export async function captureFullPage(page: Page, selector: string, style: string): Promise<FullPageCapture & {boxes: DocumentBox[]}> {
  const boxes = await documentBoxes(page, selector);
  const picture = PNG.sync.read(await page.screenshot({fullPage: true, style, animations: 'disabled', scale: 'css'}));
  expect(await documentBoxes(page, selector), `${selector} stay in place while the page is photographed`).toEqual(boxes);
  return {
    boxes,
    cut(box, name) {
      const left = Math.floor(box.x);
      const top = Math.floor(box.y);
      const width = Math.ceil(box.x + box.width) - left;
      const height = Math.ceil(box.y + box.height) - top;
      if (width <= 0 || height <= 0 || left < 0 || top < 0 || left + width > picture.width || top + height > picture.height) {
        throw new Error(`${name}: box ${width}x${height} at (${left}, ${top}) is empty or outside the ${picture.width}x${picture.height} page picture`);
      }
      const out = new PNG({width, height});
      PNG.bitblt(picture, out, left, top, width, height, 0, 0);
      return PNG.sync.write(out, FAST_PNG);
    },
  };
}
