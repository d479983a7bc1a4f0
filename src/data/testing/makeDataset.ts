/**
 * Synthetic datasets for tests: a small valid dataset, and a builder that
 * lets a test state exactly the rows it needs. Charts and claims are tested
 * on these, so changing the data must change what they show.
 */
import type {Dataset, ResultRow, Scenario} from '../schema';

export function scenario(id: string, name = `Scenario ${id}`): Scenario {
  return {id, name, cni: 'test-cni', kubeProxy: 'iptables'};
}

export function makeDataset(partial: Partial<Dataset> = {}): Dataset {
  const scenarios = partial.scenarios ?? [scenario('A'), scenario('B')];
  const results: ResultRow[] = partial.results ?? [
    {metric: 'tcp_throughput', scenario: 'A', value: 9.5, unit: 'Gbps'},
    {metric: 'tcp_throughput', scenario: 'B', value: 9.1, unit: 'Gbps'},
  ];
  return {
    schemaVersion: 1,
    suite: 'test-suite',
    version: '2026-01-02',
    collectedAt: '2026-01-02',
    title: {en: 'Test suite', ko: '테스트', zh: '测试'},
    source: {kind: 'measured', script: 'test.sh', scriptVersion: '0'},
    environment: {platform: 'test', nodeCount: 2, nicLimitGbps: 10},
    method: {rounds: 3, aggregate: 'median'},
    ...partial,
    scenarios,
    results,
  };
}
