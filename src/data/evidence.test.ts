import {describe, expect, it} from 'vitest';
import {claimEvidence, combinedEvidence, evidenceOf, type Evidence} from './evidence';
import type {ClaimResult} from './claims/evaluate';
import {makeDataset} from './testing/makeDataset';
import type {ResultRow} from './schema';

const row = (scenario: string, services: number, extra: Partial<ResultRow> = {}): ResultRow => ({
  metric: 'connect_latency',
  scenario,
  value: 40 + services / 100,
  unit: 'us',
  conditions: {services, stat: 'p50'},
  samples: [1, 2, 3, 4, 5],
  min: 1,
  max: 5,
  ...extra,
});

describe('evidenceOf', () => {
  const results = [row('A', 0), row('A', 5000), row('B', 0), row('B', 5000, {samples: [1, 2, 3], min: 1, max: 3})];
  const dataset = makeDataset({results, method: {rounds: 5, aggregate: 'median'}});

  it('names the source, the fewest rounds behind the figures, whether all keep a spread, and the Service range of their metric', () => {
    expect(evidenceOf(dataset, [results[1], results[3]])).toEqual({source: 'measured', rounds: 3, spread: true, services: {min: 0, max: 5000}});
    expect(evidenceOf(dataset, [results[1]])).toEqual({source: 'measured', rounds: 5, spread: true, services: {min: 0, max: 5000}});
  });

  it('says when a figure keeps no spread, takes the method rounds without samples, and gives no range without Service steps', () => {
    const single = {metric: 'tcp_throughput', scenario: 'A', value: 9.5, unit: 'Gbps'} as const;
    const transcribed = makeDataset({
      results: [single],
      method: {rounds: 1, aggregate: 'single'},
      source: {kind: 'transcribed', script: 'seeds/report.txt', scriptVersion: '1', document: 'the report'},
    });
    expect(evidenceOf(transcribed, [single])).toEqual({source: 'transcribed', rounds: 1, spread: false});
  });

  it('has nothing to say without a measured row', () => {
    expect(evidenceOf(dataset, [undefined])).toBeUndefined();
    expect(evidenceOf(dataset, [{...results[0], value: null}])).toBeUndefined();
  });
});

describe('claimEvidence', () => {
  const results = [row('A', 0), row('A', 5000, {samples: [1, 2], min: 1, max: 2}), row('B', 0, {min: undefined, max: undefined})];
  const dataset = makeDataset({results, method: {rounds: 5, aggregate: 'median'}});
  const point = (r: ResultRow) => ({metric: r.metric, scenario: r.scenario, where: r.conditions ?? {}, unit: 'us' as const, value: r.value, row: r});

  it('is the evidence of every point of every check the claim makes', () => {
    const result = {checks: [{points: [point(results[0])]}, {points: [point(results[1]), point(results[2])]}]} as unknown as ClaimResult;
    expect(claimEvidence(dataset, result)).toEqual({source: 'measured', rounds: 2, spread: false, services: {min: 0, max: 5000}});
  });
});

describe('combinedEvidence', () => {
  const measured: Evidence = {source: 'measured', rounds: 5, spread: true, services: {min: 0, max: 5000}};
  const transcribed: Evidence = {source: 'transcribed', rounds: 3, spread: false, services: {min: 4, max: 1000}};
  const single: Evidence = {source: 'transcribed', rounds: 1, spread: false};

  it('is as strong as the weakest part: transcribed if any is, the fewest rounds, a spread only when every part keeps one', () => {
    expect(combinedEvidence([measured, transcribed])).toEqual({source: 'transcribed', rounds: 3, spread: false});
    expect(combinedEvidence([transcribed, single])).toEqual({source: 'transcribed', rounds: 1, spread: false});
    expect(combinedEvidence([measured, {...measured, rounds: 3}])).toEqual({source: 'measured', rounds: 3, spread: true});
    expect(combinedEvidence([{...measured, spread: false}, measured])).toEqual({source: 'measured', rounds: 5, spread: false});
  });

  it('names no Service range, even of one part: the conclusion names its own counts', () => {
    expect(combinedEvidence([measured])).toEqual({source: 'measured', rounds: 5, spread: true});
    expect(combinedEvidence([single])).toEqual(single);
  });

  it('has nothing to say without a part', () => {
    expect(combinedEvidence([])).toBeUndefined();
  });
});
