import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {describe, expect, it} from 'vitest';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {parseDataset} from '@site/src/data/validate';
import {formatDate} from '@site/src/data/format';
import {makeDataset} from '@site/src/data/testing/makeDataset';
import Provenance from './index';

const DATA = path.resolve(__dirname, '../../../static/data');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(DATA, file), 'utf8'));

describe('Provenance', () => {
  it('gives a published version’s collection and publication dates apart, and why a version that is no new run exists', () => {
    const log = read('local/versions.json').versions as Record<string, {kind: string; publishedAt: string}>;
    // A version of the site's whose publication is not its collection day, and that is not a new run.
    const [version] = Object.entries(log).find(([v, r]) => r.kind === 're-ingest' && read(`local/${v}.json`).collectedAt.slice(0, 10) !== r.publishedAt)!;
    const dataset = parseDataset(fs.readFileSync(path.join(DATA, `local/${version}.json`), 'utf8'), version);
    const doc = renderStatic(<Provenance dataset={dataset} />);
    const dates = doc.querySelector('[data-version-dates]')?.textContent;
    expect(dates).toBe(`collected ${formatDate(dataset.collectedAt, 'en')} · published ${formatDate(log[version].publishedAt, 'en')}`);
    expect(doc.querySelector('[data-release="re-ingest"]')?.textContent).toMatch(/^Why this version: re-ingest of the raw files of \d{4}-\d{2}-\d{2}/);
  });

  it('a dataset the site does not publish shows its collection date alone', () => {
    const doc = renderStatic(<Provenance dataset={makeDataset({suite: 'not-published', collectedAt: '2030-05-06'})} />);
    expect(doc.querySelector('[data-version-dates]')).toBeNull();
    expect(doc.querySelector('[data-release]')).toBeNull();
    expect(doc.body.textContent).toContain(formatDate('2030-05-06', 'en'));
  });
});
