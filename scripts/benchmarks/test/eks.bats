#!/usr/bin/env bats
# EKS bench scripts against the recording fakes (no cluster needed):
#   bats scripts/benchmarks/test/eks.bats

# Each @test runs in a subshell, so per-test exports are meant to be local.
# FAKE_LOG is exported by fake_cluster_init (fakes/setup.bash).
# shellcheck disable=SC2030,SC2031,SC2153

bats_require_minimum_version 1.5.0

# Small but complete runs.
small_runs() {
  export ROUNDS=1 IPERF_DURATION=1 FORTIO_DURATION=1 DNS_QUERIES=3 QPS_LEVELS="1000 max" SVC_STEPS="4 12"
  export UDP_LOADS="1G 3G" UDP_STEP_DURATION=1
}

# The chain's parameters (a resume must use them too): one QPS level and one
# Service step above the cluster's own 4 Services (8 dummies), the least that
# still takes every kind of measurement of every scenario.
chain_runs() {
  small_runs
  export QPS_LEVELS=1000 SVC_STEPS=12
}

# A test's own run from scratch, when what it checks does not depend on the
# sweeps' size: one QPS level and one Service step (the cluster's own 4
# Services, no dummies). The UDP sweep keeps its two loads.
one_step_runs() { export QPS_LEVELS=max SVC_STEPS=4; }

# The scenario chain, run once per file (full tier): A, B, C, D and E one after
# the other on one fresh fake cluster into one run directory, the order
# run-all-scenarios uses. Each step keeps what it alone did: its calls, output
# and exit status, the manifest and a copy of the cluster state and run
# directory as it left them. A test about "A on a fresh cluster", "B then C" or
# "C then D" reads that step instead of running the scenarios again; the
# metrics API is off throughout (the agent usage comes from the kubelets).
setup_file() {
  [[ ${BENCH_TEST_TIER:-full} != fast ]] || return 0
  export CHAIN="$BATS_FILE_TMPDIR/chain"
  # In a subshell: the chain's settings must not reach the tests.
  (
    BATS_TEST_TMPDIR="$CHAIN"
    mkdir -p "$CHAIN"
    load fakes/setup.bash
    fake_cluster_init eks
    chain_runs
    export RUN_DIR="$CHAIN/run" FAKE_NO_METRICS_API=1
    unset BENCH_CHECK_CMD # the ingest's check of every raw file, as in a real run
    for id in A B C D E; do
      step="$CHAIN/$id"
      mkdir -p "$step"
      : >"$FAKE_LOG"
      status=0
      bash "$BATS_TEST_DIRNAME/../eks-cni/run-benchmark.sh" "$id" >"$step/output" 2>&1 || status=$?
      echo "$status" >"$step/status"
      # A step that failed early has no manifest or run directory yet; its tests fail on its status.
      cp "$FAKE_LOG" "$step/calls.log"
      cp -a "$FAKE_STATE" "$step/state"
      cp "$RUN_DIR/manifest.json" "$step/manifest.json" 2>/dev/null || true
      cp -a "$RUN_DIR" "$step/run" 2>/dev/null || true
    done
  )
}

setup() {
  ROOT="$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)"
  EKS="$ROOT/scripts/benchmarks/eks-cni"
  load fakes/setup.bash
  load tier.bash
  fake_cluster_init eks
  small_runs
  export RUN_DIR="$BATS_TEST_TMPDIR/run"
  # The ingest's check of each raw file (a node process per measurement) runs
  # in the chain, on every scenario; a test's own runs skip it.
  export BENCH_CHECK_CMD=true
}

run_scenario() { run bash "$EKS/run-benchmark.sh" "$@"; }

# Line number of the first logged call matching <regex> (fails when absent).
first_line() { grep -n -E -m1 -- "$1" "$FAKE_LOG" | cut -d: -f1 | grep .; }

# chain_step <id>: this test reads step <id> of the scenario chain (setup_file):
# its calls (FAKE_LOG), output and status, and the manifest as that step left it
# (MANIFEST). RUN_DIR is the chain's: a scenario's directory is written by its
# step alone.
chain_step() {
  local step="$CHAIN/$1"
  [[ -f "$step/status" ]] || { echo "the scenario chain has no step $1 (setup_file)"; return 1; }
  FAKE_LOG="$step/calls.log" RUN_DIR="$CHAIN/run" MANIFEST="$step/manifest.json"
  output="$(cat "$step/output")" status="$(cat "$step/status")"
}

# after_step <id>: this test goes on from step <id> of the chain with a fresh
# call log, on its own copies of the fake cluster and the run directory as that
# step left them, with the chain's parameters.
after_step() {
  [[ -d "$CHAIN/$1/state" && -d "$CHAIN/$1/run" ]] || { echo "the scenario chain has no step $1 (setup_file)"; return 1; }
  fake_cluster_init eks
  chain_runs
  export RUN_DIR="$BATS_TEST_TMPDIR/run"
  rm -rf "$FAKE_STATE" "$RUN_DIR"
  cp -a "$CHAIN/$1/state" "$FAKE_STATE"
  cp -a "$CHAIN/$1/run" "$RUN_DIR"
}

@test "--help documents the scenarios and every parameter with its default" {
  run_scenario --help
  [ "$status" -eq 0 ]
  for p in ROUNDS=3 IPERF_DURATION=10 FORTIO_DURATION=30 'QPS_LEVELS="1000 5000 max"' 'SVC_STEPS="4 104 1000"' NAMESPACE=bench KUBE_CONTEXT RUN_DIR; do
    [[ "$output" == *"$p"* ]] || { echo "help lacks $p"; return 1; }
  done
}

@test "--help of both scripts states the idle gate's thresholds and that scenarios are not alternated per round" {
  for script in run-benchmark.sh run-all-scenarios.sh; do
    run bash "$EKS/$script" --help
    [ "$status" -eq 0 ]
    [[ "$output" == *"not alternated"*"reconfiguration"* || "$output" == *"reconfiguration"*"never alternated per round"* ]] || { echo "$script: no word on the order"; return 1; }
  done
  run_scenario --help
  for p in "BENCH_IDLE_MAX_LOAD (default 0.75 x the host's CPUs)" BENCH_IDLE_MAX_BUSY=30 BENCH_IDLE_MAX_PSI=10 \
    BENCH_IDLE_MAX_STEAL=2 BENCH_IDLE_WAIT=180 BENCH_IDLE_STRICT=1 BENCH_ORDER=alternate BENCH_ROUND_REST=10 "iperf3 client pod (BENCH_HOST_EXEC)"; do
    [[ "$output" == *"$p"* ]] || { echo "help lacks $p"; return 1; }
  done
}

@test "every measurement records the client node's host sample, read through the iperf3 client pod, and its place in the run" {
  full_tier_only
  chain_step A
  [ "$status" -eq 0 ]
  # The fake node is quiet: every gate passed at once.
  jq -es 'all(.host.gate.passed and .host.kernel == "6.1.0-fake" and .host.cpus == 2 and .host.before.busyPercent < 30)' "$RUN_DIR"/A/round-1/*.meta.json "$RUN_DIR"/A/round-1/services-*/*.meta.json
  [ "$(jq -s 'map(.sequence) | unique | length' "$RUN_DIR"/A/round-1/*.meta.json "$RUN_DIR"/A/round-1/services-*/*.meta.json)" -eq \
    "$(cat "$RUN_DIR"/A/round-1/*.meta.json "$RUN_DIR"/A/round-1/services-*/*.meta.json | jq -s length)" ]
  calls 'exec iperf3-client-[^ ]* -- sh -c .*host-sample /proc' | grep -q .
  jq -e '.protocol.order == "alternate" and .protocol.idleGate.enabled and (.protocol.orderByRound["1/baseline"] | .[0] == "tcp" and .[-1] == "agent-usage")' "$MANIFEST"
}

@test "an unknown scenario is refused with the list of valid ones" {
  run_scenario F
  [ "$status" -eq 1 ]
  [[ "$output" == *"unknown scenario 'F'"* ]]
  [[ "$output" == *"fix: pass one of A B C D E"* ]]
}

@test "A keeps VPC CNI and kube-proxy and installs no Cilium" {
  full_tier_only
  chain_step A # on a fresh cluster
  [ "$status" -eq 0 ]
  [ -z "$(calls '^helm .*upgrade')" ]
  [ -z "$(calls 'delete daemonset kube-proxy')" ]
  [ -z "$(calls 'patch daemonset aws-node')" ]
  [ -f "$RUN_DIR/A/.done" ]
  [ -f "$RUN_DIR/A/round-1/.done" ]
}

@test "B installs Cilium 1.16.5 with VXLAN tunnel values and keeps kube-proxy" {
  full_tier_only
  chain_step B # after A: VPC CNI and kube-proxy, as on a fresh cluster
  [ "$status" -eq 0 ]
  upgrade="$(calls '^helm .*upgrade --install cilium')"
  [[ "$upgrade" == *"--version 1.16.5"* ]]
  [[ "$upgrade" == *"-f $EKS/scenarios/B.values.yaml"* ]]
  [[ "$upgrade" == *"--reset-values"* ]]
  [[ "$upgrade" != *k8sServiceHost* ]]
  grep -qx 'routingMode: tunnel' "$EKS/scenarios/B.values.yaml"
  grep -qx 'tunnelProtocol: vxlan' "$EKS/scenarios/B.values.yaml"
  run ! grep -Eq '^tunnel:' "$EKS/scenarios/B.values.yaml"
  [ -z "$(calls 'delete daemonset kube-proxy')" ]
  [ -n "$(calls 'patch daemonset aws-node --type strategic')" ]
}

@test "C removes kube-proxy and its rules, then sets kubeProxyReplacement with the API endpoint" {
  full_tier_only
  # From B (same IPAM: the nodes stay, so their KUBE-* rules must go).
  chain_step B
  [ "$status" -eq 0 ]
  chain_step C
  [ "$status" -eq 0 ]
  [ -n "$(calls 'kube-system delete daemonset kube-proxy')" ]
  [ -n "$(calls 'kube-system delete configmap kube-proxy')" ]
  # KUBE-* rules flushed on every node (3 probe pods).
  [ "$(calls 'exec node-probe-node-[0-9] -- sh -c .*grep -v KUBE' | wc -l)" -eq 3 ]
  upgrade="$(calls '^helm .*upgrade --install cilium')"
  [[ "$upgrade" == *"-f $EKS/scenarios/C.values.yaml"* ]]
  [[ "$upgrade" == *"--set k8sServiceHost=ABCDEF0123456789.gr7.ap-northeast-2.eks.amazonaws.com --set k8sServicePort=443"* ]]
  grep -qx 'kubeProxyReplacement: true' "$EKS/scenarios/C.values.yaml"
  # kube-proxy removal happens before Cilium takes over services.
  delete_line="$(grep -n 'delete daemonset kube-proxy' "$FAKE_LOG" | cut -d: -f1)"
  helm_line="$(grep -n 'upgrade --install cilium' "$FAKE_LOG" | cut -d: -f1)"
  [ "$delete_line" -lt "$helm_line" ]
}

@test "E applies every tuning item marked applied and neither DSR nor XDP" {
  full_tier_only
  chain_step E
  [ "$status" -eq 0 ]
  [[ "$(calls '^helm .*upgrade --install cilium')" == *"-f $EKS/scenarios/E.values.yaml"* ]]
  run python3 - "$EKS/scenarios/E.values.yaml" "$EKS/scenarios/scenarios.json" <<'EOF'
import json, sys, yaml
values = yaml.safe_load(open(sys.argv[1]))
scenario = next(s for s in json.load(open(sys.argv[2]))["scenarios"] if s["id"] == "E")
def get(path):
    node = values
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node
problems = []
for item in scenario["tuning"]:
    for setting in item["helm"].split(","):
        key, want = setting.split("=")
        have = str(get(key)).lower()
        if item["applied"] and have != want.lower():
            problems.append(f"{item['id']}: {key} is {have}, scenarios.json says applied {want}")
        if not item["applied"]:
            if have == want.lower():
                problems.append(f"{item['id']}: {key}={want} is set but marked not applied")
            if not item.get("reason", {}).get("en"):
                problems.append(f"{item['id']}: not applied without a reason")
if get("loadBalancer.mode") == "dsr" or get("loadBalancer.acceleration") in ("native", "best-effort"):
    problems.append("DSR or XDP is switched on")
print("\n".join(problems))
sys.exit(1 if problems else 0)
EOF
  echo "$output"
  [ "$status" -eq 0 ]
  # The reasons travel into the manifest for the ingest.
  jq -e '.scenarios.E.tuning | map(select(.applied == false) | .id) == ["dsr", "xdp"]' "$MANIFEST"
  jq -e '.scenarios.E.tuning[] | select(.id == "xdp") | .reason.en | test("bpf_link")' "$MANIFEST"
}

@test "no scenario values file uses the removed 'tunnel' key" {
  for f in "$EKS"/scenarios/*.values.yaml; do
    ! grep -Eq '^tunnel:' "$f" || { echo "$f uses tunnel:"; return 1; }
  done
}

@test "measurements run client and server on different nodes and record both" {
  full_tier_only
  chain_step A
  [ "$status" -eq 0 ]
  jq -e '.clientNode == "node-1" and .serverNode == "node-2"' "$RUN_DIR/A/round-1/iperf3-tcp.meta.json"
  jq -e '.kind == "fortio-http" and .conditions.connection == "close" and .conditions.qps == 1000' \
    "$RUN_DIR/A/round-1/http-qps1000-close.meta.json"
  jq -e '.conditions.services == 12 and .kind == "iptables-nat"' "$RUN_DIR/A/round-1/services-12/iptables-nat.meta.json"
  # 12 Services in the cluster = 4 existing + 8 dummies, in the sweep's own namespace.
  [ -n "$(calls 'bench-svc-scale apply --server-side')" ]
  [ "$(grep -c '^-A KUBE-SERVICES ' "$RUN_DIR/A/round-1/services-12/iptables-nat.txt")" -eq 12 ]
}

@test "the manifest carries environment, parameters, tools, image digests and the scenario" {
  full_tier_only
  chain_step A
  [ "$status" -eq 0 ]
  m="$MANIFEST"
  jq -e '.suite == "eks-cni" and .runner == "eks"' "$m"
  jq -e '.environment.platform == "Amazon EKS" and .environment.nodeType == "m6i.xlarge" and .environment.nicLimitGbps == 12.5' "$m"
  # The instance's sustained baseline beside its burst figure, as EC2 states them at run time.
  jq -e '.environment.extra.nicBaselineGbps == 1.5625 and .environment.extra.nicBurstGbps == 12.5' "$m"
  [ -n "$(calls 'aws ec2 describe-instance-types --instance-types m6i.xlarge')" ]
  jq -e '.environment.kernel | startswith("6.1.")' "$m"
  jq -e '.params.ROUNDS == 1 and .params.QPS_LEVELS == "1000"' "$m"
  jq -e '.tools.iperf3 == "3.17.1" and .tools.fortio == "1.68.2" and .tools["cilium-chart"] == "1.16.5"' "$m"
  jq -e '.images.fortio | test("@sha256:[0-9a-f]{64}$")' "$m"
  jq -e '.scenarios.A.kubeProxy == "iptables" and (.scenarios.A | has("apply") | not)' "$m"
}

@test "preflight: a missing tool is named with how to install it" {
  mkdir -p "$BATS_TEST_TMPDIR/bin"
  for t in kubectl eksctl aws; do ln -s "$FAKES_BIN/$t" "$BATS_TEST_TMPDIR/bin/$t"; done
  PATH="$BATS_TEST_TMPDIR/bin:/usr/bin:/bin" run bash "$EKS/run-benchmark.sh" A
  [ "$status" -eq 1 ]
  [[ "$output" == *'required tool "helm" not found'* ]]
  [[ "$output" == *"fix: install helm 3"* ]]
  [ ! -e "$RUN_DIR" ]
}

@test "preflight: a one-node cluster is refused with how to add nodes" {
  FAKE_NODES=1 run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"1 Ready schedulable node(s)"* ]]
  [[ "$output" == *"fix: add nodes (EKS: eksctl scale nodegroup"* ]]
  [ -z "$(calls 'helm|delete|patch')" ]
}

@test "preflight: an unknown KUBE_CONTEXT is refused with how to list contexts" {
  KUBE_CONTEXT=prod-cluster run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"kube context 'prod-cluster' (KUBE_CONTEXT) does not exist"* ]]
  [[ "$output" == *"fix: list contexts with 'kubectl config get-contexts -o name'"* ]]
}

@test "preflight: no current context and no KUBE_CONTEXT" {
  FAKE_CURRENT_CONTEXT="" run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"fix: run 'kubectl config use-context <name>' or set KUBE_CONTEXT=<name>"* ]]
}

@test "preflight: expired AWS credentials point at aws sso login" {
  FAKE_AWS_EXPIRED=1 run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"fix: run 'aws sso login'"* ]]
}

@test "preflight: unlabelled nodes get the exact label command" {
  FAKE_NO_SIDE_LABELS=1 run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"kubectl label node <node> bench.k8s-network/side=client"* ]]
}

@test "an interrupt deletes the dummy-Service namespace it created and nothing else" {
  full_tier_only
  # The iptables capture of the sweep is slow, so the INT lands mid-measurement.
  export FAKE_SLOW='iptables-nft-save' QPS_LEVELS=1000
  # With job control on, the background job keeps SIGINT (a non-interactive
  # shell would start it with SIGINT ignored, and bash cannot trap that).
  set -m
  bash "$EKS/run-benchmark.sh" A >"$BATS_TEST_TMPDIR/out" 2>&1 &
  pid=$!
  set +m
  # Interrupt while the (slow) sweep capture runs, i.e. after the namespace exists.
  for _ in $(seq 1 1200); do
    grep -q 'exec node-probe.*iptables-nft-save' "$FAKE_LOG" && break
    sleep 0.1
  done
  grep -q 'label namespace bench-svc-scale' "$FAKE_LOG"
  sleep 0.5
  kill -INT "$pid"
  status=0
  wait "$pid" || status=$?
  cat "$BATS_TEST_TMPDIR/out"
  [ "$status" -eq 130 ]
  # The progress log keeps the line even when the interrupted command's stderr was redirected.
  grep -q 'interrupted by SIGINT' "$RUN_DIR"/logs/*.log
  [ -n "$(calls 'delete namespace bench-svc-scale')" ]
  [ -z "$(calls 'delete namespace bench( |$)')" ]
  [ -f "$FAKE_STATE/ns-bench" ]
  [ ! -f "$FAKE_STATE/ns-bench-svc-scale" ]
  [ ! -f "$RUN_DIR/A/round-1/.done" ]
}

@test "a namespace the scripts did not create is never reused or deleted" {
  full_tier_only
  one_step_runs
  echo 1 >"$FAKE_STATE/ns-bench-svc-scale"
  run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"namespace bench-svc-scale exists and was not created by the bench scripts"* ]]
  [ -z "$(calls 'delete namespace')" ]
}

@test "a rerun skips finished rounds and repeats only failed measurements" {
  full_tier_only
  one_step_runs
  FAKE_FAIL='iperf3 -c .* -u ' run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"FAILED iperf3-udp"* ]]
  jq -e '.exitCode == 0' "$RUN_DIR/A/round-1/iperf3-tcp.meta.json"
  [ ! -f "$RUN_DIR/A/round-1/.done" ]

  : >"$FAKE_LOG"
  run_scenario A
  [ "$status" -eq 0 ]
  [ -z "$(calls 'exec iperf3-client.* -- iperf3 -c [^ ]+ -p 5201 -P')" ]
  # The single-rate UDP test and the two sweep steps, nothing else.
  [ "$(calls 'exec iperf3-client.* -- iperf3 -c .* -u ' | wc -l)" -eq 3 ]
  [ -f "$RUN_DIR/A/round-1/.done" ]

  : >"$FAKE_LOG"
  ROUNDS=2 run_scenario A
  [ "$status" -eq 0 ]
  [[ "$output" == *"scenario A is finished"* ]]
  [ -z "$(calls 'exec .* -- (iperf3|fortio) ')" ]
}

@test "a finished round is not measured again when more rounds are asked for" {
  full_tier_only
  chain_step D
  [ "$status" -eq 0 ]
  # One round's bulk TCP runs (the main one and one per Service step).
  local per_round
  per_round=$(calls 'exec iperf3-client.* -- iperf3 -c .* -P' | wc -l)
  [ "$per_round" -ge 1 ]
  after_step D
  rm "$RUN_DIR/D/.done"
  ROUNDS=2 run_scenario D
  [ "$status" -eq 0 ]
  [[ "$output" == *"scenario D round 1 already done"* ]]
  [[ "$output" == *"scenario D already applied in this run; not switching again"* ]]
  [ -z "$(calls '^helm .*upgrade')" ]
  [ "$(calls 'exec iperf3-client.* -- iperf3 -c .* -P' | wc -l)" -eq "$per_round" ]
  [ -f "$RUN_DIR/D/round-2/.done" ]
}

@test "run-all-scenarios skips finished scenarios, runs the rest A to E in order, then a rerun does nothing" {
  full_tier_only
  # Goes on from the chain after C, which ran A, B and C as this script would:
  # two scenarios still to run show the order and that each is run.
  after_step C
  export FAKE_NO_METRICS_API=1 # as in the chain
  run bash "$EKS/run-all-scenarios.sh"
  [ "$status" -eq 0 ]
  [ "$(grep -o -E 'scenario [A-E]( already finished|: starting)' <<<"$output" | tr '\n' ,)" = \
    "scenario A already finished,scenario B already finished,scenario C already finished,scenario D: starting,scenario E: starting," ]
  run grep -o 'scenarios/[A-E].values.yaml' "$FAKE_LOG"
  [ "$(echo "$output" | tr '\n' ' ')" = "scenarios/D.values.yaml scenarios/E.values.yaml " ]
  jq -e '.finishedAt and (.scenarios | keys == ["A","B","C","D","E"])' "$RUN_DIR/manifest.json"
  : >"$FAKE_LOG"
  run bash "$EKS/run-all-scenarios.sh"
  [ "$status" -eq 0 ]
  [ "$(echo "$output" | grep -c 'already finished')" -eq 5 ]
  [ ! -s "$FAKE_LOG" ]
}

@test "--dry-run prints the switch, the number of measurements and a duration, and calls nothing" {
  ROUNDS=3 run_scenario C --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"switch: aws-node off, kube-proxy removed, helm upgrade --install cilium 1.16.5 -f scenarios/C.values.yaml"* ]]
  # C, 2 UDP loads, 2 QPS levels, 2 steps: 5 + 2 + 2x2 baseline, 2 x (5 + Cilium's LB list) per round.
  [[ "$output" == *"measurements: 3 rounds x 23 = 69"* ]]
  [[ "$output" == *"UDP sweep: 1G 3G (2 x 1 s per round"* ]]
  # Node counters around each traffic window: iperf3 TCP, UDP, 2 sweep steps, 2 x 2 fortio;
  # per Service step one iperf3 and three fortio (2 steps).
  [[ "$output" == *"node counters: 16 windows per round (iperf3 and fortio) read before and after on the client and the server node (ethtool -S <primary interface>: bw_in/bw_out/pps/conntrack/linklocal_allowance_exceeded; nstat -az: TcpRetransSegs, UdpRcvbufErrors, UdpInErrors), kept as <id>.counters.txt"* ]]
  [[ "$output" =~ estimated\ duration:\ about\ [0-9]+\ min ]]
  [ ! -s "$FAKE_LOG" ]
  [ ! -e "$RUN_DIR" ]
}

@test "progress says n of N, and N is the number of measurements the run takes" {
  full_tier_only
  chain_step B
  [ "$status" -eq 0 ]
  total="$(find "$RUN_DIR/B" -name '*.meta.json' | wc -l)"
  [[ "$output" == *"[1 of $total] measure"* ]]
  [[ "$output" == *"[$total of $total] measure"* ]]
}

@test "preflight: the kubelet's resource metrics not answering through the API server is refused with the RBAC fix" {
  FAKE_NO_KUBELET_METRICS=1 run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"kubelet's resource metrics of node node-1 (/api/v1/nodes/node-1/proxy/metrics/resource) do not answer"* ]]
  [[ "$output" == *"fix: allow your user 'get' on nodes/proxy"* ]]
  [ -z "$(calls 'helm|delete|patch')" ]
}

@test "agent CPU/memory: kubelet samples before and during a fortio load, on the agent's nodes, without metrics-server" {
  full_tier_only
  chain_step B # the chain runs without the metrics API
  [ "$status" -eq 0 ]
  local raw=$RUN_DIR/B/round-1/agent-usage.txt
  [ "$(grep -c '^# sample 0 ' "$raw")" -eq 3 ]   # one block per node before the load
  [ "$(grep -c '^# sample ' "$raw")" -eq $((3 * (1 + 2))) ]
  grep -q '^# pods kube-system/cilium-node-1 kube-system/cilium-node-2 kube-system/cilium-node-3$' "$raw"
  [ -z "$(calls 'top pod')" ]
  # The load ran in the fortio client for the whole sampled window.
  calls 'exec' | grep -- 'fortio load -quiet -qps 0' | grep -q -- '-t 5s http://httpbin.bench.svc.cluster.local/get'
}

@test "--help lists prerequisites and what the script changes on the cluster" {
  run_scenario --help
  for p in "Prerequisites" "bench.k8s-network/side=client" "metrics-server" "What it changes on the cluster" "kube-proxy DaemonSet deleted" "--dry-run"; do
    [[ "$output" == *"$p"* ]] || { echo "help lacks $p"; return 1; }
  done
}

@test "after C removed kube-proxy, A brings it back with an add-on update that overwrites" {
  full_tier_only
  chain_step C
  [ "$status" -eq 0 ]
  # The cluster C left, and a run directory where A is still to do.
  after_step C
  rm -rf "$RUN_DIR/A"
  [ ! -e "$FAKE_STATE/kube-proxy" ]
  run_scenario A
  [ "$status" -eq 0 ]
  [ -n "$(calls '^aws eks update-addon --cluster-name cni-bench --addon-name kube-proxy --resolve-conflicts OVERWRITE')" ]
  [ -e "$FAKE_STATE/kube-proxy" ]
  jq -e '.kind == "kubeproxy-sync-delta"' "$RUN_DIR/A/round-1/services-12/kube-proxy-sync.meta.json"
}

@test "without kube-proxy (C) the sweep reads no kube-proxy rules or syncs" {
  full_tier_only
  chain_step C
  [ "$status" -eq 0 ]
  [ ! -e "$RUN_DIR/C/round-1/services-12/iptables-nat.meta.json" ]
  [ ! -e "$RUN_DIR/C/round-1/services-12/kube-proxy-sync.meta.json" ]
  [ -e "$RUN_DIR/C/round-1/services-12/cilium-lb-list.meta.json" ]
  [ -z "$(calls 'exec node-probe-node-1 -- curl')" ]
}

@test "the UDP sweep measures each offered load as its own step, named by the load" {
  full_tier_only
  chain_step B
  [ "$status" -eq 0 ]
  # Datagrams of the pods' path MTU (the fake pods' 9,001 bytes) less the IPv4 and UDP headers.
  for load in 1G:1 3G:3; do
    meta="$RUN_DIR/B/round-1/udp-${load%%:*}.meta.json"
    jq -e --argjson g "${load#*:}" '.kind == "iperf3-udp" and .conditions == {offeredGbps: $g} and .load.length == 8973' "$meta"
    jq -e --arg want "-u -b ${load%%:*} -l 8973 -t 1 -J" '.cmd | join(" ") | endswith($want)' "$meta"
  done
  # The single-rate test stays unnamed by a load: the report's UDP figures.
  jq -e '.conditions == {} and .load.bitrate == "10G"' "$RUN_DIR/B/round-1/iperf3-udp.meta.json"
  # Parsed at capture: the step the sender could not sustain is flagged then, naming its file.
  # (formatValue puts a narrow no-break space before the unit)
  [[ "$output" == *"flagged target-not-reached: $RUN_DIR/B/round-1/udp-3G.json: sent 2.5"*"Gbps of the 3"*"Gbps target"* ]]
  [[ "$output" != *"flagged target-not-reached: $RUN_DIR/B/round-1/udp-1G.json"* ]]
  jq -e '.params.UDP_LOADS == "1G 3G" and .params.UDP_STEP_DURATION == 1' "$MANIFEST"
}

@test "a failed UDP sweep step is measured again on resume, and only that step" {
  full_tier_only
  one_step_runs
  FAKE_FAIL='iperf3 -c .* -b 3G ' run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"FAILED udp-3G"* ]]
  jq -e '.exitCode == 0' "$RUN_DIR/A/round-1/udp-1G.meta.json"
  : >"$FAKE_LOG"
  run_scenario A
  [ "$status" -eq 0 ]
  [ "$(calls 'exec iperf3-client.* -- iperf3 -c .* -u ' | wc -l)" -eq 1 ]
  [ -n "$(calls 'exec iperf3-client.* -- iperf3 -c .* -u -b 3G ')" ]
}

@test "UDP_LOADS that are not bitrates are refused before anything runs" {
  UDP_LOADS="1G fast" run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"UDP_LOADS has 'fast', which is not a bitrate"* ]]
  [ ! -s "$FAKE_LOG" ]
}

@test "UDP_LOADS=\"\" skips the sweep and the plan says so" {
  full_tier_only
  one_step_runs
  UDP_LOADS="" run_scenario A --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"UDP sweep: none (0 x"* ]]
  UDP_LOADS="" run_scenario A
  [ "$status" -eq 0 ]
  [ -z "$(find "$RUN_DIR/A" -name 'udp-*.meta.json')" ]
}

@test "after each Helm change every Cilium agent is asked whether the values' features are active" {
  full_tier_only
  chain_step E
  [ "$status" -eq 0 ]
  [ "$(calls 'exec cilium-node-[1-3] -c cilium-agent -- cilium-dbg status -o json' | wc -l)" -eq 3 ]
  [ "$(calls 'exec cilium-node-[1-3] -c cilium-agent -- cilium-dbg config -r -o json' | wc -l)" -eq 3 ]
  # Asked after the upgrade, before anything is measured.
  helm_line="$(grep -n 'upgrade --install cilium' "$FAKE_LOG" | cut -d: -f1)"
  first_ask="$(grep -n 'cilium-dbg status -o json' "$FAKE_LOG" | head -n1 | cut -d: -f1)"
  first_measure="$(grep -n -- '-- iperf3 -c' "$FAKE_LOG" | head -n1 | cut -d: -f1)"
  [ "$helm_line" -lt "$first_ask" ] && [ "$first_ask" -lt "$first_measure" ]
  for f in "kube-proxy replacement True" "routing mode Native" "BPF host routing BPF" "BPF masquerading BPF" \
    "bandwidth manager enabled" "BBR for pods bbr" "socket LB enabled" "load-balancer mode snat" "XDP acceleration disabled" \
    "Hubble disabled" "IPAM mode eni"; do
    [[ "$output" == *"$f"* ]] || { echo "not verified: $f"; return 1; }
  done
  # The agents' answers are kept with the run.
  jq -e '.routing["intra-host-routing-mode"] == "BPF"' "$RUN_DIR/E/cilium-status/cilium-node-2.status.json"
}

@test "an agent without a feature its values file sets stops the run, naming scenario, feature, expected and seen" {
  full_tier_only
  cases=(
    "C|.[\"kube-proxy-replacement\"].mode = \"False\"||kube-proxy replacement (kubeProxyReplacement): agent cilium-node-1 reports False, C.values.yaml expects True"
    "B|.routing[\"tunnel-protocol\"] = \"geneve\"||tunnel protocol (tunnelProtocol): agent cilium-node-1 reports geneve, B.values.yaml expects vxlan"
    "D|.routing[\"inter-host-routing-mode\"] = \"Tunnel\"||routing mode (routingMode): agent cilium-node-1 reports Tunnel, D.values.yaml expects Native"
    "E|.routing[\"intra-host-routing-mode\"] = \"Legacy\"||BPF host routing (bpf.hostLegacyRouting): agent cilium-node-1 reports Legacy, E.values.yaml expects BPF"
    "E|.masquerading.mode = \"iptables\"||BPF masquerading (bpf.masquerade): agent cilium-node-1 reports iptables, E.values.yaml expects BPF"
    "E|.[\"bandwidth-manager\"] = {enabled: false}||bandwidth manager (bandwidthManager.enabled): agent cilium-node-1 reports disabled, E.values.yaml expects enabled"
    "E|.[\"bandwidth-manager\"].congestionControl = \"cubic\"||BBR for pods (bandwidthManager.bbr): agent cilium-node-1 reports cubic, E.values.yaml expects bbr"
    "E|.hubble.state = \"Ok\"||Hubble (hubble.enabled): agent cilium-node-1 reports enabled, E.values.yaml expects disabled"
    "D||.IPAM = \"cluster-pool\"|IPAM mode (ipam.mode): agent cilium-node-1 reports cluster-pool, D.values.yaml expects eni"
  )
  for c in "${cases[@]}"; do
    IFS='|' read -r id status_patch config_patch want <<<"$c"
    fake_cluster_init eks
    rm -rf "$RUN_DIR"
    FAKE_CILIUM_STATUS_PATCH="${status_patch:-.}" FAKE_CILIUM_CONFIG_PATCH="${config_patch:-.}" run_scenario "$id"
    [ "$status" -eq 1 ] || { echo "$id ($status_patch$config_patch) was not refused"; return 1; }
    [[ "$output" == *"error: scenario $id: Cilium does not run with the features scenarios/$id.values.yaml sets:"* ]]
    [[ "$output" == *"$want"* ]] || { echo "$output" | tail -5; echo "missing: $want"; return 1; }
    # Every agent is named, and nothing was measured.
    [[ "$output" == *"agent cilium-node-3 reports"* ]]
    [ -z "$(calls ' -- (iperf3|fortio) ')" ]
  done
}

@test "a change of IPAM mode (C cluster-pool to D ENI) replaces the nodes around the switch" {
  full_tier_only
  chain_step C
  [ "$status" -eq 0 ]
  chain_step D
  [ "$status" -eq 0 ]
  [[ "$output" == *"replacing the 3 nodes of node group bench: scenario D takes pod addresses from eni IPAM, the nodes were set up by cluster-pool"* ]]
  down="$(grep -n '^eksctl scale nodegroup --cluster cni-bench --name bench --nodes 0 --nodes-min 0 --wait' "$FAKE_LOG" | cut -d: -f1)"
  helm_line="$(grep -n 'upgrade --install cilium .*D.values.yaml' "$FAKE_LOG" | cut -d: -f1)"
  up="$(grep -n '^eksctl scale nodegroup --cluster cni-bench --name bench --nodes 3 --nodes-min 3 --wait' "$FAKE_LOG" | cut -d: -f1)"
  ask="$(grep -n 'cilium-dbg status -o json' "$FAKE_LOG" | head -n1 | cut -d: -f1)"
  [ "$down" -lt "$helm_line" ] && [ "$helm_line" -lt "$up" ] && [ "$up" -lt "$ask" ]
  # The new nodes get the bench's labels: the first by name runs the clients.
  [ -n "$(calls 'label node node-1 bench.k8s-network/side=client --overwrite')" ]
  [ -n "$(calls 'label node node-3 bench.k8s-network/side=server --overwrite')" ]
}

@test "the same IPAM mode (B to C) keeps the nodes" {
  full_tier_only
  chain_step B
  [ "$status" -eq 0 ]
  chain_step C
  [ "$status" -eq 0 ]
  [ -z "$(calls '^eksctl scale')" ]
}

@test "REPLACE_NODES=0 stops before an IPAM change with the exact commands, changing nothing" {
  full_tier_only
  chain_step C
  [ "$status" -eq 0 ]
  after_step C
  REPLACE_NODES=0 run_scenario D
  [ "$status" -eq 1 ]
  [[ "$output" == *"scenario D gives pods addresses from eni IPAM, but the nodes were set up by cluster-pool"* ]]
  [[ "$output" == *"fix: rerun with REPLACE_NODES=1 RUN_DIR=$RUN_DIR; the script then runs 'eksctl scale nodegroup --cluster cni-bench --name bench --nodes 0 --nodes-min 0 --wait', switches to D, and runs 'eksctl scale nodegroup --cluster cni-bench --name bench --nodes 3 --nodes-min 3 --wait'"* ]]
  [ -z "$(calls '^eksctl scale|^helm .*upgrade|patch daemonset|delete daemonset')" ]
}

@test "--dry-run says when nodes are replaced and that the agents are checked" {
  run_scenario D --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"nodes: replaced (node group bench scaled to 0 and back, about 10 min) when they were not set up by eni IPAM"* ]]
  [[ "$output" == *"then: every Cilium agent checked for the features scenarios/D.values.yaml sets"* ]]
  [ ! -s "$FAKE_LOG" ]
}

# ingest_run <out-dir>: the run directory's dataset (version 2026-01-01) into <out-dir>.
ingest_run() {
  (cd "$ROOT" && node_modules/.bin/tsx scripts/benchmarks/ingest/cli.ts "$RUN_DIR" --out "$1" --version 2026-01-01) >"$1.log" 2>&1 || { cat "$1.log"; false; }
}

@test "every iperf3 and fortio window reads both nodes' NIC and IP counters before and after it, beside its result" {
  full_tier_only
  one_step_runs
  run_scenario A --dry-run
  windows="$(sed -nE 's/.*node counters: ([0-9]+) windows per round.*/\1/p' <<<"$output")"
  [ "$windows" -eq 10 ]
  run_scenario A
  [ "$status" -eq 0 ]
  found=0
  while IFS= read -r meta; do
    kind="$(jq -r .kind "$meta")" id="${meta%.meta.json}"
    case "$kind" in
      iperf3-* | fortio-*)
        found=$((found + 1))
        jq -e --arg f "${id##*/}.counters.txt" '.counters == $f' "$meta"
        # Before and after, each on the client's node then the server's, through the node probes.
        [ "$(grep '^# counters ' "$id.counters.txt" | awk '{print $3, $5, $6}' | paste -sd,)" == \
          "before side=client node=node-1,before side=server node=node-2,after side=client node=node-1,after side=server node=node-2" ]
        [ "$(grep -c '^## ethtool -S ens5$' "$id.counters.txt")" -eq 4 ]
        [ "$(grep -c '^## nstat -az$' "$id.counters.txt")" -eq 4 ]
        grep -q '^     bw_in_allowance_exceeded: ' "$id.counters.txt"
        grep -q '^UdpRcvbufErrors ' "$id.counters.txt" ;;
      *) [ ! -e "$id.counters.txt" ]
        jq -e 'has("counters") | not' "$meta" ;;
    esac
  done < <(find "$RUN_DIR/A" -name '*.meta.json' | sort)
  # As many windows as the plan says.
  [ "$found" -eq "$windows" ]
  [ "$(find "$RUN_DIR/A" -name '*.counters.txt' | wc -l)" -eq "$windows" ]
  [ -n "$(calls "exec node-probe-node-1 -- sh -c .*ethtool -S")" ]
  [ -n "$(calls "exec node-probe-node-2 -- sh -c .*ethtool -S")" ]
  # Quiet counters: the dataset has no nic-throttled or receiver-drops flag, and cites every counters file.
  ingest_run "$BATS_TEST_TMPDIR/data"
  dataset="$BATS_TEST_TMPDIR/data/eks-cni/2026-01-01.json"
  jq -e '[.results[].flags[]?.kind] | (index("nic-throttled") == null) and (index("receiver-drops") == null)' "$dataset"
  [ "$(jq '[.source.raw[].path | select(endswith(".counters.txt"))] | length' "$dataset")" -eq "$windows" ]
}

@test "a window on a throttled instance (FAKE_ENA_THROTTLE=1) is flagged nic-throttled in the dataset, naming the counter, its growth and the node" {
  full_tier_only
  one_step_runs
  FAKE_ENA_THROTTLE=1 run_scenario A
  [ "$status" -eq 0 ]
  ingest_run "$BATS_TEST_TMPDIR/data"
  dataset="$BATS_TEST_TMPDIR/data/eks-cni/2026-01-01.json"
  for metric in tcp_throughput udp_loss http_rps; do
    jq -e --arg m "$metric" '[.results[] | select(.metric == $m)] | length > 0 and all(.flags | any(.kind == "nic-throttled"
      and (.detail.en | contains("server node-2 (ens5): bw_in_allowance_exceeded +1500"))))' "$dataset"
  done
  # A window without traffic between the nodes is not judged by them.
  jq -e '[.results[] | select(.metric == "dns_latency") | .flags[]?.kind] | index("nic-throttled") == null' "$dataset"
  grep -q "flagged: $RUN_DIR/A/round-1/iperf3-tcp.counters.txt: the instance's network allowance was exceeded" "$BATS_TEST_TMPDIR/data.log"
}

@test "a node probe that cannot read the counters stops the run before it measures, naming the fix" {
  one_step_runs
  FAKE_FAIL='exec node-probe-node-2 -- sh -c .*ethtool -S' run_scenario A
  [ "$status" -ne 0 ]
  [[ "$output" == *"the node probes cannot read the NIC and IP counters a window is judged by"* ]]
  [[ "$output" == *"need ethtool and nstat"* ]]
  [ -z "$(find "$RUN_DIR" -name '*.meta.json' 2>/dev/null)" ]
}

@test "a Service step is known programmed from kube-proxy's metrics: no rule dump inside the sync window, one after it, the source recorded" {
  export SVC_STEPS=12 QPS_LEVELS=max UDP_LOADS=""
  # kube-proxy takes three scrapes to program the step's Services.
  FAKE_KP_SYNC_LAG=3 run_scenario A
  [ "$status" -eq 0 ]
  local step="$RUN_DIR/A/round-1/services-12"
  jq -e '.source == "kube-proxy metrics" and .url == "http://127.0.0.1:10249/metrics" and .servicesAdded == 8
    and .seen.serviceChanges >= 8 and .seen.endpointChanges >= 8 and .seen.pending == 0
    and .seen.lastSyncSeconds >= .seen.lastQueuedSeconds and .seen.lastSyncSeconds > .seen.lastSyncBeforeStepSeconds' "$step/programmed.json"
  [[ "$output" == *"step 12: kube-proxy metrics on node-1: the Services are programmed"* ]]
  # The window: from the first apply of the step's Services to the scrape that closes it.
  local open close dump
  open="$(first_line 'apply --server-side')"
  close="$(first_line 'exec node-probe-node-1 -- curl -sf http://127.0.0.1:10249/metrics$')"
  [ "$open" -lt "$close" ]
  # Polled through kube-proxy's metrics until it had synced, then once more to be sure.
  [ "$(sed -n "${open},${close}p" "$FAKE_LOG" | grep -c 'exec node-probe-node-1 -- curl -sf --max-time 10 ')" -ge 5 ]
  [ -z "$(sed -n "${open},${close}p" "$FAKE_LOG" | grep 'iptables')" ]
  # The rule count of the step is dumped once, after the window.
  dump="$(first_line 'exec node-probe-node-2 -- sh -c .*iptables-nft-save')"
  [ "$dump" -gt "$close" ]
  [ "$(calls 'iptables-nft-save' | wc -l)" -eq 1 ]
  jq -e '.conditions.services == 12' "$step/iptables-nat.meta.json" "$step/kube-proxy-sync.meta.json"
}

@test "kube-proxy that never programs a step's Services: the wait stops at SVC_SYNC_TIMEOUT saying what its metrics last said" {
  export SVC_STEPS=12 QPS_LEVELS=max UDP_LOADS="" SVC_SYNC_TIMEOUT=1
  FAKE_KP_SYNC_LAG=1000000 run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"timed out after 1s waiting for kube-proxy on the client's node node-1 to program the 8 dummy Services of step 12 (SVC_SYNC_TIMEOUT) (last seen: service changes +8 and endpoint changes +8 of 8 added Services received, 16 changes pending, last sync at 1795440001.000 (before the step: 1795440001.000), last change queued at 1795440010.000)"* ]]
  [[ "$output" == *"fix: read kube-proxy's log on that node for sync errors"* ]]
  [ -z "$(calls 'iptables-nft-save')" ]
  [ ! -e "$RUN_DIR/A/round-1/services-12/programmed.json" ]
}

@test "kube-proxy without the metrics that say a step is programmed stops the step, naming them" {
  export SVC_STEPS=12 QPS_LEVELS=max UDP_LOADS=""
  FAKE_KP_NO_SYNC_STATE=1 run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"kube-proxy's metrics (http://127.0.0.1:10249/metrics) lack kubeproxy_sync_proxy_rules_service_changes_total,kubeproxy_sync_proxy_rules_endpoint_changes_total,kubeproxy_sync_proxy_rules_last_timestamp_seconds"* ]]
  [ -z "$(calls 'iptables-nft-save')" ]
}

@test "without kube-proxy (C) a step is known programmed from the Cilium agent's service list, recorded as such" {
  full_tier_only
  chain_step C
  [ "$status" -eq 0 ]
  jq -e '.source == "cilium-dbg service list" and .node == "node-1" and .servicesAdded == 8 and .servicesWanted == 8' "$RUN_DIR/C/round-1/services-12/programmed.json"
  [ -n "$(calls 'exec cilium-node-1 -c cilium-agent -- cilium-dbg service list -o json')" ]
  [ -z "$(calls 'curl -sf')" ]
}

@test "Ctrl-C with the node group at 0 during a replacement: the rerun reads what it was doing from the run directory and finishes it" {
  full_tier_only
  chain_step C
  [ "$status" -eq 0 ]
  after_step C
  # The Helm switch to D runs while the node group is at 0: interrupt it there.
  export FAKE_SLOW='upgrade --install cilium'
  set -m
  bash "$EKS/run-benchmark.sh" D >"$BATS_TEST_TMPDIR/out" 2>&1 &
  pid=$!
  set +m
  for _ in $(seq 1 600); do
    grep -q 'upgrade --install cilium' "$FAKE_LOG" && break
    sleep 0.1
  done
  kill -INT "$pid"
  status=0
  wait "$pid" || status=$?
  [ "$status" -eq 130 ]
  [ "$(cat "$FAKE_STATE/nodegroup-size")" -eq 0 ]
  jq -e '.scenario == "D" and .nodegroup == "bench" and .count == 3 and .from == "cluster-pool" and .to == "eni" and .phase == "empty"' "$RUN_DIR/node-replacement.json"
  unset FAKE_SLOW
  : >"$FAKE_LOG"
  run_scenario D
  [ "$status" -eq 0 ]
  [[ "$output" != *"nodes/proxy"* ]]
  [[ "$output" == *"resuming the node replacement of scenario D: node group bench, 3 nodes, interrupted while empty"* ]]
  # Not scaled down again: brought back to its size, labelled, and the state removed.
  [ -z "$(calls '^eksctl scale nodegroup .*--nodes 0 ')" ]
  [ "$(calls '^eksctl scale nodegroup --cluster cni-bench --name bench --nodes 3 --nodes-min 3 --wait' | wc -l)" -eq 1 ]
  [ -n "$(calls 'label node node-1 bench.k8s-network/side=client --overwrite')" ]
  [ ! -e "$RUN_DIR/node-replacement.json" ]
  jq -e '.environment.nodeType == "m6i.xlarge" and .environment.nodeCount == 3' "$RUN_DIR/manifest.json"
  [ -f "$RUN_DIR/D/.done" ]
}

@test "an interrupted node replacement of another scenario: the preflight names it and how to finish it, not RBAC" {
  mkdir -p "$RUN_DIR"
  jq -n '{scenario: "D", nodegroup: "bench", count: 3, from: "cluster-pool", to: "eni", phase: "empty", at: "2026-12-01T00:00:00Z"}' >"$RUN_DIR/node-replacement.json"
  echo 0 >"$FAKE_STATE/nodegroup-size"
  run_scenario E
  [ "$status" -eq 1 ]
  [[ "$output" == *"the run directory $RUN_DIR holds an unfinished node replacement of scenario D: node group bench was empty (its 3 nodes are to come back)"* ]]
  [[ "$output" == *"fix: finish it first: RUN_DIR=$RUN_DIR ./run-benchmark.sh D"* ]]
  [[ "$output" != *"nodes/proxy"* ]]
  [ -z "$(calls '^eksctl|^helm .*upgrade')" ]
}

@test "a cluster left with no node: the preflight says so with how to add nodes, not RBAC" {
  echo 0 >"$FAKE_STATE/nodegroup-size"
  run_scenario A
  [ "$status" -eq 1 ]
  [[ "$output" == *"the cluster has 0 Ready schedulable node(s)"* ]]
  [[ "$output" != *"nodes/proxy"* ]]
}

@test "--dry-run lists what each window records: host sample, node counters, the sync window and what says a step is programmed" {
  run_scenario A --dry-run
  [ "$status" -eq 0 ]
  for p in "What each window records" "every measurement: <id>.meta.json with the client node's host sample" \
    "iperf3 and fortio windows: <id>.counters.txt" "agent CPU/memory: agent-usage.txt" \
    "each Service step: kube-proxy's sync window" "services-<N>/programmed.json" "no rule dump inside the window" "then the nat table (iptables-nat.txt) once"; do
    [[ "$output" == *"$p"* ]] || { echo "plan lacks: $p"; return 1; }
  done
  run_scenario C --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"each Service step: services-<N>/programmed.json (the client node agent's cilium-dbg service list: no kube-proxy), then the server agent's cilium-dbg bpf lb list"* ]]
  # A replacement left unfinished in the run directory is named.
  mkdir -p "$RUN_DIR"
  jq -n '{scenario: "D", nodegroup: "bench", count: 3, phase: "scaling-down"}' >"$RUN_DIR/node-replacement.json"
  run_scenario D --dry-run
  [ "$status" -eq 0 ]
  [[ "$output" == *"resume: $RUN_DIR/node-replacement.json holds an unfinished node replacement of scenario D (scaling-down, 3 nodes of node group bench): finished first"* ]]
  [ ! -s "$FAKE_LOG" ]
}
