/**
 * Facts of the worked-example suite that its page shares with its results
 * overview (the contributing guide's new suite). Relative imports only: the
 * bench-data plugin loads this module outside the site's bundler to read
 * `OVERVIEW`, which it finds by the suite's name.
 */
import type {OverviewConfig} from '../../data/overview';

/** VXLAN overlay: the setup the native-routing scenario is compared with. */
export const BASELINE = 'overlay';

/** The report's results overview and the home page's headline figure: native routing against the overlay. */
export const OVERVIEW: OverviewConfig = {
  baseline: BASELINE,
  rows: [{key: 'tcp-throughput', metric: 'tcp_throughput', claim: 'native-over-overlay'}],
  headlines: [{row: 'tcp-throughput', scenario: 'native'}],
};
