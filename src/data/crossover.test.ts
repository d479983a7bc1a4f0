import {describe, expect, it} from 'vitest';
import {findCrossover, type StepValue} from './crossover';

const series = (values: (number | null)[], steps = [0, 5000, 10000, 20000, 30000]): StepValue[] => values.map((value, i) => ({step: steps[i], value}));
const flat = series([100, 100, 100, 100, 100]);

describe('findCrossover', () => {
  it('finds a crossing between 10000 and 20000 and interpolates it', () => {
    const c = findCrossover(series([300, 200, 150, 50, 10]), flat);
    expect(c).toEqual({after: 10000, at: 20000, estimate: 10000 + (10000 * 50) / 100});
  });

  it('moves to between 20000 and 30000 when the data moves', () => {
    const c = findCrossover(series([300, 250, 200, 130, 70]), flat);
    expect(c?.after).toBe(20000);
    expect(c?.at).toBe(30000);
    expect(c?.estimate).toBeCloseTo(20000 + (10000 * 30) / 60);
  });

  it('is null when the falling series stays above', () => {
    expect(findCrossover(series([300, 250, 200, 150, 101]), flat)).toBeNull();
  });

  it('is null when the series is below from the start (nothing crosses inside the data)', () => {
    expect(findCrossover(series([50, 40, 30, 20, 10]), flat)).toBeNull();
  });

  it('counts equality as not yet below', () => {
    expect(findCrossover(series([300, 100, 99, 50, 10]), flat)).toMatchObject({after: 5000, at: 10000});
  });

  it('skips steps where either value is missing', () => {
    const other = series([100, 100, null, 100, 100]);
    expect(findCrossover(series([300, 200, 50, 50, 10]), other)).toMatchObject({after: 5000, at: 20000});
  });

  it('sorts steps given out of order', () => {
    const falling = [{step: 20000, value: 50}, {step: 0, value: 300}, {step: 10000, value: 150}];
    expect(findCrossover(falling, flat)).toMatchObject({after: 10000, at: 20000});
  });
});
