/**
 * What one `npm run bench:site` run measured, as --json writes it and the
 * site dataset (./dataset.ts) is built from.
 */
import type {BenchPage} from './pages';

export interface Row {
  page: BenchPage;
  status: 'ok' | 'missing' | 'error';
  error?: string;
  performance?: number;
  accessibility?: number;
  lcpMs?: number;
  tbtMs?: number;
  /** Lowest and highest TBT over the runs. */
  tbtRangeMs?: [number, number];
  cls?: number;
  runs?: number;
  jsGzipBytes?: number;
  jsFiles?: number;
  transferBytes?: number;
  /** Every run's figures, in run order (the medians above are theirs). */
  samples?: RunSample[];
}

export interface RunSample {
  performance: number;
  accessibility: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
}

/** What Lighthouse says about the browser and its settings (from the first run). */
export interface LighthouseFacts {
  lighthouseVersion: string;
  /** Chromium's user agent as Lighthouse saw it, e.g. "... Chrome/142.0.0.0 ...". */
  userAgent: string;
  /** `chromium --version` of the browser that ran (the user agent carries only the major version). */
  browserVersion?: string;
  formFactor: string;
  throttlingMethod: string;
  throttling: Record<string, number>;
}

export interface BenchResult {
  /** ISO time the first Lighthouse run started. */
  startedAt: string;
  /** Lighthouse runs asked for per page. */
  runs: number;
  cpus: number;
  /** Load average (1, 5, 15 min) when the runs started and when they ended: the machine's other work. */
  loadAtStart?: number[];
  loadAtEnd?: number[];
  /** Git commit of the site that was measured. */
  commit?: string;
  /** Wall time of the cold build of every locale, when this run built the site (or was told it). */
  buildSeconds?: number;
  /** Undefined when no page was measured. */
  facts?: LighthouseFacts;
  rows: Row[];
}
