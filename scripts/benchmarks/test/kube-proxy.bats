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
  [[ "$output" == *"SVC_STEPS=0,1000,5000,10000,20000,30000"* ]]
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
