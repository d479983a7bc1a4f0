import React from 'react';
import {describe, expect, it} from 'vitest';
import KubeproxyScalingChart from '.';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {dataValues} from '@site/src/data/testing/staticQueries';
import {selectRow} from '@site/src/data/selectors';
import {formatValue} from '@site/src/data/format';
import type {Unit} from '@site/src/data/metrics';

const render = (base: number) => {
  const d = eksLikeDataset(base, `kubeproxyscalingchart-${base}`);
  return {d, doc: renderStatic(<KubeproxyScalingChart data={bundleOf(d)} />)};
};

describe('KubeproxyScalingChart', () => {
  it('carries data-chart and data-dataset on its root in the static HTML', () => {
    const {d, doc} = render(3);
    const root = doc.querySelector('[data-chart="KubeproxyScalingChart"]');
    expect(root?.getAttribute('data-dataset')).toBe(`${d.suite}@${d.version}`);
  });

  it('shows the values of the dataset it is given', () => {
    const {d, doc} = render(3);
    const row = selectRow(d, {metric: 'iptables_nat_rules', scenario: 'A', where: {"services": 1000}});
    expect(dataValues(doc)).toContain(row.value);
    expect(doc.body.textContent).toContain(formatValue(row.value!, row.unit as Unit, 'en'));
  });

  it('changes when the data changes', () => {
    expect(dataValues(render(3).doc)).not.toEqual(dataValues(render(5).doc));
  });
});
