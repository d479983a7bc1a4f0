/** The site's one rule (compareRows) on hand-made rows: each reason, each edge, each direction. */
import {describe, expect, it} from 'vitest';
import {compareRows, isEstablished, MIN_ROUNDS, noiseWording, roundRange, verdictWording, type ComparedRow, type RoundsMethod} from './uncertainty';

const MEDIAN_OF_3: RoundsMethod = {rounds: 3, aggregate: 'median'};
const SINGLE: RoundsMethod = {rounds: 1, aggregate: 'single'};
const ranged = (value: number, min: number, max: number, samples?: number[]): ComparedRow => ({value, min, max, ...(samples ? {samples} : {})});

describe('compareRows', () => {
  it('needs three rounds on each side', () => {
    expect(MIN_ROUNDS).toBe(3);
    // Ranges far apart, but two rounds on one side.
    const two = ranged(100, 99, 101, [99, 101]);
    const three = ranged(10, 9, 11, [9, 10, 11]);
    expect(compareRows(three, two, 'higher', MEDIAN_OF_3)).toMatchObject({verdict: 'not-established', reason: 'too-few-rounds'});
    expect(compareRows(two, three, 'higher', MEDIAN_OF_3)).toMatchObject({verdict: 'not-established', reason: 'too-few-rounds'});
    // A single-run method, rows without samples.
    expect(compareRows({value: 10}, {value: 100}, 'higher', SINGLE)).toMatchObject({verdict: 'not-established', reason: 'too-few-rounds'});
    // Either version's method counts in a comparison across versions.
    expect(compareRows(ranged(10, 9, 11), ranged(100, 99, 101), 'higher', [SINGLE, MEDIAN_OF_3])).toMatchObject({reason: 'too-few-rounds'});
  });

  it('needs a min–max over rounds on each side (a median transcribed alone has none)', () => {
    expect(compareRows({value: 10}, ranged(100, 99, 101), 'higher', MEDIAN_OF_3)).toMatchObject({verdict: 'not-established', reason: 'no-spread'});
    expect(compareRows(ranged(10, 9, 11), {value: 100}, 'lower', MEDIAN_OF_3)).toMatchObject({verdict: 'not-established', reason: 'no-spread'});
    // Samples alone give the range.
    expect(roundRange({value: 10, samples: [12, 9, 10]})).toEqual({min: 9, max: 12});
    expect(compareRows({value: 10, samples: [9, 10, 11]}, {value: 20, samples: [19, 20, 21]}, 'higher', MEDIAN_OF_3).verdict).toBe('better');
  });

  it('calls overlapping and touching ranges not established', () => {
    expect(compareRows(ranged(10, 8, 12), ranged(13, 11, 15), 'higher', MEDIAN_OF_3)).toMatchObject({verdict: 'not-established', reason: 'overlap'});
    // One range inside the other.
    expect(compareRows(ranged(10, 5, 20), ranged(11, 10.5, 11.5), 'higher', MEDIAN_OF_3)).toMatchObject({reason: 'overlap'});
    // Touching: 12 is in both.
    expect(compareRows(ranged(10, 8, 12), ranged(14, 12, 16), 'higher', MEDIAN_OF_3)).toMatchObject({verdict: 'not-established', reason: 'overlap'});
    // Equal values always overlap.
    expect(compareRows(ranged(10, 10, 10), ranged(10, 10, 10), 'lower', MEDIAN_OF_3)).toMatchObject({reason: 'overlap'});
  });

  it('gives better or worse by the direction once the ranges are apart', () => {
    const low = ranged(10, 9, 11);
    const high = ranged(20, 19, 21);
    expect(compareRows(low, high, 'higher', MEDIAN_OF_3).verdict).toBe('better');
    expect(compareRows(low, high, 'lower', MEDIAN_OF_3).verdict).toBe('worse');
    expect(compareRows(high, low, 'higher', MEDIAN_OF_3).verdict).toBe('worse');
    expect(compareRows(high, low, 'lower', MEDIAN_OF_3).verdict).toBe('better');
    // Just apart: 11 < 11.0001.
    expect(compareRows(low, ranged(12, 11.0001, 13), 'higher', MEDIAN_OF_3).verdict).toBe('better');
    expect(compareRows(low, high, 'higher', MEDIAN_OF_3).reason).toBeUndefined();
  });

  it('on a metric without a better direction: context when established, else the same reasons', () => {
    expect(compareRows(ranged(10, 9, 11), ranged(20, 19, 21), 'context', MEDIAN_OF_3)).toMatchObject({verdict: 'context'});
    expect(compareRows(ranged(10, 9, 11), ranged(10.5, 10, 11), 'context', MEDIAN_OF_3)).toMatchObject({verdict: 'not-established', reason: 'overlap'});
    expect(compareRows({value: 10}, {value: 20}, 'context', SINGLE)).toMatchObject({verdict: 'not-established', reason: 'too-few-rounds'});
  });

  it('reports what was seen whatever the verdict', () => {
    expect(compareRows({value: 10}, {value: 15}, 'higher', SINGLE).change).toEqual({difference: 5, percent: 50});
    expect(compareRows({value: 0}, {value: 2}, 'higher', SINGLE).change).toEqual({difference: 2, percent: null});
  });

  it('refuses a row without a value', () => {
    expect(() => compareRows({value: null}, {value: 1}, 'higher', MEDIAN_OF_3)).toThrow(/measured value/);
  });

  it('isEstablished: better, worse and context are; not-established is not', () => {
    expect(['better', 'worse', 'context', 'not-established'].map((verdict) => isEstablished({verdict: verdict as never}))).toEqual([true, true, true, false]);
  });
});

describe('wording', () => {
  it('finds better/worse wording in each language, and not plain descriptions of values', () => {
    expect(verdictWording('iptables leads on new connections', 'en')).toBe('leads');
    expect(verdictWording('E is 10% faster', 'en')).toBe('faster');
    expect(verdictWording('E has the lowest RTT of the five', 'en')).toBeNull();
    expect(verdictWording('keepalive 요청은 iptables가 앞섭니다', 'ko')).toBe('앞섭');
    expect(verdictWording('iptables가 가장 빠릅니다', 'ko')).toBe('빠릅');
    expect(verdictWording('RTT가 가장 낮습니다', 'ko')).toBeNull();
    expect(verdictWording('新建连接 iptables 领先', 'zh')).toBe('领先');
    expect(verdictWording('基线下 iptables 的 p99 最低', 'zh')).toBeNull();
  });

  it('finds noise wording in each language', () => {
    expect(noiseWording('The rest is within noise.', 'en')).toBe('noise');
    expect(noiseWording('차이는 측정 오차 수준입니다', 'ko')).not.toBeNull();
    expect(noiseWording('One run, spread unknown.', 'en')).toBeNull();
  });
});
