import React from 'react';
import {describe, expect, it} from 'vitest';
import AimlRelevanceChart from '.';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import {dataValues} from '@site/src/data/testing/staticQueries';
import {selectRow} from '@site/src/data/selectors';
import {formatValue} from '@site/src/data/format';
import type {Unit} from '@site/src/data/metrics';

const render = (base: number) => {
  const d = eksLikeDataset(base, `aimlrelevancechart-${base}`);
  return {d, doc: renderStatic(<AimlRelevanceChart data={bundleOf(d)} />)};
};

describe('AimlRelevanceChart', () => {
  it('carries data-chart and data-dataset on its root in the static HTML', () => {
    const {d, doc} = render(3);
    const root = doc.querySelector('[data-chart="AimlRelevanceChart"]');
    expect(root?.getAttribute('data-dataset')).toBe(`${d.suite}@${d.version}`);
  });

  it('shows the values of the dataset it is given', () => {
    const {d, doc} = render(3);
    const a = selectRow(d, {metric: 'pod_rtt', scenario: 'A', where: {"stat": "p50"}}).value!;
    const e = selectRow(d, {metric: 'pod_rtt', scenario: 'E', where: {"stat": "p50"}}).value!;
    expect(dataValues(doc, '[data-panel="rtt"]')).toContain((e / a) * 100);
    expect(doc.querySelector('[data-workload="serving"]')?.textContent).toContain('High');
  });

  it('changes when the data changes', () => {
    expect(dataValues(render(3).doc)).not.toEqual(dataValues(render(5).doc));
  });
});
