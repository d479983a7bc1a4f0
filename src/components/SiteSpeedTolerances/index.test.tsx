import React from 'react';
import {describe, expect, it} from 'vitest';
import SiteSpeedTolerances from '.';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {TOLERANCES} from '@site/src/suites/site';

describe('SiteSpeedTolerances', () => {
  it('shows every tolerance the regression check uses, one row per metric, both limits where there are two', () => {
    const doc = renderStatic(<SiteSpeedTolerances />);
    const rows = [...doc.querySelectorAll('tr[data-metric]')];
    expect(rows.map((r) => r.getAttribute('data-metric'))).toEqual(Object.keys(TOLERANCES));
    const limit = (metric: string) => doc.querySelector(`tr[data-metric="${metric}"] td:last-child`)?.textContent;
    expect(limit('total_blocking_time')).toBe('150\u00a0ms and 50%');
    expect(limit('lighthouse_performance')).toBe('10 points');
    expect(limit('lighthouse_accessibility')).toBe('any point lost');
    expect(limit('cumulative_layout_shift')).toBe('0.05');
    expect(limit('js_first_view')).toBe('3\u00a0KiB and 3%');
  });
});
