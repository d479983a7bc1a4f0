#!/usr/bin/env bash
# One-command network benchmark of the current Kubernetes cluster (made for
# Tencent TKE): kube-proxy iptables, Cilium native routing or Cilium overlay,
# detected from the cluster itself.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

# >>> shared library (bundle.sh inlines lib/bench.sh and lib/k8s.sh here for the download)
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LIB_DIR="${BENCH_LIB_DIR:-$HERE/../lib}"
[[ -f "$LIB_DIR/bench.sh" && -f "$LIB_DIR/k8s.sh" ]] || {
  echo "error: bench.sh/k8s.sh not found in $LIB_DIR" >&2
  echo "  fix: run from a checkout, set BENCH_LIB_DIR=<checkout>/scripts/benchmarks/lib, or download the bundled copy (/scripts/network-benchmark.sh on the site)" >&2
  exit 1
}
# shellcheck source=../lib/bench.sh
source "$LIB_DIR/bench.sh"
# shellcheck source=../lib/k8s.sh
source "$LIB_DIR/k8s.sh"
# <<< shared library

usage() {
  cat <<'EOF'
Usage: network-benchmark.sh [--dir DIR] [--ns NAMESPACE] [--skip-cleanup] [--dry-run] [--help]

Benchmarks the cluster of the current kube context (or KUBE_CONTEXT). The data
plane is detected and recorded as the run's scenario:
  iptables        no cilium-config ConfigMap, kube-proxy DaemonSet present (or a
                  kube-system/kube-proxy ConfigMap whose config.conf says mode iptables)
  nftables        kube-proxy whose kube-system/kube-proxy config.conf says mode: nftables
  cilium-native   cilium-config routing-mode=native
  cilium-overlay  cilium-config routing-mode=tunnel (VXLAN/Geneve)
Run it once per cluster; the ingest merges the run directories into one dataset.

Prerequisites (checked in preflight):
  - kubectl and jq here; a kube context of the cluster with 2 or more Ready nodes
  - the metrics API (metrics-server) for CPU/memory samples of kube-proxy / Cilium
  - the nodes can pull nicolaka/netshoot, quay.io/cilium/network-perf and fortio/fortio
What it changes on the cluster:
  - namespaces NAMESPACE and NAMESPACE-svc with test pods (two of them host-network and
    privileged, to run iperf3 between nodes and read the client node's iptables rules) and
    up to the largest SVC_SCALE_STEPS of dummy Services; both namespaces are deleted at the end
  - Cilium clusters: enable-hubble toggled in cilium-config and the agents restarted
    (restored afterwards); CiliumNetworkPolicies applied and removed in NAMESPACE
  - with AUTO_FIX_LB_MAP=true (or your yes): bpf-lb-map-max raised in cilium-config and
    the agents restarted so they take it (a ConfigMap change alone does nothing); not undone

Options:
  --dry-run        print the plan (detected data plane, number of measurements, estimated
                   duration) and change nothing
  --dir DIR        run directory (default ./netbench-<context>-<UTC date>); rerun with
                   the same DIR to resume (finished rounds and measurements are kept)
  --ns NAMESPACE   namespace for the test pods (default netbench; created and deleted here)
  --skip-cleanup   keep the test namespaces for inspection
  -h, --help       this text

Environment (default):
  IPERF_DURATION=30        seconds per iperf3 test
  FORTIO_DURATION=60       seconds per fortio / netperf test
  ROUNDS=3                 rounds
  ROUND_SLEEP=30           pause between rounds (burst-credit recovery; the protocol's BENCH_ROUND_REST)
  SVC_SCALE_STEPS=5000,10000,20000,30000   dummy Service counts (ascending)
  SVC_ENDPOINTS=4          endpoints per dummy Service
  SVC_CREATE_PARALLEL=4    parallel creation workers
  SVC_SYNC_TIMEOUT=1800    seconds to wait for the data plane to program a step: kube-proxy's
                           own metrics say it (change counters, pending changes, last sync and
                           last queued change on K8S_KUBE_PROXY_METRICS_URL, default
                           http://127.0.0.1:10249/metrics, read from the client node), Cilium's
                           agent its service list; when kube-proxy's metrics do not answer, the
                           client node's rules are counted. Kept in services-<N>/programmed.json
  AUTO_FIX_LB_MAP          (unset: ask) true: raise Cilium's bpf-lb-map-max and restart
                           the agents when the largest step needs it; false: stop with the fix
  TOP_SAMPLES=6 TOP_INTERVAL=10   component CPU/memory samples
  POLICY_ENFORCE_TIMEOUT=60   seconds for a CiliumNetworkPolicy to take effect before its window:
                           checked from bench-client (bench-l3l4: GET on 8080 answers 200 and
                           port 12865 is refused or dropped; bench-l7: GET 200, POST 403), and
                           for its removal after it; the run stops naming the policy and what it saw
  WAIT_TIMEOUT=300         seconds for pods and rollouts
  KUBE_CONTEXT=<current>   kube context
  ALLOW_SINGLE_NODE=0      1: run client and server on one node when the cluster has
                           only one (every row is then flagged same-node by the ingest)
  SKIP_COMPONENT_USAGE=0   1: do not sample component CPU/memory (no metrics API, or
                           kube-proxy not a pod); recorded under method.notMeasured
  BENCH_PLATFORM="Tencent TKE"  platform recorded in the manifest
  BENCH_CNI="VPC-CNI" BENCH_ROUTING="native (VPC)"  recorded for the kube-proxy scenarios

Order of a round: the throughput tests (iperf3) and the RPS/latency tests (fortio,
netperf) alternate per round (BENCH_ORDER). The data planes cannot alternate: each is
its own cluster, one run each. Hubble, the policies and the Service steps follow them
in a fixed order, as each reconfigures the cluster (agents restarted, policies applied,
Services added step by step in ascending order).
The idle gate reads the client node through the bench-client pod (BENCH_HOST_EXEC).

Node counters: before and after every iperf3 and fortio window, the host-network pods on
the client's and the server's node read the primary interface's `ethtool -S` and `nstat -az`
of the host (TcpRetransSegs, UdpRcvbufErrors, UdpInErrors) into <id>.counters.txt beside the
result; when they cannot, the run measures without them (method.notMeasured says why).
EOF
  echo
  bench_protocol_help | sed '/^  BENCH_ROUND_REST=/d'
}

# ---------------------------------------------------------------- parameters

IPERF_DURATION="${IPERF_DURATION:-30}"
FORTIO_DURATION="${FORTIO_DURATION:-60}"
ROUNDS="${ROUNDS:-3}"
ROUND_SLEEP="${ROUND_SLEEP:-${BENCH_ROUND_REST:-30}}"
SVC_SCALE_STEPS="${SVC_SCALE_STEPS:-5000,10000,20000,30000}"
SVC_ENDPOINTS="${SVC_ENDPOINTS:-4}"
SVC_CREATE_PARALLEL="${SVC_CREATE_PARALLEL:-4}"
SVC_SYNC_TIMEOUT="${SVC_SYNC_TIMEOUT:-1800}"
AUTO_FIX_LB_MAP="${AUTO_FIX_LB_MAP:-}"
TOP_SAMPLES="${TOP_SAMPLES:-6}"
TOP_INTERVAL="${TOP_INTERVAL:-10}"
POLICY_ENFORCE_TIMEOUT="${POLICY_ENFORCE_TIMEOUT:-60}"
WAIT_TIMEOUT="${WAIT_TIMEOUT:-300}"
KUBE_CONTEXT="${KUBE_CONTEXT:-}"
ALLOW_SINGLE_NODE="${ALLOW_SINGLE_NODE:-0}"
SKIP_COMPONENT_USAGE="${SKIP_COMPONENT_USAGE:-0}"
BENCH_PLATFORM="${BENCH_PLATFORM:-Tencent TKE}"
BENCH_CNI="${BENCH_CNI:-VPC-CNI}"
BENCH_ROUTING="${BENCH_ROUTING:-native (VPC)}"
export K8S_WAIT_TIMEOUT="$WAIT_TIMEOUT"
# The pause between rounds is the protocol's rest (bench_round_rest).
# shellcheck disable=SC2034 # read by bench_round_rest (lib/protocol.sh)
BENCH_ROUND_REST="$ROUND_SLEEP"

# Pinned images: iperf3 (netshoot), netperf 2.7 (Cilium's perf image), fortio.
IMAGE_NETSHOOT="nicolaka/netshoot:v0.13"
IMAGE_NETPERF="quay.io/cilium/network-perf:1751527436-c2462ae@sha256:0c491ed7ca63e6c526593b3a2d478f856410a50fbbce7fe2b64283c3015d752f"
IMAGE_FORTIO="fortio/fortio:1.68.2"
CILIUM_LB_MAP_DEFAULT=65536
HOST_IPERF_PORT=5202

RUN_DIR=""
NS="netbench"
SKIP_CLEANUP=0
DRY_RUN=0

parse_args() {
  while (($#)); do
    case "$1" in
      -h | --help) usage; exit 0 ;;
      --dir) [[ -n "${2:-}" ]] || bench_die "--dir needs a directory" "e.g. --dir ./bench"; RUN_DIR="$2"; shift 2 ;;
      --dir=*) RUN_DIR="${1#*=}"; shift ;;
      --ns) [[ -n "${2:-}" ]] || bench_die "--ns needs a namespace name" "e.g. --ns netbench"; NS="$2"; shift 2 ;;
      --ns=*) NS="${1#*=}"; shift ;;
      --skip-cleanup) SKIP_CLEANUP=1; shift ;;
      --dry-run) DRY_RUN=1; shift ;;
      *) usage >&2; bench_die "unknown argument '$1'" "see --help" ;;
    esac
  done
  SVC_NS="$NS-svc"
}

validate_params() {
  local name step prev=0
  for name in IPERF_DURATION FORTIO_DURATION ROUNDS SVC_ENDPOINTS SVC_CREATE_PARALLEL SVC_SYNC_TIMEOUT TOP_SAMPLES WAIT_TIMEOUT POLICY_ENFORCE_TIMEOUT; do
    [[ "${!name}" =~ ^[1-9][0-9]*$ ]] || bench_die "$name='${!name}' is not a positive integer" "set $name to a whole number"
  done
  for name in ROUND_SLEEP TOP_INTERVAL; do
    [[ "${!name}" =~ ^[0-9]+$ ]] || bench_die "$name='${!name}' is not a whole number" "set $name=0 or more"
  done
  IFS=',' read -r -a SVC_STEPS <<<"$SVC_SCALE_STEPS"
  for step in "${SVC_STEPS[@]}"; do
    [[ "$step" =~ ^[1-9][0-9]*$ && "$step" -gt "$prev" ]] ||
      bench_die "SVC_SCALE_STEPS='$SVC_SCALE_STEPS' must be ascending positive numbers" "e.g. SVC_SCALE_STEPS=5000,10000,20000,30000"
    prev="$step"
  done
  case "$AUTO_FIX_LB_MAP" in "" | true | false) ;; *) bench_die "AUTO_FIX_LB_MAP='$AUTO_FIX_LB_MAP'" "set true, false, or leave it unset to be asked" ;; esac
}

params_json() {
  jq -n --argjson iperf "$IPERF_DURATION" --argjson fortio "$FORTIO_DURATION" --argjson rounds "$ROUNDS" \
    --argjson sleep "$ROUND_SLEEP" --arg steps "$SVC_SCALE_STEPS" --argjson eps "$SVC_ENDPOINTS" \
    --argjson par "$SVC_CREATE_PARALLEL" \
    '{IPERF_DURATION: $iperf, FORTIO_DURATION: $fortio, ROUNDS: $rounds, ROUND_SLEEP: $sleep,
      SVC_SCALE_STEPS: $steps, SVC_ENDPOINTS: $eps, SVC_CREATE_PARALLEL: $par}'
}

# ---------------------------------------------------------------- mode detection

cilium_config() { kc -n kube-system get configmap cilium-config -o json 2>/dev/null; }

# A data plane of kube-proxy (iptables or nftables), not Cilium.
is_kube_proxy() { [[ "$MODE" == iptables || "$MODE" == nftables ]]; }

# detect_mode: prints iptables | nftables | cilium-native | cilium-overlay.
detect_mode() {
  local cm routing kp_mode
  if cm="$(cilium_config)"; then
    routing="$(jq -r '.data["routing-mode"] // (if (.data.tunnel // "") == "disabled" then "native" elif (.data.tunnel // "") != "" then "tunnel" else "" end)' <<<"$cm")"
    case "$routing" in
      native) echo cilium-native ;;
      tunnel) echo cilium-overlay ;;
      *) bench_die "cilium-config has no routing-mode (or tunnel) key; cannot tell native from overlay" \
        "check 'kubectl -n kube-system get cm cilium-config -o yaml' and report the Cilium version" ;;
    esac
  elif kp_mode="$(k8s_kube_proxy_mode)"; then
    case "$kp_mode" in
      iptables | nftables) echo "$kp_mode" ;;
      *) bench_die "kube-proxy runs in $kp_mode mode; this script measures iptables, nftables or Cilium" \
        "switch kube-proxy to iptables or nftables mode (kube-system/kube-proxy ConfigMap) and rerun" ;;
    esac
  else
    bench_die "neither Cilium (cilium-config ConfigMap) nor a kube-proxy DaemonSet was found in kube-system" \
      "run against a cluster with kube-proxy (iptables) or Cilium; check KUBE_CONTEXT"
  fi
}

scenario_json() {
  local mode="$1" kp=iptables cm=""
  [[ "$mode" == iptables || "$mode" == nftables ]] || cm="$(cilium_config)"
  if [[ -n "$cm" ]] && [[ "$(jq -r '.data["kube-proxy-replacement"] // ""' <<<"$cm")" =~ ^(true|strict)$ ]]; then
    kp="Cilium eBPF replacement"
  fi
  case "$mode" in
    iptables | nftables) jq -nc --arg name "$mode" --arg kp "$mode" --arg cni "$BENCH_CNI" --arg routing "$BENCH_ROUTING" \
      '{name: $name, cni: $cni, kubeProxy: $kp, routing: $routing}' ;;
    cilium-native) jq -nc --arg kp "$kp" --arg chain "$(jq -r '.data["cni-chaining-mode"] // "none"' <<<"$cm")" \
      '{name: "Cilium native", cni: (if $chain == "none" then "Cilium" else "VPC-CNI + Cilium (chaining: " + $chain + ")" end), kubeProxy: $kp, routing: "native"}' ;;
    cilium-overlay) jq -nc --arg kp "$kp" --arg proto "$(jq -r '.data["tunnel-protocol"] // .data.tunnel // "vxlan"' <<<"$cm")" \
      '{name: "Cilium overlay", cni: "Cilium", kubeProxy: $kp, routing: ("tunnel (" + ($proto | ascii_upcase) + ")")}' ;;
  esac
}

# ---------------------------------------------------------------- preflight

# Cilium LB map: each Service takes about 1 + endpoints entries.
lb_map_check() {
  local largest="${SVC_STEPS[-1]}" need max answer new
  need=$((largest * (1 + SVC_ENDPOINTS) + 1000))
  max="$(kc -n kube-system get configmap cilium-config -o jsonpath='{.data.bpf-lb-map-max}' 2>/dev/null || true)"
  max="${max:-$CILIUM_LB_MAP_DEFAULT}"
  if ((need <= max)); then
    bench_log "Cilium LB map: $need entries needed for $largest Services, bpf-lb-map-max=$max: OK"
    return 0
  fi
  new=131072
  while ((new < need)); do new=$((new * 2)); done
  local fix="kubectl -n kube-system patch configmap cilium-config --type merge -p '{\"data\":{\"bpf-lb-map-max\":\"$new\"}}' && kubectl -n kube-system rollout restart ds/cilium"
  local what="Cilium's LB map holds $max entries but $largest Services x (1 + $SVC_ENDPOINTS endpoints) need about $need; the map would overflow and the large steps would measure forwarding failures"
  answer="$AUTO_FIX_LB_MAP"
  if [[ -z "$answer" ]]; then
    if [[ -t 0 ]]; then
      printf '%s.\nRaise bpf-lb-map-max to %s and restart the cilium agents now? [y/N] ' "$what" "$new" >&2
      read -r answer
      [[ "$answer" =~ ^[Yy] ]] && answer=true || answer=false
    else
      bench_die "$what (no terminal to ask; AUTO_FIX_LB_MAP is unset)" "rerun with AUTO_FIX_LB_MAP=true, or lower SVC_SCALE_STEPS, or run: $fix"
    fi
  fi
  [[ "$answer" == true ]] || bench_die "$what" "$fix (or rerun with AUTO_FIX_LB_MAP=true, or lower SVC_SCALE_STEPS)"
  bench_log "raising bpf-lb-map-max from $max to $new and restarting the cilium agents"
  kc -n kube-system patch configmap cilium-config --type merge -p "{\"data\":{\"bpf-lb-map-max\":\"$new\"}}" >/dev/null
  kc -n kube-system rollout restart daemonset/cilium >/dev/null
  k8s_rollout_wait kube-system daemonset/cilium "$WAIT_TIMEOUT"
}

# bpf-lb-map-max in force (Cilium's default when the ConfigMap does not set it).
lb_map_max() {
  local max
  max="$(kc -n kube-system get configmap cilium-config -o jsonpath='{.data.bpf-lb-map-max}' 2>/dev/null || true)"
  printf '%s\n' "${max:-$CILIUM_LB_MAP_DEFAULT}"
}

preflight() {
  bench_require_tools kubectl jq timeout
  k8s_use_context "$KUBE_CONTEXT"
  k8s_require_api
  [[ "$SKIP_COMPONENT_USAGE" == 1 ]] || k8s_require_metrics_api
  if [[ "$ALLOW_SINGLE_NODE" == 1 ]]; then k8s_require_nodes 1; else k8s_require_nodes 2; fi
  MODE="$(detect_mode)"
  # The scenario id the tke-cilium report names the cluster by (iptables, native, overlay).
  SCENARIO="${MODE#cilium-}"
  bench_log "data plane detected: $MODE"
  is_kube_proxy || lb_map_check
}

# ---------------------------------------------------------------- workloads

# Client and server pods, each pinned to its own node; a host-network pair on
# the same nodes; a privileged host probe on the server node for iptables-save.
workloads_manifest() {
  cat <<EOF
apiVersion: v1
kind: Pod
metadata: {name: bench-client, namespace: $NS, labels: {app: bench-client}}
spec:
  nodeName: $CLIENT_NODE
  containers:
    - {name: iperf3, image: $IMAGE_NETSHOOT, command: [sleep, infinity]}
    - {name: netperf, image: $IMAGE_NETPERF, command: [sleep, infinity]}
    # Idle fortio (the image has no sleep). Not -http-port 8081: that is fortio's
    # default redirect port, and the second listener on it makes fortio exit.
    - {name: fortio, image: $IMAGE_FORTIO, command: [fortio, server, -http-port, "8080", -redirect-port, disabled]}
---
apiVersion: v1
kind: Pod
metadata: {name: bench-server, namespace: $NS, labels: {app: bench-server}}
spec:
  nodeName: $SERVER_NODE
  containers:
    - {name: iperf3, image: $IMAGE_NETSHOOT, command: [iperf3, -s, -p, "5201"]}
    - {name: netserver, image: $IMAGE_NETPERF, command: [netserver, -D, -p, "12865"]}
    - {name: fortio, image: $IMAGE_FORTIO, command: [fortio, server, -http-port, "8080"]}
---
apiVersion: v1
kind: Service
metadata: {name: bench-server, namespace: $NS}
spec:
  selector: {app: bench-server}
  ports:
    - {name: iperf3, port: 5201}
    - {name: http, port: 8080}
---
apiVersion: v1
kind: Pod
metadata: {name: host-client, namespace: $NS, labels: {app: host-client}}
spec:
  nodeName: $CLIENT_NODE
  hostNetwork: true
  containers:
    # Privileged: it also reads the client node's iptables rules (Service sync check).
    - {name: iperf3, image: $IMAGE_NETSHOOT, command: [sleep, infinity], securityContext: {privileged: true}}
---
apiVersion: v1
kind: Pod
metadata: {name: host-server, namespace: $NS, labels: {app: host-server}}
spec:
  nodeName: $SERVER_NODE
  hostNetwork: true
  containers:
    - name: iperf3
      image: $IMAGE_NETSHOOT
      command: [iperf3, -s, -p, "$HOST_IPERF_PORT"]
      securityContext: {privileged: true}
EOF
}

deploy_workloads() {
  local nodes
  mapfile -t nodes < <(k8s_ready_nodes)
  CLIENT_NODE="${nodes[0]}"
  SERVER_NODE="${nodes[1]:-}"
  if [[ -z "$SERVER_NODE" ]]; then
    SERVER_NODE="$CLIENT_NODE"
    bench_log "one node only (ALLOW_SINGLE_NODE=1): client and server share $CLIENT_NODE; rows are flagged same-node"
  fi
  k8s_namespace_create_owned "$NS"
  bench_log "test pods: client on $CLIENT_NODE, server on $SERVER_NODE"
  workloads_manifest | kc apply -f - >/dev/null || bench_die "could not create the test pods in $NS" "check 'kubectl -n $NS get events'"
  k8s_pods_ready "$NS" "$WAIT_TIMEOUT" "the test pods in $NS to be Ready"
  CLIENT_NODE="$(k8s_pod_field "$NS" bench-client '{.spec.nodeName}')"
  SERVER_NODE="$(k8s_pod_field "$NS" bench-server '{.spec.nodeName}')"
  SERVER_IP="$(k8s_pod_field "$NS" bench-server '{.status.podIP}')"
  SERVER_HOST_IP="$(k8s_pod_field "$NS" host-server '{.status.hostIP}')"
  SERVICE_IP="$(kc -n "$NS" get service bench-server -o jsonpath='{.spec.clusterIP}')"
  BENCH_CLIENT_NODE="$CLIENT_NODE"
  BENCH_SERVER_NODE="$SERVER_NODE"
  k8s_set_exec BENCH_SERVER_EXEC "$NS" host-server iperf3
  k8s_set_exec CLIENT_HOST_EXEC "$NS" host-client iperf3
  # The idle gate's host sample: the client node, seen from the client pod's netshoot container.
  k8s_set_exec BENCH_HOST_EXEC "$NS" bench-client iperf3
  window_counters
}

# Both nodes' NIC and IP counters before and after each iperf3 and fortio window
# (<id>.counters.txt, lib/k8s.sh), read in the host-network pods: TCP retransmits and UDP
# receive errors of the hosts, and the NIC's statistics (virtio on TKE: no allowance
# counters to exceed, ENA's on AWS). A node whose probe cannot read them (no ethtool
# statistics from its NIC) measures without them, recorded under method.notMeasured.
window_counters() {
  k8s_set_exec SERVER_PROBE_EXEC "$NS" host-server iperf3
  K8S_COUNTERS_CLIENT_EXEC=CLIENT_HOST_EXEC K8S_COUNTERS_SERVER_EXEC=SERVER_PROBE_EXEC
  BENCH_WINDOW_COUNTERS=k8s_node_counters
  local why
  if ! why="$(k8s_node_counters_check)"; then
    bench_log "no node counters around the windows: $why"
    BENCH_WINDOW_COUNTERS=""
    bench_manifest_set '.method.notMeasured["node-counters"]' "$(jq -Rn --arg why "$why" '"the host-network pods could not read ethtool -S and nstat: " + $why')"
  fi
}
# shellcheck disable=SC2034 # used by name (k8s_node_counters)
SERVER_PROBE_EXEC=()
# shellcheck disable=SC2034 # used by name (k8s_kube_service_chain_length, k8s_kube_proxy_wait_programmed)
CLIENT_HOST_EXEC=()

client() { k8s_set_exec BENCH_CLIENT_EXEC "$NS" "$1" "$2"; }

# ---------------------------------------------------------------- measuring

ROUND_FAILED=0
try() { "$@" || ROUND_FAILED=1; }

component_selector() { if is_kube_proxy; then echo k8s-app=kube-proxy; else echo k8s-app=cilium; fi; }
component_name() { if is_kube_proxy; then echo kube-proxy; else echo cilium-agent; fi; }

agent_on_server() { k8s_pod_on_node kube-system k8s-app=cilium "$SERVER_NODE"; }

# RPS at full speed through the Service (the reference for Hubble/policy/scale comparisons).
rps_svc() {
  local dir="$1" id="$2" cond="$3" conn="${4:-keepalive}" conc="${5:-64}"
  client bench-client fortio
  try bench_fortio_http "$dir" "$id" "$(bench_merge_json '{"path":"service"}' "$cond")" \
    "http://$SERVICE_IP:8080/" max "$conn" "$conc" "$FORTIO_DURATION"
}

measure_throughput() {
  local dir="$1" streams
  client host-client iperf3
  BENCH_IPERF3_PORT="$HOST_IPERF_PORT" try bench_iperf3_tcp "$dir" iperf3-host-p8 '{"path":"host"}' "$SERVER_HOST_IP" 8 "$IPERF_DURATION"
  client bench-client iperf3
  for streams in 1 8 16; do
    try bench_iperf3_tcp "$dir" "iperf3-pod-p$streams" '{"path":"pod"}' "$SERVER_IP" "$streams" "$IPERF_DURATION"
  done
  try bench_iperf3_tcp "$dir" iperf3-svc-p8 '{"path":"service"}' "$SERVICE_IP" 8 "$IPERF_DURATION"
}

measure_rps_latency() {
  local dir="$1"
  client bench-client fortio
  try bench_fortio_http "$dir" rps-pod-c64-keepalive '{"path":"pod"}' "http://$SERVER_IP:8080/" max keepalive 64 "$FORTIO_DURATION"
  rps_svc "$dir" rps-svc-c64-keepalive '{}' keepalive 64
  rps_svc "$dir" rps-svc-c256-keepalive '{}' keepalive 256
  rps_svc "$dir" rps-svc-c64-close '{}' close 64
  rps_svc "$dir" rps-svc-c256-close '{}' close 256
  client bench-client fortio
  # Latency at a steady 1,000 requests/s, named by its rate alone in the report.
  try bench_fortio_http "$dir" http-qps1000 '{"path":null,"connection":null,"concurrency":null}' "http://$SERVICE_IP:8080/" 1000 keepalive 16 "$FORTIO_DURATION"
  client bench-client netperf
  try bench_netperf "$dir" netperf-tcp-rr '{}' "$SERVER_IP" TCP_RR "$FORTIO_DURATION"
  try bench_netperf "$dir" netperf-tcp-crr '{}' "$SERVER_IP" TCP_CRR "$FORTIO_DURATION"
}

# The Hubble and policy comparisons are named by the feature alone (the load is the
# c64 keepalive one through the Service, kept in each meta's "load").
FEATURE_LOAD='{"path":null,"connection":null,"concurrency":null}'

# Hubble on every agent: set enable-hubble, restart the agents, check each one.
HUBBLE_ORIGINAL=""
HUBBLE_RESTORE_REGISTERED=0
hubble_set() {
  local want="$1" pod state expect=Ok
  [[ "$want" == false ]] && expect=Disabled
  kc -n kube-system patch configmap cilium-config --type merge -p "{\"data\":{\"enable-hubble\":\"$want\"}}" >/dev/null
  kc -n kube-system rollout restart daemonset/cilium >/dev/null
  k8s_rollout_wait kube-system daemonset/cilium "$WAIT_TIMEOUT"
  for pod in $(kc -n kube-system get pods -l k8s-app=cilium -o jsonpath='{.items[*].metadata.name}'); do
    state="$(kc -n kube-system exec "$pod" -c cilium-agent -- cilium-dbg status 2>/dev/null | awk -F': *' '/^Hubble:/ {print $2; exit}')"
    [[ "$state" == "$expect"* ]] ||
      bench_die "Hubble on agent $pod reports '${state:-nothing}' after setting enable-hubble=$want" \
        "check 'kubectl -n kube-system exec $pod -c cilium-agent -- cilium-dbg status' and the cilium-config ConfigMap"
  done
  bench_log "Hubble enable=$want verified on every agent"
}

hubble_restore() { [[ -n "$HUBBLE_ORIGINAL" ]] && hubble_set "$HUBBLE_ORIGINAL"; }

measure_hubble() {
  local dir="$1"
  HUBBLE_ORIGINAL="$(kc -n kube-system get configmap cilium-config -o jsonpath='{.data.enable-hubble}')"
  HUBBLE_ORIGINAL="${HUBBLE_ORIGINAL:-false}"
  if ((HUBBLE_RESTORE_REGISTERED == 0)); then
    HUBBLE_RESTORE_REGISTERED=1
    bench_on_cleanup hubble_restore
  fi
  hubble_set true
  rps_svc "$dir" rps-hubble-on "$(bench_merge_json "$FEATURE_LOAD" '{"hubble":true}')"
  hubble_set false
  rps_svc "$dir" rps-hubble-off "$(bench_merge_json "$FEATURE_LOAD" '{"hubble":false}')"
  hubble_set "$HUBBLE_ORIGINAL"
}

policy_manifest() {
  local kind="$1"
  cat <<EOF
apiVersion: cilium.io/v2
kind: CiliumNetworkPolicy
metadata: {name: bench-$kind, namespace: $NS}
spec:
  endpointSelector: {matchLabels: {app: bench-server}}
  ingress:
    - fromEndpoints: [{matchLabels: {app: bench-client}}]
      toPorts:
        - ports: [{port: "8080", protocol: TCP}]
EOF
  [[ "$kind" == l7 ]] && printf '          rules:\n            http: [{method: GET, path: "/.*"}]\n'
  return 0
}

# A policy's window is measured only once the policy does what it says, seen from the
# bench-client pod (the one it admits): bench-l3l4 admits port 8080 only, so GET on 8080
# answers 200 while a connect to the netserver port (12865, open without a policy) is
# refused or dropped; bench-l7 admits GET only, so GET answers 200 and POST Cilium's 403.
# Its absence is checked the same way before the first window (a closed port must be
# closed by the policy, not by a server that stopped listening) and after each removal,
# so the next window does not run under it.
POLICY_CLOSED_PORT=12865
policy_http() {
  "${POLICY_EXEC[@]}" curl -s -o /dev/null -w '%{http_code}' --max-time 5 -X "$1" "http://$SERVER_IP:8080/" 2>/dev/null || true
}
policy_port_open() { "${POLICY_EXEC[@]}" nc -z -w 3 "$SERVER_IP" "$POLICY_CLOSED_PORT" >/dev/null 2>&1; }

# policy_in_force <kind> <want: enforced|absent>: one check; K8S_WAIT_SEEN says what was seen.
policy_in_force() {
  local kind="$1" want="$2" get other seen
  get="$(policy_http GET)"
  if [[ "$kind" == l3l4 ]]; then
    if policy_port_open; then other=open; else other=closed; fi
    seen="GET http://$SERVER_IP:8080/ answered ${get:-nothing}, a connect to $SERVER_IP:$POLICY_CLOSED_PORT (a port bench-l3l4 does not admit) was $([[ "$other" == open ]] && echo accepted || echo "refused or dropped")"
  else
    other="$(policy_http POST)"
    seen="GET http://$SERVER_IP:8080/ answered ${get:-nothing}, POST answered ${other:-nothing}"
  fi
  K8S_WAIT_SEEN="$seen, from bench-client"
  POLICY_SEEN="$K8S_WAIT_SEEN"
  [[ "$get" == 200 ]] || return 1
  case "$kind/$want" in
    l3l4/enforced) [[ "$other" == closed ]] ;;
    l3l4/absent) [[ "$other" == open ]] ;;
    l7/enforced) [[ "$other" == 403 ]] ;;
    l7/absent) [[ "$other" != 403 ]] ;;
  esac
}

# policy_wait <kind> <enforced|absent>
policy_wait() {
  local kind="$1" want="$2" expect start
  case "$kind/$want" in
    l3l4/enforced) expect="GET on 8080 answers 200 and port $POLICY_CLOSED_PORT is refused or dropped" ;;
    l3l4/absent) expect="GET on 8080 answers 200 and port $POLICY_CLOSED_PORT accepts connections" ;;
    l7/enforced) expect="GET answers 200 and POST 403" ;;
    l7/absent) expect="GET answers 200 and POST does not answer 403" ;;
  esac
  start="$(date +%s)"
  K8S_WAIT_FIX="check the policy's status (kubectl --context $K8S_CONTEXT -n $NS get cnp bench-$kind -o yaml) and the server node's agent (kubectl --context $K8S_CONTEXT -n kube-system exec <cilium pod on $SERVER_NODE> -c cilium-agent -- cilium-dbg endpoint list: bench-server's policy enforcement); raise POLICY_ENFORCE_TIMEOUT if it is slow, then rerun with --dir $BENCH_RUN_DIR" \
    k8s_wait "$POLICY_ENFORCE_TIMEOUT" "CiliumNetworkPolicy bench-$kind (namespace $NS) to be $want: $expect (POLICY_ENFORCE_TIMEOUT)" policy_in_force "$kind" "$want"
  bench_log "CiliumNetworkPolicy bench-$kind $want after $(($(date +%s) - start))s: $POLICY_SEEN"
}

measure_policies() {
  local dir="$1" kind
  k8s_set_exec POLICY_EXEC "$NS" bench-client iperf3
  for kind in l3l4 l7; do policy_wait "$kind" absent; done
  rps_svc "$dir" rps-policy-none "$(bench_merge_json "$FEATURE_LOAD" '{"policy":"none"}')"
  for kind in l3l4 l7; do
    policy_manifest "$kind" | kc apply -f - >/dev/null || bench_die "could not apply the $kind CiliumNetworkPolicy" "check that the CiliumNetworkPolicy CRD exists"
    policy_wait "$kind" enforced
    rps_svc "$dir" "rps-policy-$kind" "$(bench_merge_json "$FEATURE_LOAD" "{\"policy\":\"$kind\"}")"
    kc -n "$NS" delete ciliumnetworkpolicy "bench-$kind" --ignore-not-found >/dev/null
    policy_wait "$kind" absent
  done
}
# shellcheck disable=SC2034 # used by name (policy_http, policy_port_open)
POLICY_EXEC=()
POLICY_SEEN=""

# Services the CLIENT's node's data plane holds, where ClusterIP translation happens:
# Cilium: that node's agent's service list; kube-proxy whose metrics do not answer:
# the KUBE-SERVICES rules (iptables) or service-ips elements (nftables) there.
dataplane_count() {
  if [[ "$MODE" == iptables ]]; then
    k8s_kube_service_chain_length CLIENT_HOST_EXEC
  elif [[ "$MODE" == nftables ]]; then
    # One service-ips element per ClusterIP port, like one KUBE-SERVICES rule.
    "${CLIENT_HOST_EXEC[@]}" nft list map ip kube-proxy service-ips 2>/dev/null | grep -o ': goto service-' | grep -c . || true
  else
    k8s_cilium_service_count "$CLIENT_NODE"
  fi
}
dataplane_has() {
  local have
  have="$(dataplane_count)"
  K8S_WAIT_SEEN="$have Services in $(dataplane_count_source), $1 wanted"
  ((have >= $1))
}
dataplane_count_source() {
  case "$MODE" in
    iptables) echo "the KUBE-SERVICES rules of the client node (iptables-save)" ;;
    nftables) echo "the service-ips map of the client node (nft)" ;;
    *) echo "cilium-dbg service list" ;;
  esac
}

# How a step learns that its Services are programmed (set by measure_scale): kube-proxy's
# own metrics when they answer on the client's node (lib/k8s.sh; nothing is dumped), else
# the count of dataplane_count.
KP_METRICS=0
PROGRAMMED_FALLBACK_WHY=""

# wait_programmed <step-dir> <step> <added> <want>: wait, then write <step-dir>/programmed.json.
wait_programmed() {
  local sdir="$1" step="$2" added="$3" want="$4"
  if ((KP_METRICS)); then
    k8s_kube_proxy_wait_programmed CLIENT_HOST_EXEC "$sdir/.kube-proxy-before.prom" "$added" "$SVC_SYNC_TIMEOUT" \
      "kube-proxy on the client's node $CLIENT_NODE to program the $added dummy Services of step $step (SVC_SYNC_TIMEOUT)" "$sdir/programmed.json"
  else
    k8s_wait "$SVC_SYNC_TIMEOUT" "the data plane of the client's node $CLIENT_NODE to program $step dummy Services (SVC_SYNC_TIMEOUT)" dataplane_has "$want"
    k8s_programmed_record "$sdir/programmed.json" "$(dataplane_count_source)" \
      "$(jq -cn --arg node "$CLIENT_NODE" --argjson want "$want" --argjson added "$added" --arg why "$PROGRAMMED_FALLBACK_WHY" \
        '{node: $node, servicesWanted: $want, servicesAdded: $added} + (if $why != "" then {why: $why} else {} end)')"
  fi
  bench_log "step $step: $(jq -r '.source' "$sdir/programmed.json") on $CLIENT_NODE: the Services are programmed"
}

# CPU and memory of the data-plane component (kube-proxy or the Cilium agents),
# sampled at the largest Service step as the report shows them.
measure_component_usage() {
  local dir="$1" cond="$2"
  if [[ "$SKIP_COMPONENT_USAGE" == 1 ]]; then
    bench_log "not measured: component CPU/memory (SKIP_COMPONENT_USAGE=1)"
    bench_manifest_set '.method.notMeasured["component-top"]' '"SKIP_COMPONENT_USAGE=1: no metrics API, or the component is not a pod"'
    return 0
  fi
  try k8s_top_samples "$dir" component-top "$(bench_merge_json "$cond" "{\"component\":\"$(component_name)\"}")" \
    kube-system "$(component_selector)" "$TOP_SAMPLES" "$TOP_INTERVAL"
}

# Cilium's BPF maps and the agent's resident memory on the server node. Both are
# sized by bpf-lb-map-max (pre-allocated), not by the Service count, so the rows
# are named by it and taken once per round.
measure_cilium_memory() {
  local dir="$1"
  is_kube_proxy && return 0
  local -a saved=("${BENCH_SERVER_EXEC[@]}")
  local lb_cond
  k8s_set_exec BENCH_SERVER_EXEC kube-system "$(agent_on_server)" cilium-agent
  lb_cond="{\"lbMapMax\":$(lb_map_max)}"
  # -f adds the pinned paths: the kernel keeps only 15 characters of a map's name.
  try bench_measure_server "$dir" bpftool-maps bpftool-maps "$lb_cond" -- bpftool map show -f -j
  try bench_measure_server "$dir" agent-status proc-status "$lb_cond" -- cat /proc/1/status
  BENCH_SERVER_EXEC=("${saved[@]}")
}

measure_scale() {
  local dir="$1" step sdir before=0 cond had
  k8s_namespace_create_owned "$SVC_NS"
  k8s_dummy_services_clear "$SVC_NS"
  KP_METRICS=0 PROGRAMMED_FALLBACK_WHY=""
  if is_kube_proxy; then
    mkdir -p "$dir"
    local probe="$dir/.kube-proxy-probe.prom" missing
    if ! k8s_kube_proxy_try_scrape CLIENT_HOST_EXEC "$probe"; then
      PROGRAMMED_FALLBACK_WHY="kube-proxy's metrics did not answer at $K8S_KUBE_PROXY_METRICS_URL on $CLIENT_NODE"
    elif missing="$(k8s_kube_proxy_metrics_missing "$probe" | paste -sd, -)" && [[ -n "$missing" ]]; then
      PROGRAMMED_FALLBACK_WHY="kube-proxy's metrics at $K8S_KUBE_PROXY_METRICS_URL lack $missing"
    else
      KP_METRICS=1
    fi
    rm -f "$probe"
    if ((KP_METRICS == 0)); then
      bench_log "$PROGRAMMED_FALLBACK_WHY: each step waits for its Services in $(dataplane_count_source) instead (set K8S_KUBE_PROXY_METRICS_URL to kube-proxy's metrics address to avoid the dumps)"
    fi
  fi
  ((KP_METRICS)) || before="$(dataplane_count)"
  for step in "${SVC_STEPS[@]}"; do
    sdir="$dir/services-$step"
    if bench_is_done "$sdir"; then bench_log "skip service step $step (done)"; continue; fi
    mkdir -p "$sdir"
    ((KP_METRICS == 0)) || k8s_kube_proxy_scrape CLIENT_HOST_EXEC "$sdir/.kube-proxy-before.prom"
    had="$(k8s_dummy_services_count "$SVC_NS")"
    k8s_dummy_services_scale "$SVC_NS" "$step" "$SVC_ENDPOINTS" "$SVC_CREATE_PARALLEL"
    wait_programmed "$sdir" "$step" $(($(k8s_dummy_services_count "$SVC_NS") - had)) $((before + step))
    cond="{\"services\":$step}"
    if [[ "$MODE" == iptables ]]; then
      try k8s_iptables_nat "$sdir" iptables-nat "$cond"
    elif [[ "$MODE" == nftables ]]; then
      bench_log "nftables: no per-step rule dump (this script's ingest reads iptables-save and Cilium dumps)"
    else
      local -a saved=("${BENCH_SERVER_EXEC[@]}")
      k8s_set_exec BENCH_SERVER_EXEC kube-system "$(agent_on_server)" cilium-agent
      try bench_measure_server "$sdir" cilium-lb-list cilium-lb-list "$cond" -- cilium-dbg bpf lb list
      BENCH_SERVER_EXEC=("${saved[@]}")
    fi
    rps_svc "$sdir" rps-svc-c64-keepalive "$cond" keepalive 64
    rps_svc "$sdir" rps-svc-c64-close "$cond" close 64
    # A new connection walks the client node's KUBE-SERVICES chain whatever its destination.
    client bench-client netperf
    try bench_netperf "$sdir" netperf-tcp-crr "$cond" "$SERVER_IP" TCP_CRR "$FORTIO_DURATION"
    if [[ "$step" == "${SVC_STEPS[-1]}" ]]; then measure_component_usage "$sdir" "$cond"; fi
    ((ROUND_FAILED == 0)) && bench_mark_done "$sdir"
  done
  k8s_dummy_services_delete "$SVC_NS"
}

record_run() {
  bench_set_params "$(params_json)" ROUNDS ROUND_SLEEP SVC_CREATE_PARALLEL
  bench_protocol_record
  bench_manifest_set .environment "$(jq -c --arg platform "$BENCH_PLATFORM" --arg k8s "$(k8s_server_version)" '{platform: $platform, k8sVersion: $k8s} + .' <<<"$(k8s_node_info_json)")"
  bench_manifest_set ".scenarios[\"$SCENARIO\"]" "$(scenario_json "$MODE")"
  bench_manifest_set .tools.kubectl "$(kubectl version --client -o json 2>/dev/null | jq -c '.clientVersion.gitVersion // "unknown"')"
  client bench-client iperf3
  bench_manifest_set .tools.iperf3 "$(jq -Rn --arg v "$(bench_tool_version iperf3)" '$v')"
  client bench-client netperf
  bench_manifest_set .tools.netperf "$(jq -Rn --arg v "$(bench_tool_version netperf)" '$v')"
  client bench-client fortio
  bench_manifest_set .tools.fortio "$(jq -Rn --arg v "$(bench_tool_version fortio)" '$v')"
  bench_manifest_set .images "$(k8s_image_digests "$NS")"
  if ! is_kube_proxy; then
    bench_manifest_set '.images["cilium-agent"]' "$(k8s_image_digests kube-system k8s-app=cilium | jq -c '.["cilium-agent"] // "unknown"')"
  fi
}

# Measurements of one round in this data plane.
measurements_per_round() {
  local n=5 steps=${#SVC_STEPS[@]}
  n=$((n + 8)) # RPS and latency: 6 x fortio, TCP_RR, TCP_CRR
  is_kube_proxy || n=$((n + 2 + 2 + 3)) # BPF maps, agent RSS, Hubble on/off, 3 policies
  # Each step: rules or LB list, 2 x fortio, TCP_CRR; the largest also CPU/memory.
  n=$((n + steps * 4 + 1))
  echo "$n"
}

# Traffic windows of one round whose node counters are read: 5 iperf3 and 6 fortio, Hubble
# on/off and 3 policies (Cilium), 2 fortio per Service step.
counted_windows_per_round() {
  local n=$((5 + 6))
  is_kube_proxy || n=$((n + 2 + 3))
  echo $((n + 2 * ${#SVC_STEPS[@]}))
}

print_plan() {
  local per seconds
  per="$(measurements_per_round)"
  seconds=$(((5 * IPERF_DURATION + (13 + 3 * ${#SVC_STEPS[@]}) * FORTIO_DURATION + 10 * per) * ROUNDS + (ROUNDS - 1) * ROUND_SLEEP))
  printf 'Plan for context %s: data plane %s (scenario %s)\n' "$K8S_CONTEXT" "$MODE" "${MODE#cilium-}"
  printf '  measurements: %s rounds x %s = %s (Service steps: %s)\n' "$ROUNDS" "$per" $((per * ROUNDS)) "$SVC_SCALE_STEPS"
  printf '  estimated duration: about %s min, plus creating the Services and waiting for the data plane to sync them\n' $((seconds / 60))
  printf 'What each window records, beside its raw output (<id>.<ext>):\n'
  printf '  every measurement: <id>.meta.json with the client node'"'"'s host sample before and after it (load, CPU busy and steal, CPU pressure) and the idle gate it passed\n'
  printf '  iperf3 and fortio windows (%s per round): <id>.counters.txt, both nodes'"'"' counters before and after, read in the host-network pods: ethtool -S <primary interface> (the NIC'"'"'s statistics; ENA allowance counters where the NIC has them) and nstat -az (TcpRetransSegs, UdpRcvbufErrors, UdpInErrors); when the pods cannot read them the run says so and records it under method.notMeasured\n' \
    "$(counted_windows_per_round)"
  if is_kube_proxy; then
    printf '  each Service step: services-<N>/programmed.json, what said its Services were programmed (kube-proxy'"'"'s metrics on the client node: change counters, pending changes, last sync and last queued change; the client node'"'"'s rule count when they do not answer)%s\n' \
      "$([[ "$MODE" == iptables ]] && echo ', then the nat table (iptables-nat.txt) once')"
  else
    printf '  each Service step: services-<N>/programmed.json (the client node agent'"'"'s cilium-dbg service list), then the server agent'"'"'s cilium-dbg bpf lb list\n'
    printf '  policies: each CiliumNetworkPolicy checked in force from bench-client before its window and gone after it (POLICY_ENFORCE_TIMEOUT=%s s)\n' "$POLICY_ENFORCE_TIMEOUT"
  fi
}

main() {
  parse_args "$@"
  validate_params
  if ((DRY_RUN)); then
    # Read-only: the context, the API and the data plane; no lb-map change, no namespace.
    bench_require_tools kubectl jq timeout
    k8s_use_context "$KUBE_CONTEXT"
    k8s_require_api
    MODE="$(detect_mode)"
    print_plan
    exit 0
  fi
  bench_install_traps
  preflight
  BENCH_PLAN_TOTAL=$(($(measurements_per_round) * ROUNDS))
  RUN_DIR="${RUN_DIR:-./netbench-$K8S_CONTEXT-$(date -u +%Y-%m-%d)}"
  bench_init_run "$RUN_DIR" tke-cilium tke scripts/benchmarks/tke-cilium/network-benchmark.sh
  if ((SKIP_CLEANUP)); then
    bench_log "--skip-cleanup: namespaces $NS and $SVC_NS will be kept"
    # Marking them as already registered keeps their deletion off the cleanup list.
    K8S_OWNED_NAMESPACES["$NS"]=1
    K8S_OWNED_NAMESPACES["$SVC_NS"]=1
  fi
  if bench_is_done "$BENCH_RUN_DIR/$SCENARIO"; then
    bench_log "$MODE is finished in $BENCH_RUN_DIR; nothing to do"
    return 0
  fi
  deploy_workloads
  record_run
  local round dir group order measured=0
  for ((round = 1; round <= ROUNDS; round++)); do
    dir="$(bench_round_dir "$SCENARIO" "$round")"
    if bench_is_done "$dir"; then bench_log "round $round already done; skipping"; continue; fi
    if ((measured)); then bench_round_rest; fi
    measured=1
    bench_log "round $round/$ROUNDS ($MODE)"
    ROUND_FAILED=0
    order="$(bench_round_order "$round" throughput rps_latency)"
    for group in $order; do "measure_$group" "$dir"; done
    measure_cilium_memory "$dir"
    if ! is_kube_proxy; then
      measure_hubble "$dir"
      measure_policies "$dir"
    fi
    measure_scale "$dir"
    ((ROUND_FAILED == 0)) || bench_die "round $round had failed measurements (see the FAILED lines above)" \
      "fix the cause and rerun with --dir $BENCH_RUN_DIR: finished measurements are kept"
    bench_mark_done "$dir"
  done
  bench_mark_done "$BENCH_RUN_DIR/$SCENARIO"
  bench_manifest_finish
  bench_log "done: $BENCH_RUN_DIR (next: npm run ingest -- $BENCH_RUN_DIR)"
}

main "$@"
