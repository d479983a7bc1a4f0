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
  /**
   * The bare Docusaurus classic template's doc page at the site's Docusaurus version, measured in the
   * same run (./template.ts): what Docusaurus itself costs. Not a page of the site: not published in its dataset.
   */
  template?: {docusaurusVersion: string; row: Row};
  /** The phone-profile timings of the report pages (./phone-profile.ts); absent in results of older runs and with --only lighthouse. */
  phone?: PhoneResult;
}

/**
 * One phone-profile run of a report page. Times are in ms, each from the moment it names,
 * to the first animation frame that showed the state (what the reader saw painted).
 */
export interface PhoneSample {
  /** After the page settled: from the scroll that brings the chart into view to the panel nearest the middle of the screen drawn (recharts SVG). */
  panelAfterScrollMs?: number;
  /** The same scroll, to every panel of the chart drawn. */
  chartAfterScrollMs?: number;
  /** A shared link with a saved view: from navigation start to the static table showing that view. */
  sharedViewMs?: number;
  /** The same link: from navigation start to every panel of the chart drawn. */
  sharedChartMs?: number;
  /** Times the figure became an empty box (a panel with neither a table nor a drawn chart), over both waits. */
  emptyBoxes: number;
}

export interface PhoneRow {
  page: BenchPage;
  status: 'ok' | 'missing' | 'error';
  error?: string;
  /** The chart timed and the link's query ("DnsResourceChart.hide=p99"). */
  chart?: string;
  sharedQuery?: string;
  /** Every successful run, in run order. */
  samples?: PhoneSample[];
}

/** The phone the timings emulate: what was sent over CDP, and where the values come from. */
export interface PhoneFacts {
  /** E.g. "Lighthouse 13.5.0 throttling.mobileSlow4G". */
  source: string;
  /** Network.emulateNetworkConditions: added to every request, and bytes per second each way. */
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
  /** Emulation.setCPUThrottlingRate. */
  cpuSlowdown: number;
  viewport: {width: number; height: number; deviceScaleFactor: number};
  /** The browser Playwright drove, and Playwright's version. */
  browserVersion?: string;
  playwrightVersion?: string;
}

export interface PhoneResult {
  facts: PhoneFacts;
  rows: PhoneRow[];
}
