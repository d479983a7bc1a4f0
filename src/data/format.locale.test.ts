import {describe, expect, it} from 'vitest';
import {formatNumber, formatPercent, formatPercentChange, formatRatio, formatValue} from './format';

describe('formatting per locale', () => {
  it('groups thousands and writes units for en, ko and zh', () => {
    for (const locale of ['en', 'ko', 'zh']) {
      const grouped = new Intl.NumberFormat(locale).format(10059);
      expect(formatValue(10059, 'count', locale)).toBe(grouped);
      expect(formatValue(4894, 'us', locale)).toBe(`${new Intl.NumberFormat(locale).format(4894)}\u00a0µs`);
      expect(formatValue(20.39, '%', locale)).toBe(`${new Intl.NumberFormat(locale, {maximumFractionDigits: 2}).format(20.39)}%`);
    }
    expect(formatValue(12.41, 'Gbps', 'en')).toBe('12.41\u00a0Gbps');
    expect(formatValue(4894, 'us', 'ko')).toBe('4,894\u00a0µs');
    expect(formatValue(4894, 'us', 'zh')).toBe('4,894\u00a0µs');
  });

  it('uses the locale decimal separator where it differs', () => {
    // A locale with a comma decimal shows the formatter really follows the argument.
    expect(formatValue(12.41, 'Gbps', 'de')).toBe('12,41\u00a0Gbps');
  });

  it('signs changes and ratios', () => {
    expect(formatPercentChange(-35.94, 'en')).toBe('\u221236%');
    expect(formatPercentChange(15.85, 'zh')).toBe('+16%');
    expect(formatRatio(101.6, 'ko')).toBe('102×');
  });

  it('writes negative values with a true minus sign (U+2212) in every locale', () => {
    for (const locale of ['en', 'ko', 'zh']) {
      for (const text of [formatValue(-1.5, 'ms', locale), formatNumber(-2000, locale), formatPercentChange(-3, locale), formatPercent(-3, locale)]) {
        expect(text, `${locale}: ${text}`).toMatch(/^\u2212\d/);
        expect(text).not.toContain('-');
      }
    }
    expect(formatPercentChange(3, 'ko')).toBe('+3%');
  });
});
