#!/usr/bin/env bash
# kube-proxy in iptables mode against nftables mode, on the project's local
# single-node Kubernetes (npm run kube:up), measured with the same lib/bench.sh
# and lib/k8s.sh functions as the EKS and TKE scripts. See --help.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/../../.." && pwd)"
# shellcheck source=../lib/bench.sh
source "$SCRIPT_DIR/../lib/bench.sh"
# shellcheck source=../lib/k8s.sh
source "$SCRIPT_DIR/../lib/k8s.sh"

# The local cluster's paths (kubeconfig, binaries, metrics address), when this checkout has it.
KUBE_LIB="$REPO_ROOT/scripts/kube/lib.sh"
if [[ -f "$KUBE_LIB" ]]; then
  # shellcheck source=/dev/null
  source "$KUBE_LIB"
  export KUBECONFIG="${KUBECONFIG:-$KUBECONFIG_PATH}"
  if [[ -d "$KUBE_BIN_DIR" ]]; then PATH="$KUBE_BIN_DIR:$PATH"; fi
fi

# shellcheck disable=SC2034 # recorded in the manifest by bench_init_run
BENCH_SCRIPT_VERSION="1.0.0"
SCRIPT_PATH="scripts/benchmarks/kube-proxy/bench-kube-proxy.sh"

usage() {
  cat <<'EOF'
usage: npm run bench:kube-proxy        (or: sudo bash scripts/benchmarks/kube-proxy/bench-kube-proxy.sh)

Measures kube-proxy in iptables mode and in nftables mode on the local
single-node cluster. Starts the cluster with scripts/kube (npm run kube:up)
when no API server answers, and stops it again at the end in that case.

For each Service count in SVC_STEPS (dummy Services with EndpointSlices, created
in parallel through lib/k8s.sh, shared by both modes), and for each mode in MODES
(kube-proxy is restarted in that mode and the data plane checked programmed):
  ROUNDS times
    full sync      the node's topology.kubernetes.io/zone label is changed, which
                   makes kube-proxy rewrite every rule; its /metrics is scraped
                   before and after: the DELTA of the
                   kubeproxy_sync_full_proxy_rules_duration_seconds histogram is
                   that sync; its CPU is the delta of the counter of kube-proxy's
                   cgroup (kube-proxy and the iptables-restore / nft it runs;
                   process_cpu_seconds_total, kube-proxy alone, without it), plus the RSS
    programming    one probe EndpointSlice changes, stamped with the
                   endpoints.kubernetes.io/last-change-trigger-time annotation,
                   sent through kubectl proxy;
                   the delta of kubeproxy_network_programming_duration_seconds
                   is its network-programming latency, the partial-sync
                   histogram the sync that applied it
    short conns    fortio in a pod, a new TCP connection per request, to the
                   ClusterIP: requests/s, latency and connect() time p50/p90/p99
    keepalive      the same over kept-alive connections
  once             the rules: iptables-save -t nat (iptables mode) or
                   nft -j list table ip kube-proxy (nftables mode), gzipped
IPVS is recorded as not applicable when the kernel has no ip_vs module.

Environment (default):
  ROUNDS=3                rounds per step and mode (the dataset keeps the median)
  SVC_STEPS=0,1000,5000,10000,20000,30000   dummy Service counts, ascending
  MODES=iptables,nftables kube-proxy modes, measured in this order at each step
  SVC_ENDPOINTS=1         endpoints per dummy Service (198.18.0.0/15, never routed)
  SVC_CREATE_PARALLEL=2   parallel kubectl apply workers (batches of 500)
  SVC_SYNC_TIMEOUT=1200   seconds for the data plane to program a step
  SYNC_TIMEOUT=180        seconds for one forced full sync or probe to be applied
  PROBE_SETTLE=2          seconds between the last sync and the probe change (more than
                          kube-proxy's 1 s minSyncPeriod)
  HTTP_DURATION=10        seconds per fortio test
  HTTP_CONCURRENCY=1      fortio connections (one at a time: on 2 shared cores more
                          connections only add queueing to the connect() time)
  KP_METRICS_URL=http://127.0.0.1:10249/metrics   kube-proxy metrics endpoint
  KP_MODE_CMD="bash scripts/kube/kube.sh proxy-mode"  restarts kube-proxy in the mode given
                          as its last argument (the local cluster's own command)
  KUBE_UP=auto            auto: run npm run kube:up when no API server answers (and
                          kube:down at the end); 0: never
  KUBE_CONTEXT=<current>  kube context
  NS=kpbench              namespace of the client, server and probe (created, then deleted)
  OUT=bench-runs/kube-proxy-<UTC time>   run directory (an existing one is resumed)
  DATA_OUT=static/data    datasets root for the ingest
  VERSION=                dataset version (default: today, or today.N)
  SKIP_INGEST=0           1 = only measure
  BENCH_KUBE_QUICK=0      1 = CI: SVC_STEPS=0,200,1000, ROUNDS=2, 2 s fortio tests

Everything the script creates (namespaces, Services, the zone label, the probe)
is removed on exit, failure or Ctrl-C; kube-proxy is left in the mode it had.
EOF
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  usage
  exit 0
fi
[[ $# -eq 0 ]] || bench_die "unknown argument '$1'" "run with --help; parameters are environment variables"

if [[ "${BENCH_KUBE_QUICK:-0}" == 1 ]]; then
  : "${SVC_STEPS:=0,200,1000}" "${ROUNDS:=2}" "${HTTP_DURATION:=2}"
fi
ROUNDS="${ROUNDS:-3}"
SVC_STEPS="${SVC_STEPS:-0,1000,5000,10000,20000,30000}"
MODES="${MODES:-iptables,nftables}"
SVC_ENDPOINTS="${SVC_ENDPOINTS:-1}"
SVC_CREATE_PARALLEL="${SVC_CREATE_PARALLEL:-2}"
SVC_SYNC_TIMEOUT="${SVC_SYNC_TIMEOUT:-1200}"
SYNC_TIMEOUT="${SYNC_TIMEOUT:-180}"
PROBE_SETTLE="${PROBE_SETTLE:-2}"
HTTP_DURATION="${HTTP_DURATION:-10}"
HTTP_CONCURRENCY="${HTTP_CONCURRENCY:-1}"
KP_METRICS_URL="${KP_METRICS_URL:-${KUBE_PROXY_METRICS_URL:-http://127.0.0.1:10249/metrics}}"
KP_MODE_CMD="${KP_MODE_CMD:-bash $REPO_ROOT/scripts/kube/kube.sh proxy-mode}"
KUBE_UP="${KUBE_UP:-auto}"
KUBE_CONTEXT="${KUBE_CONTEXT:-}"
NS="${NS:-kpbench}"
OUT="${OUT:-$REPO_ROOT/bench-runs/kube-proxy-$(date -u +%Y%m%dT%H%M%SZ)}"
DATA_OUT="${DATA_OUT:-$REPO_ROOT/static/data}"
DATASET_VERSION="${VERSION:-}"
SKIP_INGEST="${SKIP_INGEST:-0}"

SVC_NS="$NS-svc"
# The image workloads.yaml pins; the local cluster imports it under this name.
IMAGE_FORTIO="fortio/fortio:1.68.2"
ZONE_LABEL="topology.kubernetes.io/zone"
# kube-proxy's own series (histogram _sum and _count, no buckets) and its process
# CPU/RSS: what the parsers read. The whole /metrics is about 100 KB per scrape,
# mostly Go runtime and client-go detail.
METRICS_FILTER='^(kubeproxy_|process_cpu_seconds_total |process_resident_memory_bytes )'
# Written by scripts/kube/kube.sh: the CPU counter file of kube-proxy's own cgroup.
KP_CPU_REF="${KUBE_RUN_DIR:-/run/k8s-network-bench}/kube-proxy.cpu"
# How a capture names that counter (seconds, like process_cpu_seconds_total).
KP_CPU_SERIES='cgroup_cpu_usage_seconds_total{cgroup="kube-proxy"}'

# shellcheck disable=SC2034 # used by name: measure on this host (the node itself)
HOST_EXEC=()

# ---------------------------------------------------------------- checks

check_params() {
  local n prev=-1 step mode
  for n in ROUNDS PROBE_SETTLE SVC_ENDPOINTS SVC_CREATE_PARALLEL SVC_SYNC_TIMEOUT SYNC_TIMEOUT HTTP_DURATION HTTP_CONCURRENCY; do
    [[ "${!n}" =~ ^[1-9][0-9]*$ ]] || bench_die "$n='${!n}' is not a positive whole number" "set $n to e.g. 3"
  done
  IFS=',' read -r -a STEPS <<<"$SVC_STEPS"
  ((${#STEPS[@]} > 0)) || bench_die "SVC_STEPS is empty" "e.g. SVC_STEPS=0,1000,5000"
  for step in "${STEPS[@]}"; do
    if ! [[ "$step" =~ ^[0-9]+$ ]] || ((step <= prev)); then bench_die "SVC_STEPS='$SVC_STEPS' must be ascending whole numbers" "e.g. SVC_STEPS=0,1000,5000,10000,20000,30000"; fi
    ((step <= 60000)) || bench_die "SVC_STEPS has $step Services; the local cluster's Service range is sized for 60,000" "keep every step at 60000 or less"
    prev="$step"
  done
  IFS=',' read -r -a MODE_LIST <<<"$MODES"
  for mode in "${MODE_LIST[@]}"; do
    case "$mode" in iptables | nftables) ;; *) bench_die "MODES contains '$mode'" "use iptables and/or nftables (IPVS is not in this kernel)" ;; esac
  done
  case "$KUBE_UP" in auto | 0) ;; *) bench_die "KUBE_UP='$KUBE_UP'" "set KUBE_UP=auto or 0" ;; esac
  [[ "$SKIP_INGEST" == 0 || "$SKIP_INGEST" == 1 ]] || bench_die "SKIP_INGEST='$SKIP_INGEST'" "set SKIP_INGEST=0 or 1"
}

# ---------------------------------------------------------------- cluster

api_answers() { timeout 10 kubectl ${KUBE_CONTEXT:+--context "$KUBE_CONTEXT"} get --raw /readyz >/dev/null 2>&1; }

ensure_cluster() {
  if api_answers; then return 0; fi
  [[ "$KUBE_UP" == auto ]] || bench_die "no Kubernetes API server answers (KUBE_UP=0)" "start the local cluster with 'npm run kube:up' or point KUBE_CONTEXT at one"
  bench_log "no API server answers: starting the local cluster (npm run kube:up)"
  (cd "$REPO_ROOT" && npm run --silent kube:up) || bench_die "npm run kube:up failed" "see its output above; 'npm run kube:up -- --help' lists what it needs"
  bench_on_cleanup kube_down
  api_answers || bench_die "the cluster started but its API server does not answer" "check 'kubectl get --raw /readyz' and the logs under scripts/kube"
}

kube_down() { (cd "$REPO_ROOT" && npm run --silent kube:down); }

# The node's zone label as found, restored on exit (removed if it had none).
ZONE_ORIGINAL=""
zone_restore() {
  if [[ -n "$ZONE_ORIGINAL" ]]; then
    kc label node "$NODE" "$ZONE_LABEL=$ZONE_ORIGINAL" --overwrite >/dev/null
  else
    kc label node "$NODE" "$ZONE_LABEL-" >/dev/null 2>&1 || true
  fi
}

kp_scrape() { curl -fsS --max-time 10 "$KP_METRICS_URL"; }

# kp_value <metric-line-prefix>: first sample value (0 when absent), e.g. of a histogram _count.
kp_value() { kp_scrape | awk -v p="$1" 'index($0, p) == 1 {print $NF; found = 1; exit} END {if (!found) print 0}'; }

# Rules the data plane holds for Services, counted where kube-proxy wrote them.
dataplane_count() {
  case "$MODE" in
    iptables) k8s_kube_service_chain_length HOST_EXEC ;;
    nftables) k8s_nft_service_count HOST_EXEC ;;
  esac
}
dataplane_has() { (($(dataplane_count) >= $1)); }

# set_mode <mode>: restart kube-proxy in <mode> with the local cluster's command,
# then wait until it answers and has programmed what exists.
set_mode() {
  local mode="$1" since
  MODE="$mode"
  since="$(date +%s)"
  bench_log "kube-proxy -> $mode mode ($KP_MODE_CMD $mode)"
  # shellcheck disable=SC2086 # KP_MODE_CMD is a command line
  $KP_MODE_CMD "$mode" >>"$BENCH_RUN_DIR/logs/kube-proxy-mode.log" 2>&1 ||
    bench_die "could not restart kube-proxy in $mode mode" "see $BENCH_RUN_DIR/logs/kube-proxy-mode.log; run '$KP_MODE_CMD $mode' yourself"
  k8s_wait "$SYNC_TIMEOUT" "kube-proxy ($mode) to answer on $KP_METRICS_URL and finish its first sync" \
    kp_synced_since "$since"
  k8s_wait "$SVC_SYNC_TIMEOUT" "kube-proxy ($mode) to program $((BASE_SERVICES + CURRENT_STEP)) Services" \
    dataplane_has $((BASE_SERVICES + CURRENT_STEP))
}

kp_synced_since() {
  local last
  last="$(kp_value 'kubeproxy_sync_proxy_rules_last_timestamp_seconds')"
  awk -v l="$last" -v s="$1" 'BEGIN {exit !(l + 0 >= s + 0)}'
}

# ---------------------------------------------------------------- workloads

# fortio_pod <name>: server and client are the same idle fortio (the image has no
# shell or sleep); the load is exec'd into the client.
fortio_pod() {
  cat <<EOF
apiVersion: v1
kind: Pod
metadata: {name: $1, namespace: $NS, labels: {app: $1}}
spec:
  containers:
    - {name: fortio, image: $IMAGE_FORTIO, imagePullPolicy: IfNotPresent, command: [fortio, server, -http-port, "8080"]}
EOF
}

workloads_manifest() {
  cat <<EOF
$(fortio_pod kp-server)
---
apiVersion: v1
kind: Service
metadata: {name: kp-server, namespace: $NS}
spec:
  selector: {app: kp-server}
  ports: [{name: http, port: 80, targetPort: 8080, protocol: TCP}]
---
$(fortio_pod kp-client)
---
apiVersion: v1
kind: Service
metadata: {name: kp-probe, namespace: $NS}
spec:
  ports: [{name: http, port: 80, protocol: TCP}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: kp-probe-1, namespace: $NS, labels: {kubernetes.io/service-name: kp-probe}}
addressType: IPv4
ports: [{name: http, port: 80, protocol: TCP}]
endpoints: [{addresses: ["198.19.0.1"], conditions: {ready: true}}]
EOF
}

deploy_workloads() {
  k8s_namespace_create_owned "$NS"
  workloads_manifest | kc apply -f - >/dev/null || bench_die "could not create the test pods in $NS" "check 'kubectl -n $NS get events'"
  k8s_pods_ready "$NS" "$WAIT_TIMEOUT" "the test pods in $NS to be Ready"
  SERVICE_IP="$(kc -n "$NS" get service kp-server -o jsonpath='{.spec.clusterIP}')"
  NODE="$(k8s_pod_field "$NS" kp-client '{.spec.nodeName}')"
  # shellcheck disable=SC2034 # recorded in each meta by lib/bench.sh
  BENCH_CLIENT_NODE="$NODE"
  # shellcheck disable=SC2034
  BENCH_SERVER_NODE="$(k8s_pod_field "$NS" kp-server '{.spec.nodeName}')"
  k8s_set_exec BENCH_CLIENT_EXEC "$NS" kp-client fortio
  # shellcheck disable=SC2034 # read by bench_fortio_http: fortio as found inside the pod
  BENCH_FORTIO=fortio
  bench_log "client and server on $NODE; Service kp-server at $SERVICE_IP"
}

# ---------------------------------------------------------------- measuring

# Shared by the two windowed captures: print a marked scrape of the filtered metrics.
# shellcheck disable=SC2016 # expanded by the capture's bash
CAPTURE_LIB='set -euo pipefail
scrape() {
  printf "# scrape %s %s\n" "$1" "$(date -u +%Y-%m-%dT%H:%M:%S.%NZ)"
  curl -fsS --max-time 10 "$URL" | grep -E "$FILTER" | grep -v "_bucket{"
  cgroup_cpu
}
# CPU of kube-proxy and of the iptables-restore / nft processes it starts: the
# counter of the cgroup scripts/kube/kube.sh runs it in (file named in $CPU_REF).
cgroup_cpu() {
  local file n
  file="$(cat "$CPU_REF" 2>/dev/null)" || return 0
  case "$file" in
    */cpuacct.usage) read -r n <"$file"; printf "%s %d.%09d\n" "$CPU_SERIES" $((n / 1000000000)) $((n % 1000000000)) ;;
    */cpu.stat) n="$(awk "\$1 == \"usage_usec\" {print \$2}" "$file")"; printf "%s %d.%06d\n" "$CPU_SERIES" $((n / 1000000)) $((n % 1000000)) ;;
  esac
}
value_of() { awk -v p="$1" "index(\$0, p) == 1 && !found {print \$NF; found = 1}"; }
wait_count_above() { # <metric-prefix> <count> <timeout-s>
  local end=$(( $(date +%s) + $3 )) now
  while :; do
    now="$(curl -fsS --max-time 10 "$URL" | value_of "$1")" || now=0
    awk -v a="${now:-0}" -v b="$2" "BEGIN {exit !(a + 0 > b + 0)}" && return 0
    (( $(date +%s) < end )) || { echo "timed out waiting for $1 to pass $2" >&2; return 1; }
    sleep 0.2
  done
}'

# One full resync, forced by a new zone label on the node.
# shellcheck disable=SC2016
FULLSYNC_SCRIPT='eval "$CAPTURE_LIB"
before="$(scrape before)"; printf "%s\n" "$before"
count="$(printf "%s\n" "$before" | value_of kubeproxy_sync_full_proxy_rules_duration_seconds_count)"
"$@" >/dev/null
wait_count_above kubeproxy_sync_full_proxy_rules_duration_seconds_count "${count:-0}" "$TIMEOUT"
scrape after'

# One endpoint change of the probe Service, stamped as the EndpointSlice controller
# would, and sent at once (curl through kubectl proxy: no kubectl start-up inside
# the measured latency).
# shellcheck disable=SC2016
NETPROG_SCRIPT='eval "$CAPTURE_LIB"
before="$(scrape before)"; printf "%s\n" "$before"
count="$(printf "%s\n" "$before" | value_of kubeproxy_network_programming_duration_seconds_count)"
stamp="$(date -u +%Y-%m-%dT%H:%M:%S.%NZ)"
sed "s/@STAMP@/$stamp/" "$PATCH" | "$@" >/dev/null
wait_count_above kubeproxy_network_programming_duration_seconds_count "${count:-0}" "$TIMEOUT"
scrape after'

# Seeded from the clock so a resumed run never re-applies the address the slice already has.
PROBE_SEQ=$(($(date +%s) % 60000))
# probe_patch: a merge patch giving the probe's EndpointSlice a new address (@STAMP@ is
# replaced with the time the change is sent).
probe_patch() {
  PROBE_SEQ=$((PROBE_SEQ + 1))
  printf '{"metadata":{"annotations":{"endpoints.kubernetes.io/last-change-trigger-time":"@STAMP@"}},"endpoints":[{"addresses":["198.19.%d.%d"],"conditions":{"ready":true}}]}\n' \
    $((PROBE_SEQ / 250 % 250)) $((PROBE_SEQ % 250 + 1))
}

# start_api_proxy: kubectl proxy on a free loopback port, stopped by PID on exit.
API_PROXY=""
start_api_proxy() {
  local log="$BENCH_RUN_DIR/logs/kubectl-proxy.log"
  # kubectl itself in the background (not the kc function, whose $! would be a subshell).
  "${K8S_KUBECTL[@]}" proxy --address=127.0.0.1 --port=0 >"$log" 2>&1 &
  local pid=$!
  bench_on_cleanup stop_pid "$pid"
  k8s_wait 30 "kubectl proxy to listen (log: $log)" grep -q '^Starting to serve on ' "$log"
  API_PROXY="http://$(sed -n 's/^Starting to serve on //p' "$log" | head -n1)"
}

stop_pid() {
  kill "$1" 2>/dev/null || return 0
  local i
  for ((i = 0; i < 50; i++)); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$1" 2>/dev/null || true
}

measure_fullsync() {
  local rd="$1" id="$2" cond="$3"
  URL="$KP_METRICS_URL" FILTER="$METRICS_FILTER" TIMEOUT="$SYNC_TIMEOUT" CAPTURE_LIB="$CAPTURE_LIB" CPU_REF="$KP_CPU_REF" CPU_SERIES="$KP_CPU_SERIES" \
    BENCH_TOOL=kube-proxy BENCH_MEASURE_TIMEOUT=$((SYNC_TIMEOUT + 60)) \
    bench_measure_via HOST_EXEC "$rd" "$id" kubeproxy-fullsync "$cond" -- \
    bash -c "$FULLSYNC_SCRIPT" fullsync "${K8S_KUBECTL[@]}" label node "$NODE" "$ZONE_LABEL=kpbench-$(date +%s%N)" --overwrite
}

measure_netprog() {
  local rd="$1" id="$2" cond="$3" patch
  patch="$BENCH_RUN_DIR/logs/probe-patch.json"
  probe_patch >"$patch"
  # kube-proxy syncs at most once per minSyncPeriod (1 s): let the previous sync age
  # past it, so the latency is that of the change, not of the rate limit.
  sleep "$PROBE_SETTLE"
  URL="$KP_METRICS_URL" FILTER="$METRICS_FILTER" TIMEOUT="$SYNC_TIMEOUT" CAPTURE_LIB="$CAPTURE_LIB" CPU_REF="$KP_CPU_REF" CPU_SERIES="$KP_CPU_SERIES" PATCH="$patch" \
    BENCH_TOOL=kube-proxy BENCH_MEASURE_TIMEOUT=$((SYNC_TIMEOUT + 60)) \
    bench_measure_via HOST_EXEC "$rd" "$id" kubeproxy-netprog "$cond" -- \
    bash -c "$NETPROG_SCRIPT" netprog curl -fsS --max-time 10 -X PATCH -H 'Content-Type: application/merge-patch+json' \
    --data-binary @- "$API_PROXY/apis/discovery.k8s.io/v1/namespaces/$NS/endpointslices/kp-probe-1"
}

measure_rules() {
  local rd="$1" id="$2" cond="$3"
  case "$MODE" in
    iptables)
      BENCH_RAW_EXT=txt.gz BENCH_TOOL=iptables-save BENCH_MEASURE_TIMEOUT=300 \
        bench_measure_via HOST_EXEC "$rd" "$id" iptables-nat "$cond" -- \
        sh -c "($K8S_IPTABLES_SAVE_SCRIPT) | gzip -6" ;;
    nftables)
      BENCH_RAW_EXT=json.gz BENCH_TOOL=nft BENCH_MEASURE_TIMEOUT=300 \
        bench_measure_via HOST_EXEC "$rd" "$id" nft-table "$cond" -- \
        sh -c 'nft -j list table ip kube-proxy | gzip -6' ;;
  esac
}

# measure_step_round <step-dir> <round> <step>: one round of everything at the current
# mode and step, into <mode>/round-<k>/services-<N>/ (the ingest's step layout).
measure_step_round() {
  local sd="$1" round="$2" step="$3" cond url
  cond="{\"services\":$step}"
  url="http://$SERVICE_IP:80/echo"
  measure_fullsync "$sd" fullsync "$cond"
  measure_netprog "$sd" netprog "$cond"
  # The rules are the same every round; capture them once per step (they are large).
  if ((round == 1)); then measure_rules "$sd" rules "$cond"; fi
  bench_fortio_http "$sd" http-close "$cond" "$url" max close "$HTTP_CONCURRENCY" "$HTTP_DURATION"
  bench_fortio_http "$sd" http-keepalive "$cond" "$url" max keepalive "$HTTP_CONCURRENCY" "$HTTP_DURATION"
}

# ---------------------------------------------------------------- run record

params_json() {
  jq -n --argjson rounds "$ROUNDS" --arg steps "$SVC_STEPS" --arg modes "$MODES" \
    --argjson eps "$SVC_ENDPOINTS" --argjson par "$SVC_CREATE_PARALLEL" --argjson http "$HTTP_DURATION" \
    --argjson conc "$HTTP_CONCURRENCY" --argjson settle "$PROBE_SETTLE" \
    '{ROUNDS: $rounds, SVC_STEPS: $steps, MODES: $modes, SVC_ENDPOINTS: $eps, SVC_CREATE_PARALLEL: $par,
      HTTP_DURATION: $http, HTTP_CONCURRENCY: $conc, PROBE_SETTLE: $settle}'
}

kernel_has_ipvs() { [[ -d /proc/net/ip_vs ]] || modprobe -n ip_vs >/dev/null 2>&1; }

write_manifest() {
  local node_info cpu_model kp_version ipvs nft_version ipt_version
  node_info="$(k8s_node_info_json)"
  cpu_model="$(awk -F': *' '/^model name/ {print $2; exit}' /proc/cpuinfo)"
  kp_version="$(kc get nodes -o jsonpath='{.items[0].status.nodeInfo.kubeProxyVersion}' 2>/dev/null || true)"
  ipt_version="$(iptables --version 2>/dev/null | head -n1)"
  nft_version="$(nft --version 2>/dev/null | head -n1)"
  if kernel_has_ipvs; then ipvs="available (not measured)"; else ipvs="not applicable: this kernel has no ip_vs module"; fi
  bench_manifest_set .environment "$(jq -c --arg k8s "$(k8s_server_version)" --arg cpu "${cpu_model:-unknown}" \
    --argjson cpus "$(nproc)" --arg ipt "$ipt_version" --arg nft "$nft_version" --arg ipvs "$ipvs" \
    --arg mem "$(awk '/^MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)" \
    '{platform: "Single-node Kubernetes (local, built from upstream sources)", k8sVersion: $k8s} + .
     + {cpuModel: $cpu, cpus: $cpus, memory: $mem, iptables: $ipt, nft: $nft, ipvs: $ipvs}' <<<"$node_info")"
  bench_manifest_set .tools "$(jq -n --arg kubectl "$(kubectl version --client -o json 2>/dev/null | jq -r '.clientVersion.gitVersion // "unknown"')" \
    --arg kp "${kp_version:-$(k8s_server_version)}" --arg fortio "$(bench_tool_version fortio)" \
    --arg ipt "$(iptables --version 2>/dev/null | awk '{print $2}')" --arg nft "$(nft --version 2>/dev/null | awk '{print $2}')" \
    '{"kube-proxy": $kp, kubectl: $kubectl, fortio: $fortio, iptables: $ipt, nft: $nft}')"
  bench_manifest_set .images "$(k8s_image_digests "$NS")"
  bench_manifest_set .scenarios "$(jq -n --arg ipt "$ipt_version" --arg nft "$nft_version" '{
    iptables: {name: "kube-proxy iptables", cni: "bridge + host-local (CNI plugins)", kubeProxy: ("iptables mode, " + $ipt),
      routing: "one node, pods on a Linux bridge",
      purpose: {en: "One nat rule per Service in KUBE-SERVICES, walked in order by the first packet of each connection",
                ko: "Service마다 KUBE-SERVICES에 nat 규칙 하나가 있고, 연결의 첫 패킷이 이를 차례로 검사합니다",
                zh: "KUBE-SERVICES 中每个 Service 一条 nat 规则，每个连接的首包按顺序逐条匹配"}},
    nftables: {name: "kube-proxy nftables", cni: "bridge + host-local (CNI plugins)", kubeProxy: ("nftables mode, " + $nft),
      routing: "one node, pods on a Linux bridge",
      purpose: {en: "One verdict-map lookup for every Service IP and port, in its own table ip kube-proxy",
                ko: "독자 테이블 ip kube-proxy에서 모든 Service IP와 포트를 판정 맵 한 번의 조회로 처리합니다",
                zh: "在独立的 ip kube-proxy 表中，用一次判决映射查找处理所有 Service IP 与端口"}}}')"
}

# ---------------------------------------------------------------- main

main() {
  check_params
  [[ "$(id -u)" == 0 ]] || bench_die "bench-kube-proxy needs root (iptables-save, nft, the local cluster)" "run it as root: sudo -E npm run bench:kube-proxy"
  bench_require_tools kubectl jq curl iptables-save nft gzip timeout awk sha256sum
  export K8S_WAIT_TIMEOUT="${WAIT_TIMEOUT:=300}"
  bench_install_traps
  bench_init_run "$OUT" kube-proxy local-kube "$SCRIPT_PATH"
  if run_is_measured; then
    bench_log "every step of every mode is already measured in $BENCH_RUN_DIR; not touching the cluster"
  else
    measure_all
  fi
  # The steps and modes this run directory holds (a resumed run may have been given fewer).
  bench_manifest_set .params "$(params_json)"
  local mode round
  for mode in "${MODE_LIST[@]}"; do
    for ((round = 1; round <= ROUNDS; round++)); do bench_mark_done "$BENCH_RUN_DIR/$mode/round-$round"; done
    bench_mark_done "$BENCH_RUN_DIR/$mode"
  done
  bench_manifest_finish
  bench_log "measurements done: $BENCH_RUN_DIR"
  ingest
}

run_is_measured() {
  local step mode
  for step in "${STEPS[@]}"; do
    for mode in "${MODE_LIST[@]}"; do all_rounds_done "$mode" "$step" || return 1; done
  done
}

measure_all() {
  ensure_cluster
  k8s_use_context "$KUBE_CONTEXT"
  k8s_require_api
  k8s_require_nodes 1

  deploy_workloads
  start_api_proxy
  ZONE_ORIGINAL="$(kc get node "$NODE" -o jsonpath="{.metadata.labels.topology\.kubernetes\.io/zone}")"
  bench_on_cleanup zone_restore
  k8s_namespace_create_owned "$SVC_NS"
  write_manifest

  CURRENT_STEP=0
  MODE="${MODE_LIST[0]}"
  set_mode_baseline
  local step mode round sd
  for step in "${STEPS[@]}"; do
    if step_is_measured "$step"; then bench_log "skip $step Services (every mode done)"; continue; fi
    if ((step > 0)); then
      k8s_dummy_services_scale "$SVC_NS" "$step" "$SVC_ENDPOINTS" "$SVC_CREATE_PARALLEL"
    fi
    CURRENT_STEP="$step"
    for mode in "${MODE_LIST[@]}"; do
      if all_rounds_done "$mode" "$step"; then bench_log "skip $mode at $step Services (done)"; continue; fi
      set_mode "$mode"
      for ((round = 1; round <= ROUNDS; round++)); do
        sd="$(bench_round_dir "$mode" "$round")/services-$step"
        bench_is_done "$sd" && continue
        bench_log "== $mode, $step Services, round $round/$ROUNDS"
        measure_step_round "$sd" "$round" "$step"
        bench_mark_done "$sd"
      done
    done
  done
  k8s_dummy_services_delete "$SVC_NS"
}

step_is_measured() {
  local mode
  for mode in "${MODE_LIST[@]}"; do all_rounds_done "$mode" "$1" || return 1; done
}

# The Services that exist before any dummy one (kubernetes, kp-server, kp-probe...).
set_mode_baseline() {
  k8s_dummy_services_delete "$SVC_NS"
  k8s_wait "$WAIT_TIMEOUT" "leftover dummy Services in $SVC_NS to be deleted" dummy_services_gone
  BASE_SERVICES="$(kc get services -A -o json | jq '[.items[] | select(.spec.clusterIP != "None" and .spec.clusterIP != null)] | length')"
  bench_log "$BASE_SERVICES ClusterIP Services exist before the dummy ones"
}

dummy_services_gone() { (($(kc -n "$SVC_NS" get services -l bench.k8s-network/dummy=true -o name | grep -c . || true) == 0)); }

all_rounds_done() {
  local mode="$1" step="$2" round
  for ((round = 1; round <= ROUNDS; round++)); do bench_is_done "$BENCH_RUN_DIR/$mode/round-$round/services-$step" || return 1; done
  return 0
}

ingest() {
  if [[ "$SKIP_INGEST" == 1 ]]; then
    bench_log "SKIP_INGEST=1: run 'npm run ingest -- $BENCH_RUN_DIR' to build the dataset"
    return 0
  fi
  local tsx="$REPO_ROOT/node_modules/.bin/tsx"
  [[ -x "$tsx" ]] || bench_die "$tsx not found" "run npm ci in $REPO_ROOT, or set SKIP_INGEST=1"
  local args=("$BENCH_RUN_DIR" --out "$DATA_OUT")
  if [[ -n "$DATASET_VERSION" ]]; then args+=(--version "$DATASET_VERSION"); fi
  (cd "$REPO_ROOT" && "$tsx" scripts/benchmarks/ingest/cli.ts "${args[@]}")
}

main "$@"
