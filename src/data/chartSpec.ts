/**
 * A chart as configuration: what a suite's chart module (src/suites/<suite>/charts.ts)
 * gives <SuiteChart>, which draws it in the shared figure; the spec says which rows, in
 * which panels. ThroughputChart and LatencyChart are SuiteChart with a default spec of their own.
 * Specs hold strings and functions only: the vocabulary imports no component.
 */
import type React from 'react';
import type {SuiteBundle} from './bundle';
import type {ChartBuild} from './chart/model';

/** The chart's URL-kept view and its setter (what ChartFigure gives its controls). */
export interface ChartViewControl {
  view: string | undefined;
  setView: (view: string | undefined) => void;
}

/** One way to show a chart's values, e.g. absolute or % of baseline; `build` gets its key. */
export interface ChartView {
  key: string;
  label: () => string;
}

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
  /**
   * Alternative views, drawn as a switch in the toolbar; the first is the default (no view in
   * the URL), another is kept as `<name>.view=<key>` and passed to `build`.
   */
  views?: readonly ChartView[];
}

/** The properties of every chart family: the suite's data and the spec from its chart module. */
export interface ChartFamilyProps {
  data: SuiteBundle;
  spec: ChartSpec;
  /** Content from the page above the chart, after the spec's description (e.g. a table the panels refer to). */
  intro?: React.ReactNode;
  /** Notes from the page, under the chart. */
  children?: React.ReactNode;
}

/** The scenario cards of a report (see ScenarioCards): one card a scenario worth choosing, in the order shown. */
export interface ScenarioCardsSpec {
  /** The scenario the cards' changes are measured from. */
  baseline: string;
  cards: readonly {
    scenario: string;
    complexity: 'low' | 'medium' | 'high';
    /** Called while rendering, so the page's locale applies. */
    fit: () => string;
    summary: () => string;
  }[];
}
