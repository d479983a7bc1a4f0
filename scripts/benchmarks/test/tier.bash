# Test tiers for the bench bats files (scripts/test/test-all.sh sets BENCH_TEST_TIER).
# shellcheck shell=bash

# full_tier_only: first line of a test that runs whole scenarios (tens of
# seconds each on 2 cores). `npm test` (BENCH_TEST_TIER=fast) skips it, naming
# the tier that runs it; `npm run test:full`, CI and a plain `bats` run it.
full_tier_only() {
  if [[ ${BENCH_TEST_TIER:-full} == fast ]]; then
    skip "runs whole scenarios: npm run test:full"
  fi
}
