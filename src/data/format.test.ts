import {describe, expect, it} from 'vitest';
import {axisDecimals, formatNumber, formatValue, listText, sharedDecimals} from './format';
import type {Unit} from './metrics';

describe('axisDecimals', () => {
  it('keeps two significant digits for small ticks, so neighbours do not share a label', () => {
    const label = (v: number) => formatNumber(v, 'en', axisDecimals(v));
    expect([0, 0.005, 0.01, 0.015, 0.02].map(label)).toEqual(['0', '0.005', '0.01', '0.015', '0.02']);
    expect([0.14, 2.6, 1300].map(label)).toEqual(['0.14', '2.6', '1,300']);
  });
});

describe('sharedDecimals: one rounding rule for values shown together', () => {
  const labels = (values: number[], unit: Unit) => {
    const decimals = sharedDecimals(values, unit);
    return values.map((v) => formatValue(v, unit, 'en', {decimals}));
  };

  it('writes every value of a panel with the same decimals, never 12.4 beside 12.41', () => {
    expect(labels([12.41, 12.34, 12.4], 'Gbps')).toEqual(['12.41\u00a0Gbps', '12.34\u00a0Gbps', '12.40\u00a0Gbps']);
  });

  it('takes the decimals of the largest value by magnitude, so 440.5 rounds 23.01 to one decimal', () => {
    expect(labels([440.5, 21.6, 23.01], 'ms')).toEqual(['440.5\u00a0ms', '21.6\u00a0ms', '23.0\u00a0ms']);
    expect(labels([999.7, 22243], 'req/s')).toEqual(['1,000\u00a0req/s', '22,243\u00a0req/s']);
  });

  it('never adds decimals the data does not carry (16 beside 8.2 is 16.0, not 16.00)', () => {
    expect(labels([8.2, 16, 25.8], '%')).toEqual(['8.2%', '16.0%', '25.8%']);
    expect(labels([4, 10, 52], 'us')).toEqual(['4\u00a0µs', '10\u00a0µs', '52\u00a0µs']);
  });

  it('is written per locale, and an empty panel has no decimals', () => {
    expect(formatValue(12.4, 'Gbps', 'ko', {decimals: sharedDecimals([12.4, 12.41], 'Gbps')})).toBe('12.40\u00a0Gbps');
    expect(sharedDecimals([], 'Gbps')).toBe(0);
  });
});

describe("listText: a list of conditions in the reader's language", () => {
  const items = ['QPS 1,000', 'keepalive', 'p99'];
  it('separates with commas in English and Korean, keeping the thousands separator inside an item', () => {
    expect(listText(items, 'en')).toBe('QPS 1,000, keepalive, p99');
    expect(listText(items, 'ko')).toBe('QPS 1,000, keepalive, p99');
  });
  it('uses the enumeration comma in Chinese, also between Latin words where typeset keeps a half-width comma', () => {
    expect(listText(items, 'zh')).toBe('QPS 1,000、keepalive、p99');
    expect(listText(['Pod 到 Pod', '8 条流'], 'zh')).toBe('Pod 到 Pod、8 条流');
  });
  it('quotes the items of a list of lists, so they do not run together', () => {
    expect(listText(['pod to pod, c64', 'via Service, c256'], 'en')).toBe('“pod to pod, c64”, “via Service, c256”');
    expect(listText(['Pod 到 Pod、c64', '经由 Service'], 'zh')).toBe('“Pod 到 Pod、c64”、“经由 Service”');
  });
  it('leaves one item as it is and adds no final "and"', () => {
    expect(listText(['p99'], 'zh')).toBe('p99');
    expect(listText(['a', 'b'], 'en')).toBe('a, b');
  });
});
