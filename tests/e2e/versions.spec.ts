/**
 * Each dataset version shows why it exists and its dates: on the reports' index, every
 * version of every suite with its reason (from the version's `release` or its suite's
 * versions.json) and its collection and publication dates, the publication date given
 * apart from the collection date when they differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, localePath, LOCALE_IDS, DEFAULT_LOCALE, DATA_DIR, datasetFiles} from './support/fixtures';

interface Release {
  kind: string;
  publishedAt: string;
}

function releaseOf(suite: string, version: string): Release {
  const own = (JSON.parse(fs.readFileSync(path.join(DATA_DIR, suite, `${version}.json`), 'utf8')) as {release?: Release}).release;
  if (own) return own;
  return (JSON.parse(fs.readFileSync(path.join(DATA_DIR, suite, 'versions.json'), 'utf8')) as {versions: Record<string, Release>}).versions[version];
}

const date = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'}).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

for (const locale of LOCALE_IDS) {
  const tag = locale === DEFAULT_LOCALE ? ' @smoke' : '';
  test(`the reports' index gives every version its reason, collection and publication dates (${locale})${tag}`, async ({page}) => {
    await page.goto(localePath(locale, '/docs'));
    for (const {suite, version} of datasetFiles()) {
      const collectedAt = (JSON.parse(fs.readFileSync(path.join(DATA_DIR, suite, `${version}.json`), 'utf8')) as {collectedAt: string}).collectedAt;
      const release = releaseOf(suite, version);
      const row = page.locator(`[data-suite="${suite}"] tr`).filter({has: page.locator('td code', {hasText: new RegExp(`^${version.replace('.', '\\.')}$`)})});
      await expect(row.locator('[data-release]'), `${suite}@${version}: its reason`).toHaveAttribute('data-release', release.kind);
      const dates = (await row.locator('[data-version-dates]').textContent()) ?? '';
      expect(dates, `${suite}@${version}: its collection date`).toContain(date(collectedAt, locale));
      expect(dates, `${suite}@${version}: its publication date`).toContain(date(release.publishedAt, locale));
    }
  });
}
