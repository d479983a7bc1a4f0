/**
 * A chart as configuration: what a suite's chart module (src/data/suites/<suite>.charts.tsx)
 * gives a chart family (ThroughputChart, LatencyChart, HttpChart, ScalingChart, ResourceChart).
 * The family draws it in the shared figure; the spec says which rows, in which panels.
 */
import type React from 'react';
import type {SuiteBundle} from './bundle';
import type {ChartBuild} from './chart/model';
import type {ChartViewControl} from '@site/src/components/ChartFigure';

export interface ChartSpec {
  /** The chart's id: data-chart, anchor (#chart-<name>) and permalink key; never change a published one. */
  name: string;
  /** Called while rendering, so the page's locale applies (keep the literal id in the translate call). */
  title: () => string;
  description?: () => React.ReactNode;
  /** Turn a dataset into the panels to draw, for the page's locale and the chart's URL-kept view. */
  build: ChartBuild;
  /** Height of each panel in px (the figure's default otherwise). */
  height?: number;
  /** Toolbar controls that switch what `build` draws (the view is kept in the URL). */
  controls?: (view: ChartViewControl) => React.ReactNode;
  /** Drawn under the chart, before the page's own notes: e.g. a table read from the same rows. */
  after?: React.ComponentType<{data: SuiteBundle}>;
}

/** The properties of every chart family: the suite's data and the spec from its chart module. */
export interface ChartFamilyProps {
  data: SuiteBundle;
  spec: ChartSpec;
  /** Notes from the page, under the chart. */
  children?: React.ReactNode;
}
