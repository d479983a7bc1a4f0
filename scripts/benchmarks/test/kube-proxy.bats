#!/usr/bin/env bats
# The kube-proxy study (iptables vs nftables on the local cluster). These tests
# need no cluster: they check what the script refuses before it touches one.
# The real run is `npm run bench:kube-proxy` (BENCH_KUBE_QUICK=1 in CI).

SCRIPT="$BATS_TEST_DIRNAME/../kube-proxy/bench-kube-proxy.sh"

setup() {
  TMP="$(mktemp -d)"
}

teardown() {
  rm -rf "$TMP"
}

@test "--help lists the steps, the datapaths, the protocol and the quick variant, and creates nothing" {
  run bash "$SCRIPT" --help
  [ "$status" -eq 0 ]
  [[ "$output" == *"SVC_STEPS=0,250,500,1000,2500,5000,10000,20000,30000"* ]]
  [[ "$output" == *"RUN_BUDGET_MINUTES=60"* ]]
  [[ "$output" == *"DATAPATHS=iptables-nft,iptables-legacy,nftables,nftables-dual"* ]]
  [[ "$output" == *"ROUNDS=5"* ]]
  [[ "$output" == *"BENCH_IDLE_MAX_BUSY"* ]]
  [[ "$output" == *"BENCH_ORDER=alternate"* ]]
  [[ "$output" == *"BENCH_KUBE_QUICK"* ]]
  [[ "$output" == *"kubeproxy_sync_full_proxy_rules_duration_seconds"* ]]
  [ -z "$(ls -A "$TMP")" ]
}

@test "bad parameters are refused with the fix, before any cluster is started" {
  run env OUT="$TMP/run" SVC_STEPS=0,5000,1000 bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"SVC_STEPS='0,5000,1000' must be ascending whole numbers"* ]]
  run env OUT="$TMP/run" DATAPATHS=iptables-nft,ipvs bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"DATAPATHS contains 'ipvs'"*"IPVS is not in this kernel"* ]]
  run env OUT="$TMP/run" DATAPATHS=iptables-nft,nftables-legacy bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"DATAPATHS contains 'nftables-legacy'"*"use ids from: iptables-nft iptables-legacy nftables"* ]]
  run env OUT="$TMP/run" MODES=iptables,nftables bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"datapaths are chosen with DATAPATHS"* ]]
  run env OUT="$TMP/run" ROUNDS=0 bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"ROUNDS='0' is not a positive whole number"* ]]
  run env OUT="$TMP/run" RUN_BUDGET_MINUTES=1h bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"RUN_BUDGET_MINUTES='1h' is not a whole number of minutes"* ]]
  run env OUT="$TMP/run" KUBE_UP=yes bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"KUBE_UP='yes'"* ]]
  run bash "$SCRIPT" --steps 1000
  [ "$status" -eq 1 ]
  [[ "$output" == *"unknown argument '--steps'"* ]]
  [ ! -e "$TMP/run" ]
}

@test "without a cluster and with KUBE_UP=0 it stops with the fix and leaves only its run directory" {
  run env OUT="$TMP/run" KUBE_UP=0 KUBECONFIG="$TMP/none" bash "$SCRIPT"
  [ "$status" -eq 1 ]
  [[ "$output" == *"no Kubernetes API server answers (KUBE_UP=0)"* ]]
  [[ "$output" == *"npm run kube:up"* ]]
  [ -f "$TMP/run/manifest.json" ]
}

# budget <minutes> <snippet>: the script sourced (functions only) with a manifest of
# measured steps: 0 Services measured in 280 s, 1,000 created in 25 s and measured in
# 270 s, 5,000 created in 630 s and measured in 1,020 s (2,225 s in all).
budget() {
  cat >"$TMP/manifest.json" <<'JSON'
{"suite": "kube-proxy", "runTime": {"steps": [
  {"at": {"services": 0}, "prepareSeconds": 0, "measureSeconds": 280},
  {"at": {"services": 1000}, "prepareSeconds": 25, "measureSeconds": 270},
  {"at": {"services": 5000}, "prepareSeconds": 630, "measureSeconds": 1020}]}}
JSON
  RUN_BUDGET_MINUTES="$1" bash -c "set -euo pipefail; source '$SCRIPT'; BENCH_MANIFEST='$TMP/manifest.json'; $2"
}

@test "the run budget predicts a step from the ones below it: creation grows with the square of the count, measuring at least linearly" {
  run budget 60 'predict_step 10000'
  [ "$status" -eq 0 ]
  # 630 s x (10000^2 - 5000^2) / (5000^2 - 1000^2) = 1968.75; 1020 s x (10000/5000)^1 (the
  # exponent between 1,000 and 5,000 is below 1, so 1).
  [ "$output" = "1968.75 2040" ]
  run budget 60 'predict_step 2000'
  [ "$output" = "75 540" ]
  # Nothing measured above 0 Services below 1,000: no prediction, the step is allowed.
  run budget 60 'predict_step 1000'
  [ -z "$output" ]
}

@test "a step past the budget stops the run before it and records why; no budget or a larger one lets it run" {
  run budget 60 'budget_allows 10000 && echo allowed || echo stopped'
  [[ "$output" == *"stopping before 10000 Services: the steps so far took 2225 s; this one is expected to take 1969 s to create its Services and 2040 s to measure"* ]]
  [[ "$output" == *"stopped" ]]
  run jq -c .runTime.stoppedBefore "$TMP/manifest.json"
  [ "$output" = '{"at":{"services":10000},"spentSeconds":2225,"predictedPrepareSeconds":1969,"predictedMeasureSeconds":2040}' ]
  [ "$(jq .runTime.budgetSeconds "$TMP/manifest.json")" = 3600 ]
  run budget 0 'budget_allows 10000 && echo allowed'
  [ "$output" = allowed ]
  run budget 120 'budget_allows 10000 && echo allowed'
  [ "$output" = allowed ]
  # A later invocation drops the earlier stop and records its own budget (none for 0).
  run budget 60 "budget_allows 10000 || true; RUN_BUDGET_MINUTES=120 record_budget; jq -c '.runTime | [.budgetSeconds, .stoppedBefore, (.steps | length)]' '$TMP/manifest.json'"
  [[ "$output" == *'[7200,null,3]' ]]
  run budget 0 "record_budget; jq -c '.runTime | [.budgetSeconds, (.steps | length)]' '$TMP/manifest.json'"
  [ "$output" = '[null,3]' ]
}
