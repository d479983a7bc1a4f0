#!/usr/bin/env bats
# The kube-proxy study (npm run bench:kube-proxy) end to end on the real local
# cluster, in its quick variant: it starts the cluster itself, measures
# iptables mode (nf_tables backend) and nftables mode, both IPv4 only, at two
# Service counts, ingests the run and stops the cluster again. Needs root; run
# through `npm run test:kube`.

bats_require_minimum_version 1.5.0

setup_file() {
  load common
  export STUDY_TMP
  STUDY_TMP=$(mktemp -d)
  local started=$SECONDS
  # KUBE_UP=auto: no cluster answers, so the study brings one up and takes it down.
  # K8S_POLL_INTERVAL=1: its waits (pods Ready, kubectl proxy listening, kube-proxy
  # synced) poll every second instead of every 5.
  env -u KUBECONFIG BENCH_KUBE_QUICK=1 SVC_STEPS=0,200 ROUNDS=2 KUBE_UP=auto K8S_POLL_INTERVAL=1 \
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

@test "the study measured both datapaths at both Service counts, with every metric of the report" {
  [ "$(dataset | jq -r '[.scenarios[].id] | join(",")')" = "iptables-nft,nftables" ]
  [ "$(dataset | jq -r .source.kind)" = measured ]
  local dp metric
  for dp in iptables-nft nftables; do
    for metric in kubeproxy_full_sync_time kubeproxy_partial_sync_time network_programming_latency kubeproxy_tree_cpu_time connect_latency; do
      value "$dp" "$metric" 0 >/dev/null
      value "$dp" "$metric" 200 >/dev/null
    done
  done
  # 200 Services put the probes within a few hundred KUBE-SERVICES rules: too few for a rule-walk slope.
  [ "$(dataset | jq '[.results[] | select(.metric == "rule_walk_cost")] | length')" -eq 0 ]
  [ "$(dataset | jq -r '.environment.extra.ipvs')" = "not applicable: this kernel has no ip_vs module" ] ||
    [ "$(dataset | jq -r '.environment.extra.ipvs')" = "available (not measured)" ]
}

@test "IPv4 only means IPv4 only: no IPv6 resync row, and kube-proxy logged single-stack" {
  [ "$(dataset | jq '[.results[] | select(.conditions.family == "ipv6")] | length')" -eq 0 ]
  [ "$(dataset | jq '[.results[] | select(.metric == "kubeproxy_full_sync_time" and .conditions.family == "ipv4")] | length')" -ge 4 ]
  # The last kube-proxy the study started said so itself.
  grep -h 'stack mode' "$KUBE_LOG_DIR/kube-proxy.log" | tail -n 1 | grep -q 'single-stack mode'
}

@test "the datapaths alternate per round, and every window records the host it ran on" {
  # Round 1: iptables-nft then nftables; round 2 the other way round (lib/protocol.sh, alternate).
  [ "$(jq -c '.protocol.orderByRound["1/services-0"]' "$STUDY_TMP/run/manifest.json")" = '["iptables-nft","nftables"]' ]
  [ "$(jq -c '.protocol.orderByRound["2/services-0"]' "$STUDY_TMP/run/manifest.json")" = '["nftables","iptables-nft"]' ]
  local a b
  a=$(jq .sequence "$STUDY_TMP/run/nftables/round-2/services-0/fullsync.meta.json")
  b=$(jq .sequence "$STUDY_TMP/run/iptables-nft/round-2/services-0/fullsync.meta.json")
  [ "$a" -lt "$b" ]
  local f
  while IFS= read -r f; do
    jq -e '.host.before.load1 != null and .host.during.seconds != null and (.host.gate.passed | type) == "boolean"' "$f" >/dev/null || { echo "$f: no host record"; return 1; }
  done < <(find "$STUDY_TMP/run" -name '*.meta.json')
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
  grep -q 'kube-proxy -> nftables (nftables mode' "$STUDY_TMP/study.log"
}
