import {describe, expect, it} from 'vitest';
import {makeDataset} from './testing/makeDataset';
import {DatasetError, parseDataset, validateDataset} from './validate';
import {SCHEMA_VERSION} from './schema';

/** Run validation and return the error text (fails the test if it passes). */
function problemsOf(data: unknown): string {
  try {
    validateDataset(data, 'static/data/test-suite/2026-01-02.json');
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    return (e as DatasetError).message;
  }
  throw new Error('dataset unexpectedly passed validation');
}

const valid = makeDataset();
const clone = () => structuredClone(valid) as Record<string, any>;

describe('dataset schema', () => {
  it('accepts the synthetic dataset', () => {
    expect(validateDataset(valid, 'x.json').results).toHaveLength(2);
  });

  // Each case: a broken dataset, the JSON path the message must name, and a word of the expectation.
  const cases: [string, () => unknown, string, RegExp][] = [
    ['missing field', () => { const d = clone(); delete d.environment; return d; }, '$.environment', /expected object/i],
    ['wrong type', () => { const d = clone(); d.method.rounds = 'three'; return d; }, '$.method.rounds', /expected number/i],
    ['NaN value', () => { const d = clone(); d.results[0].value = NaN; return d; }, '$.results[0].value', /finite|NaN/i],
    ['Infinity value', () => { const d = clone(); d.results[1].value = Infinity; return d; }, '$.results[1].value', /finite|Infinity/i],
    ['negative throughput', () => { const d = clone(); d.results[0].value = -1; return d; }, '$.results[0].value', />= 0/],
    ['unknown metric', () => { const d = clone(); d.results[0].metric = 'tcp_speed'; return d; }, '$.results[0].metric', /tcp_throughput/],
    ['unknown scenario id', () => { const d = clone(); d.results[1].scenario = 'Z'; return d; }, '$.results[1].scenario', /unknown scenario "Z"/],
    ['unit not matching registry', () => { const d = clone(); d.results[0].unit = 'Mbps'; return d; }, '$.results[0].unit', /"Gbps"/],
    ['duplicate result row', () => { const d = clone(); d.results[1] = {...d.results[0]}; return d; }, '$.results[1]', /duplicate result row/],
    ['bad version string', () => { const d = clone(); d.version = 'v2'; return d; }, '$.version', /YYYY-MM-DD/],
    ['schema version from the future', () => { const d = clone(); d.schemaVersion = SCHEMA_VERSION + 1; return d; }, '$.schemaVersion', /newer/],
    ['empty results', () => { const d = clone(); d.results = []; return d; }, '$.results', /at least one result/],
    ['null without a reason', () => { const d = clone(); d.results[0].value = null; return d; }, '$.results[0].value', /null without a flag/],
    ['unknown condition key', () => { const d = clone(); d.results[0].conditions = {qpss: 5}; return d; }, '$.results[0].conditions', /qpss/],
    ['duplicate scenario id', () => { const d = clone(); d.scenarios[1].id = 'A'; return d; }, '$.scenarios[1].id', /duplicate scenario/],
    ['tuning not applied without reason', () => { const d = clone(); d.scenarios[0].tuning = [{id: 'dsr', helm: 'loadBalancer.mode=dsr', applied: false}]; return d; }, '$.scenarios[0].tuning[0].reason', /needs a reason/],
  ];

  it.each(cases)('rejects %s, naming the JSON path', (_name, make, path, expectation) => {
    const message = problemsOf(make());
    expect(message).toContain('static/data/test-suite/2026-01-02.json');
    expect(message).toContain(`${path}:`);
    expect(message).toMatch(expectation);
  });

  it('rejects unparseable JSON with the file named', () => {
    expect(() => parseDataset('{"schemaVersion": 1,', 'static/data/x/2026-01-01.json')).toThrow(/static\/data\/x\/2026-01-01\.json[\s\S]*not valid JSON/);
  });

  it('accepts a null value that says why', () => {
    const d = clone();
    d.results[0].value = null;
    d.results[0].flags = [{kind: 'not-measured'}];
    expect(validateDataset(d, 'x.json').results[0].value).toBeNull();
  });
});
