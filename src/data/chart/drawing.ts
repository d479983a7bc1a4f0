/**
 * A chart panel's drawing request: what the server render writes in a panel's plot
 * (ChartFigure/PanelPlot.tsx) and the build's drawing step reads (src/plugins/chart-drawings)
 * to draw the panel at each layout's width (ChartFigure/drawAtBuild.tsx).
 */
import type {ColouredPanel} from './palette';

export interface DrawingRequest {
  panel: ColouredPanel;
  height: number;
  locale: string;
  labelLines: boolean;
  /** The layout widths to draw (ChartFigure/layouts.ts). */
  layouts: number[];
}

/** One drawing to make: `key` is unique to the request, width and drawing code, and prefixes the drawing's ids. */
export interface DrawJob {
  key: string;
  request: DrawingRequest;
  width: number;
}

/** Where the drawing worker finds the locale's code translations (the build's @docusaurus/Translate stand-in reads it). */
export const DRAWING_MESSAGES_GLOBAL = '__chartDrawingMessages';
