import React from 'react';
import {describe, expect, it} from 'vitest';
import AimlRelevanceTable from '.';
import {bundleOf, eksLikeDataset} from '@site/src/data/testing/eksLike';
import {renderStatic} from '@site/src/data/testing/renderStatic';

// The chart above it (CHARTS.aiml): ChartFigure/charts.test.tsx.
describe('AimlRelevanceTable', () => {
  it('rates each workload type, real-time inference serving as highly relevant', () => {
    const doc = renderStatic(<AimlRelevanceTable data={bundleOf(eksLikeDataset(3, 'aiml'))} />);
    expect(doc.querySelector('[data-workload="serving"]')?.textContent).toContain('High');
  });
});
