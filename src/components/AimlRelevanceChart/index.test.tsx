import React from 'react';
import {describe, expect, it} from 'vitest';
import AimlRelevanceChart from '.';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';

// Root, panels and cells: ChartFigure/charts.test.tsx. Here: what only this chart adds.
describe('AimlRelevanceChart', () => {
  it('rates each workload type, real-time inference serving as highly relevant', () => {
    const doc = renderStatic(<AimlRelevanceChart data={bundleOf(eksLikeDataset(3, 'aiml'))} />);
    expect(doc.querySelector('[data-workload="serving"]')?.textContent).toContain('High');
  });
});
