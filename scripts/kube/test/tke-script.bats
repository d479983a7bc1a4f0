#!/usr/bin/env bats
# The TKE one-command benchmark (scripts/benchmarks/tke-cilium/network-benchmark.sh)
# end to end on the local cluster, in both kube-proxy modes, then through the
# ingest: the test pods must start (a fortio port collision keeps the client
# pod from ever being Ready) and every service-scale step must reach the
# dataset. What differs from TKE: one node (client and server share it, rows
# are flagged same-node), the CNI is the Linux bridge, no metrics-server and
# kube-proxy is not a pod (SKIP_COMPONENT_USAGE=1: recorded as not measured),
# no Cilium (its steps are not run in kube-proxy modes).
# Needs root and a free machine; run through `npm run test:kube`.

bats_require_minimum_version 1.5.0

load common
cluster_per_file

setup() {
  TKE=$ROOT/scripts/benchmarks/tke-cilium/network-benchmark.sh
  STEPS=20,50
}

# tke_run <script> <run-dir> <namespace>: the benchmark with short, bounded
# steps (one second per traffic measurement: what is checked is that each one
# runs and is ingested, not its figure). Each run gets its own namespace: the
# previous one may still be terminating (the script deletes it without waiting).
tke_run() {
  run env KUBE_CONTEXT=k8s-network-bench ALLOW_SINGLE_NODE=1 SKIP_COMPONENT_USAGE=1 \
    BENCH_PLATFORM="local single node (scripts/kube)" BENCH_CNI="bridge (CNI plugins)" BENCH_ROUTING="Linux bridge, one node" \
    IPERF_DURATION=1 FORTIO_DURATION=1 ROUNDS=1 ROUND_SLEEP=0 SVC_SCALE_STEPS="$STEPS" SVC_ENDPOINTS=2 \
    SVC_SYNC_TIMEOUT=120 WAIT_TIMEOUT=120 K8S_POLL_INTERVAL=1 \
    bash "$1" --dir "$2" --ns "$3"
}

# ingest_run <run-dir> <out-dir>: prints the dataset file it wrote.
ingest_run() {
  (cd "$ROOT" && node_modules/.bin/tsx scripts/benchmarks/ingest/cli.ts "$1" --out "$2" --version 2000-01-01) >&2
  find "$2" -name '2000-01-01.json'
}

# check_mode_run <mode>: run, then the dataset holds rows of every service step.
check_mode_run() {
  local mode=$1 dir=$BATS_TEST_TMPDIR/run-$1 dataset step
  tke_run "$TKE" "$dir" "netbench-$mode"
  echo "$output" | tail -n 40
  [ "$status" -eq 0 ]
  [[ $output == *"data plane detected: $mode"* ]]
  jq -e --arg m "$mode" '.scenarios[$m].kubeProxy == $m and .environment.platform == "local single node (scripts/kube)"' "$dir/manifest.json"
  jq -e '.method.notMeasured["component-top"] | test("SKIP_COMPONENT_USAGE")' "$dir/manifest.json"
  for step in ${STEPS//,/ }; do
    [ -e "$dir/$mode/round-1/services-$step/.done" ] || { echo "step $step has no .done"; return 1; }
  done
  dataset=$(ingest_run "$dir" "$BATS_TEST_TMPDIR/data-$mode")
  [ -f "$dataset" ]
  # Rows at each step, from the service-scale measurements (RPS through the Service).
  for step in ${STEPS//,/ }; do
    jq -e --arg m "$mode" --argjson n "$step" \
      '[.results[] | select(.scenario == $m and .conditions.services == $n)] | length >= 2' "$dataset" \
      || { echo "no rows for services=$step in $dataset"; return 1; }
  done
  # One node: every pod-to-pod row says so.
  jq -e '[.results[] | select((.flags // []) | map(.kind) | index("same-node"))] | length > 0' "$dataset"
}

@test "iptables kube-proxy: detected, measured, every service step ingested" {
  check_mode_run iptables
  # The per-step rule dump was captured (the ingest counts its rules).
  compgen -G "$BATS_TEST_TMPDIR/run-iptables/iptables/round-1/services-50/iptables-nat.*" >/dev/null
}

@test "nftables kube-proxy: detected from its ConfigMap, programmed Services counted in nft, steps ingested" {
  bash "$KUBE" proxy-mode nftables >&3 2>&1
  check_mode_run nftables
}

@test "with the client's fortio on the colliding -http-port 8081 again, the run fails" {
  # Proof the test above can fail: the old client command, on a copy. The runs
  # above delete their namespaces without waiting: until their pods are gone,
  # the host-network iperf3 they left holds its host port, and this run's
  # host-server would crash on it first instead of the client's fortio.
  reset_cluster
  local copy=$BATS_TEST_TMPDIR/network-benchmark.sh
  sed 's/command: \[fortio, server, -http-port, "8080", -redirect-port, disabled\]/command: [fortio, server, -http-port, "8081"]/' "$TKE" >"$copy"
  ! cmp -s "$TKE" "$copy" || { echo "the client fortio command changed; update this test"; return 1; }
  BENCH_LIB_DIR=$ROOT/scripts/benchmarks/lib tke_run "$copy" "$BATS_TEST_TMPDIR/run-collide" netbench-collide
  echo "$output" | tail -n 5
  [ "$status" -ne 0 ]
  # Either the wait for the test pods sees the client's fortio crash-looping
  # (it stops there, naming it), or the pod was Ready for a moment and fortio
  # is gone when the script execs a load into it: both stop the run.
  [[ $output == *"test pods in netbench-collide to be Ready: a container keeps crashing: bench-client/fortio "* || $output == *"FAILED rps-"* ]]
}
