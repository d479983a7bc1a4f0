import {describe, expect, it} from 'vitest';
import {axisDecimals, formatNumber} from './format';

describe('axisDecimals', () => {
  it('keeps two significant digits for small ticks, so neighbours do not share a label', () => {
    const label = (v: number) => formatNumber(v, 'en', axisDecimals(v));
    expect([0, 0.005, 0.01, 0.015, 0.02].map(label)).toEqual(['0', '0.005', '0.01', '0.015', '0.02']);
    expect([0.14, 2.6, 1300].map(label)).toEqual(['0.14', '2.6', '1,300']);
  });
});
