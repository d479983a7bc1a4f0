#!/usr/bin/env bats
# shellcheck source-path=SCRIPTDIR
# TKE one-command benchmark against the recording fakes (no cluster needed):
#   bats scripts/benchmarks/test/tke.bats

# Each @test runs in a subshell, so per-test exports are meant to be local.
# FAKE_LOG is exported by fake_cluster_init (fakes/setup.bash).
# shellcheck disable=SC2030,SC2031,SC2153

bats_require_minimum_version 1.5.0

# Short runs.
short_runs() { export IPERF_DURATION=1 FORTIO_DURATION=1 SVC_SCALE_STEPS=5,10 SVC_ENDPOINTS=4; }

# Whole runs read by several tests, run once per file (full tier) and side by
# side: one on a fresh Cilium native-routing cluster, one on a fresh iptables
# cluster with --skip-cleanup --ns keepme (shared_run).
setup_file() {
  [[ ${BENCH_TEST_TIER:-full} != fast ]] || return 0
  export SHARED="$BATS_FILE_TMPDIR/shared"
  shared_run_in_background native
  shared_run_in_background iptables --skip-cleanup --ns keepme
  wait
}

# shared_run_in_background <kind> [args...]: the run in $SHARED/<kind>, in a
# subshell (its settings must not reach the tests).
shared_run_in_background() {
  (
    BATS_TEST_TMPDIR="$SHARED/$1"
    mkdir -p "$BATS_TEST_TMPDIR"
    load fakes/setup.bash
    fake_cluster_init "$1"
    short_runs
    unset BENCH_CHECK_CMD # the ingest's check of every raw file, as in a real run
    status=0
    bash "$BATS_TEST_DIRNAME/../tke-cilium/network-benchmark.sh" --dir "$BATS_TEST_TMPDIR/run" "${@:2}" >"$BATS_TEST_TMPDIR/output" 2>&1 || status=$?
    echo "$status" >"$BATS_TEST_TMPDIR/status"
  ) &
}

setup() {
  ROOT="$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)"
  TKE="$ROOT/scripts/benchmarks/tke-cilium/network-benchmark.sh"
  load fakes/setup.bash
  load tier.bash
  short_runs
  DIR="$BATS_TEST_TMPDIR/run"
  # The ingest's check of each raw file (a node process per measurement) runs
  # in the shared runs; a test's own runs skip it.
  export BENCH_CHECK_CMD=true
}

# shared_run <kind>: this test reads the shared run on a <kind> cluster
# (setup_file): its calls (FAKE_LOG), cluster state (FAKE_STATE), output,
# status and directory (DIR).
shared_run() {
  local dir="$SHARED/$1"
  [[ -f "$dir/status" ]] || { echo "no shared $1 run (setup_file)"; return 1; }
  FAKE_LOG="$dir/calls.log" FAKE_STATE="$dir/state" DIR="$dir/run"
  output="$(cat "$dir/output")" status="$(cat "$dir/status")"
}

bench() { run bash "$TKE" --dir "$DIR" "$@"; }

# Line number of the first logged call matching <regex> (fails when absent).
first_call() { grep -n -E -m1 -- "$1" "$FAKE_LOG" | cut -d: -f1 | grep .; }

@test "--help lists the options and the source's defaults" {
  fake_cluster_init iptables
  bench --help
  [ "$status" -eq 0 ]
  for p in --dir --ns --skip-cleanup IPERF_DURATION=30 FORTIO_DURATION=60 ROUNDS=3 ROUND_SLEEP=30 \
    SVC_SCALE_STEPS=5000,10000,20000,30000 SVC_ENDPOINTS=4 SVC_CREATE_PARALLEL=4 AUTO_FIX_LB_MAP; do
    [[ "$output" == *"$p"* ]] || { echo "help lacks $p"; return 1; }
  done
}

@test "--help states the idle gate's thresholds, the order of a round and what cannot alternate" {
  fake_cluster_init iptables
  bench --help
  [ "$status" -eq 0 ]
  for p in "BENCH_IDLE_MAX_LOAD (default 0.75 x the host's CPUs)" BENCH_IDLE_MAX_BUSY=30 BENCH_IDLE_MAX_PSI=10 \
    BENCH_IDLE_MAX_STEAL=2 BENCH_IDLE_WAIT=180 BENCH_ORDER=alternate "The data planes cannot alternate" "bench-client pod (BENCH_HOST_EXEC)"; do
    [[ "$output" == *"$p"* ]] || { echo "help lacks $p"; return 1; }
  done
}

@test "every measurement records the client node's host sample through the bench-client pod, and its place in the run" {
  full_tier_only
  shared_run native
  [ "$status" -eq 0 ]
  find "$DIR" -name '*.meta.json' -exec jq -es 'all(.host.gate.passed and .host.kernel == "6.1.0-fake" and (.sequence | type) == "number")' {} +
  [ "$(find "$DIR" -name '*.meta.json' -exec jq .sequence {} + | sort -u | wc -l)" -eq "$(find "$DIR" -name '*.meta.json' | wc -l)" ]
  calls 'exec bench-client -c iperf3 -- sh -c .*host-sample /proc' | grep -q .
  jq -e '.protocol.orderByRound["1"] == ["throughput", "rps_latency"] and .protocol.roundRestSeconds == 0' "$DIR/manifest.json"
}

@test "an iptables cluster (kube-proxy, no cilium-config) is detected and measured with iptables-save" {
  full_tier_only
  shared_run iptables
  [ "$status" -eq 0 ]
  [[ "$output" == *"data plane detected: iptables"* ]]
  jq -e '.suite == "tke-cilium" and (.scenarios | keys == ["iptables"]) and .scenarios.iptables.kubeProxy == "iptables"' "$DIR/manifest.json"
  jq -e '.conditions.services == 10' "$DIR/iptables/round-1/services-10/iptables-nat.meta.json"
  [ "$(grep -c '^-A KUBE-SERVICES ' "$DIR/iptables/round-1/services-10/iptables-nat.txt")" -eq 14 ]
  jq -e '.conditions.component == "kube-proxy"' "$DIR/iptables/round-1/services-10/component-top.meta.json"
  # No Cilium-only steps on an iptables cluster.
  [ -z "$(calls 'cilium-config --type merge')" ]
  [ -z "$(calls 'ciliumnetworkpolicy|bpftool')" ]
  [ -z "$(calls 'patch configmap')" ]
}

@test "a Cilium native-routing cluster is detected from routing-mode=native" {
  full_tier_only
  shared_run native
  [ "$status" -eq 0 ]
  [[ "$output" == *"data plane detected: cilium-native"* ]]
  jq -e '.scenarios | keys == ["native"]' "$DIR/manifest.json"
  jq -e '.scenarios["native"].routing == "native" and .scenarios["native"].kubeProxy == "Cilium eBPF replacement"' "$DIR/manifest.json"
  jq -e '.kind == "cilium-lb-list" and .conditions.services == 10' "$DIR/native/round-1/services-10/cilium-lb-list.meta.json"
  jq -e '.kind == "bpftool-maps"' "$DIR/native/round-1/bpftool-maps.meta.json"
  jq -e '.conditions == {"lbMapMax": 65536} and (.cmd | index("-f"))' "$DIR/native/round-1/bpftool-maps.meta.json"
  jq -e '.kind == "proc-status"' "$DIR/native/round-1/agent-status.meta.json"
}

@test "a Cilium overlay cluster is detected from routing-mode=tunnel" {
  full_tier_only
  fake_cluster_init overlay
  SVC_SCALE_STEPS=5 bench # one Service step: the sweep is the shared runs' subject
  [ "$status" -eq 0 ]
  [[ "$output" == *"data plane detected: cilium-overlay"* ]]
  jq -e '.scenarios["overlay"].routing == "tunnel (VXLAN)"' "$DIR/manifest.json"
}

@test "the legacy tunnel key is understood (tunnel=disabled is native)" {
  fake_cluster_init native
  jq '.data |= (del(.["routing-mode"]) + {tunnel: "disabled"})' "$FAKE_STATE/cilium-config.json" >"$FAKE_STATE/cm" && mv "$FAKE_STATE/cm" "$FAKE_STATE/cilium-config.json"
  FAKE_FAIL='create namespace netbench$' bench
  [[ "$output" == *"data plane detected: cilium-native"* ]]
}

@test "a cluster with neither Cilium nor kube-proxy stops with the reason" {
  fake_cluster_init iptables
  rm "$FAKE_STATE/kube-proxy"
  bench
  [ "$status" -eq 1 ]
  [[ "$output" == *"neither Cilium (cilium-config ConfigMap) nor a kube-proxy DaemonSet"* ]]
}

@test "the call sequence: pods pinned to two nodes, throughput, RPS, latency, Hubble, policies, scale, cleanup" {
  full_tier_only
  shared_run native
  [ "$status" -eq 0 ]
  # Test pods: client and server on different nodes.
  pods="$(grep -l 'name: bench-client' "$FAKE_STATE"/stdin-apply-*.yaml)"
  grep -A3 'name: bench-client,' "$pods" | grep -q 'nodeName: node-1'
  grep -A3 'name: bench-server,' "$pods" | grep -q 'nodeName: node-2'
  run ! grep -q ':latest' "$pods"
  # Order of the phases.
  detect="$(first_call 'get configmap cilium-config -o json')"
  apply="$(first_call ' apply -f -')"
  host="$(first_call 'exec host-client -c iperf3 -- iperf3 -c 192.168.2.20 -p 5202 -P 8')"
  pod16="$(first_call 'exec bench-client -c iperf3 -- iperf3 -c 10.0.2.20 -p 5201 -P 16')"
  rps="$(first_call 'exec bench-client -c fortio -- fortio load .*-qps 0 -c 256 .*-keepalive=false')"
  crr="$(first_call 'exec bench-client -c netperf -- netperf -H 10.0.2.20 -t TCP_CRR')"
  hubble_off="$(first_call 'enable-hubble":"false')"
  l7="$(first_call 'delete ciliumnetworkpolicy bench-l7')"
  scale="$(first_call 'netbench-svc apply --server-side')"
  cleanup="$(first_call 'delete namespace netbench --wait=false')"
  [ "$detect" -lt "$apply" ] && [ "$apply" -lt "$host" ] && [ "$host" -lt "$pod16" ] && [ "$pod16" -lt "$rps" ]
  [ "$rps" -lt "$crr" ] && [ "$crr" -lt "$hubble_off" ] && [ "$hubble_off" -lt "$l7" ] && [ "$l7" -lt "$scale" ] && [ "$scale" -lt "$cleanup" ]
  # Hubble is verified on every agent after each toggle, and restored to on.
  [ "$(calls 'exec cilium-node-[0-9] -c cilium-agent -- cilium-dbg status' | wc -l)" -ge 9 ]
  jq -e '.data["enable-hubble"] == "true"' "$FAKE_STATE/cilium-config.json"
  # Policies: an L3/L4 one without HTTP rules, an L7 one with them.
  # (applied once per round: every apply of each kind is checked)
  mapfile -t l3l4_files < <(grep -l 'name: bench-l3l4' "$FAKE_STATE"/stdin-apply-*.yaml)
  mapfile -t l7_files < <(grep -l 'name: bench-l7' "$FAKE_STATE"/stdin-apply-*.yaml)
  [ "${#l3l4_files[@]}" -ge 1 ] && [ "${#l7_files[@]}" -eq "${#l3l4_files[@]}" ]
  run ! grep -q 'http:' "${l3l4_files[@]}"
  for f in "${l7_files[@]}"; do grep -q 'http: \[{method: GET' "$f"; done
  jq -e '.conditions.policy == "l7"' "$DIR/native/round-1/rps-policy-l7.meta.json"
  jq -e '.conditions.hubble == false' "$DIR/native/round-1/rps-hubble-off.meta.json"
  # Dummy Services: 4 endpoints each, in their own namespace, both namespaces removed at the end.
  [ -n "$(calls 'delete namespace netbench-svc')" ]
  [ ! -e "$FAKE_STATE/ns-netbench" ] && [ ! -e "$FAKE_STATE/ns-netbench-svc" ]
  jq -e '.finishedAt' "$DIR/manifest.json"
}

@test "the dummy Service manifest gives each Service SVC_ENDPOINTS ready endpoints" {
  fake_cluster_init iptables
  # shellcheck source=../lib/bench.sh
  source "$ROOT/scripts/benchmarks/lib/bench.sh"
  # shellcheck source=../lib/k8s.sh
  source "$ROOT/scripts/benchmarks/lib/k8s.sh"
  run k8s_dummy_manifest 7 8 4
  [ "$status" -eq 0 ]
  [ "$(grep -c '^kind: Service$' <<<"$output")" -eq 2 ]
  [ "$(grep -c '^kind: EndpointSlice$' <<<"$output")" -eq 2 ]
  [ "$(grep -c 'conditions: {ready: true}' <<<"$output")" -eq 8 ]
  grep -q 'kubernetes.io/service-name: dummy-00008' <<<"$output"
}

@test "the wait for the test pods stops at once on a crash-looping container, naming it; without one it waits its time" {
  fake_cluster_init iptables
  # shellcheck source=../lib/bench.sh
  source "$ROOT/scripts/benchmarks/lib/bench.sh"
  # shellcheck source=../lib/k8s.sh
  source "$ROOT/scripts/benchmarks/lib/k8s.sh"
  local pods='{"items": [{"metadata": {"name": "bench-server"}, "status": {"containerStatuses": [{"name": "fortio", "restartCount": 0, "state": {"running": {}}}]}},
    {"metadata": {"name": "bench-client"}, "status": {"containerStatuses": [{"name": "iperf3", "restartCount": 0, "state": {"running": {}}},
      {"name": "fortio", "restartCount": 2, "state": {"waiting": {"reason": "CrashLoopBackOff"}}, "lastState": {"terminated": {"exitCode": 1}}}]}}]}'
  # The pods never get Ready; `get pods -o json` answers $pods.
  # shellcheck disable=SC2317 # called by k8s_pods_ready
  kc() { if [[ "$*" == *"wait --for=condition=Ready"* ]]; then return 1; fi; printf '%s\n' "$pods"; }
  SECONDS=0
  run k8s_pods_ready netbench 60 "the test pods in netbench to be Ready"
  [ "$status" -eq 1 ]
  [[ "$output" == *"the test pods in netbench to be Ready: a container keeps crashing: bench-client/fortio (restarted 2 times, last exit code 1)"* ]]
  [[ "$output" == *"logs <pod> -c <container> --previous"* ]]
  ((SECONDS < 30))
  # Starting, not crashing: the wait runs out its time and says so.
  pods='{"items": [{"metadata": {"name": "bench-client"}, "status": {"containerStatuses": [{"name": "fortio", "restartCount": 0, "state": {"waiting": {"reason": "ContainerCreating"}}}]}}]}'
  run k8s_pods_ready netbench 1 "the test pods in netbench to be Ready"
  [ "$status" -eq 1 ]
  [[ "$output" == *"timed out after 1s waiting for the test pods in netbench to be Ready"* ]]
  [[ "$output" != *"crashing"* ]]
  # Ready: done.
  kc() { return 0; }
  run k8s_pods_ready netbench 1 "the test pods in netbench to be Ready"
  [ "$status" -eq 0 ]
}

@test "LB map preflight: enough room, nothing is patched" {
  fake_cluster_init native
  jq '.data["bpf-lb-map-max"] = "65536"' "$FAKE_STATE/cilium-config.json" >"$FAKE_STATE/cm" && mv "$FAKE_STATE/cm" "$FAKE_STATE/cilium-config.json"
  SVC_SCALE_STEPS=10000 FAKE_FAIL='create namespace netbench$' bench
  [[ "$output" == *"Cilium LB map: 51000 entries needed for 10000 Services, bpf-lb-map-max=65536: OK"* ]]
  [ -z "$(calls 'patch configmap cilium-config')" ]
}

@test "LB map preflight over capacity with AUTO_FIX_LB_MAP=true raises the map and restarts Cilium" {
  fake_cluster_init native
  AUTO_FIX_LB_MAP=true SVC_SCALE_STEPS=5000,30000 FAKE_FAIL='create namespace netbench$' bench
  # 30000 x (1 + 4) + margin = 151000 -> next power of two.
  [ -n "$(calls 'patch configmap cilium-config --type merge -p \{"data":\{"bpf-lb-map-max":"262144"\}\}')" ]
  jq -e '.data["bpf-lb-map-max"] == "262144"' "$FAKE_STATE/cilium-config.json"
  patch="$(first_call 'bpf-lb-map-max')"
  restart="$(first_call 'rollout restart daemonset/cilium')"
  [ "$patch" -lt "$restart" ]
  [ -n "$(calls 'rollout status daemonset/cilium')" ]
}

@test "LB map preflight over capacity with AUTO_FIX_LB_MAP=false stops with the exact fix" {
  fake_cluster_init overlay
  AUTO_FIX_LB_MAP=false SVC_SCALE_STEPS=30000 bench
  [ "$status" -eq 1 ]
  [[ "$output" == *"holds 65536 entries but 30000 Services x (1 + 4 endpoints) need about 151000"* ]]
  [[ "$output" == *"fix: kubectl -n kube-system patch configmap cilium-config --type merge -p '{\"data\":{\"bpf-lb-map-max\":\"262144\"}}' && kubectl -n kube-system rollout restart ds/cilium"* ]]
  [ -z "$(calls 'patch configmap|rollout restart|apply')" ]
  [ ! -e "$DIR" ]
}

@test "LB map preflight over capacity without a terminal and AUTO_FIX_LB_MAP unset does not hang" {
  fake_cluster_init native
  SVC_SCALE_STEPS=30000 bench </dev/null
  [ "$status" -eq 1 ]
  [[ "$output" == *"no terminal to ask"* ]]
  [[ "$output" == *"AUTO_FIX_LB_MAP=true"* ]]
}

@test "preflight needs two nodes and says how to get them" {
  export FAKE_NODES=1
  fake_cluster_init iptables
  bench
  [ "$status" -eq 1 ]
  [[ "$output" == *"at least 2 are needed"* ]]
  [[ "$output" == *"TKE: scale the node pool"* ]]
}

@test "bad parameters are refused before touching the cluster" {
  fake_cluster_init iptables
  SVC_SCALE_STEPS=10000,5000 bench
  [ "$status" -eq 1 ]
  [[ "$output" == *"must be ascending"* ]]
  [ ! -s "$FAKE_LOG" ]
}

@test "--skip-cleanup keeps the namespaces; a rerun resumes without measuring again" {
  full_tier_only
  shared_run iptables # --skip-cleanup --ns keepme
  [ "$status" -eq 0 ]
  [ -z "$(calls 'delete namespace')" ]
  [ -e "$FAKE_STATE/ns-keepme" ]
  # The rerun, with a fresh call log, on this test's own copies of that cluster and run.
  fake_cluster_init iptables
  DIR="$BATS_TEST_TMPDIR/run"
  rm -rf "$FAKE_STATE" "$DIR"
  cp -a "$SHARED/iptables/state" "$FAKE_STATE"
  cp -a "$SHARED/iptables/run" "$DIR"
  bench --ns keepme
  [ "$status" -eq 0 ]
  [[ "$output" == *"iptables is finished"* ]]
  [ -z "$(calls 'exec .* -- (iperf3|fortio|netperf) ')" ]
}

@test "the download bundle inlines the library, runs on its own outside the checkout and passes shellcheck" {
  local dir
  dir="$(mktemp -d)"
  run bash "$ROOT/scripts/benchmarks/tke-cilium/bundle.sh" "$dir"
  [ "$status" -eq 0 ]
  grep -q '^# --- lib/bench.sh ---$' "$dir/network-benchmark.sh"
  grep -q '^# --- lib/k8s.sh ---$' "$dir/network-benchmark.sh"
  (cd "$dir" && sha256sum -c --quiet network-benchmark.sh.sha256)
  run env -u BENCH_LIB_DIR bash -c 'cd / && bash "$1" --help' _ "$dir/network-benchmark.sh"
  [ "$status" -eq 0 ]
  [[ "$output" == *"Usage: network-benchmark.sh"* ]]
  run shellcheck -x "$dir/network-benchmark.sh"
  rm -rf "$dir"
  [ "$status" -eq 0 ]
}

# Every `fortio server` container of the applied test pods, as one line of arguments each.
fortio_server_commands() {
  grep -h -o 'command: \[fortio, server[^]]*\]' "$FAKE_STATE"/stdin-apply-*.yaml |
    sed -E 's/^command: \[fortio, //; s/\]$//; s/[",]//g'
}

# The fortio test's namespace goes even when one of its assertions stops it early.
teardown() {
  if [[ -n ${ns:-} ]]; then ip netns del "$ns" 2>/dev/null || true; fi
}

@test "each fortio server of the test pods starts and keeps running (real fortio, own network namespace)" {
  full_tier_only
  command -v fortio >/dev/null || skip "fortio not installed"
  ip netns add "bt-fortio-$$" 2>/dev/null || skip "cannot create a network namespace (needs root)"
  ns="bt-fortio-$$"
  fake_cluster_init iptables
  FAKE_FAIL='exec bench-client' bench
  mapfile -t servers < <(fortio_server_commands)
  [ "${#servers[@]}" -ge 2 ]
  ip -n "$ns" link set lo up
  failed=""
  for args in "${servers[@]}"; do
    # shellcheck disable=SC2086 # one word per argument, as the pod spec lists them
    ip netns exec "$ns" fortio $args >"$BATS_TEST_TMPDIR/fortio.log" 2>&1 &
    pid=$!
    sleep 2
    if kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid" 2>/dev/null || true
    else failed+="fortio $args exited: $(grep -o '"msg":"[^"]*"' "$BATS_TEST_TMPDIR/fortio.log" | tail -1)"$'\n'; fi
  done
  [ -z "$failed" ] || { echo "$failed"; return 1; }
}

@test "--dry-run names the data plane, the measurement count and a duration, and changes nothing" {
  fake_cluster_init native
  bench --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"data plane cilium-native (scenario native)"* ]]
  # Three rounds by default: one is no median and no spread.
  [[ "$output" =~ measurements:\ 3\ rounds\ x\ ([0-9]+)\ =\ ([0-9]+) ]]
  [ "${BASH_REMATCH[2]}" -eq $((3 * BASH_REMATCH[1])) ]
  [ -z "$(calls 'apply|patch|create|delete|rollout')" ]
  [ ! -e "$DIR" ]
}

@test "progress says n of N, and N is the number of measurements the run takes (native cluster)" {
  full_tier_only
  shared_run native
  [ "$status" -eq 0 ]
  total="$(find "$DIR/native" -name '*.meta.json' | wc -l)"
  [[ "$output" == *"[$total of $total] measure"* ]]
}

@test "an iptables cluster's steps are known programmed from kube-proxy's metrics: the rules are dumped once per step, after the wait" {
  full_tier_only
  shared_run iptables
  [ "$status" -eq 0 ]
  for step in 5 10; do
    jq -e --argjson n "$step" '.source == "kube-proxy metrics" and .servicesAdded == ($n - (if $n == 10 then 5 else 0 end))
      and .seen.pending == 0 and .seen.lastSyncSeconds >= .seen.lastQueuedSeconds' "$DIR/iptables/round-1/services-$step/programmed.json"
    [[ "$output" == *"step $step: kube-proxy metrics on node-1: the Services are programmed"* ]]
  done
  # Only the per-step dumps (one per step and round): no rule dump polls the client node.
  [ "$(calls 'iptables-nft-save' | wc -l)" -eq $((2 * 3)) ]
  [ -z "$(calls 'exec host-client .*iptables-nft-save')" ]
  calls 'exec host-client -c iperf3 -- curl -sf --max-time 10 http://127.0.0.1:10249/metrics' | grep -q .
}

@test "kube-proxy's metrics not answering on an iptables cluster: the steps count the client node's rules instead and record why" {
  fake_cluster_init iptables
  export ROUNDS=1 SVC_SCALE_STEPS=5
  FAKE_FAIL='exec host-client -c iperf3 -- curl ' bench
  [ "$status" -eq 0 ]
  [[ "$output" == *"kube-proxy's metrics did not answer at http://127.0.0.1:10249/metrics on node-1: each step waits for its Services in the KUBE-SERVICES rules of the client node (iptables-save) instead"* ]]
  jq -e '.source == "the KUBE-SERVICES rules of the client node (iptables-save)" and .servicesWanted == 9 and .servicesAdded == 5
    and (.why | contains("did not answer"))' "$DIR/iptables/round-1/services-5/programmed.json"
  calls 'exec host-client .*iptables-nft-save' | grep -q .
}

@test "a Cilium cluster's steps are known programmed from the client node's agent's service list, recorded as such" {
  full_tier_only
  shared_run native
  [ "$status" -eq 0 ]
  jq -e '.source == "cilium-dbg service list" and .node == "node-1" and .servicesAdded == 5' "$DIR/native/round-1/services-10/programmed.json"
  [ -z "$(calls 'curl -sf')" ]
}

# line_of <text>: line number of the first output line containing <text> (fails when absent).
line_of() { grep -n -F -m1 -- "$1" <<<"$output" | cut -d: -f1 | grep .; }

@test "each CiliumNetworkPolicy is seen in force from bench-client before its window, and gone after it" {
  full_tier_only
  shared_run native
  [ "$status" -eq 0 ]
  # Before any policy: port 12865 answers (so a refusal later is the policy's) and POST is not refused.
  [ "$(line_of 'CiliumNetworkPolicy bench-l3l4 absent after')" -lt "$(line_of 'measure rps-policy-none')" ]
  [ "$(line_of 'CiliumNetworkPolicy bench-l7 absent after')" -lt "$(line_of 'measure rps-policy-none')" ]
  [[ "$output" == *"CiliumNetworkPolicy bench-l3l4 enforced after "*"s: GET http://10.0.2.20:8080/ answered 200, a connect to 10.0.2.20:12865 (a port bench-l3l4 does not admit) was refused or dropped, from bench-client"* ]]
  [[ "$output" == *"CiliumNetworkPolicy bench-l7 enforced after "*"s: GET http://10.0.2.20:8080/ answered 200, POST answered 403, from bench-client"* ]]
  local kind enforced measured
  for kind in l3l4 l7; do
    enforced="$(line_of "CiliumNetworkPolicy bench-$kind enforced after")"
    measured="$(line_of "measure rps-policy-$kind ")"
    [ "$enforced" -lt "$measured" ]
    # Gone again before what follows it.
    [ "$(grep -n -F -- "CiliumNetworkPolicy bench-$kind absent after" <<<"$output" | sed -n 2p | cut -d: -f1)" -gt "$measured" ]
  done
  calls 'exec bench-client -c iperf3 -- nc -z -w 3 10.0.2.20 12865' | grep -q .
  calls "exec bench-client -c iperf3 -- curl -s -o /dev/null -w %\{http_code\} --max-time 5 -X POST http://10.0.2.20:8080/" | grep -q .
}

@test "a CiliumNetworkPolicy that takes a few checks to be in force is waited for, then measured" {
  fake_cluster_init native
  export ROUNDS=1 SVC_SCALE_STEPS=5
  FAKE_POLICY_LAG=3 bench
  [ "$status" -eq 0 ]
  [ "$(calls 'nc -z -w 3 10.0.2.20 12865' | wc -l)" -ge 5 ]
  jq -e '.exitCode == 0' "$DIR/native/round-1/rps-policy-l3l4.meta.json" "$DIR/native/round-1/rps-policy-l7.meta.json"
}

@test "a CiliumNetworkPolicy that is never enforced stops the run before its window, naming the policy and what was seen" {
  fake_cluster_init native
  export ROUNDS=1 SVC_SCALE_STEPS=5 POLICY_ENFORCE_TIMEOUT=1
  FAKE_POLICY_NOT_ENFORCED=bench-l7 bench
  [ "$status" -eq 1 ]
  [[ "$output" == *"error: timed out after 1s waiting for CiliumNetworkPolicy bench-l7 (namespace netbench) to be enforced: GET answers 200 and POST 403 (POLICY_ENFORCE_TIMEOUT) (last seen: GET http://10.0.2.20:8080/ answered 200, POST answered 200, from bench-client)"* ]]
  [[ "$output" == *"fix: check the policy's status (kubectl --context bench-ctx -n netbench get cnp bench-l7 -o yaml)"* ]]
  jq -e '.exitCode == 0' "$DIR/native/round-1/rps-policy-l3l4.meta.json"
  [ ! -e "$DIR/native/round-1/rps-policy-l7.meta.json" ]
}

@test "every iperf3 and fortio window reads both nodes' counters through the host-network pods, as many as the plan says" {
  full_tier_only
  fake_cluster_init native
  bench --dry-run
  windows="$(sed -nE 's/.*iperf3 and fortio windows \(([0-9]+) per round\).*/\1/p' <<<"$output")"
  [ "$windows" -eq $((11 + 5 + 2 * 2)) ]
  shared_run native
  [ "$status" -eq 0 ]
  found=0
  while IFS= read -r meta; do
    kind="$(jq -r .kind "$meta")" id="${meta%.meta.json}"
    case "$kind" in
      iperf3-* | fortio-*)
        found=$((found + 1))
        jq -e --arg f "${id##*/}.counters.txt" '.counters == $f' "$meta"
        [ "$(grep '^# counters ' "$id.counters.txt" | awk '{print $3, $5, $6}' | paste -sd,)" == \
          "before side=client node=node-1,before side=server node=node-2,after side=client node=node-1,after side=server node=node-2" ]
        grep -q '^TcpRetransSegs ' "$id.counters.txt" ;;
      *) [ ! -e "$id.counters.txt" ] ;;
    esac
  done < <(find "$DIR/native/round-1" -name '*.meta.json' | sort)
  [ "$found" -eq "$windows" ]
  [ -n "$(calls 'exec host-client -c iperf3 -- sh -c .*ethtool -S')" ]
  [ -n "$(calls 'exec host-server -c iperf3 -- sh -c .*ethtool -S')" ]
  jq -e '.method.notMeasured["node-counters"] == null' "$DIR/manifest.json"
}

@test "host-network pods that cannot read the node counters: the run measures without them and records why" {
  fake_cluster_init iptables
  export ROUNDS=1 SVC_SCALE_STEPS=5
  FAKE_FAIL='exec host-server -c iperf3 -- sh -c .*ethtool -S' bench
  [ "$status" -eq 0 ]
  [[ "$output" == *"no node counters around the windows"* ]]
  jq -e '.method.notMeasured["node-counters"] | startswith("the host-network pods could not read ethtool -S and nstat")' "$DIR/manifest.json"
  [ -z "$(find "$DIR" -name '*.counters.txt')" ]
  jq -e '.exitCode == 0' "$DIR/iptables/round-1/iperf3-pod-p8.meta.json"
}

@test "--dry-run lists what each window records on each data plane" {
  fake_cluster_init iptables
  bench --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"iperf3 and fortio windows (15 per round): <id>.counters.txt, both nodes' counters before and after"* ]]
  [[ "$output" == *"each Service step: services-<N>/programmed.json, what said its Services were programmed (kube-proxy's metrics on the client node"*", then the nat table (iptables-nat.txt) once"* ]]
  fake_cluster_init native
  bench --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"iperf3 and fortio windows (20 per round)"* ]]
  [[ "$output" == *"policies: each CiliumNetworkPolicy checked in force from bench-client before its window and gone after it (POLICY_ENFORCE_TIMEOUT=60 s)"* ]]
  [ -z "$(calls 'apply|patch|create|delete|rollout|exec')" ]
}
