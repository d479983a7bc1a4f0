import React from 'react';
import {describe, expect, it} from 'vitest';
import TestEnvironmentChart from '.';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';

describe('TestEnvironmentChart', () => {
  it('draws one node per dataset node and lists the environment facts', () => {
    for (const base of [3, 4]) {
      const d = eksLikeDataset(base, `env-${base}`);
      const doc = renderStatic(<TestEnvironmentChart data={bundleOf(d)} />);
      const root = doc.querySelector('[data-chart="TestEnvironmentChart"]');
      expect(root?.getAttribute('data-dataset')).toBe(`${d.suite}@${d.version}`);
      expect(root?.querySelectorAll('svg [data-node]').length).toBe(d.environment.nodeCount);
      expect(doc.querySelector('[data-fact="node"] dd')?.textContent).toContain(d.environment.nodeType);
      expect(doc.querySelector('[data-fact="cilium"] dd')?.textContent).toContain(String(d.environment.extra?.ciliumVersion));
    }
  });
});
