/**
 * Facts of the site suite: the speed of this site's own pages, measured by
 * `npm run bench:site` (Lighthouse on the built site) and drawn on the
 * contributing guide. The bench script loads this module outside the site's
 * build, so its imports are relative.
 */
import type {MetricId} from '../../data/metrics';
import type {Scenario} from '../../data/schema';

/** environment.platform of every version (a dataset term: translated in src/words/terms.ts). */
export const PLATFORM = 'Lighthouse on the built site, one machine';

/**
 * The pages measured: the plain docs home first (the reference every report page is
 * compared with), then each report. Names are dataset terms (src/words/terms.ts).
 */
export const PAGE_SCENARIOS: Scenario[] = [
  {id: 'docs-home', name: 'Docs home (plain page)'},
  {id: 'eks-cni', name: 'EKS CNI report'},
  {id: 'tke-cilium', name: 'TKE Cilium report'},
];

/** The whole site, for figures of the build rather than of a page. */
export const BUILD_SCENARIO: Scenario = {id: 'build', name: 'Site build (en, ko, zh)'};

/**
 * The chart each report page is timed with on the emulated phone (bench:site, scripts/site-bench/phone-profile.ts),
 * by scenario: scrolled into view once the page has settled, and opened from a shared link that hides
 * the series `hide`. Both sit far below the first screen, so neither is drawn before the scroll.
 */
export const PHONE_CHARTS: Record<string, {chart: string; hide: string}> = {
  'eks-cni': {chart: 'DnsResourceChart', hide: 'p99'},
  'tke-cilium': {chart: 'TkeResourceChart', hide: 'overlay'},
};

/** The goals for the phone timings (ms; the empty boxes a count): bench:site prints them, the guide's chart draws them. */
export const PHONE_GOALS: Partial<Record<MetricId, number>> = {
  phone_panel_after_scroll: 1000,
  phone_chart_after_scroll: 1000,
  phone_shared_view: 3000,
  phone_empty_box: 0,
};

/** How much worse than a baseline version a figure may get (bench:site --baseline): beyond every limit given, it fails. */
export interface Tolerance {
  /** Worse by more than this, in the metric's unit (points, ms, KiB...). */
  absolute: number;
  /** And by more than this percentage of the baseline value (when given). */
  percent?: number;
}

/**
 * The stated tolerances: --help prints them, the contributing guide shows them (SiteSpeedTolerances).
 * Timings need an absolute and a relative margin; accessibility may not lose a point.
 */
export const TOLERANCES: Partial<Record<MetricId, Tolerance>> = {
  lighthouse_performance: {absolute: 10},
  lighthouse_accessibility: {absolute: 0},
  total_blocking_time: {absolute: 150, percent: 50},
  largest_contentful_paint: {absolute: 500, percent: 25},
  cumulative_layout_shift: {absolute: 0.05},
  js_first_view: {absolute: 3, percent: 3},
  site_build_time: {absolute: 30, percent: 50},
  // Throttled to a slow phone, these are seconds long and follow the machine's load like TBT.
  phone_panel_after_scroll: {absolute: 300, percent: 50},
  phone_chart_after_scroll: {absolute: 300, percent: 50},
  phone_shared_view: {absolute: 500, percent: 30},
  phone_shared_chart: {absolute: 500, percent: 30},
  phone_empty_box: {absolute: 0},
};
