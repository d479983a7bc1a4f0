/**
 * End-to-end tests against the built site (build/, from `npm run build`),
 * in Debian's Chromium: no browser is downloaded.
 *
 *   npm run build && npx playwright test
 *
 * E2E_PORT picks the port of the static server (default 3210), E2E_BUILD_DIR
 * the directory it serves (default build); CHROMIUM_PATH overrides
 * /usr/bin/chromium.
 */
import {defineConfig, devices} from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const buildDir = process.env.E2E_BUILD_DIR ?? 'build';
const inCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: true,
  forbidOnly: inCI,
  retries: inCI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['list'], ['html', {open: 'never', outputFolder: 'playwright-report'}]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {name: 'desktop', use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}}},
    // Phone-width layout; only tests tagged @mobile run here.
    {
      name: 'mobile',
      grep: /@mobile/,
      use: {viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true},
    },
  ],
  webServer: {
    command: `npx tsx tests/e2e/support/serve-build.ts --dir '${buildDir}' --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !inCI,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
