/**
 * <FigureShell>: the frame of every data figure (charts, the environment
 * block, the results overview). The root carries `data-chart` and
 * `data-dataset` (tests and the permalink find figures by them), the anchor
 * `chart-<name>`, the title that labels the figure, and the provenance of the
 * dataset shown in its caption.
 */
import React from 'react';
import clsx from 'clsx';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {Dataset} from '@site/src/data/schema';
import {chartAnchorId} from '@site/src/data/chartLink';
import Provenance from '@site/src/components/Provenance';
import styles from './styles.module.css';

export interface FigureShellProps {
  /** Component name (and view): data-chart and the anchor id. */
  name: string;
  dataset: Dataset;
  /** Shown as the figure's heading and its accessible name; without it, the content names itself (e.g. a table caption). */
  title?: React.ReactNode;
  /** Beside the title, e.g. the "higher is better" badge. */
  badge?: React.ReactNode;
  /** Bordered card (default) or no frame (a table that stands on its own). */
  framed?: boolean;
  /** One sentence on what the figure shows, for screen readers: the figure's description (aria-describedby). */
  summary?: string;
  /** Caption text before the provenance line. */
  caption?: React.ReactNode;
  children: React.ReactNode;
  ref?: React.Ref<HTMLElement>;
}

export default function FigureShell({name, dataset, title, badge, framed = true, summary, caption, children, ref}: FigureShellProps): React.JSX.Element {
  // Registered with the build's link check, so a link to a chart that is not on its page (the home page's findings) fails the build.
  useBrokenLinks().collectAnchor(chartAnchorId(name));
  const titleId = `${chartAnchorId(name)}-title`;
  const summaryId = `${chartAnchorId(name)}-summary`;
  return (
    <figure
      ref={ref}
      className={clsx(styles.figure, framed && styles.framed)}
      data-chart={name}
      data-dataset={`${dataset.suite}@${dataset.version}`}
      id={chartAnchorId(name)}
      aria-labelledby={title === undefined ? undefined : titleId}
      aria-describedby={summary ? summaryId : undefined}>
      {title !== undefined && (
        <div className={styles.header}>
          {/* h3: figures sit under a section's h2 or h3, and a heading may go at most one level deeper (WCAG 1.3.1). */}
          <h3 className={styles.title} id={titleId}>
            {title}
          </h3>
          {badge}
        </div>
      )}
      {/* Hidden: read as the figure's description, not a second time in the page's flow. */}
      {summary && (
        <p id={summaryId} hidden data-figure-summary>
          {summary}
        </p>
      )}
      {children}
      <figcaption>
        {caption}
        <Provenance dataset={dataset} />
      </figcaption>
    </figure>
  );
}
