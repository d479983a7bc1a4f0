import {describe, expect, it} from 'vitest';
import {formatFigure, formatNumber, formatValue, type FigureKind} from './format';

const fig = (kind: FigureKind, value: number, locale: string) => formatFigure({kind, value}, locale);

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
    expect(fig('change', -35.94, 'en')).toBe('\u221236%');
    expect(fig('change', 15.85, 'zh')).toBe('+16%');
    expect(fig('ratio', 101.6, 'ko')).toBe('102×');
  });

  it('writes negative values with a true minus sign (U+2212) in every locale', () => {
    for (const locale of ['en', 'ko', 'zh']) {
      for (const text of [formatValue(-1.5, 'ms', locale), formatNumber(-2000, locale), fig('change', -3, locale), fig('percent', -3, locale), fig('points', -3, locale), fig('ratio', -3, locale), fig('number', -3, locale)]) {
        expect(text, `${locale}: ${text}`).toMatch(/^\u2212\d/);
        expect(text).not.toContain('-');
      }
    }
    expect(fig('change', 30, 'ko')).toBe('+30%');
  });

  it('rounds each kind of figure by its one rule, whatever component asks', () => {
    // change: tenths under 10 %, whole percents from 10 % (both sides of the limit).
    expect(fig('change', -3.44, 'en')).toBe('\u22123.4%');
    expect(fig('change', 9.96, 'en')).toBe('+10.0%');
    expect(fig('change', 10.4, 'en')).toBe('+10%');
    expect(fig('change', 0, 'en')).toBe('0.0%');
    // percent (a level): the same limit, unsigned.
    expect(fig('percent', 4.26, 'en')).toBe('4.3%');
    expect(fig('percent', 42.6, 'en')).toBe('43%');
    // ratio: tenths under 10x.
    expect(fig('ratio', 2.345, 'en')).toBe('2.3×');
    expect(fig('ratio', 10.5, 'en')).toBe('11×');
    // number: tenths under 100.
    expect(fig('number', 99.94, 'en')).toBe('99.9');
    expect(fig('number', 104.4, 'en')).toBe('104');
    // points, in each language's words.
    expect(fig('points', -20.44, 'en')).toBe('\u221220.4\u00a0pp');
    expect(fig('points', 1.25, 'ko')).toBe('+1.3\u00a0%p');
    expect(fig('points', 3, 'zh')).toBe('+3\u00a0个百分点');
    // value and difference: the unit's magnitude rule.
    expect(formatFigure({kind: 'value', value: 440.44, unit: 'us'}, 'en')).toBe('440.4\u00a0µs');
    expect(formatFigure({kind: 'difference', value: 1.234, unit: 'ms'}, 'en')).toBe('+1.23\u00a0ms');
    expect(formatFigure({kind: 'difference', value: -1.234, unit: 'ms'}, 'en')).toBe('\u22121.23\u00a0ms');
  });
});

describe('label punctuation', () => {
  it('is full-width in Chinese and half-width elsewhere', async () => {
    const {labelColon, parentheses} = await import('./format');
    expect(labelColon('zh')).toBe('：');
    expect(parentheses('zh')).toEqual(['（', '）']);
    for (const locale of ['en', 'ko']) {
      expect(labelColon(locale)).toBe(': ');
      expect(parentheses(locale)).toEqual(['(', ')']);
    }
  });
});
