import React from 'react';
import {describe, expect, it} from 'vitest';
import ServiceScalingChart from '.';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {dataValues} from '@site/src/data/testing/staticQueries';
import {selectRow} from '@site/src/data/selectors';
import {formatValue} from '@site/src/data/format';
import type {Unit} from '@site/src/data/metrics';

const render = (base: number) => {
  const d = eksLikeDataset(base, `servicescalingchart-${base}`);
  return {d, doc: renderStatic(<ServiceScalingChart data={bundleOf(d)} />)};
};

describe('ServiceScalingChart', () => {
  it('carries data-chart and data-dataset on its root in the static HTML', () => {
    const {d, doc} = render(3);
    const root = doc.querySelector('[data-chart="ServiceScalingChart"]');
    expect(root?.getAttribute('data-dataset')).toBe(`${d.suite}@${d.version}`);
  });

  it('shows the values of the dataset it is given', () => {
    const {d, doc} = render(3);
    const row = selectRow(d, {metric: 'http_rps', scenario: 'E', where: {"qps": "max", "services": 104, "connection": "keepalive"}});
    expect(dataValues(doc)).toContain(row.value);
    expect(doc.body.textContent).toContain(formatValue(row.value!, row.unit as Unit, 'en'));
  });

  it('changes when the data changes', () => {
    expect(dataValues(render(3).doc)).not.toEqual(dataValues(render(5).doc));
  });
});
