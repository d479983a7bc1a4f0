#!/usr/bin/env bats
# The kube-proxy study (npm run bench:kube-proxy) end to end on the real local
# cluster, in its quick variant: it starts the cluster itself, measures
# iptables and nftables mode at two Service counts, ingests the run and stops
# the cluster again. Needs root and a free machine; run through `npm run test:kube`.

bats_require_minimum_version 1.5.0

setup_file() {
  load common
  export STUDY_TMP
  STUDY_TMP=$(mktemp -d)
  local started=$SECONDS
  # KUBE_UP=auto: no cluster answers, so the study brings one up and takes it down.
  # K8S_POLL_INTERVAL=1: its waits (pods Ready, kubectl proxy listening, kube-proxy
  # synced) poll every second instead of every 5.
  env -u KUBECONFIG BENCH_KUBE_QUICK=1 SVC_STEPS=0,200 ROUNDS=2 HTTP_DURATION=1 KUBE_UP=auto K8S_POLL_INTERVAL=1 \
    OUT="$STUDY_TMP/run" DATA_OUT="$STUDY_TMP/data" VERSION=2000-01-01 \
    npm --prefix "$ROOT" run --silent bench:kube-proxy >"$STUDY_TMP/study.log" 2>&1 || {
    tail -n 40 "$STUDY_TMP/study.log" >&3
    return 1
  }
  echo "# the study (cluster up, measurements, ingest, cluster down) in $((SECONDS - started)) s" >&3
}

teardown_file() {
  rm -rf "$STUDY_TMP"
}

setup() { load common; }

dataset() { cat "$STUDY_TMP/data/kube-proxy/2000-01-01.json"; }

# value <scenario> <metric> <services>: the row's median (exactly one row expected).
value() {
  dataset | jq -e --arg s "$1" --arg m "$2" --argjson n "$3" \
    '[.results[] | select(.scenario == $s and .metric == $m and .conditions.services == $n and (.conditions.stat // "p50") == "p50")] | if length == 1 then .[0].value else error("\(length) rows") end'
}

@test "the study measured both modes at both Service counts, with every metric of the report" {
  [ "$(dataset | jq -r '[.scenarios[].id] | join(",")')" = "iptables,nftables" ]
  [ "$(dataset | jq -r .source.kind)" = measured ]
  local mode metric
  for mode in iptables nftables; do
    for metric in kubeproxy_full_sync_time kubeproxy_partial_sync_time network_programming_latency kubeproxy_cpu_time conn_setup_time; do
      value "$mode" "$metric" 0 >/dev/null
      value "$mode" "$metric" 200 >/dev/null
    done
  done
  [ "$(dataset | jq -r '.environment.extra.ipvs')" = "not applicable: this kernel has no ip_vs module" ] ||
    [ "$(dataset | jq -r '.environment.extra.ipvs')" = "available (not measured)" ]
}

@test "200 more Services mean 200 more KUBE-SERVICES rules and 200 more verdict-map elements" {
  local a b
  a=$(value iptables service_chain_length 0) b=$(value iptables service_chain_length 200)
  [ "$((b - a))" -eq 200 ]
  a=$(value nftables nft_set_elements 0) b=$(value nftables nft_set_elements 200)
  [ "$((b - a))" -ge 200 ]
}

@test "kube-proxy's CPU counts the iptables-restore / nft processes it runs: its cgroup's counter, not the process's" {
  local f n=0 series='cgroup_cpu_usage_seconds_total{cgroup="kube-proxy"}' cg pr
  while IFS= read -r f; do
    n=$((n + 1))
    [ "$(grep -cF "$series " "$f")" -eq 2 ] || { echo "$f: no cgroup CPU counter in both scrapes"; return 1; }
    # The cgroup (kube-proxy and its children) used at least what the kube-proxy process did.
    cg=$(awk -v s="$series" 'index($0, s " ") == 1 { v[++i] = $2 } END { print v[2] - v[1] }' "$f")
    pr=$(awk 'index($0, "process_cpu_seconds_total ") == 1 { v[++i] = $2 } END { print v[2] - v[1] }' "$f")
    awk -v c="$cg" -v p="$pr" 'BEGIN { exit !(c + 0.01 >= p) }' || { echo "$f: cgroup $cg s < process $pr s"; return 1; }
  done < <(find "$STUDY_TMP/run" -name 'fullsync.txt')
  [ "$n" -ge 4 ]
}

@test "every raw file of the run is in the dataset's provenance with its sha256" {
  local path sum
  while read -r path sum; do
    [ "$(sha256sum "$path" | cut -d' ' -f1)" = "$sum" ]
  done < <(dataset | jq -r '.source.raw[] | "\(.path) \(.sha256)"' | sed "s|^\([^/]\)|$ROOT/\1|")
  [ "$(dataset | jq '.source.raw | length')" -gt 40 ]
}

@test "the cluster the study started is gone, and nothing of it is left" {
  run bash "$KUBE" check-clean
  [ "$status" -eq 0 ]
  grep -q 'kube-proxy -> nftables mode' "$STUDY_TMP/study.log"
}
