#!/usr/bin/env bash
# Run one EKS CNI benchmark scenario (A-E) against the current cluster.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib/bench.sh
source "$HERE/../lib/bench.sh"
# shellcheck source=../lib/k8s.sh
source "$HERE/../lib/k8s.sh"

usage() {
  cat <<'EOF'
Usage: run-benchmark.sh <A|B|C|D|E> [--dry-run]

Switches the cluster to the scenario (Cilium Helm values from scenarios/,
aws-node and kube-proxy on or off), restarts the test workloads, then measures
ROUNDS rounds. Raw tool outputs and their .meta.json land in
$RUN_DIR/<scenario>/round-<k>/; a rerun with the same RUN_DIR skips finished
rounds and measurements.

--dry-run prints the plan (what changes on the cluster, the number of
measurements, an estimated duration) and touches nothing.

Prerequisites (checked in preflight):
  - kubectl, helm, eksctl, aws (logged in), jq; a kube context of the EKS cluster
  - workloads.yaml applied (namespace bench); one node labelled
    bench.k8s-network/side=client, the others bench.k8s-network/side=server
  - CoreDNS (kube-system/kube-dns): DNS latency and the httpbin Service name
  - CPU/memory of the CNI agent come from the kubelet's resource metrics through
    the API server (kubectl get --raw /api/v1/nodes/<node>/proxy/metrics/resource:
    your user needs 'get' on nodes/proxy; no metrics-server needed), sampled
    before and during a saturating fortio load

What it changes on the cluster (and leaves changed: the next scenario builds on it):
  - Cilium installed or upgraded with scenarios/<id>.values.yaml (helm, kube-system);
    then every agent is asked (cilium-dbg status -o json, cilium-dbg config -r -o json)
    whether the features the values file sets are active: kube-proxy replacement,
    routing mode and tunnel protocol, BPF host routing, BPF masquerading, bandwidth
    manager and BBR, socket LB, load-balancer mode and XDP, Hubble, IPAM mode. A
    mismatch stops the run naming the scenario, the feature, expected and seen; the
    agents' answers are kept in $RUN_DIR/<scenario>/cilium-status/
  - the nodes of node group NODEGROUP replaced (scaled to 0, then back) when the
    scenario's IPAM (VPC CNI, Cilium cluster-pool or Cilium ENI) differs from the
    one that set up the nodes: Cilium cannot change the IPAM mode of running nodes,
    which keep the addresses, routes and ENIs of the old one. With REPLACE_NODES=0 the
    script stops instead and prints the commands. New nodes are labelled client
    (first by name) and server
  - aws-node kept but scheduled nowhere (node selector) for B-E; restored for A
  - kube-proxy DaemonSet deleted and KUBE-* iptables rules flushed on every node
    for C-E; the EKS kube-proxy add-on restored for A and B
  - CoreDNS and the bench pods restarted after each switch
  - dummy Services in SVC_NAMESPACE during the sweep (namespace created and removed here)

Scenarios (scenarios/scenarios.json):
  A  VPC CNI + kube-proxy            D  Cilium ENI, native routing, no kube-proxy
  B  Cilium VXLAN + kube-proxy       E  D + tuning (DSR and XDP left off)
  C  Cilium VXLAN, no kube-proxy

Environment (default):
  ROUNDS=3                 rounds per scenario (the ingest takes the median)
  IPERF_DURATION=10        seconds per iperf3 test
  IPERF_UDP_BITRATE=10G    target bitrate of the single-rate UDP test (the report's UDP figures)
  UDP_LOADS="500M 1G 2G 3G"   UDP sweep: offered loads below saturation, one iperf3 run each
                           ("" skips the sweep). A step the sender cannot
                           sustain (sent < 0.9 x its load) is flagged target-not-reached
  UDP_STEP_DURATION=10     seconds each sweep step sends; a step still running
                           BENCH_TIMEOUT_SLACK (60) s later is killed and fails
  UDP_LENGTH=<path MTU - 28>   UDP datagram bytes (default: the smaller eth0 MTU of the
                           iperf3 pods less the IPv4 and UDP headers, read from the pods)
  IPERF_STREAMS=8          iperf3 TCP streams (EC2 caps one flow at 5 Gbps)
  FORTIO_DURATION=30       seconds per fortio test
  NETPERF_DURATION=30      seconds of the netperf TCP_RR test (request/response latency)
  FORTIO_CONCURRENCY=16    fortio connections
  QPS_LEVELS="1000 5000 max"   fortio target rates
  SVC_STEPS="4 104 1000"   total Services in the cluster for the scaling sweep
  SVC_ENDPOINTS=1          endpoints per dummy Service
  SVC_CREATE_PARALLEL=4    parallel apply workers
  SVC_SYNC_TIMEOUT=600     seconds to wait for the client node's data plane to program a
                           step's Services: kube-proxy's own metrics say it (its change
                           counters, pending changes, last sync and last queued change on
                           127.0.0.1:10249), without kube-proxy the Cilium agent's service
                           list; what said so is kept in services-<N>/programmed.json. The
                           nat table is dumped once per step, after the sync window closes
  DNS_QUERIES=100          DNS lookups per round, after one warm-up lookup (as the source)
  TOP_SAMPLES=6 TOP_INTERVAL=10   CNI agent CPU/memory: kubelet samples during a fortio
                           load of TOP_SAMPLES x TOP_INTERVAL s (CPU: counter delta over it)
  USAGE_NAMESPACE=kube-system USAGE_SELECTOR=<agent>   pods whose CPU/memory is sampled
                           (default: k8s-app=aws-node for A, k8s-app=cilium for B-E)
  NAMESPACE=bench          namespace of workloads.yaml
  SVC_NAMESPACE=bench-svc-scale   namespace of the dummy Services (created and removed here)
  KUBE_CONTEXT=<current>   kube context to use
  CLUSTER_NAME=cni-bench   EKS cluster name (kube-proxy add-on restore)
  RUN_DIR=bench-runs/eks-<UTC date>   run directory
  NIC_LIMIT_GBPS=<from EC2>   recorded reference line: the instance's peak (burst) bandwidth,
                           read with aws ec2 describe-instance-types with its baseline
                           (environment.extra nicBaselineGbps / nicBurstGbps)
  WAIT_TIMEOUT=300         seconds for rollouts and pods
  CILIUM_CHART=cilium/cilium   Helm chart (repo added as 'cilium' when missing)
  NODEGROUP=bench          managed node group of the bench nodes (cluster.yaml)
  REPLACE_NODES=1          replace the nodes when the IPAM mode changes (0: stop and say how)
  NODE_REPLACE_TIMEOUT=1200   seconds for the old nodes to leave and the new ones to be Ready

Another cluster than EKS (e.g. the local one of scripts/kube; scenario A only):
  NO_AWS=1                 not an EKS cluster: no aws/eksctl/helm, nothing switched
                           (no aws-node, no Cilium, no add-on): scenario A measures the
                           cluster's own CNI with its iptables kube-proxy (a DaemonSet, or
                           a host process that publishes the kube-system/kube-proxy
                           ConfigMap); without CoreDNS, DNS latency is recorded as not
                           measured and HTTP goes to httpbin's ClusterIP
  ALLOW_SINGLE_NODE=1      client and server pods share one node (the ingest flags every
                           row same-node); the script applies workloads.yaml itself,
                           without the side node selectors and the CPU/memory requests
                           sized for m6i.xlarge nodes (both recorded in the manifest)
  BENCH_PLATFORM="Amazon EKS"  platform recorded in the manifest
  BENCH_CNI, BENCH_ROUTING     the cluster's CNI and routing, recorded as scenario A's
                           (required with NO_AWS=1, e.g. "bridge (CNI plugins)")

Node counters: before and after every iperf3 and fortio window, the node-probe pods on the
client's and the server's node read the primary interface's `ethtool -S` (the ENA
bw_in/bw_out/pps/conntrack/linklocal_allowance_exceeded counters) and `nstat -az` of the
host (TcpRetransSegs, UdpRcvbufErrors, UdpInErrors) into <id>.counters.txt beside the
result; the ingest flags the window nic-throttled (an allowance counter grew: the
instance's limits, not the CNI) or receiver-drops (the receiver's socket buffers dropped).

Order: each scenario is a cluster reconfiguration (Helm, aws-node, kube-proxy, nodes),
so the scenarios run one after another, never alternated per round. Within a round the
baseline tests (iperf3 TCP, UDP, the UDP sweep, netperf, fortio per QPS level, DNS, the
agent's CPU/memory) alternate (BENCH_ORDER); the Service steps follow in ascending order,
each adding Services to the last. The idle gate reads the client node through the
iperf3 client pod (BENCH_HOST_EXEC).

Example:
  RUN_DIR=bench-runs/eks-2026-02-09 ./run-benchmark.sh E
  NO_AWS=1 ALLOW_SINGLE_NODE=1 BENCH_PLATFORM="local single node" ./run-benchmark.sh A
EOF
  echo
  bench_protocol_help
}

# ---------------------------------------------------------------- parameters

ROUNDS="${ROUNDS:-3}"
IPERF_DURATION="${IPERF_DURATION:-10}"
IPERF_UDP_BITRATE="${IPERF_UDP_BITRATE:-10G}"
UDP_LOADS="${UDP_LOADS-500M 1G 2G 3G}"
UDP_STEP_DURATION="${UDP_STEP_DURATION:-10}"
IPERF_STREAMS="${IPERF_STREAMS:-8}"
FORTIO_DURATION="${FORTIO_DURATION:-30}"
NETPERF_DURATION="${NETPERF_DURATION:-30}"
FORTIO_CONCURRENCY="${FORTIO_CONCURRENCY:-16}"
QPS_LEVELS="${QPS_LEVELS:-1000 5000 max}"
SVC_STEPS="${SVC_STEPS:-4 104 1000}"
SVC_ENDPOINTS="${SVC_ENDPOINTS:-1}"
SVC_CREATE_PARALLEL="${SVC_CREATE_PARALLEL:-4}"
SVC_SYNC_TIMEOUT="${SVC_SYNC_TIMEOUT:-600}"
DNS_QUERIES="${DNS_QUERIES:-100}"
TOP_SAMPLES="${TOP_SAMPLES:-6}"
TOP_INTERVAL="${TOP_INTERVAL:-10}"
NAMESPACE="${NAMESPACE:-bench}"
SVC_NAMESPACE="${SVC_NAMESPACE:-bench-svc-scale}"
KUBE_CONTEXT="${KUBE_CONTEXT:-}"
CLUSTER_NAME="${CLUSTER_NAME:-cni-bench}"
RUN_DIR="${RUN_DIR:-bench-runs/eks-$(date -u +%Y-%m-%d)}"
WAIT_TIMEOUT="${WAIT_TIMEOUT:-300}"
CILIUM_CHART="${CILIUM_CHART:-cilium/cilium}"
NODEGROUP="${NODEGROUP:-bench}"
REPLACE_NODES="${REPLACE_NODES:-1}"
NODE_REPLACE_TIMEOUT="${NODE_REPLACE_TIMEOUT:-1200}"
NO_AWS="${NO_AWS:-0}"
ALLOW_SINGLE_NODE="${ALLOW_SINGLE_NODE:-0}"
BENCH_PLATFORM="${BENCH_PLATFORM:-Amazon EKS}"
BENCH_CNI="${BENCH_CNI:-}"
BENCH_ROUTING="${BENCH_ROUTING:-}"
export K8S_WAIT_TIMEOUT="$WAIT_TIMEOUT"

SCENARIOS_JSON="$HERE/scenarios/scenarios.json"
CILIUM_VERSION="$(jq -r '.cilium.version' "$SCENARIOS_JSON")"
CILIUM_REPO_URL="$(jq -r '.cilium.repo' "$SCENARIOS_JSON")"

validate_params() {
  local name
  for name in ROUNDS IPERF_DURATION UDP_STEP_DURATION IPERF_STREAMS FORTIO_DURATION NETPERF_DURATION FORTIO_CONCURRENCY SVC_ENDPOINTS SVC_CREATE_PARALLEL \
    SVC_SYNC_TIMEOUT DNS_QUERIES TOP_SAMPLES WAIT_TIMEOUT NODE_REPLACE_TIMEOUT; do
    [[ "${!name}" =~ ^[1-9][0-9]*$ ]] || bench_die "$name='${!name}' is not a positive integer" "set $name to a whole number, e.g. $name=3"
  done
  [[ "$REPLACE_NODES" == 0 || "$REPLACE_NODES" == 1 ]] || bench_die "REPLACE_NODES='$REPLACE_NODES'" "set REPLACE_NODES=1 (replace nodes when the IPAM mode changes) or 0 (stop instead)"
  for name in NO_AWS ALLOW_SINGLE_NODE; do
    [[ "${!name}" == 0 || "${!name}" == 1 ]] || bench_die "$name='${!name}' is not 0 or 1" "set $name=1 or leave it unset"
  done
  if [[ "$NO_AWS" == 1 ]] && [[ -z "$BENCH_CNI" || -z "$BENCH_ROUTING" ]]; then
    bench_die "NO_AWS=1 measures the cluster's own CNI, so BENCH_CNI and BENCH_ROUTING must name it" \
      "set both, e.g. BENCH_CNI=\"bridge (CNI plugins)\" BENCH_ROUTING=\"Linux bridge, one node\""
  fi
  [[ "$TOP_INTERVAL" =~ ^[0-9]+$ ]] || bench_die "TOP_INTERVAL='$TOP_INTERVAL' is not a whole number" "set TOP_INTERVAL=10"
  for name in $QPS_LEVELS; do
    [[ "$name" == max || "$name" =~ ^[1-9][0-9]*$ ]] || bench_die "QPS_LEVELS has '$name'" "use numbers or 'max', e.g. QPS_LEVELS=\"1000 5000 max\""
  done
  for name in $UDP_LOADS; do
    bench_udp_gbps "$name" >/dev/null || bench_die "UDP_LOADS has '$name', which is not a bitrate" "write loads as iperf3 does, e.g. UDP_LOADS=\"500M 1G 2G 3G\""
  done
  for name in $SVC_STEPS; do
    [[ "$name" =~ ^[1-9][0-9]*$ ]] || bench_die "SVC_STEPS has '$name'" "use ascending numbers, e.g. SVC_STEPS=\"4 104 1000\""
  done
}

# Parameters as recorded in the manifest (numbers stay numbers).
params_json() {
  jq -n --arg qps "$QPS_LEVELS" --arg steps "$SVC_STEPS" \
    --argjson rounds "$ROUNDS" --argjson iperf "$IPERF_DURATION" --arg udp "$IPERF_UDP_BITRATE" --argjson streams "$IPERF_STREAMS" \
    --argjson fortio "$FORTIO_DURATION" --argjson netperf "$NETPERF_DURATION" --argjson conc "$FORTIO_CONCURRENCY" --argjson eps "$SVC_ENDPOINTS" \
    --argjson dns "$DNS_QUERIES" --argjson top "$TOP_SAMPLES" --argjson topi "$TOP_INTERVAL" \
    --arg loads "$UDP_LOADS" --argjson stepd "$UDP_STEP_DURATION" \
    '{ROUNDS: $rounds, IPERF_DURATION: $iperf, IPERF_UDP_BITRATE: $udp, UDP_LOADS: $loads, UDP_STEP_DURATION: $stepd,
      IPERF_STREAMS: $streams, FORTIO_DURATION: $fortio, NETPERF_DURATION: $netperf,
      FORTIO_CONCURRENCY: $conc, QPS_LEVELS: $qps, SVC_STEPS: $steps, SVC_ENDPOINTS: $eps,
      DNS_QUERIES: $dns, TOP_SAMPLES: $top, TOP_INTERVAL: $topi}'
}

# ---------------------------------------------------------------- scenario data

scenario_field() { jq -r --arg id "$1" ".scenarios[] | select(.id == \$id) | $2" "$SCENARIOS_JSON"; }

# Scenario definition for the manifest: the schema's fields only.
# NO_AWS=1: scenario A as this cluster runs it (BENCH_CNI, BENCH_ROUTING), not as EKS would.
scenario_manifest_json() {
  local cni="" routing=""
  if [[ "$NO_AWS" == 1 ]]; then cni="$BENCH_CNI" routing="$BENCH_ROUTING"; fi
  jq -c --arg id "$1" --arg cni "$cni" --arg routing "$routing" '.scenarios[] | select(.id == $id) | del(.apply, .id)
    | if $cni != "" then .cni = $cni | .name = $cni + " + kube-proxy" | .routing = $routing | del(.ipam) else . end' "$SCENARIOS_JSON"
}

# ---------------------------------------------------------------- preflight

NODE_CHECKS_DEFERRED=0
preflight() {
  if [[ "$NO_AWS" == 1 ]]; then
    bench_require_tools kubectl jq timeout
  else
    bench_require_tools kubectl helm jq timeout eksctl aws
  fi
  k8s_use_context "$KUBE_CONTEXT"
  if [[ "$NO_AWS" != 1 ]]; then
    aws sts get-caller-identity >/dev/null 2>&1 ||
      bench_die "AWS credentials are missing or expired" "run 'aws sso login' (or 'aws configure') and rerun"
  fi
  k8s_require_api
  # An interrupted node replacement left the node group scaled down: its state in the run
  # directory says what to finish, and the checks that need nodes wait until it is finished.
  NODE_CHECKS_DEFERRED=0
  if [[ -f "$(node_state_file)" ]]; then
    local was count phase
    was="$(node_state_get scenario)" count="$(node_state_get count)" phase="$(node_state_get phase)"
    [[ "$was" == "$1" ]] ||
      bench_die "the run directory $RUN_DIR holds an unfinished node replacement of scenario $was: node group $NODEGROUP was $phase (its $count nodes are to come back), so the cluster may have no nodes" \
        "finish it first: RUN_DIR=$RUN_DIR ./run-benchmark.sh $was (it brings the nodes back and goes on), or by hand: eksctl scale nodegroup --cluster $CLUSTER_NAME --name $NODEGROUP --nodes $count --nodes-min $count --wait, then remove $(node_state_file)"
    bench_log "scenario $1: the node replacement this run directory records was interrupted while $phase; it is finished before anything else ($count nodes of node group $NODEGROUP)"
    NODE_CHECKS_DEFERRED=1
  else
    preflight_nodes
  fi
  if kc -n kube-system get service kube-dns >/dev/null 2>&1; then
    CLUSTER_DNS=1
  elif [[ "$NO_AWS" == 1 ]]; then
    CLUSTER_DNS=0
    bench_log "no cluster DNS (kube-system/kube-dns): DNS latency is not measured; HTTP goes to httpbin's ClusterIP"
  else
    bench_die "the cluster has no kube-system/kube-dns Service (CoreDNS), which the DNS figures and the httpbin Service name need" \
      "install the CoreDNS add-on (aws eks create-addon --cluster-name $CLUSTER_NAME --addon-name coredns) and rerun"
  fi
  if [[ "$NO_AWS" == 1 ]]; then
    [[ "$1" == A ]] || bench_die "NO_AWS=1 runs scenario A only (B-E switch to Cilium on EKS)" "run: NO_AWS=1 ./run-benchmark.sh A"
    local mode
    mode="$(k8s_kube_proxy_mode)" ||
      bench_die "no kube-proxy found (no kube-system/kube-proxy DaemonSet or ConfigMap); scenario A measures iptables kube-proxy" \
        "run against a cluster with kube-proxy in iptables mode"
    [[ "$mode" == iptables ]] ||
      bench_die "kube-proxy runs in $mode mode; scenario A measures iptables kube-proxy" \
        "switch kube-proxy to iptables mode (local cluster: npm run kube:proxy-mode -- iptables) and rerun"
  fi
  [[ "$ALLOW_SINGLE_NODE" == 1 ]] && return 0 # single_node_workloads applies them
  kc get namespace "$NAMESPACE" >/dev/null 2>&1 ||
    bench_die "namespace $NAMESPACE does not exist (workloads not applied)" \
      "kubectl --context $K8S_CONTEXT apply -f $HERE/workloads.yaml"
  ((NODE_CHECKS_DEFERRED)) || preflight_side_labels
}

# The checks that need the nodes: enough of them Ready (first: with none, every node
# check below would fail for that reason alone) and the kubelet's metrics through the API.
preflight_nodes() {
  if [[ "$ALLOW_SINGLE_NODE" == 1 ]]; then k8s_require_nodes 1; else k8s_require_nodes 2; fi
  k8s_require_kubelet_metrics "$(k8s_ready_nodes | head -n1)"
}

preflight_side_labels() {
  [[ "$ALLOW_SINGLE_NODE" == 1 ]] && return 0
  local side count
  for side in client server; do
    count="$(kc get nodes -l "bench.k8s-network/side=$side" -o name | grep -c . || true)"
    ((count > 0)) || bench_die "no node is labelled bench.k8s-network/side=$side, so the $side pods cannot be scheduled" \
      "label one node as client and the others as server (see the header of $HERE/workloads.yaml), e.g. kubectl label node <node> bench.k8s-network/side=$side"
  done
}

# ALLOW_SINGLE_NODE=1: one node cannot carry both side labels, and the requests
# sized for m6i.xlarge nodes add up to more than a small node has, so apply
# workloads.yaml without the side node selectors and the requests (recorded).
single_node_workloads() {
  bench_log "one node (ALLOW_SINGLE_NODE=1): applying $HERE/workloads.yaml without side node selectors and resource requests"
  kc apply --dry-run=client -o json -f "$HERE/workloads.yaml" |
    jq '.items |= map(if .spec.template.spec? then .spec.template.spec |= (del(.nodeSelector) | .containers |= map(del(.resources))) else . end)' |
    kc apply -f - >/dev/null || bench_die "could not apply the workloads without node selectors" "check 'kubectl --context $K8S_CONTEXT -n $NAMESPACE get events'"
}

# Every workload of the bench namespace rolled out and Ready.
workloads_wait() { k8s_workloads_ready "$NAMESPACE" "$WAIT_TIMEOUT"; }

# ---------------------------------------------------------------- switching

# kube-proxy runs as the DaemonSet (EKS add-on); with NO_AWS=1 it may also be a
# host process that publishes its ConfigMap (kubeadm-style, as the local cluster does).
have_kube_proxy() {
  kc -n kube-system get daemonset kube-proxy >/dev/null 2>&1 ||
    { [[ "$NO_AWS" == 1 ]] && kc -n kube-system get configmap kube-proxy >/dev/null 2>&1; }
}
have_cilium() { helm --kube-context "$K8S_CONTEXT" status cilium -n kube-system >/dev/null 2>&1; }

aws_node_enable() {
  local selector
  selector="$(kc -n kube-system get daemonset aws-node -o jsonpath='{.spec.template.spec.nodeSelector.io\.cilium/aws-node-enabled}' 2>/dev/null || true)"
  [[ -z "$selector" ]] && return 0
  bench_log "re-enabling aws-node"
  kc -n kube-system patch daemonset aws-node --type json \
    -p '[{"op":"remove","path":"/spec/template/spec/nodeSelector/io.cilium~1aws-node-enabled"}]' >/dev/null
  k8s_rollout_wait kube-system daemonset/aws-node
}

# Cilium's EKS guide: keep the aws-node DaemonSet but schedule it nowhere.
aws_node_disable() {
  bench_log "disabling aws-node (node selector io.cilium/aws-node-enabled=true)"
  kc -n kube-system patch daemonset aws-node --type strategic \
    -p '{"spec":{"template":{"spec":{"nodeSelector":{"io.cilium/aws-node-enabled":"true"}}}}}' >/dev/null
}

kube_proxy_remove() {
  have_kube_proxy || return 0
  bench_log "removing kube-proxy and its iptables rules"
  kc -n kube-system delete daemonset kube-proxy >/dev/null
  kc -n kube-system delete configmap kube-proxy --ignore-not-found >/dev/null
  k8s_flush_kube_rules "$NAMESPACE" app=node-probe
}

# Deleting the DaemonSet leaves the EKS add-on registered, so "create addon" would
# do nothing; an update with OVERWRITE makes EKS apply the add-on's objects again.
kube_proxy_restore() {
  have_kube_proxy && return 0
  bench_log "restoring the kube-proxy add-on of cluster $CLUSTER_NAME"
  local verb=update-addon
  aws eks describe-addon --cluster-name "$CLUSTER_NAME" --addon-name kube-proxy >/dev/null 2>&1 || verb=create-addon
  aws eks "$verb" --cluster-name "$CLUSTER_NAME" --addon-name kube-proxy --resolve-conflicts OVERWRITE >/dev/null ||
    bench_die "could not restore the kube-proxy add-on ($verb)" \
      "aws eks $verb --cluster-name $CLUSTER_NAME --addon-name kube-proxy --resolve-conflicts OVERWRITE (set CLUSTER_NAME if your cluster has another name)"
  k8s_wait "$WAIT_TIMEOUT" "the kube-proxy DaemonSet to reappear" have_kube_proxy
  k8s_rollout_wait kube-system daemonset/kube-proxy
}

# API endpoint for k8sServiceHost: without kube-proxy the agent cannot use the ClusterIP.
api_server_host() {
  kc config view --minify -o jsonpath='{.clusters[0].cluster.server}' | sed -E 's#^https?://##; s#[:/].*$##'
}

cilium_install() {
  local id="$1" values="$HERE/scenarios/$2" kube_proxy="$3"
  local -a extra=()
  if [[ "$kube_proxy" == removed ]]; then
    extra+=(--set "k8sServiceHost=$(api_server_host)" --set k8sServicePort=443)
  fi
  if [[ "$CILIUM_CHART" == cilium/* ]] && ! helm repo list -o json 2>/dev/null | jq -e '.[] | select(.name == "cilium")' >/dev/null; then
    helm repo add cilium "$CILIUM_REPO_URL" >/dev/null
  fi
  bench_log "helm upgrade --install cilium $CILIUM_VERSION for scenario $id ($2)"
  # --reset-values: nothing of the previous scenario leaks into this one.
  helm --kube-context "$K8S_CONTEXT" upgrade --install cilium "$CILIUM_CHART" --version "$CILIUM_VERSION" \
    -n kube-system --reset-values -f "$values" "${extra[@]}" >/dev/null ||
    bench_die "helm upgrade of cilium for scenario $id failed" "run 'helm --kube-context $K8S_CONTEXT -n kube-system history cilium' and fix the values in $values"
  # Value changes do not always roll the agents (ConfigMap only), so restart them.
  kc -n kube-system rollout restart daemonset/cilium >/dev/null
}

cilium_wait_ready() {
  k8s_rollout_wait kube-system daemonset/cilium "$WAIT_TIMEOUT"
  k8s_rollout_wait kube-system deployment/cilium-operator "$WAIT_TIMEOUT"
}

# ---------------------------------------------------------------- Cilium feature checks

# Each feature a scenario's Helm values set, against what one agent reports: its
# status (cilium-dbg status -o json: the agent API's StatusResponse) and, for the
# IPAM mode, its parsed configuration (cilium-dbg config -r -o json). Only keys the
# values set are checked. Output: [{feature, want, seen}].
# shellcheck disable=SC2016 # jq program
CILIUM_FEATURES_JQ='
  def onoff: if . == true or . == "true" then "enabled" elif . == null then null else "disabled" end;
  def lc: if . == null then null else tostring | ascii_downcase end;
  def check($name; $set; $want; $seen): if $set == null then empty else {feature: $name, want: $want, seen: ($seen // "absent")} end;
  ($status["kube-proxy-replacement"] // {}) as $kpr
  | [ check("kube-proxy replacement (kubeProxyReplacement)"; $values.kubeProxyReplacement;
        (if ($values.kubeProxyReplacement | onoff) == "enabled" then "True" else "False" end); $kpr.mode),
      check("routing mode (routingMode)"; $values.routingMode;
        (if $values.routingMode == "native" then "Native" else "Tunnel" end); $status.routing["inter-host-routing-mode"]),
      check("tunnel protocol (tunnelProtocol)"; (if $values.routingMode == "tunnel" then $values.tunnelProtocol else null end);
        ($values.tunnelProtocol | lc); ($status.routing["tunnel-protocol"] | lc)),
      check("BPF host routing (bpf.hostLegacyRouting)"; $values.bpf.hostLegacyRouting;
        (if ($values.bpf.hostLegacyRouting | onoff) == "enabled" then "Legacy" else "BPF" end); $status.routing["intra-host-routing-mode"]),
      check("BPF masquerading (bpf.masquerade)"; $values.bpf.masquerade;
        (if ($values.bpf.masquerade | onoff) == "enabled" then "BPF" else "iptables" end);
        (if $status.masquerading.enabled == true then $status.masquerading.mode else "disabled" end)),
      check("bandwidth manager (bandwidthManager.enabled)"; $values.bandwidthManager.enabled;
        ($values.bandwidthManager.enabled | onoff); ($status["bandwidth-manager"].enabled // false | onoff)),
      check("BBR for pods (bandwidthManager.bbr)"; $values.bandwidthManager.bbr;
        (if ($values.bandwidthManager.bbr | onoff) == "enabled" then "bbr" else "cubic" end); $status["bandwidth-manager"].congestionControl),
      check("socket LB (socketLB.enabled)"; $values.socketLB.enabled;
        ($values.socketLB.enabled | onoff); ($kpr.features.socketLB.enabled // false | onoff)),
      check("load-balancer mode (loadBalancer.mode)"; $values.loadBalancer.mode; ($values.loadBalancer.mode | lc); ($kpr.features.nodePort.mode | lc)),
      check("XDP acceleration (loadBalancer.acceleration)"; $values.loadBalancer.acceleration;
        ($values.loadBalancer.acceleration | lc); ($kpr.features.nodePort.acceleration | lc)),
      check("Hubble (hubble.enabled)"; $values.hubble.enabled;
        ($values.hubble.enabled | onoff); (if ($status.hubble.state // "Disabled") == "Disabled" then "disabled" else "enabled" end)),
      check("IPAM mode (ipam.mode)"; $values.ipam.mode; $values.ipam.mode; $config.IPAM)
    ]'

# cilium_assert_features <scenario> <values-file>: every agent reports each feature
# the scenario's values set, or the run stops naming scenario, agent, feature, expected and seen.
cilium_assert_features() {
  local id="$1" file="$2" values pod dir="$BENCH_RUN_DIR/$1/cilium-status" found=0 checked="" bad=""
  values="$(helm --kube-context "$K8S_CONTEXT" get values cilium -n kube-system -o json)" ||
    bench_die "could not read the Helm values of the cilium release" "run 'helm --kube-context $K8S_CONTEXT -n kube-system get values cilium'"
  mkdir -p "$dir"
  for pod in $(kc -n kube-system get pods -l k8s-app=cilium -o jsonpath='{.items[*].metadata.name}'); do
    found=$((found + 1))
    if ! { kc -n kube-system exec "$pod" -c cilium-agent -- cilium-dbg status -o json >"$dir/$pod.status.json" &&
      kc -n kube-system exec "$pod" -c cilium-agent -- cilium-dbg config -r -o json >"$dir/$pod.config.json"; }; then
      bench_die "scenario $id: could not ask the Cilium agent $pod for its status" \
        "run 'kubectl --context $K8S_CONTEXT -n kube-system exec $pod -c cilium-agent -- cilium-dbg status --verbose' and see why it fails"
    fi
    checked="$(jq -n --argjson values "$values" --slurpfile status "$dir/$pod.status.json" --slurpfile config "$dir/$pod.config.json" \
      "\$status[0] as \$status | \$config[0] as \$config | $CILIUM_FEATURES_JQ")" ||
      bench_die "scenario $id: the Cilium agent $pod answered with something that is not its status JSON (kept in $dir)" \
        "run 'kubectl --context $K8S_CONTEXT -n kube-system exec $pod -c cilium-agent -- cilium-dbg status -o json'"
    bad+="$(jq -r --arg pod "$pod" --arg file "$file" '.[] | select(.want != .seen)
      | "\(.feature): agent \($pod) reports \(.seen), \($file) expects \(.want)"' <<<"$checked")"$'\n'
  done
  ((found > 0)) || bench_die "scenario $id: no Cilium agent pod (k8s-app=cilium) to ask" "run 'kubectl --context $K8S_CONTEXT -n kube-system get pods -l k8s-app=cilium -o wide'"
  bad="$(sed '/^$/d' <<<"$bad")"
  if [[ -n "$bad" ]]; then
    bench_die "scenario $id: Cilium does not run with the features scenarios/$file sets:"$'\n'"    ${bad//$'\n'/$'\n'    }" \
      "read the agent's log for why (kubectl --context $K8S_CONTEXT -n kube-system logs <agent> -c cilium-agent | grep -iE 'level=(warn|error)'), fix scenarios/$file or the nodes, and rerun; nothing was measured"
  fi
  bench_log "scenario $id: $found Cilium agent(s) report what $file sets: $(jq -r 'map("\(.feature | sub(" \\(.*"; "")) \(.seen)") | join(", ")' <<<"$checked")"
}

# ---------------------------------------------------------------- node replacement

# Who gives pods their addresses: a scenario's apply.ipamMode, and for the cluster the
# Cilium release's ipam.mode (the chart's default is cluster-pool) or the VPC CNI.
scenario_ipam_mode() { scenario_field "$1" '.apply.ipamMode'; }
cluster_ipam_mode() {
  if have_cilium; then helm --kube-context "$K8S_CONTEXT" get values cilium -n kube-system -o json | jq -r '.ipam.mode // "cluster-pool"'
  else echo aws-vpc-cni; fi
}

nodegroup_nodes_json() { kc get nodes -l "eks.amazonaws.com/nodegroup=$NODEGROUP" -o json; }
nodegroup_count() { nodegroup_nodes_json | jq '.items | length'; }
nodegroup_empty() { (($(nodegroup_count) == 0)); }
nodegroup_ready() {
  (($(nodegroup_nodes_json | jq '[.items[] | select(any(.status.conditions[]; .type == "Ready" and .status == "True"))] | length') >= $1))
}

# The node replacement in progress, kept in the run directory before each action
# (node-replacement.json: scenario, node group, node count, from, to, phase), so that a
# rerun after an interrupt, perhaps with the node group at 0, knows what it was doing.
# Phases: scaling-down, empty (the switch runs with no node), scaling-up. Removed once
# the new nodes are Ready and labelled.
node_state_file() { printf '%s/node-replacement.json\n' "${BENCH_RUN_DIR:-$RUN_DIR}"; }
node_state_get() { jq -r --arg k "$1" '.[$k] // empty' "$(node_state_file)"; }
node_state_write() {
  local file
  file="$(node_state_file)"
  mkdir -p "$(dirname "$file")"
  if ! jq -n --arg id "$1" --arg ng "$NODEGROUP" --argjson count "$2" --arg from "$3" --arg to "$4" --arg phase "$5" --arg at "$(bench_now)" \
    '{scenario: $id, nodegroup: $ng, count: $count, from: $from, to: $to, phase: $phase, at: $at}' >"$file.tmp" || ! mv "$file.tmp" "$file"; then
    bench_die "could not write $file" "check that the run directory is writable"
  fi
}
node_state_phase() {
  node_state_write "$(node_state_get scenario)" "$(node_state_get count)" "$(node_state_get from)" "$(node_state_get to)" "$1"
}

# nodes_replace_resume <scenario>: take up the replacement the run directory records
# (preflight made sure it is this scenario's): scale down again if that was interrupted.
nodes_replace_resume() {
  local id="$1" count phase scale="eksctl scale nodegroup --cluster $CLUSTER_NAME --name $NODEGROUP"
  count="$(node_state_get count)" phase="$(node_state_get phase)"
  bench_log "resuming the node replacement of scenario $id: node group $NODEGROUP, $count nodes, interrupted while $phase"
  if [[ "$phase" == scaling-down ]]; then
    $scale --nodes 0 --nodes-min 0 --wait >/dev/null || bench_die "could not scale node group $NODEGROUP to 0" "run '$scale --nodes 0 --nodes-min 0 --wait' and read its error"
    k8s_wait "$NODE_REPLACE_TIMEOUT" "the nodes of node group $NODEGROUP to leave" nodegroup_empty
    node_state_phase empty
  fi
  NODES_REPLACE_COUNT="$count"
}

# nodes_replace_begin <scenario> <from> <to>: scale the node group to 0 (its size is
# kept in NODES_REPLACE_COUNT and the run directory); the switch then runs with no node,
# so the new ones join straight into the new IPAM. Or, with REPLACE_NODES=0, stop with the commands.
NODES_REPLACE_COUNT=0
nodes_replace_begin() {
  local id="$1" from="$2" to="$3" count
  count="$(nodegroup_count)"
  ((count > 0)) || bench_die "no node carries eks.amazonaws.com/nodegroup=$NODEGROUP, so the nodes cannot be replaced" \
    "set NODEGROUP to the managed node group of the bench nodes (eksctl get nodegroup --cluster $CLUSTER_NAME)"
  local scale="eksctl scale nodegroup --cluster $CLUSTER_NAME --name $NODEGROUP"
  if [[ "$REPLACE_NODES" != 1 ]]; then
    bench_die "scenario $id gives pods addresses from $to IPAM, but the nodes were set up by $from; Cilium cannot change the IPAM mode of running nodes (they keep the old addresses, routes and ENIs), so the nodes must be replaced" \
      "rerun with REPLACE_NODES=1 RUN_DIR=$BENCH_RUN_DIR; the script then runs '$scale --nodes 0 --nodes-min 0 --wait', switches to $id, and runs '$scale --nodes $count --nodes-min $count --wait'"
  fi
  bench_log "replacing the $count nodes of node group $NODEGROUP: scenario $id takes pod addresses from $to IPAM, the nodes were set up by $from"
  node_state_write "$id" "$count" "$from" "$to" scaling-down
  $scale --nodes 0 --nodes-min 0 --wait >/dev/null || bench_die "could not scale node group $NODEGROUP to 0" "run '$scale --nodes 0 --nodes-min 0 --wait' and read its error, then rerun with RUN_DIR=$BENCH_RUN_DIR"
  k8s_wait "$NODE_REPLACE_TIMEOUT" "the nodes of node group $NODEGROUP to leave" nodegroup_empty
  node_state_phase empty
  NODES_REPLACE_COUNT="$count"
}

# nodes_replace_end: bring the node group back to its size and label the new nodes
# as the bench expects (the first by name runs the clients, the others the servers).
nodes_replace_end() {
  local count="$NODES_REPLACE_COUNT" scale="eksctl scale nodegroup --cluster $CLUSTER_NAME --name $NODEGROUP" node side=client
  node_state_phase scaling-up
  $scale --nodes "$count" --nodes-min "$count" --wait >/dev/null ||
    bench_die "could not scale node group $NODEGROUP back to $count" "run '$scale --nodes $count --nodes-min $count --wait', then rerun with RUN_DIR=$BENCH_RUN_DIR"
  k8s_wait "$NODE_REPLACE_TIMEOUT" "$count new nodes of node group $NODEGROUP to be Ready" nodegroup_ready "$count"
  for node in $(nodegroup_nodes_json | jq -r '.items[].metadata.name' | sort); do
    kc label node "$node" "bench.k8s-network/side=$side" --overwrite >/dev/null
    side=server
  done
  rm -f "$(node_state_file)"
  NODES_REPLACE_COUNT=0
}

cilium_uninstall() {
  have_cilium || return 0
  bench_log "uninstalling cilium"
  helm --kube-context "$K8S_CONTEXT" uninstall cilium -n kube-system --wait >/dev/null
  # Cilium's CNI config would shadow aws-node's; the probe mounts /etc/cni/net.d.
  local pod
  for pod in $(kc -n "$NAMESPACE" get pods -l app=node-probe -o jsonpath='{.items[*].metadata.name}'); do
    # shellcheck disable=SC2016 # expanded by the probe's sh
    kc -n "$NAMESPACE" exec "$pod" -- sh -c 'rm -f /host/etc/cni/net.d/05-cilium.conflist
      for f in /host/etc/cni/net.d/*.cilium_bak; do [ -e "$f" ] && mv "$f" "${f%.cilium_bak}"; done; true' >/dev/null
  done
}

# What the cluster currently runs, in the scenario vocabulary.
cluster_state() {
  local cni=vpc kp=present
  have_cilium && cni="cilium:$(helm --kube-context "$K8S_CONTEXT" get values cilium -n kube-system -o json | jq -c '.')"
  have_kube_proxy || kp=removed
  printf '%s|%s\n' "$cni" "$kp"
}

switch_to() {
  local id="$1" values kube_proxy marker="$BENCH_RUN_DIR/$1/.applied"
  values="$(scenario_field "$id" '.apply.helmValues // ""')"
  kube_proxy="$(scenario_field "$id" '.apply.kubeProxy')"
  # Resume: skip the (disruptive) switch when this run already applied it and nothing changed since.
  if [[ -f "$marker" && "$(cat "$marker")" == "$(cluster_state)" ]]; then
    bench_log "scenario $id already applied in this run; not switching again"
    return 0
  fi
  bench_log "switching the cluster to scenario $id"
  local from to
  if [[ -f "$(node_state_file)" ]]; then
    nodes_replace_resume "$id"
  else
    from="$(cluster_ipam_mode)" to="$(scenario_ipam_mode "$id")"
    if [[ "$from" != "$to" ]]; then nodes_replace_begin "$id" "$from" "$to"; fi
  fi
  if [[ -z "$values" ]]; then
    cilium_uninstall
    aws_node_enable
    kube_proxy_restore
  else
    aws_node_disable
    if [[ "$kube_proxy" == removed ]]; then kube_proxy_remove; else kube_proxy_restore; fi
    cilium_install "$id" "$values" "$kube_proxy"
  fi
  if ((NODES_REPLACE_COUNT > 0)); then nodes_replace_end; fi
  if [[ -n "$values" ]]; then
    cilium_wait_ready
    cilium_assert_features "$id" "$values"
  fi
  # Pods keep the addresses of the previous CNI: recreate CoreDNS and the workloads.
  kc -n kube-system delete pods -l k8s-app=kube-dns --wait=false >/dev/null
  k8s_rollout_wait kube-system deployment/coredns "$WAIT_TIMEOUT"
  k8s_restart_pods "$NAMESPACE" "$WAIT_TIMEOUT"
  mkdir -p "$(dirname "$marker")"
  cluster_state >"$marker"
}

# ---------------------------------------------------------------- measuring

# Placement and executors of this scenario's pods (set after every restart).
resolve_pods() {
  FORTIO_POD="$(k8s_pod "$NAMESPACE" app=fortio)"
  IPERF_CLIENT_POD="$(k8s_pod "$NAMESPACE" app=iperf3-client)"
  DNS_POD="$(k8s_pod "$NAMESPACE" app=dns-client)"
  IPERF_SERVER_POD="$(k8s_pod "$NAMESPACE" app=iperf3-server)"
  NETPERF_CLIENT_POD="$(k8s_pod "$NAMESPACE" app=netperf-client)"
  NETPERF_SERVER_POD="$(k8s_pod "$NAMESPACE" app=netperf-server)"
  CLIENT_NODE="$(k8s_pod_field "$NAMESPACE" "$FORTIO_POD" '{.spec.nodeName}')"
  SERVER_NODE="$(k8s_pod_field "$NAMESPACE" "$IPERF_SERVER_POD" '{.spec.nodeName}')"
  [[ "$CLIENT_NODE" != "$SERVER_NODE" || "$ALLOW_SINGLE_NODE" == 1 ]] ||
    bench_die "client and server pods share node $CLIENT_NODE" "label different nodes as client and server (see workloads.yaml) and rerun"
  # Without cluster DNS (NO_AWS=1 only) fortio cannot resolve the Service name.
  HTTP_URL="http://httpbin.$NAMESPACE.svc.cluster.local/get"
  ((CLUSTER_DNS)) || HTTP_URL="http://$(kc -n "$NAMESPACE" get service httpbin -o jsonpath='{.spec.clusterIP}')/get"
  IPERF_SERVER_IP="$(k8s_pod_field "$NAMESPACE" "$IPERF_SERVER_POD" '{.status.podIP}')"
  NETPERF_SERVER_IP="$(k8s_pod_field "$NAMESPACE" "$NETPERF_SERVER_POD" '{.status.podIP}')"
  PROBE_POD="$(k8s_pod_on_node "$NAMESPACE" app=node-probe "$SERVER_NODE")"
  k8s_set_exec BENCH_SERVER_EXEC "$NAMESPACE" "$PROBE_POD"
  # The client's node: where ClusterIP translation happens, so where sync is checked.
  k8s_set_exec CLIENT_PROBE_EXEC "$NAMESPACE" "$(k8s_pod_on_node "$NAMESPACE" app=node-probe "$CLIENT_NODE")"
  # Both nodes' NIC and IP counters before and after each iperf3 and fortio window
  # (<id>.counters.txt): ENA allowance counters tell a throttled instance from a slow
  # data plane, UDP receive-buffer errors a loss at the receiver from one on the wire.
  k8s_set_exec SERVER_PROBE_EXEC "$NAMESPACE" "$PROBE_POD"
  K8S_COUNTERS_CLIENT_EXEC=CLIENT_PROBE_EXEC K8S_COUNTERS_SERVER_EXEC=SERVER_PROBE_EXEC
  BENCH_WINDOW_COUNTERS=k8s_node_counters
  local why
  if ! why="$(k8s_node_counters_check)"; then
    # Another cluster's nodes may have no NIC statistics to give; EKS nodes have ENA's.
    [[ "$NO_AWS" == 1 ]] || bench_die "the node probes cannot read the NIC and IP counters a window is judged by: $why" \
      "the node-probe pods (workloads.yaml, nicolaka/netshoot) need ethtool and nstat; check 'kubectl --context $K8S_CONTEXT -n $NAMESPACE exec $PROBE_POD -- ethtool -S eth0'"
    bench_log "no node counters around the windows (NO_AWS=1): $why"
    BENCH_WINDOW_COUNTERS=""
  fi
  # The idle gate's host sample: the client node, seen from the iperf3 client pod (netshoot has sh).
  k8s_set_exec BENCH_HOST_EXEC "$NAMESPACE" "$IPERF_CLIENT_POD"
  BENCH_CLIENT_NODE="$CLIENT_NODE"
  BENCH_SERVER_NODE="$SERVER_NODE"
  export BENCH_UDP_LENGTH="${UDP_LENGTH:-$(udp_datagram_length)}"
}

# The largest UDP datagram the path between the iperf3 pods carries unfragmented: the
# smaller of their eth0 MTUs less 28 bytes (IPv4 and UDP headers). EKS pods have
# jumbo MTUs (9,001 with the VPC CNI, 8,951 in Cilium's overlay); a fixed 1,400 bytes
# would make UDP packet-rate bound while TCP sends jumbo frames.
udp_datagram_length() {
  local pod mtu min=""
  for pod in "$IPERF_CLIENT_POD" "$IPERF_SERVER_POD"; do
    mtu="$(kc -n "$NAMESPACE" exec "$pod" -- cat /sys/class/net/eth0/mtu 2>/dev/null | tr -d '[:space:]')"
    if ! [[ "$mtu" =~ ^[0-9]+$ ]] || ((mtu < 576)); then
      bench_die "could not read the MTU of $pod's eth0 ('$mtu')" "check that the pod runs and has eth0 (kubectl -n $NAMESPACE exec $pod -- cat /sys/class/net/eth0/mtu), or set UDP_LENGTH to the datagram size"
    fi
    if [[ -z "$min" ]] || ((mtu < min)); then min="$mtu"; fi
  done
  echo $((min - 28))
}

use_client() { k8s_set_exec BENCH_CLIENT_EXEC "$NAMESPACE" "$1"; }
# shellcheck disable=SC2034 # used by name (k8s_kube_proxy_scrape, k8s_kube_proxy_wait_programmed)
CLIENT_PROBE_EXEC=()
CLIENT_PROBE_EXEC_NAME=CLIENT_PROBE_EXEC
# shellcheck disable=SC2034 # used by name (k8s_node_counters)
SERVER_PROBE_EXEC=()

# One measurement that may fail without stopping the round; the round then
# stays unfinished so a rerun retries exactly the failed files.
ROUND_FAILED=0
try() { "$@" || ROUND_FAILED=1; }

# CNI agent pods to sample per scenario (A: aws-node, else the Cilium agent).
agent_selector() { if [[ "$1" == A ]]; then echo k8s-app=aws-node; else echo k8s-app=cilium; fi; }

# Conditions name each figure the way the eks-cni report names it (scripts/benchmarks/eks-cni/ingest-rules.ts):
# the fixed parts of the method (pod-to-pod, IPERF_STREAMS streams, FORTIO_CONCURRENCY
# connections through the httpbin Service) stay out of them; each meta keeps them under "load".
# measure_baseline <scenario> <round-dir> <round>: the baseline tests in this round's order.
measure_baseline() {
  local id="$1" dir="$2" round="$3" qps url="$HTTP_URL" test order tests=(tcp udp)
  [[ -n "$UDP_LOADS" ]] && tests+=(udp-sweep)
  tests+=(tcp-rr)
  for qps in $QPS_LEVELS; do tests+=("http-$qps"); done
  tests+=(dns agent-usage)
  order="$(BENCH_ORDER_GROUP=baseline bench_round_order "$round" "${tests[@]}")"
  for test in $order; do
    case "$test" in
      tcp) use_client "$IPERF_CLIENT_POD"
        try bench_iperf3_tcp "$dir" iperf3-tcp '{"streams":null}' "$IPERF_SERVER_IP" "$IPERF_STREAMS" "$IPERF_DURATION" ;;
      udp) use_client "$IPERF_CLIENT_POD"
        try bench_iperf3_udp "$dir" iperf3-udp '{}' "$IPERF_SERVER_IP" "$IPERF_UDP_BITRATE" "$IPERF_DURATION" ;;
      # The sweep: loss and jitter against offered load (each step named by offeredGbps).
      udp-sweep) use_client "$IPERF_CLIENT_POD"
        try bench_iperf3_udp_sweep "$dir" udp '{}' "$IPERF_SERVER_IP" "$UDP_LOADS" "$UDP_STEP_DURATION" ;;
      # Request/response latency between two pods: netperf TCP_RR, one transaction in flight
      # on one connection (no queueing of a bulk load in it, unlike iperf3's RTT).
      tcp-rr) use_client "$NETPERF_CLIENT_POD"
        try bench_netperf "$dir" tcp-rr '{}' "$NETPERF_SERVER_IP" TCP_RR "$NETPERF_DURATION" ;;
      http-*) use_client "$FORTIO_POD"
        qps="${test#http-}"
        try bench_fortio_http "$dir" "http-qps$qps-keepalive" '{"connection":null,"concurrency":null}' "$url" "$qps" keepalive "$FORTIO_CONCURRENCY" "$FORTIO_DURATION"
        try bench_fortio_http "$dir" "http-qps$qps-close" '{"concurrency":null}' "$url" "$qps" close "$FORTIO_CONCURRENCY" "$FORTIO_DURATION" ;;
      dns) measure_dns "$dir" '{}' ;;
      agent-usage) measure_agent_usage "$id" "$dir" ;;
    esac
  done
}

# CPU/memory of the CNI agent's containers under load, from the kubelet's resource
# metrics through the API server (no metrics-server): sampled right before and during
# a saturating fortio load to httpbin. USAGE_SELECTOR picks other pods; NO_AWS=1
# without it: the cluster's CNI has no agent pod to sample.
measure_agent_usage() {
  local id="$1" dir="$2" ns="${USAGE_NAMESPACE:-kube-system}" selector="${USAGE_SELECTOR:-}"
  if [[ -z "$selector" ]]; then
    [[ "$NO_AWS" == 1 ]] && return 0 # recorded under method.notMeasured
    selector="$(agent_selector "$id")"
  fi
  use_client "$FORTIO_POD"
  try k8s_resource_usage "$dir" agent-usage '{}' "$ns" "$selector" "$TOP_SAMPLES" "$TOP_INTERVAL" -- \
    "${BENCH_CLIENT_EXEC[@]}" "${BENCH_FORTIO:-fortio}" load -quiet -qps 0 -c "$FORTIO_CONCURRENCY" \
    -t "$((TOP_SAMPLES * TOP_INTERVAL + 5))s" "$HTTP_URL"
}

CLUSTER_DNS=1
measure_dns() {
  local dir="$1" cond="$2"
  ((CLUSTER_DNS)) || return 0 # recorded under method.notMeasured
  use_client "$DNS_POD"
  try bench_dns_latency "$dir" dns-latency "$cond" "httpbin.$NAMESPACE.svc.cluster.local" "$DNS_QUERIES"
}

# Has the data plane on the CLIENT's node programmed <n> Services? ClusterIP translation
# happens where the connection starts. Without kube-proxy: that node's Cilium agent's
# service list (read between windows: nothing is measured while it is polled).
cilium_has_services() {
  K8S_WAIT_SEEN="$(k8s_cilium_service_count "$CLIENT_NODE") Services in the service list of the Cilium agent on $CLIENT_NODE, $1 wanted"
  (($(k8s_cilium_service_count "$CLIENT_NODE") >= $1))
}

# wait_programmed <step-dir> <step> <added> <want>: wait until the step's Services are
# programmed on the client's node, and write <step-dir>/programmed.json (what said so).
# With kube-proxy: its own metrics (lib/k8s.sh), polled inside the sync window that
# .kube-proxy-before.prom opened, so no rule dump runs in it; without: Cilium's service list.
wait_programmed() {
  local sdir="$1" step="$2" added="$3" want="$4"
  if have_kube_proxy; then
    k8s_kube_proxy_wait_programmed CLIENT_PROBE_EXEC "$sdir/.kube-proxy-before.prom" "$added" "$SVC_SYNC_TIMEOUT" \
      "kube-proxy on the client's node $CLIENT_NODE to program the $added dummy Services of step $step (SVC_SYNC_TIMEOUT)" "$sdir/programmed.json"
  else
    K8S_WAIT_FIX="check the agent: kubectl --context $K8S_CONTEXT -n kube-system exec <cilium pod on $CLIENT_NODE> -c cilium-agent -- cilium-dbg service list; raise SVC_SYNC_TIMEOUT if it is still catching up, then rerun" \
      k8s_wait "$SVC_SYNC_TIMEOUT" "the Cilium agent on the client's node $CLIENT_NODE to program $want dummy Services (SVC_SYNC_TIMEOUT)" cilium_has_services "$want"
    k8s_programmed_record "$sdir/programmed.json" "cilium-dbg service list" \
      "$(jq -cn --arg node "$CLIENT_NODE" --argjson want "$want" --argjson added "$added" '{node: $node, servicesWanted: $want, servicesAdded: $added}')"
  fi
  bench_log "step $step: $(jq -r '.source' "$sdir/programmed.json") on $CLIENT_NODE: the Services are programmed"
}

measure_service_sweep() {
  local id="$1" dir="$2" step base total had sdir cond url="$HTTP_URL"
  k8s_namespace_create_owned "$SVC_NAMESPACE"
  k8s_dummy_services_clear "$SVC_NAMESPACE"
  for step in $SVC_STEPS; do
    sdir="$dir/services-$step"
    if bench_is_done "$sdir"; then bench_log "skip service step $step (done)"; continue; fi
    base="$(($(k8s_count_services) - $(k8s_count_services "$SVC_NAMESPACE")))"
    if ((step <= base)) && [[ "$step" != "$base" ]]; then
      # A step names the Services it measured; it cannot be made smaller than what the cluster has.
      bench_log "skip service step $step: the cluster already has $base Services without the dummies"
      bench_now >"$(mkdir -p "$sdir" && echo "$sdir")/.skipped"
      bench_mark_done "$sdir"
      continue
    fi
    mkdir -p "$sdir"
    if have_kube_proxy; then k8s_kube_proxy_scrape "$CLIENT_PROBE_EXEC_NAME" "$sdir/.kube-proxy-before.prom"; fi
    had="$(k8s_dummy_services_count "$SVC_NAMESPACE")"
    if ((step > base)); then k8s_dummy_services_scale "$SVC_NAMESPACE" $((step - base)) "$SVC_ENDPOINTS" "$SVC_CREATE_PARALLEL"; fi
    total="$(k8s_count_services)"
    # Services without ports in the data plane (headless) are not counted there; wait for the dummies.
    wait_programmed "$sdir" "$step" $(($(k8s_dummy_services_count "$SVC_NAMESPACE") - had)) $((total - base))
    cond="{\"services\":$step}"
    if have_kube_proxy; then
      # The sync window closes first; the rule dump (large at high steps) comes after it.
      # Without kube-proxy there are no Service rules to count (the ingest writes N/A).
      try k8s_kube_proxy_sync_delta "$CLIENT_PROBE_EXEC_NAME" "$sdir" kube-proxy-sync "$cond" "$sdir/.kube-proxy-before.prom"
      try k8s_iptables_nat "$sdir" iptables-nat "$cond"
    fi
    if have_cilium; then
      local -a saved=("${BENCH_SERVER_EXEC[@]}")
      k8s_set_exec BENCH_SERVER_EXEC kube-system "$(k8s_pod_on_node kube-system k8s-app=cilium "$SERVER_NODE")" cilium-agent
      try bench_measure_server "$sdir" cilium-lb-list cilium-lb-list "$cond" -- cilium-dbg bpf lb list
      BENCH_SERVER_EXEC=("${saved[@]}")
    fi
    use_client "$IPERF_CLIENT_POD"
    try bench_iperf3_tcp "$sdir" iperf3-tcp "$(bench_merge_json "$cond" '{"streams":null}')" "$IPERF_SERVER_IP" "$IPERF_STREAMS" "$IPERF_DURATION"
    use_client "$FORTIO_POD"
    try bench_fortio_http "$sdir" http-qps1000-keepalive "$(bench_merge_json "$cond" '{"concurrency":null}')" "$url" 1000 keepalive "$FORTIO_CONCURRENCY" "$FORTIO_DURATION"
    try bench_fortio_http "$sdir" http-qps1000-close "$(bench_merge_json "$cond" '{"qps":null,"concurrency":null}')" "$url" 1000 close "$FORTIO_CONCURRENCY" "$FORTIO_DURATION"
    try bench_fortio_http "$sdir" http-max-keepalive "$(bench_merge_json "$cond" '{"concurrency":null}')" "$url" max keepalive "$FORTIO_CONCURRENCY" "$FORTIO_DURATION"
    measure_dns "$sdir" "$cond"
    ((ROUND_FAILED == 0)) && bench_mark_done "$sdir"
  done
  k8s_dummy_services_delete "$SVC_NAMESPACE"
}

# instance_bandwidth <instance-type>: {"baseline": Gbps, "peak": Gbps} of its first network
# card, as EC2 states them now. An instance "up to" a figure sustains only its baseline
# (m6i.xlarge: 1.5625 of 12.5 Gbps) and bursts above it while credits last, so a run's
# reference line must not be the burst figure alone.
instance_bandwidth() {
  local out
  out="$(aws ec2 describe-instance-types --instance-types "$1" --output json 2>/dev/null)" ||
    bench_die "aws ec2 describe-instance-types --instance-types $1 failed" "check the AWS credentials and region (aws sts get-caller-identity), or set NIC_LIMIT_GBPS"
  jq -c '.InstanceTypes[0].NetworkInfo.NetworkCards[0] // {} | {baseline: .BaselineBandwidthInGbps, peak: .PeakBandwidthInGbps}' <<<"$out"
}

record_environment() {
  local node_info nic="${NIC_LIMIT_GBPS:-}" type placement=""
  node_info="$(k8s_node_info_json)"
  type="$(jq -r '.nodeType // ""' <<<"$node_info")"
  local bandwidth='{}'
  if [[ "$NO_AWS" != 1 && -n "$type" ]]; then bandwidth="$(instance_bandwidth "$type")"; fi
  [[ -z "$nic" ]] && nic="$(jq -r '.peak // empty' <<<"$bandwidth")"
  [[ "$ALLOW_SINGLE_NODE" == 1 ]] && placement="single node: client and server pods share $(k8s_ready_nodes | head -n1) (ALLOW_SINGLE_NODE=1)"
  bench_manifest_set .environment "$(jq -c --arg platform "$BENCH_PLATFORM" --arg k8s "$(k8s_server_version)" --arg nic "$nic" --arg placement "$placement" \
    --argjson bw "$bandwidth" \
    '{platform: $platform, k8sVersion: $k8s} + . + (if $nic != "" then {nicLimitGbps: ($nic | tonumber)} else {} end)
     + (if $bw.baseline != null then {extra: ((.extra // {}) + {nicBaselineGbps: $bw.baseline, nicBurstGbps: $bw.peak})} else {} end)
     + (if $placement != "" then {placement: $placement} else {} end)' <<<"$node_info")"
  bench_set_params "$(params_json)" ROUNDS
  bench_protocol_record
  bench_manifest_set '.tools.kubectl' "$(kubectl version --client -o json 2>/dev/null | jq -c '.clientVersion.gitVersion // "unknown"')"
  if [[ "$NO_AWS" != 1 ]]; then
    bench_manifest_set '.tools.helm' "$(jq -Rn --arg v "$(helm version --short 2>/dev/null || echo unknown)" '$v')"
    bench_manifest_set '.tools["cilium-chart"]' "\"$CILIUM_VERSION\""
  fi
  if [[ "$ALLOW_SINGLE_NODE" == 1 ]]; then
    bench_manifest_set '.method.workloads' '"workloads.yaml without the bench.k8s-network/side node selectors and without resource requests (one node)"'
  fi
  if [[ "$NO_AWS" == 1 && -z "${USAGE_SELECTOR:-}" ]]; then
    bench_manifest_set '.method.notMeasured["agent-usage"]' '"NO_AWS=1: the cluster'"'"'s CNI has no agent pod (aws-node or cilium-agent) to sample"'
  fi
  if ((CLUSTER_DNS == 0)); then
    bench_manifest_set '.method.notMeasured["dns-latency"]' '"no cluster DNS (kube-system/kube-dns): no lookup to time; HTTP went to the httpbin ClusterIP"'
  fi
}

record_scenario() {
  local id="$1"
  bench_manifest_set ".scenarios[\"$id\"]" "$(scenario_manifest_json "$id")"
  use_client "$IPERF_CLIENT_POD"
  bench_manifest_set '.tools.iperf3' "$(jq -Rn --arg v "$(bench_tool_version iperf3)" '$v')"
  bench_manifest_set '.tools.dig' "$(jq -Rn --arg v "$(bench_tool_version dig)" '$v')"
  use_client "$NETPERF_CLIENT_POD"
  bench_manifest_set '.tools.netperf' "$(jq -Rn --arg v "$(bench_tool_version netperf)" '$v')"
  use_client "$FORTIO_POD"
  bench_manifest_set '.tools.fortio' "$(jq -Rn --arg v "$(bench_tool_version fortio)" '$v')"
  bench_manifest_set .images "$(jq -c --argjson now "$(k8s_image_digests "$NAMESPACE")" '.images + $now' "$BENCH_MANIFEST")"
  if have_cilium; then
    bench_manifest_set ".images[\"cilium-agent\"]" "$(k8s_image_digests kube-system k8s-app=cilium | jq -c '.["cilium-agent"] // "unknown"')"
  fi
}

# Measurements of one round of scenario <id> (baseline + every Service step).
measurements_per_round() {
  local id="$1" qps_count steps per_step udp_steps
  qps_count="$(wc -w <<<"$QPS_LEVELS")"
  steps="$(wc -w <<<"$SVC_STEPS")"
  udp_steps="$(wc -w <<<"$UDP_LOADS")"
  # iperf3, 3 x fortio, dns; plus kube-proxy's rules and sync time, and Cilium's LB list.
  local dns=$((CLUSTER_DNS)) agent=1
  [[ "$NO_AWS" == 1 && -z "${USAGE_SELECTOR:-}" ]] && agent=0
  per_step=$((4 + dns))
  [[ "$(scenario_field "$id" '.apply.kubeProxy')" == present ]] && per_step=$((per_step + 2))
  [[ "$id" != A ]] && per_step=$((per_step + 1))
  echo $((3 + udp_steps + dns + agent + 2 * qps_count + steps * per_step))
}

# Traffic windows of one round whose node counters are read: iperf3 TCP, UDP and each sweep
# step, fortio keep-alive and close per QPS level; per Service step one iperf3 and three fortio.
counted_windows_per_round() {
  echo $((2 + $(wc -w <<<"$UDP_LOADS") + 2 * $(wc -w <<<"$QPS_LEVELS") + 4 * $(wc -w <<<"$SVC_STEPS")))
}

# Seconds one round takes, roughly: the tools' durations plus about 10 s per measurement.
round_seconds() {
  local id="$1" qps_count steps
  qps_count="$(wc -w <<<"$QPS_LEVELS")"
  steps="$(wc -w <<<"$SVC_STEPS")"
  echo $(((2 + steps) * IPERF_DURATION + $(wc -w <<<"$UDP_LOADS") * UDP_STEP_DURATION + NETPERF_DURATION + (2 * qps_count + 3 * steps) * FORTIO_DURATION \
    + (1 + steps) * DNS_QUERIES / 10 + TOP_SAMPLES * TOP_INTERVAL + 10 * $(measurements_per_round "$id")))
}

print_plan() {
  local id="$1" per seconds values switch
  per="$(measurements_per_round "$id")"
  seconds=$(($(round_seconds "$id") * ROUNDS + 600))
  values="$(scenario_field "$id" '.apply.helmValues // ""')"
  if [[ -z "$values" ]]; then switch="uninstall Cilium, restore aws-node and kube-proxy"
  else switch="aws-node off, kube-proxy $(scenario_field "$id" '.apply.kubeProxy'), helm upgrade --install cilium $CILIUM_VERSION -f scenarios/$values"; fi
  printf 'Plan for scenario %s (%s), run directory %s:\n' "$id" "$(scenario_field "$id" '.name')" "$RUN_DIR"
  printf '  switch: %s\n' "$switch"
  printf '  nodes: replaced (node group %s scaled to 0 and back, about 10 min) when they were not set up by %s IPAM%s\n' \
    "$NODEGROUP" "$(scenario_ipam_mode "$id")" "$([[ "$REPLACE_NODES" == 1 ]] || echo '; REPLACE_NODES=0: the run stops there instead')"
  [[ -z "$values" ]] || printf '  then: every Cilium agent checked for the features scenarios/%s sets\n' "$values"
  printf '  measurements: %s rounds x %s = %s (Service steps: %s; QPS levels: %s)\n' "$ROUNDS" "$per" $((per * ROUNDS)) "$SVC_STEPS" "$QPS_LEVELS"
  printf '  UDP sweep: %s (%s x %s s per round, each step killed %s s past its duration)\n' "${UDP_LOADS:-none}" "$(wc -w <<<"$UDP_LOADS")" "$UDP_STEP_DURATION" "${BENCH_TIMEOUT_SLACK:-60}"
  printf '  node counters: %s windows per round (iperf3 and fortio) read before and after on the client and the server node (ethtool -S <primary interface>: bw_in/bw_out/pps/conntrack/linklocal_allowance_exceeded; nstat -az: TcpRetransSegs, UdpRcvbufErrors, UdpInErrors), kept as <id>.counters.txt beside each result\n' \
    "$(counted_windows_per_round)"
  printf '  estimated duration: about %s min (including about 10 min of switching and rollouts)\n' $((seconds / 60))
  printf 'What each window records, beside its raw output (<id>.<ext>):\n'
  printf '  every measurement: <id>.meta.json with the client node'"'"'s host sample before and after it (load, CPU busy and steal, CPU pressure) and the idle gate it passed\n'
  printf '  iperf3 and fortio windows: <id>.counters.txt (the node counters above); UDP datagrams of UDP_LENGTH bytes (default: the iperf3 pods'"'"' smaller eth0 MTU less 28)\n'
  [[ "$NO_AWS" == 1 && -z "${USAGE_SELECTOR:-}" ]] ||
    printf '  agent CPU/memory: agent-usage.txt, the kubelet'"'"'s resource metrics of the agent'"'"'s nodes before and during a fortio load\n'
  if [[ "$(scenario_field "$id" '.apply.kubeProxy')" == present ]]; then
    printf '  each Service step: kube-proxy'"'"'s sync window (its /metrics on the client node before the Services are created, kube-proxy-sync.txt when they are programmed); services-<N>/programmed.json, what said so (kube-proxy'"'"'s change counters, pending changes, last sync and last queued change: no rule dump inside the window); then the nat table (iptables-nat.txt) once%s\n' \
      "$([[ "$id" != A ]] && echo ", and the server agent's cilium-dbg bpf lb list")"
  else
    printf '  each Service step: services-<N>/programmed.json (the client node agent'"'"'s cilium-dbg service list: no kube-proxy), then the server agent'"'"'s cilium-dbg bpf lb list\n'
  fi
  if [[ -f "$(node_state_file)" ]]; then
    printf '  resume: %s holds an unfinished node replacement of scenario %s (%s, %s nodes of node group %s): finished first\n' \
      "$(node_state_file)" "$(node_state_get scenario)" "$(node_state_get phase)" "$(node_state_get count)" "$NODEGROUP"
  fi
}

main() {
  local dry_run=0 arg id=""
  for arg in "$@"; do
    case "$arg" in
      -h | --help) usage; exit 0 ;;
      --dry-run) dry_run=1 ;;
      A | B | C | D | E) id="$arg" ;;
      *) usage >&2; bench_die "unknown scenario '$arg'" "pass one of A B C D E" ;;
    esac
  done
  [[ -n "$id" ]] || { usage >&2; bench_die "no scenario given" "pass one of A B C D E, e.g. ./run-benchmark.sh A"; }
  local round dir
  validate_params
  if ((dry_run)); then print_plan "$id"; exit 0; fi
  bench_install_traps
  preflight "$id"
  BENCH_PLAN_TOTAL=$(($(measurements_per_round "$id") * ROUNDS))
  bench_init_run "$RUN_DIR" eks-cni eks scripts/benchmarks/eks-cni/run-benchmark.sh
  if bench_is_done "$BENCH_RUN_DIR/$id"; then
    bench_log "scenario $id is finished in $BENCH_RUN_DIR; nothing to do (remove $BENCH_RUN_DIR/$id/.done to measure it again)"
    return 0
  fi
  # The environment is read from the nodes: after an interrupted replacement, once they are back.
  ((NODE_CHECKS_DEFERRED)) || record_environment
  if [[ "$ALLOW_SINGLE_NODE" == 1 ]]; then single_node_workloads; fi
  # NO_AWS=1: the cluster's own data plane is scenario A; nothing to switch.
  if [[ "$NO_AWS" == 1 ]]; then workloads_wait; else switch_to "$id"; fi
  if ((NODE_CHECKS_DEFERRED)); then
    preflight_nodes
    preflight_side_labels
    record_environment
  fi
  resolve_pods
  record_scenario "$id"
  local measured=0
  for ((round = 1; round <= ROUNDS; round++)); do
    dir="$(bench_round_dir "$id" "$round")"
    if bench_is_done "$dir"; then bench_log "scenario $id round $round already done; skipping"; continue; fi
    if ((measured)); then bench_round_rest; fi
    measured=1
    bench_log "scenario $id round $round/$ROUNDS"
    ROUND_FAILED=0
    measure_baseline "$id" "$dir" "$round"
    measure_service_sweep "$id" "$dir"
    if ((ROUND_FAILED)); then
      bench_die "scenario $id round $round had failed measurements (see the FAILED lines above)" \
        "fix the cause and rerun with RUN_DIR=$BENCH_RUN_DIR: finished measurements are kept"
    fi
    bench_mark_done "$dir"
  done
  bench_mark_done "$BENCH_RUN_DIR/$id"
  bench_log "scenario $id finished; raw outputs in $BENCH_RUN_DIR/$id"
}

main "$@"
