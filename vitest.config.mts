import {defineConfig} from 'vitest/config';
import os from 'node:os';
import path from 'node:path';

export default defineConfig({
  // tsconfig keeps JSX for Docusaurus' own compiler ("preserve"); tests compile it here.
  oxc: {jsx: {runtime: 'automatic'}},
  resolve: {
    alias: {
      '@site': path.resolve(__dirname),
      // Docusaurus client modules, replaced by small test doubles that keep the real semantics we rely on.
      '@docusaurus/Translate': path.resolve(__dirname, 'tests/unit/docusaurus/Translate.tsx'),
      '@docusaurus/useDocusaurusContext': path.resolve(__dirname, 'tests/unit/docusaurus/useDocusaurusContext.ts'),
      '@docusaurus/useBaseUrl': path.resolve(__dirname, 'tests/unit/docusaurus/useBaseUrl.ts'),
      '@docusaurus/useIsBrowser': path.resolve(__dirname, 'tests/unit/docusaurus/useIsBrowser.ts'),
      '@docusaurus/useBrokenLinks': path.resolve(__dirname, 'tests/unit/docusaurus/useBrokenLinks.ts'),
      '@docusaurus/BrowserOnly': path.resolve(__dirname, 'tests/unit/docusaurus/BrowserOnly.tsx'),
      '@docusaurus/router': path.resolve(__dirname, 'tests/unit/docusaurus/router.ts'),
      '@docusaurus/Link': path.resolve(__dirname, 'tests/unit/docusaurus/Link.tsx'),
      '@docusaurus/useGlobalData': path.resolve(__dirname, 'tests/unit/docusaurus/useGlobalData.ts'),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // Vitest's default keeps one core free: one worker on a 2-core machine, and
    // every short file waits behind the long ones, which mostly wait on child
    // processes (Docusaurus, tsx). Use every core.
    maxWorkers: os.availableParallelism(),
    // `npm test` runs the unit project; `npm run test:full` both. New test files
    // join by where they live.
    projects: [
      // Not isolated: a worker imports React, recharts, jsdom and the datasets once
      // for all its files instead of once per file (about a quarter of the project's CPU
      // time). A file that changes shared state puts it back (afterEach/finally);
      // the project passes in shuffled order (--sequence.shuffle).
      {
        extends: true,
        test: {name: 'unit', isolate: false, include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}']},
      },
      // On a temporary copy of the whole site (tests/build/site-copy.ts): real site builds
      // (minutes of CPU; the full tier). locale:add's real run and build are e2e (locale-add.spec.ts).
      {extends: true, test: {name: 'build', include: ['tests/build/**/*.test.ts']}},
    ],
  },
});
