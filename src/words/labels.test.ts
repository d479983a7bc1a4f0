import {describe, expect, it} from 'vitest';
import {overviewAgainstLabel, overviewRowLabel} from './labels';
import type {OverviewRowSpec} from '../data/overview';

// The test double of Translate returns the English messages, so only the separators differ by locale here.
describe('overviewRowLabel: the metric, then the conditions the row shows', () => {
  const row: Pick<OverviewRowSpec, 'metric' | 'where' | 'show'> = {metric: 'http_rps', where: {path: 'service', connection: 'close', services: 30000}, show: ['path', 'connection', 'services']};

  it('lists the conditions after the metric with commas in English', () => {
    const label = overviewRowLabel(row, 'en');
    expect(label.split(', ')).toHaveLength(4);
    expect(label).not.toContain('、');
  });

  it('lists the conditions with the enumeration comma in Chinese, none left half-width between them', () => {
    const label = overviewRowLabel(row, 'zh');
    const [, conditions] = label.split(/，|, /, 2);
    expect(conditions.split('、')).toHaveLength(3);
    expect(conditions).not.toMatch(/, /);
  });

  it('names what a row is compared against with the same separators', () => {
    const against: Pick<OverviewRowSpec, 'metric' | 'against'> = {metric: 'http_rps', against: {policy: 'none', connection: 'keepalive'}};
    expect(overviewAgainstLabel(against, 'zh')).toContain('、');
    expect(overviewAgainstLabel(against, 'en')).not.toContain('、');
  });
});
