/**
 * End-to-end tests against ONE built site (build/, from `npm run build`),
 * shared by every test, in Debian's Chromium: no browser is downloaded.
 *
 *   npm run build && npx playwright test                      # everything
 *   npx playwright test --project desktop --grep @smoke       # the fast tier's smoke run
 *   docusaurus build --locale en && E2E_LOCALES=en npx playwright test --project desktop
 *
 * Projects (tests are picked by tag, so new specs join automatically):
 *   desktop   every test except @pipeline ones, at 1280x800;
 *   mobile    tests tagged @mobile, at phone width;
 *   pipeline  tests tagged @pipeline: they build their own copy of the site
 *             (bench:local -> ingest -> build, locale:add -> build).
 * Other tags: @smoke (the fast tier runs these), @behaviour (interaction
 * tests, run in the default locale only), @sheet (the chart contact sheet,
 * written to test-results/artifacts/chart-sheet/index.html by the global
 * teardown), @visual (charts against the committed baselines in
 * tests/e2e/__screenshots__/; `npm run test:visual:update` rewrites them).
 *
 * E2E_PORT picks the port of the static server (default 3210), E2E_BUILD_DIR
 * the directory it serves (default build), E2E_LOCALES the locales under test
 * (default all; the build must hold them); CHROMIUM_PATH overrides
 * /usr/bin/chromium.
 */
import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from './scripts/chromium';

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
  expect: {
    // Charts load recharts lazily; on a loaded 2-core machine 5 s is not enough.
    timeout: 15_000,
    // Visual regression (report-checks/visual.ts): a chart fails when more than 0.2 % of its
    // pixels differ by more than pixelmatch's default colour threshold (0.2).
    // Repeated runs on one machine differ by 0 pixels; a changed bar is several percent.
    toHaveScreenshot: {maxDiffPixelRatio: 0.002, animations: 'disabled', scale: 'css', stylePath: './tests/e2e/support/screenshot.css'},
  },
  // Baselines live beside the tests, one folder per spec, without a platform suffix:
  // they are made with Debian's Chromium, the only browser these tests use.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  reporter: [
    ['list'],
    ['html', {open: 'never', outputFolder: 'playwright-report'}],
    // Read by scripts/test/slowest-tests.mjs for the test summary.
    ['json', {outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/playwright.json'}],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs about a fifth of a test's CPU (DOM snapshots and a screencast
    // at every step), thrown away when the test passes. In CI a failing test is retried
    // once and the retry is traced, so every failure still comes with a trace; without
    // retries (a local run) the failing run itself keeps its trace.
    trace: inCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--disable-quic', '--no-first-run'],
    },
  },
  projects: [
    {name: 'desktop', grepInvert: /@pipeline/, use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}}},
    // Phone-width layout; only tests tagged @mobile run here.
    {
      name: 'mobile',
      grep: /@mobile/,
      grepInvert: /@pipeline/,
      use: {viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true},
    },
    // Whole-pipeline tests with their own site copy and build; minutes each.
    {name: 'pipeline', grep: /@pipeline/, use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}}},
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
