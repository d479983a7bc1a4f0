/**
 * Facts of the worked-example suite that its page and charts share (the
 * contributing guide's new suite).
 */

/** VXLAN overlay: the setup the native-routing scenario is compared with. */
export const BASELINE = 'overlay';
