#!/usr/bin/env bats
# The EKS scenario script (scripts/benchmarks/eks-cni/run-benchmark.sh)
# end to end on the local cluster, scenario A with short steps, then through
# the ingest: every measurement the run takes and every Service step must reach
# the dataset. What differs from EKS (the script's switches): NO_AWS=1 (no
# aws/eksctl/helm, nothing switched: the cluster's bridge CNI and its iptables
# kube-proxy are scenario A; no CNI agent pod to sample; no CoreDNS, so no DNS
# latency and HTTP goes to the ClusterIP) and ALLOW_SINGLE_NODE=1 (the script
# applies workloads.yaml without the side node selectors and the requests;
# client and server share the node, traffic rows are flagged same-node).
# Needs root and a free machine; run through `npm run test:kube`.

bats_require_minimum_version 1.5.0

load common
cluster_per_file

setup() {
  EKS=$EKS_SCRIPT
  STEPS="20 50"
}

# eks_run <run-dir>: scenario A with short, bounded steps. One second per
# traffic measurement: what is checked is that each one runs and is ingested,
# not its figure.
eks_run() {
  run env "${EKS_LOCAL_ENV[@]}" \
    ROUNDS=1 IPERF_DURATION=1 UDP_STEP_DURATION=1 FORTIO_DURATION=1 NETPERF_DURATION=1 QPS_LEVELS="100 max" SVC_STEPS="$STEPS" \
    USAGE_NAMESPACE=bench USAGE_SELECTOR=app=httpbin TOP_SAMPLES=3 TOP_INTERVAL=4 RUN_DIR="$1" \
    bash "$EKS" A
}

# rows <dataset> <jq-filter on one row>: how many rows match.
rows() { jq "[.results[] | select($2)] | length" "$1"; }

@test "scenario A runs end to end on the local cluster, and every measurement and Service step is ingested" {
  local dir=$BATS_TEST_TMPDIR/run dataset step metric
  eks_run "$dir"
  echo "$output" | tail -n 40
  [ "$status" -eq 0 ]
  # Recorded as a single-node local run, with what was not measured and why.
  jq -e '.environment.platform == "local single node (scripts/kube)" and .environment.nodeCount == 1
    and (.environment.placement | test("^single node"))' "$dir/manifest.json"
  jq -e '.scenarios.A.cni == "bridge (CNI plugins)" and .scenarios.A.kubeProxy == "iptables" and (.scenarios.A | has("ipam") | not)' "$dir/manifest.json"
  jq -e '.method.notMeasured["dns-latency"] and (.method.notMeasured["agent-usage"] == null) and (.method.workloads | test("without"))' "$dir/manifest.json"
  # Request/response latency from netperf TCP_RR; CPU/memory from the kubelet (no metrics-server here).
  jq -e '.kind == "netperf-rr" and .cmd[0] == "netperf"' "$dir/A/round-1/tcp-rr.meta.json"
  jq -e '.kind == "kubelet-resource"' "$dir/A/round-1/agent-usage.meta.json"
  [ "$(grep -c '^# sample ' "$dir/A/round-1/agent-usage.txt")" -eq 4 ]
  for step in $STEPS; do
    [ -e "$dir/A/round-1/services-$step/.done" ] || { echo "step $step has no .done"; return 1; }
  done

  (cd "$ROOT" && node_modules/.bin/tsx scripts/benchmarks/ingest/cli.ts "$dir" --out "$BATS_TEST_TMPDIR/data" --version 2000-01-01) >&2
  dataset=$BATS_TEST_TMPDIR/data/eks-cni/2000-01-01.json
  [ -f "$dataset" ]
  # Every raw measurement yields rows (a meta whose rows were dropped fails here).
  local meta cond n
  while IFS= read -r meta; do
    cond=$(jq -c '.conditions' "$meta")
    n=$(jq --argjson c "$cond" '[.results[] | select(.conditions // {} | contains($c))] | length' "$dataset")
    ((n > 0)) || { echo "no rows for $meta (conditions $cond)"; return 1; }
  done < <(find "$dir/A" -name '*.meta.json')
  # The baseline: throughput, request/response latency, HTTP at each QPS level.
  for metric in tcp_throughput loaded_rtt udp_throughput tcp_rr_latency http_rps http_latency conn_setup_time cpu_usage memory_usage; do
    n=$(rows "$dataset" ".metric == \"$metric\" and (.conditions.services == null)")
    ((n > 0)) || { echo "no baseline $metric rows"; return 1; }
  done
  # Each Service step: the data path through the Service, the rules and kube-proxy's syncs.
  for step in $STEPS; do
    for metric in http_rps http_latency conn_setup_time tcp_throughput iptables_nat_rules service_chain_length kubeproxy_sync_time; do
      n=$(rows "$dataset" ".metric == \"$metric\" and .conditions.services == $step and .value != null")
      ((n > 0)) || { echo "no $metric rows at services=$step"; return 1; }
    done
  done
  # httpbin's CPU under the saturating load: more than idle, at most the machine's cores.
  jq -e --argjson cores "$(nproc)" '[.results[] | select(.metric == "cpu_usage" and .conditions.component == "httpbin")] | length >= 1 and all(.value > 1 and .value <= 1000 * $cores)' "$dataset"
  # One node: every measured row of client-to-server traffic says so; rule counts and
  # kube-proxy's syncs have no such path and do not.
  local traffic='["tcp_throughput","loaded_rtt","udp_throughput","tcp_rr_latency","http_rps","http_latency","conn_setup_time"]'
  [ "$(rows "$dataset" "(.metric | IN(${traffic}[])) and .value != null and ((.flags // []) | map(.kind) | index(\"same-node\")) == null")" -eq 0 ]
  [ "$(rows "$dataset" "(.metric | IN(${traffic}[])) and .value != null")" -gt 0 ]
  [ "$(rows "$dataset" '(.metric == "iptables_nat_rules" or .metric == "kubeproxy_sync_time") and ((.flags // []) | map(.kind) | index("same-node")) != null')" -eq 0 ]
}

@test "without NO_AWS the script still asks for the AWS tools, and NO_AWS runs scenario A only" {
  run env PATH="$(dirname "$(command -v kubectl)"):/usr/bin:/bin" KUBE_CONTEXT=k8s-network-bench bash "$EKS" A
  [ "$status" -ne 0 ]
  [[ $output == *'required tool "helm" not found'* ]]
  run env KUBE_CONTEXT=k8s-network-bench NO_AWS=1 BENCH_CNI=x BENCH_ROUTING=y ALLOW_SINGLE_NODE=1 RUN_DIR="$BATS_TEST_TMPDIR/b" bash "$EKS" B
  [ "$status" -ne 0 ]
  [[ $output == *"NO_AWS=1 runs scenario A only"* ]]
}
