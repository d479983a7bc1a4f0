import React from 'react';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import TestEnvironmentChart from '.';
import {ENVIRONMENT} from '@site/src/suites/eks-cni/charts';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {validateDataset} from '@site/src/data/validate';
import {ENVIRONMENT as KUBE_PROXY_ENVIRONMENT} from '@site/src/suites/kube-proxy/charts';

describe('TestEnvironmentChart', () => {
  it('draws one node per dataset node and lists the environment facts', () => {
    for (const base of [3, 4]) {
      const d = eksLikeDataset(base, `env-${base}`);
      const doc = renderStatic(<TestEnvironmentChart data={bundleOf(d)} spec={ENVIRONMENT} />);
      const root = doc.querySelector('[data-chart="TestEnvironmentChart"]');
      expect(root?.getAttribute('data-dataset')).toBe(`${d.suite}@${d.version}`);
      expect(root?.querySelectorAll('svg [data-node]').length).toBe(d.environment.nodeCount);
      expect(doc.querySelector('[data-fact="node"] dd')?.textContent).toContain(d.environment.nodeType);
      expect(doc.querySelector('[data-fact="cilium"] dd')?.textContent).toContain(String(d.environment.extra?.ciliumVersion));
    }
  });
});

describe('TestEnvironmentChart with the kube-proxy spec', () => {
  const published = validateDataset(JSON.parse(readFileSync(resolve(__dirname, '../../../static/data/kube-proxy/2026-11-23.json'), 'utf8')), 'kube-proxy/2026-11-23.json');

  it('lists the facts in the text, untitled and without a sketch, each from the dataset', () => {
    const doc = renderStatic(<TestEnvironmentChart data={makeBundle(published)} spec={KUBE_PROXY_ENVIRONMENT} />);
    const list = doc.querySelector('dl[data-environment="KubeProxyEnvironment"]');
    expect(list?.getAttribute('data-dataset')).toMatch(new RegExp(`^kube-proxy.*@${published.version}$`));
    expect(doc.querySelector('figure, svg, h3')).toBeNull();
    expect(list?.querySelector('[data-fact="runtime"] dd')?.textContent).toBe(published.environment.runtime);
    expect(list?.querySelector('[data-fact="kernel"] dd')?.textContent).toBe(`${published.environment.os} · ${published.environment.kernel}`);
  });

  it('leaves out a fact the run did not record', () => {
    const withoutRuntime = {...published, environment: {...published.environment, runtime: undefined}};
    const doc = renderStatic(<TestEnvironmentChart data={makeBundle(withoutRuntime)} spec={KUBE_PROXY_ENVIRONMENT} />);
    expect(doc.querySelector('[data-fact="runtime"]')).toBeNull();
    expect(doc.querySelector('[data-fact="kernel"]')).not.toBeNull();
  });
});
