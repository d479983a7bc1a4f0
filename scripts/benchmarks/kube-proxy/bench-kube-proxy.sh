#!/usr/bin/env bash
# kube-proxy's datapaths (iptables mode on the nf_tables and on the legacy
# x_tables backend, nftables mode; single-stack, and dual-stack beside it) on the
# project's local single-node Kubernetes (npm run kube:up), measured with the
# same lib/bench.sh and lib/k8s.sh functions as the EKS and TKE scripts, under
# the run protocol of lib/protocol.sh. See --help.
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
BENCH_SCRIPT_VERSION="2.1.0"
SCRIPT_PATH="scripts/benchmarks/kube-proxy/bench-kube-proxy.sh"

usage() {
  cat <<'EOF'
usage: npm run bench:kube-proxy        (or: sudo bash scripts/benchmarks/kube-proxy/bench-kube-proxy.sh)

Measures kube-proxy's datapaths on the local single-node cluster. Starts the
cluster with scripts/kube (npm run kube:up) when no API server answers, and
stops it again at the end in that case.

Datapaths (DATAPATHS, ids):
  iptables-nft        iptables mode, Debian's iptables (the nf_tables backend), IPv4 only
  iptables-legacy     iptables mode, iptables-legacy (the x_tables backend), IPv4 only
  nftables            nftables mode, IPv4 only
  nftables-dual       nftables mode, dual-stack (an IPv6 proxier beside the IPv4 one,
                      as kube-proxy runs on any host with IPv6)
  iptables-nft-dual   iptables mode on nf_tables, dual-stack
IPv4 only: kube-proxy alone is kept from seeing IPv6 (scripts/kube: KUBE_PROXY_FAMILIES=ipv4).

For each Service count in SVC_STEPS (dummy Services with EndpointSlices, created
once and shared by every datapath), ROUNDS rounds; in each round every datapath
once, in the order lib/protocol.sh gives (BENCH_ORDER=alternate: A B C, C B A, ...,
so no datapath is always first), with BENCH_ROUND_REST seconds between rounds.
kube-proxy is restarted when the datapath changes; before each measurement window
the idle gate waits until the machine is quiet (thresholds below), and every window
records the load, CPU pressure and steal it ran under.
  full sync      the node's topology.kubernetes.io/zone label is changed, which makes
                 kube-proxy rewrite every rule; the DELTA of
                 kubeproxy_sync_full_proxy_rules_duration_seconds between a scrape
                 before and after is that sync, per IP family; its CPU is the delta
                 of kube-proxy's cgroup counter (kube-proxy with the iptables-restore
                 / nft processes it runs; a window without it fails), plus the RSS
  programming    NETPROG_CHANGES endpoint changes of one Service, each stamped with
                 endpoints.kubernetes.io/last-change-trigger-time and sent through
                 kubectl proxy: kubeproxy_network_programming_duration_seconds
                 gives its latency, the partial-sync histogram the sync that applied it
  first packet   connect-probe (scripts/benchmarks/kube-proxy/connect-probe, built
                 with Go) in the client pod's network namespace (entered with nsenter:
                 no kubectl exec in the loop) times PROBE_CONNECTS blocking connect()
                 calls to each of PROBES ClusterIP Services, visited in turn; each
                 connect's SYN is the packet kube-proxy's rules steer. In iptables mode
                 each probe's position in KUBE-SERVICES (kube-proxy writes that chain in
                 a new random order at every sync) is read from the rules after the window.
  once per step  the rules: iptables-save -t nat or nft -j list table ip kube-proxy, gzipped
IPVS is recorded as not applicable when the kernel has no ip_vs module.

Environment (default):
  ROUNDS=5                rounds per step (the dataset keeps the median and the min-max)
  SVC_STEPS=0,250,500,1000,2500,5000,10000,20000,30000   dummy Service counts, ascending
  DATAPATHS=iptables-nft,iptables-legacy,nftables,nftables-dual
  SVC_ENDPOINTS=1         endpoints per dummy Service (198.18.0.0/15, never routed)
  SVC_CREATE_PARALLEL=2   parallel kubectl apply workers (batches of 500)
  RUN_BUDGET_MINUTES=60   the steps' wall-clock budget (creating Services and measuring; not
                          the cluster start): before each step its time is predicted from the
                          steps below it, and the run stops before a step that would not fit,
                          recording why in manifest.json .runTime (0: no budget; rerunning with
                          a larger one and the same OUT goes on from there)
  SVC_SYNC_TIMEOUT=1200   seconds for a restarted kube-proxy to program a step
  SYNC_TIMEOUT=600        seconds for one forced full sync or one change to be applied
  NETPROG_CHANGES=2       endpoint changes per round (ROUNDS x this per step)
  PROBE_SETTLE=2          seconds between the last sync and a change (more than
                          kube-proxy's 1 s minSyncPeriod)
  PROBES=20               probe ClusterIP Services (all to the server pod)
  PROBE_CONNECTS=150      connects per probe per window (PROBES x this samples)
  BENCH_ORDER=alternate   or shuffle (with BENCH_ORDER_SEED, recorded)
  BENCH_ROUND_REST=5      seconds between rounds
  Idle gate (lib/protocol.sh): BENCH_IDLE_MAX_LOAD (2 x cores), BENCH_IDLE_MAX_BUSY=30 (%),
  BENCH_IDLE_MAX_PSI=10 (CPU pressure, some avg10), BENCH_IDLE_MAX_STEAL=2 (%),
  BENCH_IDLE_SAMPLE=1 (s), BENCH_IDLE_WAIT=180 (s; a window still over a threshold then is measured and flagged
  busy-host; BENCH_IDLE_STRICT=1 fails it instead), BENCH_IDLE_GATE=0 records only.
  KP_METRICS_URL=http://127.0.0.1:10249/metrics   kube-proxy metrics endpoint
  KP_MODE_CMD="bash scripts/kube/kube.sh proxy-mode"  restarts kube-proxy in the mode given
                          as its last argument, with KUBE_PROXY_IPTABLES=nft|legacy and
                          KUBE_PROXY_FAMILIES=ipv4|dual in its environment
  KP_STOP_CMD="bash scripts/kube/kube.sh proxy-stop"  stops kube-proxy while a step's Services
                          are created (empty: leave it running)
  KUBE_UP=auto            auto: run npm run kube:up when no API server answers (and
                          kube:down at the end); 0: never
  KUBE_CONTEXT=<current>  kube context
  NS=kpbench              namespace of the client, server and probes (created, then deleted)
  OUT=bench-runs/kube-proxy-<UTC time>   run directory (an existing one is resumed)
  DATA_OUT=static/data    datasets root for the ingest
  VERSION=                dataset version (default: today, or today.N)
  SKIP_INGEST=0           1 = only measure
  BENCH_KUBE_QUICK=0      1 = CI: SVC_STEPS=0,200,1000, ROUNDS=3, iptables-nft and nftables,
                          PROBE_CONNECTS=20

Everything the script creates (namespaces, Services, the zone label, the probes)
is removed on exit, failure or Ctrl-C; kube-proxy is left in the datapath it had.
EOF
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  usage
  exit 0
fi
[[ $# -eq 0 ]] || bench_die "unknown argument '$1'" "run with --help; parameters are environment variables"

if [[ "${BENCH_KUBE_QUICK:-0}" == 1 ]]; then
  : "${SVC_STEPS:=0,200,1000}" "${ROUNDS:=3}" "${DATAPATHS:=iptables-nft,nftables}" "${PROBE_CONNECTS:=20}" "${PROBES:=5}" "${BENCH_ROUND_REST:=0}"
fi
ROUNDS="${ROUNDS:-5}"
SVC_STEPS="${SVC_STEPS:-0,250,500,1000,2500,5000,10000,20000,30000}"
DATAPATHS="${DATAPATHS:-iptables-nft,iptables-legacy,nftables,nftables-dual}"
SVC_ENDPOINTS="${SVC_ENDPOINTS:-1}"
SVC_CREATE_PARALLEL="${SVC_CREATE_PARALLEL:-2}"
SVC_SYNC_TIMEOUT="${SVC_SYNC_TIMEOUT:-1200}"
SYNC_TIMEOUT="${SYNC_TIMEOUT:-600}"
NETPROG_CHANGES="${NETPROG_CHANGES:-2}"
PROBE_SETTLE="${PROBE_SETTLE:-2}"
PROBES="${PROBES:-20}"
PROBE_CONNECTS="${PROBE_CONNECTS:-150}"
RUN_BUDGET_MINUTES="${RUN_BUDGET_MINUTES:-60}"
export BENCH_ROUND_REST="${BENCH_ROUND_REST:-5}"
# About 500 windows in a default run: the gate's sample is 1 s (100 clock ticks per
# CPU), not the library's 2 s, and waits poll every second (the cluster is local).
# load1 is a one-minute average: after a full resync of thousands of Services, or
# after a step's Services were created, it stays above one core's worth for a minute
# on an otherwise idle machine, so the gate asks the fast figures (busy share over
# the last second, CPU pressure over the last 10 s) to be low and load1 only to stay
# under two per CPU, which other work on the machine still exceeds.
export BENCH_IDLE_SAMPLE="${BENCH_IDLE_SAMPLE:-1}" K8S_POLL_INTERVAL="${K8S_POLL_INTERVAL:-1}"
export BENCH_IDLE_MAX_LOAD="${BENCH_IDLE_MAX_LOAD:-$((2 * $(nproc)))}"
KP_METRICS_URL="${KP_METRICS_URL:-${KUBE_PROXY_METRICS_URL:-http://127.0.0.1:10249/metrics}}"
KP_MODE_CMD="${KP_MODE_CMD:-bash $REPO_ROOT/scripts/kube/kube.sh proxy-mode}"
KP_STOP_CMD="${KP_STOP_CMD-bash $REPO_ROOT/scripts/kube/kube.sh proxy-stop}"
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
# CPU/RSS and start time (a window spanning a restart is refused): what the parsers
# read. The whole /metrics is about 100 KB per scrape,
# mostly Go runtime and client-go detail.
METRICS_FILTER='^(kubeproxy_|process_cpu_seconds_total |process_resident_memory_bytes |process_start_time_seconds )'
# Written by scripts/kube/kube.sh: the CPU counter file of kube-proxy's own cgroup.
KP_CPU_REF="${KUBE_RUN_DIR:-/run/k8s-network-bench}/kube-proxy.cpu"
# How a capture names that counter (seconds, like process_cpu_seconds_total).
KP_CPU_SERIES='cgroup_cpu_usage_seconds_total{cgroup="kube-proxy"}'
PROBE_SRC="$SCRIPT_DIR/connect-probe"
PROBE_BIN="${PROBE_BIN:-$REPO_ROOT/.cache/bench/connect-probe}"

# shellcheck disable=SC2034 # used by name: measure on this host (the node itself)
HOST_EXEC=()

# ---------------------------------------------------------------- datapaths

# datapath_mode / _backend / _families <id>: what kube-proxy runs with for a datapath id.
datapath_mode() { case "$1" in iptables-*) echo iptables ;; nftables*) echo nftables ;; esac; }
datapath_backend() { case "$1" in iptables-legacy*) echo legacy ;; *) echo nft ;; esac; }
# datapath_save <id>: the iptables-save of the backend an iptables-mode datapath writes to
# (nothing in nftables mode).
datapath_save() { [[ "$(datapath_mode "$1")" == iptables ]] && echo "iptables-$(datapath_backend "$1")-save"; return 0; }
datapath_families() { case "$1" in *-dual) echo dual ;; *) echo ipv4 ;; esac; }
KNOWN_DATAPATHS="iptables-nft iptables-legacy nftables nftables-dual iptables-nft-dual iptables-legacy-dual"

# ---------------------------------------------------------------- checks

check_params() {
  local n prev=-1 step dp
  for n in ROUNDS PROBE_SETTLE SVC_ENDPOINTS SVC_CREATE_PARALLEL SVC_SYNC_TIMEOUT SYNC_TIMEOUT NETPROG_CHANGES PROBES PROBE_CONNECTS; do
    [[ "${!n}" =~ ^[1-9][0-9]*$ ]] || bench_die "$n='${!n}' is not a positive whole number" "set $n to e.g. 3"
  done
  [[ "$BENCH_ROUND_REST" =~ ^[0-9]+$ ]] || bench_die "BENCH_ROUND_REST='$BENCH_ROUND_REST' is not a whole number of seconds" "set BENCH_ROUND_REST=5"
  [[ "$RUN_BUDGET_MINUTES" =~ ^[0-9]+$ ]] || bench_die "RUN_BUDGET_MINUTES='$RUN_BUDGET_MINUTES' is not a whole number of minutes" "set RUN_BUDGET_MINUTES=60, or 0 for no budget"
  ((PROBES <= 100)) || bench_die "PROBES=$PROBES" "use at most 100 probe Services"
  IFS=',' read -r -a STEPS <<<"$SVC_STEPS"
  ((${#STEPS[@]} > 0)) || bench_die "SVC_STEPS is empty" "e.g. SVC_STEPS=0,1000,5000"
  for step in "${STEPS[@]}"; do
    if ! [[ "$step" =~ ^[0-9]+$ ]] || ((step <= prev)); then bench_die "SVC_STEPS='$SVC_STEPS' must be ascending whole numbers" "e.g. SVC_STEPS=0,1000,5000,10000,20000,30000"; fi
    ((step <= 60000)) || bench_die "SVC_STEPS has $step Services; the local cluster's Service range is sized for 60,000" "keep every step at 60000 or less"
    prev="$step"
  done
  IFS=',' read -r -a DATAPATH_LIST <<<"$DATAPATHS"
  ((${#DATAPATH_LIST[@]} > 0)) || bench_die "DATAPATHS is empty" "e.g. DATAPATHS=iptables-nft,nftables"
  for dp in "${DATAPATH_LIST[@]}"; do
    case " $KNOWN_DATAPATHS " in
      *" $dp "*) ;;
      *) if [[ "$dp" == ipvs* ]]; then bench_die "DATAPATHS contains '$dp'" "IPVS is not in this kernel; use $KNOWN_DATAPATHS"; fi
         bench_die "DATAPATHS contains '$dp'" "use ids from: $KNOWN_DATAPATHS" ;;
    esac
  done
  [[ -z "${MODES:-}" ]] || bench_die "MODES is not a setting of this script: datapaths are chosen with DATAPATHS" "e.g. DATAPATHS=iptables-nft,nftables"
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

# Service rules each datapath holds, counted where kube-proxy wrote them (outside
# every measurement window: a dump of 30,000 Services takes seconds).
dataplane_count() {
  local save
  save="$(datapath_save "$1")"
  if [[ -z "$save" ]]; then k8s_nft_service_count HOST_EXEC; return; fi
  "$save" -t nat 2>/dev/null | grep -c '^-A KUBE-SERVICES ' || true
}

# Rules of a datapath other than <id> that still steer Service traffic: a packet
# would walk both, so a restart that leaves any is refused.
other_datapath_rules() {
  local dp="$1"
  if [[ "$dp" != iptables-nft* ]] && (($(dataplane_count iptables-nft) > 0)); then echo "iptables (nf_tables) KUBE-SERVICES"; fi
  if [[ "$dp" != iptables-legacy* && -e /proc/net/ip_tables_names ]] && (($(dataplane_count iptables-legacy) > 0)); then echo "iptables-legacy KUBE-SERVICES"; fi
  if [[ "$dp" != nftables* ]] && nft list table ip kube-proxy >/dev/null 2>&1; then echo "nft table ip kube-proxy"; fi
  return 0
}

# The IP families kube-proxy runs proxiers for, from its sync histogram's labels.
kp_families() {
  kp_scrape | awk 'index($0, "kubeproxy_sync_proxy_rules_duration_seconds_count{") == 1 && match($0, /ip_family="[^"]+"/) {
    print substr($0, RSTART + 11, RLENGTH - 12) }' | sort -u | paste -sd, -
}

CURRENT_DATAPATH=""
# set_datapath <id>: restart kube-proxy for that datapath (nothing when it already
# runs it), wait until it has programmed what exists, and check that no other
# datapath's rules are left and that it runs the families the id says.
set_datapath() {
  local dp="$1" since mode want others
  [[ "$dp" == "$CURRENT_DATAPATH" ]] && return 0
  mode="$(datapath_mode "$dp")"
  since="$(date +%s)"
  bench_log "kube-proxy -> $dp ($mode mode$([[ "$mode" == iptables ]] && echo ", iptables $(datapath_backend "$dp")"), $(datapath_families "$dp"))"
  # shellcheck disable=SC2086 # KP_MODE_CMD is a command line
  KUBE_PROXY_IPTABLES="$(datapath_backend "$dp")" KUBE_PROXY_FAMILIES="$(datapath_families "$dp")" KUBE_PROXY_SYNC_WAIT="$SVC_SYNC_TIMEOUT" \
    $KP_MODE_CMD "$mode" >>"$BENCH_RUN_DIR/logs/kube-proxy-mode.log" 2>&1 ||
    bench_die "could not restart kube-proxy for $dp" "see $BENCH_RUN_DIR/logs/kube-proxy-mode.log; run 'KUBE_PROXY_IPTABLES=$(datapath_backend "$dp") KUBE_PROXY_FAMILIES=$(datapath_families "$dp") $KP_MODE_CMD $mode' yourself"
  k8s_wait "$SVC_SYNC_TIMEOUT" "kube-proxy ($dp) to answer on $KP_METRICS_URL and finish its first sync" kp_synced_since "$since"
  want=$((BASE_SERVICES + CURRENT_STEP))
  k8s_wait "$SVC_SYNC_TIMEOUT" "kube-proxy ($dp) to program $want Services" dataplane_has "$dp" "$want"
  others="$(other_datapath_rules "$dp")"
  [[ -z "$others" ]] || bench_die "after the switch to $dp, rules of another datapath are still present: ${others//$'\n'/, }" \
    "run 'npm run kube:down' (it cleans every backend), then rerun with the same OUT"
  case "$(datapath_families "$dp")" in ipv4) want=IPv4 ;; dual) want=IPv4,IPv6 ;; esac
  # Each proxier exposes its family once it has synced; the IPv6 one may finish after the
  # IPv4 one. Not reaching the families the id says means the restart ignored KUBE_PROXY_FAMILIES.
  k8s_wait "$SVC_SYNC_TIMEOUT" "kube-proxy ($dp) to run and have synced exactly the proxiers of $want;
  check that $KP_MODE_CMD honours KUBE_PROXY_FAMILIES (scripts/kube/kube.sh does)" kp_families_are "$want"
  CURRENT_DATAPATH="$dp"
}

kp_families_are() { [[ "$(kp_families)" == "$1" ]]; }

# While thousands of Services are created kube-proxy would resync after every batch,
# on the same CPUs as the API server creating them; it is stopped, and the next
# set_datapath starts it again.
stop_kube_proxy() {
  [[ -n "$KP_STOP_CMD" ]] || return 0
  # shellcheck disable=SC2086 # KP_STOP_CMD is a command line
  $KP_STOP_CMD >>"$BENCH_RUN_DIR/logs/kube-proxy-mode.log" 2>&1 || bench_die "could not stop kube-proxy ($KP_STOP_CMD)" "see $BENCH_RUN_DIR/logs/kube-proxy-mode.log, or set KP_STOP_CMD= to keep it running"
  CURRENT_DATAPATH=""
}

dataplane_has() { (($(dataplane_count "$1") >= $2)); }

kp_synced_since() {
  local last
  last="$(kp_value 'kubeproxy_sync_proxy_rules_last_timestamp_seconds')"
  awk -v l="$last" -v s="$1" 'BEGIN {exit !(l + 0 >= s + 0)}'
}

# ---------------------------------------------------------------- workloads

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

# The server pod, the client pod (whose network namespace the probe runs in), PROBES
# ClusterIP Services to the server, and the Service whose endpoint changes are timed
# (its address, 198.19.0.0/16, is never routed).
workloads_manifest() {
  local i
  fortio_pod kp-server
  printf -- '---\n'
  fortio_pod kp-client
  for ((i = 1; i <= PROBES; i++)); do
    printf -- '---\napiVersion: v1\nkind: Service\nmetadata: {name: kp-probe-%02d, namespace: %s, labels: {bench.k8s-network/probe: "true"}}\nspec:\n  selector: {app: kp-server}\n  ports: [{name: tcp, port: 80, targetPort: 8080, protocol: TCP}]\n' "$i" "$NS"
  done
  cat <<EOF
---
apiVersion: v1
kind: Service
metadata: {name: kp-netprog, namespace: $NS}
spec:
  ports: [{name: http, port: 80, protocol: TCP}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: kp-netprog-1, namespace: $NS, labels: {kubernetes.io/service-name: kp-netprog}}
addressType: IPv4
ports: [{name: http, port: 80, protocol: TCP}]
endpoints: [{addresses: ["198.19.0.1"], conditions: {ready: true}}]
EOF
}

# client_pid: a process of the client pod (its pause or fortio), whose network
# namespace nsenter enters; found by the pod's cgroup, which the kubelet names after its UID.
client_pid() {
  local uid pid
  uid="$(kc -n "$NS" get pod kp-client -o jsonpath='{.metadata.uid}')"
  [[ -n "$uid" ]] || return 1
  pid="$(grep -lE "pod(${uid}|${uid//-/_})" /proc/[0-9]*/cgroup 2>/dev/null | head -n1 | cut -d/ -f3)"
  [[ -n "$pid" ]] && printf '%s\n' "$pid"
}

deploy_workloads() {
  k8s_namespace_create_owned "$NS"
  workloads_manifest | kc apply -f - >/dev/null || bench_die "could not create the test pods in $NS" "check 'kubectl -n $NS get events'"
  k8s_pods_ready "$NS" "$WAIT_TIMEOUT" "the test pods in $NS to be Ready"
  NODE="$(k8s_pod_field "$NS" kp-client '{.spec.nodeName}')"
  # shellcheck disable=SC2034 # recorded in each meta by lib/bench.sh
  BENCH_CLIENT_NODE="$NODE"
  # shellcheck disable=SC2034
  BENCH_SERVER_NODE="$(k8s_pod_field "$NS" kp-server '{.spec.nodeName}')"
  CLIENT_PID="$(client_pid)" || bench_die "could not find a process of pod $NS/kp-client in /proc" "check that the kubelet names pod cgroups after their UID (cgroupfs driver)"
  PROBE_TARGETS=()
  local name ip
  while read -r name ip; do PROBE_TARGETS+=("$name=$ip:80"); done < <(kc -n "$NS" get services -l bench.k8s-network/probe=true \
    -o jsonpath='{range .items[*]}{.metadata.name}{" "}{.spec.clusterIP}{"\n"}{end}' | sort)
  ((${#PROBE_TARGETS[@]} == PROBES)) || bench_die "found ${#PROBE_TARGETS[@]} probe Services in $NS, not $PROBES" "delete namespace $NS and rerun"
  bench_log "client and server on $NODE; $PROBES probe Services; client network namespace via pid $CLIENT_PID"
}

build_probe() {
  command -v go >/dev/null 2>&1 || bench_die "Go is not installed: the connect probe is built from $PROBE_SRC" "install Go 1.24 or newer (the local cluster needs it too)"
  mkdir -p "$(dirname "$PROBE_BIN")"
  (cd "$PROBE_SRC" && CGO_ENABLED=0 go build -trimpath -o "$PROBE_BIN" .) || bench_die "could not build the connect probe" "run 'cd $PROBE_SRC && go build .' and read the error"
}

# ---------------------------------------------------------------- measuring

# Shared by the windowed captures: print a marked scrape of the filtered metrics and
# of kube-proxy's cgroup CPU counter. The counter is what the CPU figure claims (kube-proxy
# and the iptables-restore / nft it runs), so a scrape without it fails the window.
# shellcheck disable=SC2016 # expanded by the capture's bash
CAPTURE_LIB='set -euo pipefail
eval "$CGROUP_CPU_FN"
scrape() {
  local metrics cpu
  metrics="$(curl -fsS --max-time 10 "$URL" | grep -E "$FILTER" | grep -v "_bucket{")"
  cpu="$(cgroup_cpu)"
  printf "# scrape %s %s\n%s\n%s\n" "$1" "$(date -u +%Y-%m-%dT%H:%M:%S.%NZ)" "$metrics" "$cpu"
}
cgroup_cpu() {
  local file seconds
  file="$(cat "$CPU_REF" 2>/dev/null)" || { echo "no kube-proxy cgroup counter: $CPU_REF is missing (is the cluster started by scripts/kube?)" >&2; return 1; }
  seconds="$(bench_cgroup_cpu_seconds "$file")" || return 1
  printf "%s %s\n" "$CPU_SERIES" "$seconds"
}
value_of() { awk -v p="$1" "index(\$0, p) == 1 && !found {print \$NF; found = 1}"; }
counts_of() { awk -v p="$1" "index(\$0, p) == 1 {print \$1, \$NF}"; }
# wait_all_above <metric-prefix> <before-lines> <timeout-s>: every series of the
# metric in the before scrape (one per IP family) has grown; a histogram that had
# no observation yet is not exposed at all, so then its first series to appear counts.
wait_all_above() {
  local end=$(( $(date +%s) + $3 )) now series count grown
  while :; do
    now="$(curl -fsS --max-time 10 "$URL" | counts_of "$1")" || now=""
    grown=1
    if [[ -z "$2" ]]; then
      awk "\$2 + 0 > 0 {found = 1} END {exit !found}" <<<"$now" || grown=0
    fi
    while read -r series count; do
      [[ -n "$series" ]] || continue
      awk -v a="$(awk -v s="$series" "\$1 == s {print \$2}" <<<"$now")" -v b="$count" "BEGIN {exit !(a + 0 > b + 0)}" || grown=0
    done <<<"$2"
    ((grown)) && return 0
    (( $(date +%s) < end )) || { echo "timed out waiting for $1 to grow in every IP family" >&2; return 1; }
    sleep 0.2
  done
}'

# One full resync, forced by a new zone label on the node; in dual-stack both
# families resync, and the window ends when both have.
# shellcheck disable=SC2016
FULLSYNC_SCRIPT='eval "$CAPTURE_LIB"
before="$(scrape before)"; printf "%s\n" "$before"
counts="$(printf "%s\n" "$before" | counts_of kubeproxy_sync_full_proxy_rules_duration_seconds_count)"
"$@" >/dev/null
wait_all_above kubeproxy_sync_full_proxy_rules_duration_seconds_count "$counts" "$TIMEOUT"
scrape after'

# One endpoint change of the netprog Service, stamped as the EndpointSlice controller
# would, and sent at once (curl through kubectl proxy: no kubectl start-up inside
# the measured latency).
# shellcheck disable=SC2016
NETPROG_SCRIPT='eval "$CAPTURE_LIB"
before="$(scrape before)"; printf "%s\n" "$before"
counts="$(printf "%s\n" "$before" | counts_of kubeproxy_network_programming_duration_seconds_count)"
stamp="$(date -u +%Y-%m-%dT%H:%M:%S.%NZ)"
sed "s/@STAMP@/$stamp/" "$PATCH" | "$@" >/dev/null
wait_all_above kubeproxy_network_programming_duration_seconds_count "$counts" "$TIMEOUT"
scrape after'

# The first-packet window: the probe's samples, kube-proxy's sync count before and
# after (a sync inside the window may have reordered KUBE-SERVICES), and then each
# probe's position in KUBE-SERVICES (iptables mode) read from the rules.
# shellcheck disable=SC2016
PROBE_SCRIPT='set -euo pipefail
syncs() { curl -fsS --max-time 10 "$URL" | awk "index(\$0, \"kubeproxy_sync_proxy_rules_duration_seconds_count\") == 1 {n += \$NF} END {print n + 0}"; }
before="$(syncs)"
probe="$(nsenter --net="/proc/$CLIENT_PID/ns/net" "$PROBE_BIN" -n "$CONNECTS" "$@")"
after="$(syncs)"
case "$SAVE" in
  "") positions="{}"; total=null ;;
  *) rules="$("$SAVE" -t nat | grep "^-A KUBE-SERVICES ")"
     total="$(printf "%s\n" "$rules" | grep -c . || true)"
     positions="$(printf "%s\n" "$rules" | awk "{n++; for (i = 1; i < NF; i++) if (\$i == \"-d\") {ip = \$(i + 1); sub(/\\/32\$/, \"\", ip); print ip, n}}" |
       jq -Rn "[inputs | split(\" \") | {key: .[0], value: (.[1] | tonumber)}] | from_entries")" ;;
esac
jq -n --argjson probe "$probe" --argjson positions "$positions" --argjson total "$total" --argjson before "$before" --argjson after "$after" \
  "{probe: \$probe, ruleChain: (if \$total == null then null else {chain: \"KUBE-SERVICES\", rules: \$total, positionByAddress: \$positions} end), syncsDuring: (\$after - \$before)}"'

# Seeded from the clock so a resumed run never re-applies the address the slice already has.
PROBE_SEQ=$(($(date +%s) % 60000))
# netprog_patch: a merge patch giving the netprog EndpointSlice a new address (@STAMP@ is
# replaced with the time the change is sent).
netprog_patch() {
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

# The capture helpers run in a bash of their own: they get the library's cgroup
# reader by its definition, so the figure is read the one way the library reads it.
capture_run() {
  URL="$KP_METRICS_URL" FILTER="$METRICS_FILTER" TIMEOUT="$SYNC_TIMEOUT" CAPTURE_LIB="$CAPTURE_LIB" \
    CPU_REF="$KP_CPU_REF" CPU_SERIES="$KP_CPU_SERIES" CGROUP_CPU_FN="$(declare -f bench_cgroup_cpu_seconds)" \
    BENCH_TOOL=kube-proxy BENCH_MEASURE_TIMEOUT=$((SYNC_TIMEOUT + 60)) "$@"
}

measure_fullsync() {
  local rd="$1" id="$2" cond="$3"
  capture_run bench_measure_via HOST_EXEC "$rd" "$id" kubeproxy-fullsync "$cond" -- \
    bash -c "$FULLSYNC_SCRIPT" fullsync "${K8S_KUBECTL[@]}" label node "$NODE" "$ZONE_LABEL=kpbench-$(date +%s%N)" --overwrite
}

measure_netprog() {
  local rd="$1" id="$2" cond="$3" patch
  patch="$BENCH_RUN_DIR/logs/netprog-patch.json"
  netprog_patch >"$patch"
  # kube-proxy syncs at most once per minSyncPeriod (1 s): let the previous sync age
  # past it, so the latency is that of the change, not of the rate limit.
  sleep "$PROBE_SETTLE"
  PATCH="$patch" capture_run bench_measure_via HOST_EXEC "$rd" "$id" kubeproxy-netprog "$cond" -- \
    bash -c "$NETPROG_SCRIPT" netprog curl -fsS --max-time 10 -X PATCH -H 'Content-Type: application/merge-patch+json' \
    --data-binary @- "$API_PROXY/apis/discovery.k8s.io/v1/namespaces/$NS/endpointslices/kp-netprog-1"
}

measure_probe() {
  local rd="$1" id="$2" cond="$3" dp="$4" save
  save="$(datapath_save "$dp")"
  URL="$KP_METRICS_URL" CLIENT_PID="$CLIENT_PID" PROBE_BIN="$PROBE_BIN" CONNECTS="$PROBE_CONNECTS" SAVE="$save" \
    BENCH_TOOL=connect-probe BENCH_RAW_EXT=json BENCH_MEASURE_TIMEOUT=$((PROBES * PROBE_CONNECTS + 120)) \
    bench_measure_via HOST_EXEC "$rd" "$id" connect-probe "$cond" -- \
    bash -c "$PROBE_SCRIPT" probe "${PROBE_TARGETS[@]}"
}

measure_rules() {
  local rd="$1" id="$2" cond="$3" dp="$4" save
  save="$(datapath_save "$dp")"
  case "$dp" in
    iptables-*)
      BENCH_RAW_EXT=txt.gz BENCH_TOOL="$save" BENCH_MEASURE_TIMEOUT=300 \
        bench_measure_via HOST_EXEC "$rd" "$id" iptables-nat "$cond" -- \
        sh -c "$save -t nat | gzip -6" ;;
    nftables*)
      BENCH_RAW_EXT=json.gz BENCH_TOOL=nft BENCH_MEASURE_TIMEOUT=300 \
        bench_measure_via HOST_EXEC "$rd" "$id" nft-table "$cond" -- \
        sh -c 'nft -j list table ip kube-proxy | gzip -6' ;;
  esac
}

# measure_window_set <step-dir> <datapath> <round-of-this-datapath> <step>: everything
# measured for one datapath in one round, into <datapath>/round-<k>/services-<N>/.
measure_window_set() {
  local sd="$1" dp="$2" round="$3" step="$4" cond k
  cond="{\"services\":$step}"
  measure_fullsync "$sd" fullsync "$cond"
  for ((k = 1; k <= NETPROG_CHANGES; k++)); do measure_netprog "$sd" "netprog-$k" "$cond"; done
  measure_probe "$sd" first-packet "$cond" "$dp"
  # The rules are the same every round; capture them once per step (they are large).
  if ((round == 1)); then measure_rules "$sd" rules "$cond" "$dp"; fi
}

# ---------------------------------------------------------------- run record

params_json() {
  jq -n --argjson rounds "$ROUNDS" --arg steps "$SVC_STEPS" --arg dps "$DATAPATHS" \
    --argjson eps "$SVC_ENDPOINTS" --argjson par "$SVC_CREATE_PARALLEL" --argjson changes "$NETPROG_CHANGES" \
    --argjson settle "$PROBE_SETTLE" --argjson probes "$PROBES" --argjson connects "$PROBE_CONNECTS" \
    '{ROUNDS: $rounds, SVC_STEPS: $steps, DATAPATHS: $dps, SVC_ENDPOINTS: $eps, SVC_CREATE_PARALLEL: $par,
      NETPROG_CHANGES: $changes, PROBE_SETTLE: $settle, PROBES: $probes, PROBE_CONNECTS: $connects}'
}

kernel_has_ipvs() { [[ -d /proc/net/ip_vs ]] || modprobe -n ip_vs >/dev/null 2>&1; }

# scenario_json <datapath>: how the manifest describes one datapath.
scenario_json() {
  local dp="$1" mode backend families ipt
  mode="$(datapath_mode "$dp")" backend="$(datapath_backend "$dp")" families="$(datapath_families "$dp")"
  case "$backend" in legacy) ipt="$(iptables-legacy --version 2>/dev/null | head -n1)" ;; *) ipt="$(iptables-nft --version 2>/dev/null | head -n1)" ;; esac
  jq -n --arg dp "$dp" --arg mode "$mode" --arg backend "$backend" --arg families "$families" --arg ipt "$ipt" --arg nft "$(nft --version 2>/dev/null | head -n1)" '
    def fam: if $families == "dual" then {en: "dual-stack (an IPv6 proxier beside the IPv4 one)", ko: "듀얼 스택(IPv4 프록시어 옆에 IPv6 프록시어)", zh: "双栈（IPv4 代理器旁另有 IPv6 代理器）"}
             else {en: "IPv4 only", ko: "IPv4 전용", zh: "仅 IPv4"} end;
    {name: ("kube-proxy " + $dp), cni: "bridge + host-local (CNI plugins)",
     kubeProxy: ((if $mode == "iptables" then "iptables mode, " + $ipt else "nftables mode, " + $nft end) + ", " + (if $families == "dual" then "dual-stack" else "IPv4 single-stack" end)),
     routing: "one node, pods on a Linux bridge",
     environment: {extra: {proxyMode: $mode, iptablesBackend: (if $mode == "iptables" then $backend else "none" end), ipFamilies: $families}},
     purpose: (if $mode == "iptables" then
       {en: ("One nat rule per Service in KUBE-SERVICES, walked in order by the first packet of each connection; " + (if $backend == "legacy" then "x_tables (iptables-legacy)" else "nf_tables backend (iptables-nft)" end) + ", " + fam.en),
        ko: ("KUBE-SERVICES에 Service마다 nat 규칙이 하나씩 있고, 연결의 첫 패킷이 이를 차례로 검사합니다. " + (if $backend == "legacy" then "x_tables(iptables-legacy)" else "nf_tables 백엔드(iptables-nft)" end) + ", " + fam.ko),
        zh: ("KUBE-SERVICES 中每个 Service 一条 nat 规则，每个连接的首包按顺序逐条匹配；" + (if $backend == "legacy" then "x_tables（iptables-legacy）" else "nf_tables 后端（iptables-nft）" end) + "，" + fam.zh)}
     else
       {en: ("One verdict-map lookup for every Service IP and port, in its own table ip kube-proxy; " + fam.en),
        ko: ("전용 테이블 ip kube-proxy에서 모든 Service IP와 포트를 판정 맵 한 번의 조회로 처리합니다. " + fam.ko),
        zh: ("在独立的 ip kube-proxy 表中，用一次判决映射查找处理所有 Service IP 与端口；" + fam.zh)}
     end)}'
}

write_manifest() {
  local node_info cpu_model kp_version ipvs scenarios="{}" dp
  node_info="$(k8s_node_info_json)"
  cpu_model="$(awk -F': *' '/^model name/ {print $2; exit}' /proc/cpuinfo)"
  kp_version="$(kc get nodes -o jsonpath='{.items[0].status.nodeInfo.kubeProxyVersion}' 2>/dev/null || true)"
  if kernel_has_ipvs; then ipvs="available (not measured)"; else ipvs="not applicable: this kernel has no ip_vs module"; fi
  bench_manifest_set .environment "$(jq -c --arg k8s "$(k8s_server_version)" --arg cpu "${cpu_model:-unknown}" \
    --argjson cpus "$(nproc)" --arg ipt "$(iptables-nft --version 2>/dev/null | head -n1)" --arg iptl "$(iptables-legacy --version 2>/dev/null | head -n1)" \
    --arg nft "$(nft --version 2>/dev/null | head -n1)" --arg ipvs "$ipvs" \
    --arg mem "$(awk '/^MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)" \
    '{platform: "Single-node Kubernetes (local, built from upstream sources)", k8sVersion: $k8s} + .
     + {cpuModel: $cpu, cpus: $cpus, memory: $mem, iptables: $ipt, iptablesLegacy: $iptl, nft: $nft, ipvs: $ipvs}' <<<"$node_info")"
  bench_manifest_set .tools "$(jq -n --arg kubectl "$(kubectl version --client -o json 2>/dev/null | jq -r '.clientVersion.gitVersion // "unknown"')" \
    --arg kp "${kp_version:-$(k8s_server_version)}" --arg probe "$("$PROBE_BIN" -version 2>/dev/null || echo "connect-probe $(awk -F'"' '/^const version/ {print $2}' "$PROBE_SRC/main.go")")" \
    --arg ipt "$(iptables-nft --version 2>/dev/null | awk '{print $2}')" --arg nft "$(nft --version 2>/dev/null | awk '{print $2}')" --arg go "$(go env GOVERSION 2>/dev/null)" \
    '{"kube-proxy": $kp, kubectl: $kubectl, "connect-probe": ($probe + " (" + $go + ")"), iptables: $ipt, nft: $nft}')"
  bench_manifest_set .images "$(k8s_image_digests "$NS")"
  for dp in "${DATAPATH_LIST[@]}"; do scenarios="$(jq -c --arg dp "$dp" --argjson s "$(scenario_json "$dp")" '. + {($dp): $s}' <<<"$scenarios")"; done
  bench_manifest_set .scenarios "$scenarios"
}

# ---------------------------------------------------------------- main

main() {
  check_params
  [[ "$(id -u)" == 0 ]] || bench_die "bench-kube-proxy needs root (iptables-save, nft, nsenter, the local cluster)" "run it as root: sudo -E npm run bench:kube-proxy"
  bench_require_tools kubectl jq curl iptables-nft-save nft gzip timeout awk sha256sum nsenter
  export K8S_WAIT_TIMEOUT="${WAIT_TIMEOUT:=300}"
  bench_install_traps
  bench_init_run "$OUT" kube-proxy local-kube "$SCRIPT_PATH"
  local shrinking
  shrinking="$(steps_may_shrink)"
  bench_set_params "$(params_json)" ROUNDS ${shrinking:+"$shrinking"}
  if run_is_measured; then
    bench_log "every step of every datapath is already measured in $BENCH_RUN_DIR; not touching the cluster"
  else
    build_probe
    measure_all
  fi
  local dp round
  for dp in "${DATAPATH_LIST[@]}"; do
    for ((round = 1; round <= ROUNDS; round++)); do bench_mark_done "$BENCH_RUN_DIR/$dp/round-$round"; done
    bench_mark_done "$BENCH_RUN_DIR/$dp"
  done
  bench_manifest_finish
  bench_log "measurements done: $BENCH_RUN_DIR"
  ingest
}

# A run stopped before its last steps is finished by rerunning it with only the steps
# it measured (a leading part of the list it started with): the manifest then records
# the steps the dataset has. Any other change of SVC_STEPS is refused.
steps_may_shrink() {
  local had
  had="$(jq -r '.params.SVC_STEPS // empty' "$BENCH_MANIFEST")"
  if [[ -n "$had" && "$had" != "$SVC_STEPS" && "$had," == "$SVC_STEPS,"* ]]; then
    bench_log "SVC_STEPS=$SVC_STEPS: the first steps of the $had this run started with; finishing the run with them"
    echo SVC_STEPS
  fi
  return 0
}

run_is_measured() {
  local step
  for step in "${STEPS[@]}"; do step_is_measured "$step" || return 1; done
}

step_is_measured() {
  local dp round
  for dp in "${DATAPATH_LIST[@]}"; do
    for ((round = 1; round <= ROUNDS; round++)); do bench_is_done "$BENCH_RUN_DIR/$dp/round-$round/services-$1" || return 1; done
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
  bench_protocol_record

  CURRENT_STEP=0
  set_baseline
  record_budget
  local step dp round sd started
  for step in "${STEPS[@]}"; do
    if step_is_measured "$step"; then bench_log "skip $step Services (every datapath done)"; continue; fi
    budget_allows "$step" || break
    if ((step > 0)); then create_step_services "$step"; fi
    CURRENT_STEP="$step"
    for ((round = 1; round <= ROUNDS; round++)); do
      ((round == 1)) || bench_round_rest
      for dp in $(BENCH_ORDER_GROUP="services-$step" bench_round_order "$round" "${DATAPATH_LIST[@]}"); do
        sd="$(bench_round_dir "$dp" "$round")/services-$step"
        bench_is_done "$sd" && continue
        started="$(date +%s.%N)"
        set_datapath "$dp"
        bench_log "== $dp, $step Services, round $round/$ROUNDS"
        measure_window_set "$sd" "$dp" "$round" "$step"
        bench_mark_done "$sd"
        bench_run_time_add "{\"services\":$step}" measure "$(seconds_since "$started")"
      done
    done
  done
  k8s_dummy_services_delete "$SVC_NS"
}

seconds_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}'; }

# create_step_services <step>: the step's dummy Services, with kube-proxy stopped,
# timed and with the CPU the API server and etcd spent on them (their processes'
# utime + stime: neither forks), so a run's cost per step is in its manifest.
create_step_services() {
  local step="$1" have started cpu_before cpu_after
  have="$(k8s_dummy_services_count "$SVC_NS")"
  ((have < step)) || return 0
  stop_kube_proxy
  started="$(date +%s.%N)"
  cpu_before="$(control_plane_cpu)"
  k8s_dummy_services_scale "$SVC_NS" "$step" "$SVC_ENDPOINTS" "$SVC_CREATE_PARALLEL"
  cpu_after="$(control_plane_cpu)"
  bench_run_time_add "{\"services\":$step}" prepare "$(seconds_since "$started")" \
    "$(jq -cn --argjson from "$have" --argjson to "$step" --argjson a "$cpu_before" --argjson b "$cpu_after" \
      '{createdServices: {from: $from, to: $to},
        cpuSeconds: ($b | with_entries(.value = (if $a[.key] == null or .value == null then null
                                                 else ((.value - $a[.key]) * 10 | round / 10) end)))}')"
}

# {"kube-apiserver": <cpu s>, "etcd": <cpu s>} from /proc/<pid>/stat (null when the
# cluster is not this project's local one, or the process is gone).
control_plane_cpu() {
  local name pid ticks out="{}" value
  ticks="$(getconf CLK_TCK)"
  for name in kube-apiserver etcd; do
    value=null
    if declare -F kube_pid_file >/dev/null && pid="$(cat "$(kube_pid_file "$name")" 2>/dev/null)" && [[ -r /proc/$pid/stat ]]; then
      # utime and stime are fields 14 and 15; the name in field 2 may hold spaces.
      value="$(awk -v t="$ticks" '{sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / t}' "/proc/$pid/stat")"
    fi
    out="$(jq -c --arg k "$name" --argjson v "$value" '. + {($k): $v}' <<<"$out")"
  done
  printf '%s\n' "$out"
}

# budget_allows <step>: whether the step is expected to fit in what is left of
# RUN_BUDGET_MINUTES (0: no budget). When it is not, the run stops before it, and the
# manifest says at which step, what the run had spent and what the step was expected
# to take: the measured reason a run ends below its largest step.
budget_allows() {
  local step="$1" predicted prepare measure spent budget
  ((RUN_BUDGET_MINUTES > 0)) || return 0
  budget=$((RUN_BUDGET_MINUTES * 60))
  predicted="$(predict_step "$step")"
  [[ -n "$predicted" ]] || return 0
  read -r prepare measure <<<"$predicted"
  spent="$(bench_run_time_spent)"
  if awk -v s="$spent" -v p="$prepare" -v m="$measure" -v b="$budget" 'BEGIN {exit !(s + p + m <= b)}'; then return 0; fi
  bench_run_time_stop "{\"services\":$step}" "$prepare" "$measure" "$budget"
  bench_log "stopping before $step Services: the steps so far took $(printf '%.0f' "$spent") s; this one is expected to take $(printf '%.0f' "$prepare") s to create its Services and $(printf '%.0f' "$measure") s to measure, past RUN_BUDGET_MINUTES=$RUN_BUDGET_MINUTES (RUN_BUDGET_MINUTES=0 and the same OUT measures it)"
  return 1
}

# predict_step <step>: "<prepare-s> <measure-s>" expected for a step, from the steps the
# run has measured below it; nothing when there is not enough to go on.
#   creating: per Service, the API server's cost grows with the Services that exist (its
#   ClusterIP allocator counts every allocated address on each allocation), so going from
#   P to N costs the last creation (Q to P) times (N^2 - P^2) / (P^2 - Q^2);
#   measuring: the last step's time times (N / P)^k, k the growth exponent between the
#   last two non-zero steps (1 to 3; 1 with only one).
predict_step() {
  jq -r --argjson n "$1" '
    [.runTime.steps[]? | select(.at.services < $n)] | sort_by(.at.services) as $s
    | if ($s | length) == 0 or ($s[-1].at.services // 0) == 0 then empty else
      ($s[-1]) as $last | ($s | map(select(.at.services > 0))) as $nz
      | (if ($s | length) >= 2 then $s[-2].at.services else 0 end) as $q
      | ($last.at.services) as $p
      | (if $last.prepareSeconds > 0 and $p > $q
         then $last.prepareSeconds * (($n * $n - $p * $p) / ($p * $p - $q * $q)) else 0 end) as $prepare
      | (if ($nz | length) >= 2 and $nz[-2].measureSeconds > 0
         then ([1, ([3, (($nz[-1].measureSeconds / $nz[-2].measureSeconds) | log) / (($nz[-1].at.services / $nz[-2].at.services) | log)] | min)] | max)
         else 1 end) as $k
      | ($last.measureSeconds * pow($n / $p; $k)) as $measure
      | "\($prepare) \($measure)" end' "$BENCH_MANIFEST"
}

# The budget this invocation runs under; a stop recorded by an earlier one is dropped
# (the same OUT with a larger budget goes on from there).
record_budget() {
  bench_manifest_set .runTime "$(jq -c --argjson b "$((RUN_BUDGET_MINUTES * 60))" \
    '(.runTime // {steps: []}) | del(.stoppedBefore) | if $b > 0 then .budgetSeconds = $b else del(.budgetSeconds) end' "$BENCH_MANIFEST")"
}

# The Services that exist before any dummy one (kubernetes, the probes, kp-netprog...).
set_baseline() {
  k8s_dummy_services_clear "$SVC_NS" "$WAIT_TIMEOUT"
  BASE_SERVICES="$(kc get services -A -o json | jq '[.items[] | select(.spec.clusterIP != "None" and .spec.clusterIP != null)] | length')"
  bench_log "$BASE_SERVICES ClusterIP Services exist before the dummy ones"
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

# Sourced (the tests of the run budget), it only defines the functions.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then main "$@"; fi
