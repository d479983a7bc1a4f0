/**
 * The published local run: static/data/local/<version>.json must be exactly what
 * the ingest makes of the raw run it cites (static/data/local/raw/), and show the
 * effect the chain scenario exists to measure.
 */
import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseDataset} from '../../../../src/data/validate';
import {buildDataset} from '../dataset';
import {readRun} from '../rundir';
import {newestVersion, suiteTitle, versionFiles} from '../../../../src/data/suiteFolder';

const REPO = resolve(__dirname, '../../../..');
const DATA_DIR = join(REPO, 'static/data/local');
const RUN = join(DATA_DIR, 'raw/2026-11-21');
const versions = versionFiles(DATA_DIR);
/** Datasets are immutable: only the newest must match what today's ingest makes; older ones keep their hashes. */
const newest = newestVersion(DATA_DIR);

describe.each(versions)('static/data/local/%s', (file) => {
  const text = readFileSync(join(DATA_DIR, file), 'utf8');
  const dataset = parseDataset(text, file);
  const fromExampleRun = dataset.source.raw?.some((r) => r.path.startsWith('static/data/local/raw/2026-11-21/'));

  it('is valid and measured', () => {
    expect(dataset.suite).toBe('local');
    expect(`${dataset.version}.json`).toBe(file);
    expect(dataset.source.kind).toBe('measured');
  });

  it.runIf(fromExampleRun && file === `${newest}.json`)('is exactly what the ingest makes of the committed run', async () => {
    const rebuilt = buildDataset([readRun(RUN)], {version: dataset.version, root: REPO, title: suiteTitle(join(REPO, 'static/data'), 'local')});
    expect(rebuilt).toEqual(dataset);
  });

  it('shows the O(n) cost of the nat chain: fewer short-connection RPS and slower connects at the longest chain', () => {
    const chain = dataset.results.filter((r) => r.scenario === 'chain' && r.conditions?.rules !== undefined);
    const lengths = [...new Set(chain.map((r) => r.conditions!.rules!))].sort((a, b) => a - b);
    expect(lengths.length).toBeGreaterThanOrEqual(2);
    const at = (metric: string, rules: number, stat?: string) =>
      chain.find((r) => r.metric === metric && r.conditions?.rules === rules && r.conditions?.stat === stat)!.value!;
    const [shortest, longest] = [lengths[0], lengths.at(-1)!];
    expect(at('http_rps', longest)).toBeLessThan(at('http_rps', shortest));
    expect(at('conn_setup_time', longest, 'p50')).toBeGreaterThan(at('conn_setup_time', shortest, 'p50'));
  });
});

it('there is a local dataset to check', () => {
  expect(versions.length).toBeGreaterThan(0);
});
