/**
 * Collects everything a page reports as broken: console.error messages,
 * uncaught exceptions and failed requests for the site's own files.
 */
import {expect, type Page} from '@playwright/test';

export class ConsoleErrors {
  readonly messages: string[] = [];

  constructor(page: Page) {
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.messages.push(`console.error at ${page.url()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => this.messages.push(`uncaught at ${page.url()}: ${err.stack ?? err.message}`));
    page.on('requestfailed', (req) => {
      // Aborted navigations (a click that leaves the page) are not errors.
      if (req.failure()?.errorText !== 'net::ERR_ABORTED') {
        this.messages.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
      }
    });
  }

  /** Fails with every collected message, so one run shows them all. */
  expectNone(): void {
    expect(this.messages, 'console errors, page errors or failed requests').toEqual([]);
  }

  clear(): void {
    this.messages.length = 0;
  }
}
