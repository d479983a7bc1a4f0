/**
 * Report pages opened and drawn once per worker, shared by the tests that only
 * read them (chart marks, colours, layout, axe, pictures). Drawing every chart of a
 * report takes most of such a test (each figure is scrolled to and waits for the
 * lazy chart library and its render), and many tests read the same drawn page.
 *
 * A test gets the page drawn, scrolled to the top, in the light scheme; it may
 * switch the scheme (useColorScheme) but must not change what the page shows
 * (no hover, click or navigation: such tests open their own page). A failing test
 * restarts the worker, so the next tests get freshly drawn pages.
 */
import type {Browser, BrowserContext, Locator, Page} from '@playwright/test';
import {ConsoleErrors} from './console-errors';
import {drawAllFigures, openPage, useColorScheme} from './charts';

export interface DrawnPage {
  page: Page;
  /** Every chart figure of the page, drawn (drawAllFigures). */
  figures: Locator[];
  /** What the page reported as broken since it was opened, by any test. */
  consoleErrors: ConsoleErrors;
}

export interface ViewportSize {
  width: number;
  height: number;
}

/** Pages kept open per worker: the report pages of one locale at one width. */
const KEPT_PAGES = 4;

export class DrawnPages {
  private readonly kept = new Map<string, {context: BrowserContext; drawn: Promise<DrawnPage>}>();

  constructor(
    private readonly browser: Browser,
    /** Context options of the worker's project (device, base URL). */
    private readonly contextOptions: Parameters<Browser['newContext']>[0],
  ) {}

  /** `url` drawn at `viewport` (default: the project's), opened on first use. */
  async open(url: string, viewport?: ViewportSize): Promise<DrawnPage> {
    const size = viewport ?? this.contextOptions?.viewport ?? {width: 1280, height: 800};
    const key = `${url} ${size.width}x${size.height}`;
    let entry = this.kept.get(key);
    if (entry) {
      this.kept.delete(key);
    } else {
      const context = await this.browser.newContext({...this.contextOptions, viewport: size});
      entry = {context, drawn: draw(await context.newPage(), url)};
    }
    // Most recently used last; the least recently used page is closed.
    this.kept.set(key, entry);
    for (const [oldKey, old] of this.kept) {
      if (this.kept.size <= KEPT_PAGES) break;
      this.kept.delete(oldKey);
      await old.context.close();
    }
    const drawn = await entry.drawn;
    await useColorScheme(drawn.page, 'light');
    await drawn.page.evaluate(() => window.scrollTo(0, 0));
    return drawn;
  }

  async close(): Promise<void> {
    for (const {context} of this.kept.values()) await context.close();
    this.kept.clear();
  }
}

async function draw(page: Page, url: string): Promise<DrawnPage> {
  const consoleErrors = new ConsoleErrors(page);
  await page.emulateMedia({colorScheme: 'light'});
  await openPage(page, url);
  return {page, figures: await drawAllFigures(page), consoleErrors};
}
