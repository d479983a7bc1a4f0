/**
 * The Chromium every browser run in this repository uses: Debian's package (no browser is
 * downloaded; scripts/test/setup-test-env.sh installs it), and the flags it runs with here:
 * no sandbox (root in a container), no GPU, and none of the background traffic a fresh
 * profile starts (updates, sync, field trials), which would also add noise to timings.
 * Playwright adds its own headless flag; Lighthouse's launcher needs `--headless=new`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
