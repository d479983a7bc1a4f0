/**
 * Each claim kind on small synthetic datasets: it holds, then the data moves
 * and it fails (or cannot be checked), with a reason naming the values.
 */
import {describe, expect, it} from 'vitest';
import {makeDataset, scenario} from '../testing/makeDataset';
import type {Conditions, Dataset, ResultRow} from '../schema';
import {claimAppliesTo, evaluateCheck, evaluateClaim, evaluateClaims, spreadPercent} from './evaluate';
import {check as checkSchema, claim as claimSchema, claimSet} from './schema';
import type {Check} from './schema';
import {renderStatement} from './render';
import {parseClaimSet} from './load';

const rtt = (s: string, value: number | null, where: Partial<Conditions> = {stat: 'p50'}, extra: Partial<ResultRow> = {}): ResultRow => ({
  metric: 'pod_rtt',
  scenario: s,
  value,
  unit: 'us',
  conditions: where,
  ...(value === null ? {flags: [{kind: 'not-measured'}]} : {}),
  ...extra,
});

const three = (a: number, b: number, c: number, extra: ResultRow[] = []): Dataset =>
  makeDataset({scenarios: [scenario('A'), scenario('B'), scenario('C')], results: [rtt('A', a), rtt('B', b), rtt('C', c), ...extra]});

const run = (d: Dataset, c: unknown) => evaluateCheck(d, checkSchema.parse(c) as Check);

describe('spread', () => {
  const c = {kind: 'spread', metric: 'pod_rtt', where: {stat: 'p50'}, maxPercent: 1};
  it('holds when all values are within maxPercent of the smallest', () => {
    const r = run(three(100, 100.5, 101), c);
    expect(r.status).toBe('holds');
    expect(r.figures[0].value).toBeCloseTo(1, 6);
  });
  it('fails when one value moves out', () => {
    const r = run(three(100, 100.5, 102), c);
    expect(r.status).toBe('fails');
    expect(r.reason).toContain('C{stat=p50}=102');
  });
  it('explicit scenarios with a missing value cannot be checked', () => {
    expect(run(three(100, 100, 100), {...c, scenarios: ['A', 'D']}).status).toBe('no-data');
  });
  it('spreadPercent of equal values is 0, and from 0 to more is infinite', () => {
    expect(spreadPercent([0, 0])).toBe(0);
    expect(spreadPercent([0, 1])).toBe(Infinity);
  });
});

describe('extreme', () => {
  const c = {kind: 'extreme', metric: 'pod_rtt', where: {stat: 'p50'}, scenario: 'C', which: 'lowest'};
  it('holds when the scenario is strictly lowest', () => expect(run(three(5, 4, 3), c).status).toBe('holds'));
  it('fails on a tie or when another is lower', () => {
    expect(run(three(5, 3, 3), c).status).toBe('fails');
    const r = run(three(2, 4, 3), c);
    expect(r.status).toBe('fails');
    expect(r.reason).toContain('A{stat=p50}=2');
  });
  it('highest works the other way round', () => expect(run(three(5, 4, 3), {...c, which: 'highest', scenario: 'A'}).status).toBe('holds'));
  it('fails, naming the rule, when the lowest overlaps another over rounds', () => {
    const ranged = (a: [number, number, number], b: [number, number, number], cc: [number, number, number]) =>
      makeDataset({scenarios: [scenario('A'), scenario('B'), scenario('C')], results: [a, b, cc].map(([v, lo, hi], i) => rtt('ABC'[i], v, {stat: 'p50'}, {min: lo, max: hi}))});
    const r = run(ranged([5, 4.8, 5.2], [4, 3.2, 4.4], [3, 2.5, 3.4]), c);
    expect(r.status).toBe('fails');
    expect(r.reason).toMatch(/C is the lowest as seen, but B\{stat=p50\}=4 -> C\{stat=p50\}=3: their ranges over rounds overlap/);
    expect(run(ranged([5, 4.8, 5.2], [4, 3.8, 4.4], [3, 2.5, 3.4]), c).status).toBe('holds');
  });
});

describe('change', () => {
  const c = {kind: 'change', metric: 'pod_rtt', where: {stat: 'p50'}, from: {scenario: 'A'}, to: {scenario: 'C'}, max: -30};
  it('holds when the improvement is beyond the threshold', () => {
    const r = run(three(100, 90, 60), c);
    expect(r.status).toBe('holds');
    expect(r.figures[0]).toMatchObject({value: -40, format: 'change'});
  });
  it('fails when it is not', () => {
    const r = run(three(100, 90, 75), c);
    expect(r.status).toBe('fails');
    expect(r.reason).toContain('-25.00%, needs <= -30%');
  });
  it('ratio measure', () => {
    const ratio = {...c, measure: 'ratio', max: undefined, min: 1.5};
    expect(run(three(100, 0, 160), ratio).status).toBe('holds');
    expect(run(three(100, 0, 140), ratio).status).toBe('fails');
  });
  it('fans out over scenarios, filling the side without one', () => {
    const fan = {kind: 'change', metric: 'pod_rtt', scenarios: ['A', 'B'], from: {where: {stat: 'p50'}}, to: {where: {stat: 'p99'}}, min: 10};
    const rows = (b99: number) => makeDataset({results: [rtt('A', 10), rtt('A', 12, {stat: 'p99'}), rtt('B', 10), rtt('B', b99, {stat: 'p99'})]});
    const ok = run(rows(15), fan);
    expect(ok.status).toBe('holds');
    expect(ok.figures.map((f) => f.scenario)).toEqual(['A', 'B']);
    expect(run(rows(10.5), fan).status).toBe('fails');
  });
  it('a claimed change between rows whose ranges over rounds overlap does not hold, naming the rule', () => {
    const ranged = (s: string, v: number, half: number) => rtt(s, v, {stat: 'p50'}, {min: v - half, max: v + half});
    const overlapping = makeDataset({scenarios: [scenario('A'), scenario('C')], results: [ranged('A', 100, 30), ranged('C', 60, 30)]});
    const r = run(overlapping, c);
    expect(r.status).toBe('fails');
    expect(r.reason).toContain('ranges over rounds overlap, so the difference is not established (src/data/uncertainty.ts)');
    expect(r.differences?.[0].comparison).toMatchObject({verdict: 'not-established', reason: 'overlap'});
    // Ranges apart: established, and it holds.
    const apart = run(makeDataset({scenarios: [scenario('A'), scenario('C')], results: [ranged('A', 100, 5), ranged('C', 60, 5)]}), c);
    expect(apart.status).toBe('holds');
    expect(apart.differences?.[0].comparison.verdict).toBe('better');
    // The same values without ranges hold as what was seen: the difference is recorded as not established.
    const seen = run(three(100, 1, 60), c);
    expect(seen.status).toBe('holds');
    expect(seen.differences?.[0].comparison).toMatchObject({verdict: 'not-established', reason: 'no-spread'});
  });
  it('a missing or not-measured end cannot be checked', () => {
    expect(run(three(100, 90, 60), {...c, to: {scenario: 'Z'}}).status).toBe('no-data');
    const nm = makeDataset({scenarios: [scenario('A'), scenario('C')], results: [rtt('A', 100), rtt('C', null)]});
    expect(run(nm, c).status).toBe('no-data');
  });
});

describe('value', () => {
  const c = {kind: 'value', metric: 'pod_rtt', where: {stat: 'p50'}, scenarios: ['A', 'B'], min: 20};
  it('holds when every listed value is within bounds', () => expect(run(three(21, 25, 1), c).status).toBe('holds'));
  it('fails naming the value outside', () => {
    const r = run(three(21, 19, 1), c);
    expect(r.status).toBe('fails');
    expect(r.reason).toContain('B{stat=p50}=19');
  });
  it('explicit points report their range', () => {
    const pts = {kind: 'value', metric: 'pod_rtt', points: [{scenario: 'A', where: {stat: 'p50'}}, {scenario: 'B', where: {stat: 'p50'}}], max: 30};
    const r = run(three(21, 25, 1), pts);
    expect(r.figures).toEqual([{value: 21, upper: 25, format: 'value', unit: 'us'}]);
  });
});

describe('crossover', () => {
  const rps = (s: string, services: number | undefined, value: number): ResultRow => ({
    metric: 'http_rps',
    scenario: s,
    value,
    unit: 'req/s',
    conditions: {qps: 'max', connection: 'close', ...(services === undefined ? {} : {services})},
  });
  const grid = (x: number[], y: number[]) =>
    makeDataset({
      scenarios: [scenario('X'), scenario('Y')],
      results: [rps('X', undefined, 100), rps('Y', undefined, 50), ...[1000, 2000, 3000].flatMap((s, i) => [rps('X', s, x[i]), rps('Y', s, y[i])])],
    });
  const c = {name: 'at', kind: 'crossover', metric: 'http_rps', where: {qps: 'max', connection: 'close'}, falling: 'X', other: 'Y', over: 'services', after: 1000, by: 3000};
  it('holds when X is above Y up to `after` and below from `by`, and reports where it first falls below', () => {
    const r = run(grid([90, 45, 30], [50, 50, 50]), c);
    expect(r.status).toBe('holds');
    expect(r.figures[0]).toMatchObject({value: 2000});
  });
  it('fails when X has already fallen below at `after`', () => {
    const r = run(grid([40, 45, 30], [50, 50, 50]), c);
    expect(r.status).toBe('fails');
    expect(r.reason).toContain('at 1000 X (40) is not above Y (50)');
  });
  it('fails when X never falls below', () => expect(run(grid([90, 80, 70], [50, 50, 50]), c).status).toBe('fails'));
  it('cannot be checked without a step past `by`', () => expect(run(grid([90, 45, 30], [50, 50, 50]), {...c, by: 5000}).status).toBe('no-data'));
  it('fails, naming the rule, where the two series\' ranges overlap at a step it relies on', () => {
    const ranged = (d: Dataset, half: number) => ({...d, results: d.results.map((r) => ({...r, min: (r.value as number) - half, max: (r.value as number) + half}))});
    const r = run(ranged(grid([90, 45, 30], [50, 50, 50]), 15), c);
    expect(r.status).toBe('fails');
    expect(r.reason).toContain('their ranges over rounds overlap, so the difference is not established');
    expect(run(ranged(grid([90, 45, 30], [50, 50, 50]), 5), c).status).toBe('holds');
  });
});

describe('claims and statements', () => {
  const claim = claimSchema.parse({
    id: 'x',
    title: {en: 'C has the lowest RTT'},
    statement: {en: 'C is lowest ({rtt}), {drop} below A', zh: 'C 最低({rtt})'},
    checks: [
      {name: 'rtt', kind: 'extreme', metric: 'pod_rtt', where: {stat: 'p50'}, scenario: 'C', which: 'lowest'},
      {name: 'drop', kind: 'change', metric: 'pod_rtt', where: {stat: 'p50'}, from: {scenario: 'A'}, to: {scenario: 'C'}, max: -10},
    ],
  });
  it('a claim holds only when every check holds, and its statement shows the computed figures per locale', () => {
    const d = three(4000, 3500, 3000);
    const r = evaluateClaim(d, claim);
    expect(r.status).toBe('holds');
    expect(renderStatement(r, 'en', d)).toBe('C is lowest (3,000\u00a0µs), \u221225% below A');
    expect(renderStatement(r, 'de', d)).toBe('C is lowest (3.000\u00a0µs), \u221225% below A');
    expect(renderStatement(r, 'zh', d)).toBe('C 最低（3,000\u00a0µs）');
    expect(evaluateClaim(three(4000, 3500, 3800), claim).status).toBe('contradicted');
  });
});

describe('claims file validation', () => {
  const good = {suite: 's', claims: [{id: 'a', title: {en: 'All alike'}, statement: {en: 'x {n}'}, checks: [{name: 'n', kind: 'spread', metric: 'pod_rtt', maxPercent: 1}]}]};
  it('accepts a valid file', () => expect(claimSet.parse(good).claims).toHaveLength(1));
  it('names the file, JSON path and problem', () => {
    const bad = structuredClone(good) as {claims: {statement: {en: string}; checks: Record<string, unknown>[]}[]};
    bad.claims[0].statement.en = 'x {missing}';
    expect(() => parseClaimSet(JSON.stringify(bad), 's/claims.json')).toThrow(/s\/claims\.json:\n {2}- \$\.claims\[0\]\.statement\.en: placeholder \{missing\} names no check/);
    expect(() => parseClaimSet(JSON.stringify({...good, claims: [{...good.claims[0], checks: [{kind: 'spread', metric: 'nope', maxPercent: 1}]}]}), 's/claims.json')).toThrow(/\$\.claims\[0\]\.checks\[0\]/);
    expect(() => parseClaimSet(JSON.stringify(good), 'other/claims.json')).toThrow(/\$\.suite: says "s" but the file is in the folder of suite "other"; make them the same/);
    expect(() => parseClaimSet('{', 's/claims.json')).toThrow(/not valid JSON/);
  });
  it('rejects a claim without a title, naming the file and the claim', () => {
    const {title: _title, ...untitled} = good.claims[0];
    const text = JSON.stringify({...good, claims: [good.claims[0], {...untitled, id: 'no-headline'}]});
    expect(() => parseClaimSet(text, 's/claims.json')).toThrow(/s\/claims\.json:\n {2}- \$\.claims\[1\]\.title: missing: every claim needs a title.* \(in claim "no-headline"\)/);
    // The claim that has one is not reported.
    expect(() => parseClaimSet(text, 's/claims.json')).not.toThrow(/claims\[0\]/);
  });
  it('scopes a claim to versions: either end optional, inclusive, by version order', () => {
    const scoped = (versions: unknown) => claimSet.safeParse({...good, claims: [{...good.claims[0], versions}]});
    expect(scoped({to: '2026-11-23'}).success).toBe(true);
    expect(scoped({from: '2026-11-23', to: '2026-11-23.2'}).success).toBe(true);
    expect(scoped({}).success).toBe(false);
    expect(scoped({from: '2026-12-01', to: '2026-11-23'}).success).toBe(false);
    expect(scoped({to: 'latest'}).success).toBe(false);
    const upTo = {versions: {to: '2026-11-23'}};
    // 2026-11-23.1 comes after 2026-11-23 in version order.
    expect(['2026-11-22', '2026-11-23', '2026-11-23.1', '2026-12-01'].map((v) => claimAppliesTo(upTo, v))).toEqual([true, true, false, false]);
    expect(['2026-11-23', '2026-11-23.1', '2026-11-23.10'].map((v) => claimAppliesTo({versions: {from: '2026-11-23.1'}}, v))).toEqual([false, true, true]);
    expect(claimAppliesTo({}, '1999-01-01')).toBe(true);
    // three() is version 2026-01-02 of test-suite.
    const set = claimSet.parse({suite: 'test-suite', claims: [{...good.claims[0], id: 'old', versions: {to: '2026-01-01'}}, {...good.claims[0], id: 'always'}]});
    expect(three(1, 1, 1).version).toBe('2026-01-02');
    expect(evaluateClaims(three(1, 1, 1), set).map((r) => r.claim.id)).toEqual(['always']);
  });
  it('rejects bounds that cross or are missing', () => {
    const change = {kind: 'change', metric: 'pod_rtt', from: {scenario: 'A'}, to: {scenario: 'B'}};
    expect(checkSchema.safeParse(change).success).toBe(false);
    expect(checkSchema.safeParse({...change, min: 5, max: 1}).success).toBe(false);
    expect(checkSchema.safeParse({...change, min: 1}).success).toBe(true);
  });
});
