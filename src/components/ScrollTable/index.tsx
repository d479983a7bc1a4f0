/**
 * <ScrollTable>: every table of the site. It scrolls sideways on a narrow
 * screen instead of squeezing its columns, and with a `label` the scrolling
 * box is a named region that takes keyboard focus (so it can be scrolled
 * without a mouse). `numeric` keeps figures on one line in tabular digits.
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
  /** data-* attributes reach the <table>. */
  [data: `data-${string}`]: string | undefined;
}

export default function ScrollTable({label, wrapClassName, numeric = false, caption, className, children, ...table}: ScrollTableProps): React.JSX.Element {
  return (
    <div className={clsx(styles.wrap, wrapClassName)} {...(label ? {role: 'region', tabIndex: 0, 'aria-label': label} : {})}>
      <table className={clsx(styles.table, numeric && styles.numeric, className)} {...table}>
        {caption !== undefined && <caption>{caption}</caption>}
        {children}
      </table>
    </div>
  );
}
