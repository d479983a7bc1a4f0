import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {makeDataset} from '@site/src/data/testing/makeDataset';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import RunTimeTable from '.';

const runTime = {
  budgetSeconds: 3600,
  steps: [
    {at: {services: 1000}, prepareSeconds: 25, measureSeconds: 270, createdServices: {from: 0, to: 1000}, cpuSeconds: {'kube-apiserver': 31.4, etcd: null}},
    {at: {services: 0}, prepareSeconds: 0, measureSeconds: 283},
  ],
  stoppedBefore: {at: {services: 10000}, spentSeconds: 2225, predictedPrepareSeconds: 1969, predictedMeasureSeconds: 2040},
};

describe('RunTimeTable', () => {
  it('lists each step by Service count with its creation and measuring time (seconds up to two minutes, then minutes) and the control plane CPU, and says where the budget stopped the run', () => {
    const dataset = makeDataset();
    const doc = renderStatic(<RunTimeTable data={makeBundle({...dataset, method: {...dataset.method, runTime}})} />);
    const rows = [...doc.querySelectorAll('[data-testid="run-time"] tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['0', '–', '–', '–', '4.7 min'],
      ['1,000', '25\u00a0s', '31.4\u00a0s', '–', '4.5 min'],
    ]);
    expect(doc.querySelector('[data-testid="run-time-stop"]')?.textContent).toBe(
      'The run stopped before 10,000 Services: its steps had taken 37.1 min of its 60 min budget, and that step was expected to take 32.8 min to create its Services and 34 min to measure (each predicted from the steps below it).',
    );
  });

  it('shows nothing for a dataset without step times, and no stop line for a run that finished its steps', () => {
    const dataset = makeDataset();
    expect(renderStatic(<RunTimeTable data={makeBundle(dataset)} />).querySelector('table')).toBeNull();
    const finished = {budgetSeconds: 3600, steps: runTime.steps};
    const doc = renderStatic(<RunTimeTable data={makeBundle({...dataset, method: {...dataset.method, runTime: finished}})} />);
    expect(doc.querySelectorAll('[data-testid="run-time"] tbody tr')).toHaveLength(2);
    expect(doc.querySelector('[data-testid="run-time-stop"]')).toBeNull();
  });
});
