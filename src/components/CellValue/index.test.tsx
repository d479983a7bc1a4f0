// @vitest-environment jsdom
/** A table cell says why it has no figure: N/M and N/A from the row's flag, and a dash with a reason when the dataset has no row. */
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup, render} from '@testing-library/react';
import type {ResultRow} from '@site/src/data/schema';
import CellValue from './index';

afterEach(cleanup);

const natRules = (value: number | null, flags?: ResultRow['flags']): ResultRow => ({metric: 'iptables_nat_rules', scenario: 'E', value, unit: 'count', ...(flags ? {flags} : {})});

describe('<CellValue> without a figure', () => {
  it('shows a dash that says, to hover and to screen readers, that the run has no such row', () => {
    const {container} = render(<CellValue row={undefined} unit="count" />);
    const cell = container.firstElementChild as HTMLElement;
    expect(cell.getAttribute('title')).toBe('Not part of this run');
    expect(cell.textContent).toBe('–Not part of this run');
    expect(container.querySelector('.sr-only')?.textContent).toBe('Not part of this run');
  });
  it('shows N/A for a row flagged not applicable, and no dash', () => {
    const {container} = render(<CellValue row={natRules(null, [{kind: 'not-applicable'}])} unit="count" />);
    expect(container.textContent).toBe('N/A');
  });
  it('shows the figure in a <data> element when there is one', () => {
    const {container} = render(<CellValue row={natRules(10059)} unit="count" />);
    expect(container.querySelector('data')?.getAttribute('value')).toBe('10059');
  });
});
