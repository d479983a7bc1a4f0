/**
 * <ScrollTable>: every table of the site. It scrolls sideways on a narrow
 * screen instead of squeezing its columns, and with a `label` the scrolling
 * box is a named region that takes keyboard focus (so it can be scrolled
 * without a mouse). `numeric` keeps figures on one line in tabular digits.
 * `columns` writes a one-row header (a header with column groups goes in
 * `children` as its own <thead>); `caption` is shown left-aligned above the
 * table, or only to screen readers with `captionHidden`.
 */
import React from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface ScrollTableProps extends React.TableHTMLAttributes<HTMLTableElement> {
  /** Names the scrollable region for screen readers and makes it focusable. */
  label?: string;
  /** Class of the scrolling box (margins). */
  wrapClassName?: string;
  numeric?: boolean;
  caption?: React.ReactNode;
  /** The caption names the table for screen readers only (a heading or figure title already shows it). */
  captionHidden?: boolean;
  /** Header cells of a one-row header, each a <th scope="col">. */
  columns?: readonly React.ReactNode[];
  /** data-* attributes reach the <table>. */
  [data: `data-${string}`]: string | undefined;
}

export default function ScrollTable({label, wrapClassName, numeric = false, caption, captionHidden = false, columns, className, children, ...table}: ScrollTableProps): React.JSX.Element {
  return (
    <div className={clsx(styles.wrap, wrapClassName)} {...(label ? {role: 'region', tabIndex: 0, 'aria-label': label} : {})}>
      <table className={clsx(styles.table, numeric && styles.numeric, className)} {...table}>
        {caption !== undefined && <caption className={captionHidden ? 'sr-only' : styles.caption}>{caption}</caption>}
        {columns && (
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col">
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
