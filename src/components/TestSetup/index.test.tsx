/**
 * The test setup drawn from each report's newest dataset agrees with that dataset, read here
 * straight from its JSON: as many nodes as it records, the client and the server in the nodes
 * its environment puts them (one node: that one; a statement of different nodes: two of them;
 * nothing recorded: in none, and said so), and one lane per path its traffic rows name, with
 * exactly the tests measured on it.
 */
import React from 'react';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import TestSetup from '.';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {validateDataset} from '@site/src/data/validate';
import {newestVersion} from '@site/src/data/suiteFolder';
import {TRAFFIC_METRICS} from '@site/src/data/testSetup';
import type {Dataset} from '@site/src/data/schema';

const DATA = resolve(__dirname, '../../../static/data');
const REPORTS = ['eks-cni', 'tke-cilium', 'kube-proxy', 'local'];

function newest(suite: string): Dataset {
  const version = newestVersion(resolve(DATA, suite))!;
  return validateDataset(JSON.parse(readFileSync(resolve(DATA, suite, `${version}.json`), 'utf8')), `${suite}/${version}.json`);
}

/** The node each end is drawn in ("none" outside every node). */
function nodeOfEnd(doc: Document, end: 'client' | 'server'): string[] {
  return Array.from(doc.querySelectorAll(`[data-end="${end}"]`))
    .filter((el) => !el.closest('[data-path]'))
    .map((el) => el.closest('[data-node]')?.getAttribute('data-node') ?? 'none');
}

function lanesOf(doc: Document): Record<string, string[]> {
  return Object.fromEntries(Array.from(doc.querySelectorAll('[data-path]'), (lane) => [lane.getAttribute('data-path'), Array.from(lane.querySelectorAll('[data-metric]'), (m) => m.getAttribute('data-metric'))]));
}

describe.each(REPORTS)('TestSetup of %s, newest version', (suite) => {
  const dataset = newest(suite);
  const doc = renderStatic(<TestSetup data={makeBundle(dataset)} />);
  const env = dataset.environment;

  it('draws the nodes the dataset records', () => {
    // makeBundle gives each bundle a suite name of its own (the page-wide version store is keyed by it).
    expect(doc.querySelector('[data-chart="TestSetup"]')?.getAttribute('data-dataset')).toMatch(new RegExp(`^${dataset.suite}.*@${dataset.version.replace('.', '\\.')}$`));
    expect(doc.querySelectorAll('[data-node]').length).toBe(env.nodeCount ?? 0);
    if (env.nodeType) for (const node of doc.querySelectorAll('[data-node]')) expect(node.textContent).toContain(env.nodeType);
  });

  it('puts the client and the server where the dataset says they ran, or says it does not', () => {
    const client = nodeOfEnd(doc, 'client');
    const server = nodeOfEnd(doc, 'server');
    expect(client).toHaveLength(1);
    expect(server).toHaveLength(1);
    const statement = String(env.extra?.placement ?? '');
    if (env.nodeCount === 1) {
      expect([client[0], server[0]]).toEqual(['1', '1']);
    } else if (/different .*nodes/.test(statement)) {
      expect(client[0]).not.toBe('none');
      expect(server[0]).not.toBe('none');
      expect(client[0]).not.toBe(server[0]);
    } else {
      expect([client[0], server[0]]).toEqual(['none', 'none']);
      expect(doc.querySelector('[data-placement="unrecorded"]')?.textContent).toMatch(/does not record/);
    }
  });

  it('draws one lane per path the traffic tests name, each with the tests measured on it', () => {
    const expected: Record<string, Set<string>> = {};
    for (const r of dataset.results.filter((row) => TRAFFIC_METRICS.has(row.metric))) (expected[r.conditions?.path ?? 'unrecorded'] ??= new Set()).add(r.metric);
    const drawn = lanesOf(doc);
    expect(Object.keys(drawn).sort()).toEqual(Object.keys(expected).sort());
    for (const [path, metrics] of Object.entries(expected)) expect(new Set(drawn[path]), `tests on ${path}`).toEqual(metrics);
    // A lane through a Service draws the Service; no other does.
    for (const lane of doc.querySelectorAll('[data-path]')) expect(lane.querySelector('[data-hop="service"]') !== null).toBe(lane.getAttribute('data-path') === 'service');
    if (expected.unrecorded) expect(doc.querySelector('[data-path="unrecorded"] [data-missing="path"]')).not.toBeNull();
  });
});

describe('TestSetup reads no more than the dataset holds', () => {
  const tke = newest('tke-cilium');

  it('without the placement statement, the ends are drawn in no node and the figure says so', () => {
    const {placement: _stated, ...extra} = tke.environment.extra ?? {};
    const withoutStatement: Dataset = {...tke, environment: {...tke.environment, extra}};
    const doc = renderStatic(<TestSetup data={makeBundle(withoutStatement)} />);
    expect([...nodeOfEnd(doc, 'client'), ...nodeOfEnd(doc, 'server')]).toEqual(['none', 'none']);
    expect(doc.querySelector('[data-placement="unrecorded"]')).not.toBeNull();
  });

  it('a statement it cannot read is shown as written, not drawn', () => {
    const odd: Dataset = {...tke, environment: {...tke.environment, extra: {...tke.environment.extra, placement: 'client pinned by affinity'}}};
    const doc = renderStatic(<TestSetup data={makeBundle(odd)} />);
    expect([...nodeOfEnd(doc, 'client'), ...nodeOfEnd(doc, 'server')]).toEqual(['none', 'none']);
    expect(doc.querySelector('[data-placement]')?.textContent).toContain('client pinned by affinity');
  });

  it('a test whose row is flagged same-node says so on its lane', () => {
    const first = tke.results.findIndex((r) => r.metric === 'tcp_throughput' && r.conditions?.path === 'pod');
    const results = tke.results.map((r, i) => (i === first ? {...r, flags: [...(r.flags ?? []), {kind: 'same-node' as const}]} : r));
    const doc = renderStatic(<TestSetup data={makeBundle({...tke, results})} />);
    expect(doc.querySelector('[data-path="pod"] [data-metric="tcp_throughput"]')?.textContent).toContain('client and server on the same node');
    expect(doc.querySelector('[data-path="service"] [data-metric="tcp_throughput"]')?.textContent).not.toContain('same node');
  });
});
