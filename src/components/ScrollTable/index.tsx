/**
 * <ScrollTable>: every table of the site. It scrolls sideways on a narrow
 * screen instead of squeezing its columns, and with a `label` the scrolling
 * box is a named region that takes keyboard focus (so it can be scrolled
 * without a mouse). `numeric` keeps figures on one line in tabular digits.
 * `columns` writes a one-row header (a header with column groups goes in
 * `children` as its own <thead>); `caption` is shown left-aligned above the
 * table, or only to screen readers with `captionHidden`, and with `label`
 * alone (true) it also names the region. A table with a caption and no `label`
 * is named by its caption: every scroll box is a named, focusable region, since
 * any table may be wider than a phone (axe: scrollable-region-focusable).
 */
import React, {useId} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface ScrollTableProps extends React.TableHTMLAttributes<HTMLTableElement> {
  /** Names the scrollable region for screen readers and makes it focusable; `true`: the caption names it. */
  label?: string | true;
  /** Class of the scrolling box (margins). */
  wrapClassName?: string;
  numeric?: boolean;
  caption?: React.ReactNode;
  /** The caption names the table for screen readers only (a heading or figure title already shows it). */
  captionHidden?: boolean;
  /** Header cells of a one-row header, each a <th scope="col">. */
  columns?: readonly React.ReactNode[];
  /** Per column of `columns`, an attribute for its <th> (e.g. naming a chart's series, so a style can hide the column). */
  columnAttributes?: readonly (Record<`data-${string}`, string> | undefined)[];
  /** data-* attributes reach the <table>. */
  [data: `data-${string}`]: string | undefined;
}

export default function ScrollTable({label, wrapClassName, numeric = false, caption, captionHidden = false, columns, columnAttributes, className, children, ...table}: ScrollTableProps): React.JSX.Element {
  const captionId = useId();
  label ??= caption === undefined ? undefined : true;
  if (label === true && caption === undefined) throw new Error('<ScrollTable label>: a table named by its caption needs a caption');
  const name = label === true ? {'aria-labelledby': captionId} : {'aria-label': label};
  return (
    <div className={clsx(styles.wrap, wrapClassName)} {...(label ? {role: 'region', tabIndex: 0, ...name} : {})}>
      <table className={clsx(styles.table, numeric && styles.numeric, className)} {...table}>
        {caption !== undefined && (
          <caption id={captionId} className={captionHidden ? 'sr-only' : styles.caption}>
            {caption}
          </caption>
        )}
        {columns && (
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col" {...columnAttributes?.[i]}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        )}
        {children}
      </table>
    </div>
  );
}
