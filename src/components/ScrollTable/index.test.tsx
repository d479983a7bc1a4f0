/**
 * The one table component: the scroll box (a focusable named region only with
 * a label), the caption shown or for screen readers only, and the one-row
 * header written from `columns`.
 */
import React from 'react';
import {describe, expect, it} from 'vitest';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import ScrollTable from './index';

const body = (
  <tbody>
    <tr>
      <th scope="row">a</th>
      <td>1</td>
    </tr>
  </tbody>
);

describe('<ScrollTable>', () => {
  it('writes the header from columns, each a column header, before the body', () => {
    const doc = renderStatic(<ScrollTable columns={['Item', <b key="b">Value</b>]}>{body}</ScrollTable>);
    const heads = [...doc.querySelectorAll('thead th')];
    expect(heads.map((th) => [th.getAttribute('scope'), th.textContent])).toEqual([
      ['col', 'Item'],
      ['col', 'Value'],
    ]);
    expect(doc.querySelector('table > thead + tbody')).not.toBeNull();
  });

  it('a label makes the scroll box a named, focusable region; without one it is neither', () => {
    const labelled = renderStatic(<ScrollTable label="Figures">{body}</ScrollTable>).querySelector('table')!.parentElement!;
    expect([labelled.getAttribute('role'), labelled.getAttribute('tabindex'), labelled.getAttribute('aria-label')]).toEqual(['region', '0', 'Figures']);
    const plain = renderStatic(<ScrollTable>{body}</ScrollTable>).querySelector('table')!.parentElement!;
    expect([plain.getAttribute('role'), plain.getAttribute('tabindex')]).toEqual([null, null]);
  });

  it('a caption without a label names the region: a table that may scroll can be reached by keyboard', () => {
    const doc = renderStatic(<ScrollTable caption="Shown caption">{body}</ScrollTable>);
    const region = doc.querySelector('table')!.parentElement!;
    expect([region.getAttribute('role'), region.getAttribute('tabindex')]).toEqual(['region', '0']);
    expect(doc.getElementById(region.getAttribute('aria-labelledby')!)?.textContent).toBe('Shown caption');
  });

  it('label alone: the caption names the region, and a table without one is refused', () => {
    const doc = renderStatic(
      <ScrollTable label caption="Named by its caption" captionHidden>
        {body}
      </ScrollTable>,
    );
    const region = doc.querySelector('[role="region"]')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(doc.getElementById(region.getAttribute('aria-labelledby')!)?.textContent).toBe('Named by its caption');
    expect(() => renderStatic(<ScrollTable label>{body}</ScrollTable>)).toThrow(/needs a caption/);
  });

  it('a caption is shown, or read only by screen readers with captionHidden; data-* reach the table', () => {
    const shown = renderStatic(<ScrollTable caption="Shown" data-testid="t">{body}</ScrollTable>);
    expect(shown.querySelector('caption')?.textContent).toBe('Shown');
    expect(shown.querySelector('caption')?.classList.contains('sr-only')).toBe(false);
    expect(shown.querySelector('table')?.getAttribute('data-testid')).toBe('t');
    const hidden = renderStatic(<ScrollTable caption="Hidden" captionHidden>{body}</ScrollTable>);
    expect(hidden.querySelector('caption')?.classList.contains('sr-only')).toBe(true);
    expect(renderStatic(<ScrollTable>{body}</ScrollTable>).querySelector('caption, thead')).toBeNull();
  });
});
