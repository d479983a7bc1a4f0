#!/usr/bin/env bats
# The local target (network namespaces + veth). Needs root and the bench tools;
# the real run takes about a minute.

SCRIPT="$BATS_TEST_DIRNAME/../local/bench-local.sh"
REPO="$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)"

# These tests run real servers and namespaces: one at a time, even when
# bats runs files in parallel (scripts/test/test-all.sh).
setup_file() {
  export BATS_NO_PARALLELIZE_WITHIN_FILE=true
}

setup() {
  load tier.bash
  TMP="$(mktemp -d)"
  PREFIX="blt$$-$BATS_TEST_NUMBER"
}

teardown() {
  # Only namespaces this test created itself (the foreign-namespace test).
  if [ -n "${FOREIGN_NS:-}" ]; then ip netns del "$FOREIGN_NS" 2>/dev/null || true; fi
  rm -rf "$TMP"
}

namespaces_with_prefix() {
  ip netns list | awk '{print $1}' | grep -c -- "^$1-" || true
}

@test "--help describes the parameters and creates nothing" {
  # Counted by this test's own prefix: other suites may create namespaces meanwhile.
  run env NS_PREFIX="$PREFIX" bash "$SCRIPT" --help
  [ "$status" -eq 0 ]
  [[ "$output" == *"CHAIN_STEPS="* ]]
  [[ "$output" == *"BENCH_LOCAL_QUICK"* ]]
  [[ "$output" == *"PROFILE=none"* ]]
  [[ "$output" == *"ROUNDS=5"* ]]
  # The idle gate's thresholds and the order of a round are stated.
  for setting in "BENCH_IDLE_MAX_LOAD (default 0.75 x the host's CPUs)" BENCH_IDLE_MAX_BUSY=30 BENCH_IDLE_MAX_PSI=10 \
    BENCH_IDLE_MAX_STEAL=2 BENCH_IDLE_WAIT=180 BENCH_ORDER=alternate BENCH_ROUND_REST=10; do
    [[ "$output" == *"$setting"* ]]
  done
  [ "$(namespaces_with_prefix "$PREFIX")" -eq 0 ]
}

@test "an unknown argument or parameter is refused with a fix" {
  run bash "$SCRIPT" --rounds 3
  [ "$status" -eq 1 ]
  [[ "$output" == *"unknown argument '--rounds'"* ]]
  run env ROUNDS=zero bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"ROUNDS='zero' is not a positive whole number"* ]]
  run env PROFILE=wan bash "$SCRIPT"
  [[ "$output" == *"use none, loss1, rate100m or delay1ms"* ]]
}

@test "a namespace it did not create is refused and left alone" {
  FOREIGN_NS="$PREFIX-srv"
  ip netns add "$FOREIGN_NS"
  run env NS_PREFIX="$PREFIX" OUT="$TMP/run" SKIP_INGEST=1 BENCH_LOCAL_QUICK=1 bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"namespace $PREFIX-srv already exists and was not created by this run; refusing to touch it"* ]]
  ip netns list | awk '{print $1}' | grep -qx -- "$FOREIGN_NS"
  [ "$(namespaces_with_prefix "$PREFIX")" -eq 1 ]
}

@test "an interrupted run removes its namespaces and stops its servers" {
  NS_PREFIX="$PREFIX" OUT="$TMP/run" SKIP_INGEST=1 BENCH_LOCAL_QUICK=1 BENCH_IDLE_GATE=0 bash "$SCRIPT" 2>"$TMP/log" &
  pid=$!
  for _ in $(seq 100); do
    grep -q 'measure ' "$TMP/log" 2>/dev/null && break
    sleep 0.2
  done
  [ "$(namespaces_with_prefix "$PREFIX")" -eq 2 ]
  server_pids="$(sed -n 's/.*started .* (pid \([0-9]*\)).*/\1/p' "$TMP/log")"
  [ -n "$server_pids" ]
  kill -TERM "$pid"
  status=0
  wait "$pid" || status=$?
  [ "$status" -eq 143 ]
  grep -q 'interrupted by SIGTERM' "$TMP/log"
  [ "$(namespaces_with_prefix "$PREFIX")" -eq 0 ]
  for p in $server_pids; do ! kill -0 "$p" 2>/dev/null; done
}

@test "a short real run measures, cleans up and writes a valid dataset where the long chain costs RPS" {
  full_tier_only
  # 40,000 rules and 3 s per test: with 10,000 rules and 1 s the chain's cost vanished in the
  # spread of a CI run where other test files loaded both cores (651 against 705 RPS).
  # Not a test of the idle gate (protocol.bats): it records, without waiting for a quiet machine.
  run env NS_PREFIX="$PREFIX" OUT="$TMP/run" DATA_OUT="$TMP/data" VERSION=2026-01-01 BENCH_LOCAL_QUICK=1 \
    ROUNDS=1 CHAIN_STEPS="0 40000" CHAIN_DURATION=3 DNS_LOOKUPS=10 BENCH_IDLE_GATE=0 bash "$SCRIPT"
  echo "$output" | tail -n 20
  [ "$status" -eq 0 ]
  [ "$(namespaces_with_prefix "$PREFIX")" -eq 0 ]
  [ "$(jq -r '.finishedAt | length > 0' "$TMP/run/manifest.json")" = true ]
  data="$TMP/data/local/2026-01-01.json"
  [ -f "$data" ]
  [ "$(jq -r .source.kind "$data")" = measured ]
  [ "$(jq -r '[.scenarios[].id] | join(",")' "$data")" = "direct,chain" ]
  for metric in tcp_throughput udp_loss http_rps http_latency conn_setup_time dns_latency iptables_nat_rules; do
    [ "$(jq --arg m "$metric" '[.results[] | select(.metric == $m and .scenario == "direct")] | length' "$data")" -gt 0 ]
  done
  rps() { jq --argjson n "$1" '.results[] | select(.scenario == "chain" and .metric == "http_rps" and .conditions.rules == $n) | .value' "$data"; }
  echo "RPS at 0 rules: $(rps 0), at 40000 rules: $(rps 40000)"
  [ "$(jq -n --argjson a "$(rps 40000)" --argjson b "$(rps 0)" '$a < $b')" = true ]
  # The ingest never overwrites: a second ingest of the same version fails.
  run bash -c "cd '$REPO' && node_modules/.bin/tsx scripts/benchmarks/ingest/cli.ts '$TMP/run' --out '$TMP/data' --version 2026-01-01"
  [ "$status" -eq 1 ]
  [[ "$output" == *"already exists"* ]]
}
