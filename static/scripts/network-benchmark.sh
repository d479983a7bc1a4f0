#!/usr/bin/env bash
# One-command network benchmark of the current Kubernetes cluster (made for
# Tencent TKE): kube-proxy iptables, Cilium native routing or Cilium overlay,
# detected from the cluster itself.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

# >>> shared library, inlined by scripts/benchmarks/tke/bundle.sh (do not edit here)
# --- lib/bench.sh ---
# Shared library of the bench scripts (EKS, TKE, local). Source it; do not run it.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/../lib/bench.sh"
#
# What differs per platform is only WHERE a command runs. A target sets:
#   BENCH_CLIENT_EXEC=(kubectl exec -n bench client --)   # or (ip netns exec nbl-123-cli)
#   BENCH_SERVER_EXEC=(kubectl exec -n bench server --)   # used by server-side captures
#   BENCH_CLIENT_NODE / BENCH_SERVER_NODE                 # recorded in each meta (same-node flag)
# and then calls the same measurement functions. Empty arrays = run on this host.
#
# The run directory layout and the meta/manifest fields are the contract with
# the ingest: see scripts/benchmarks/README.md.
#
# API (names are stable; other scripts depend on them):
#   bench_log <msg...>                         bench_die <what> <fix>
#   bench_require_tools <tool>...              bench_tool_version <tool>
#   bench_init_run <dir> <suite> <runner> <script>
#   bench_manifest_set <jq-path> <json>        bench_manifest_finish
#   bench_round_dir <scenario> <round>         bench_is_done <dir> / bench_mark_done <dir>
#   bench_on_cleanup <cmd...>                  bench_install_traps / bench_run_cleanup
#   bench_client <cmd...> / bench_server <cmd...>
#   bench_merge_json <json> <json>
#   bench_measure        <round-dir> <id> <kind> <conditions-json> -- <cmd...>   (client side)
#   bench_measure_server <round-dir> <id> <kind> <conditions-json> -- <cmd...>   (server side)
#   bench_measure_via <executor-array-name> <round-dir> <id> <kind> <conditions-json> -- <cmd...>
#   bench_iperf3_tcp  <round-dir> <id> <cond> <host> <streams> [duration=10]
#   bench_iperf3_udp  <round-dir> <id> <cond> <host> <bitrate> [duration=10]
#   bench_fortio_http <round-dir> <id> <cond> <url> <qps|max> <keepalive|close> <concurrency> [duration=30]
#   bench_fortio_tcp  <round-dir> <id> <cond> <host:port> <qps|max> <concurrency> [duration=30]
#   bench_netperf     <round-dir> <id> <cond> <host> <TCP_RR|TCP_CRR> [duration=10]
#   bench_dns_latency <round-dir> <id> <cond> <name> <count> [dns-server]
#   bench_iptables_nat <round-dir> <id> <cond>                (through BENCH_SERVER_EXEC)
# Per call, BENCH_TOOL=<name> overrides the tool recorded in the meta.
#
# Globals set here: BENCH_RUN_DIR, BENCH_MANIFEST. Tunables (env):
#   BENCH_TIMEOUT_SLACK   seconds added to a tool's own duration before it is killed (default 60)
#   BENCH_MEASURE_TIMEOUT timeout of a bench_measure call without a known duration (default 300)
#   BENCH_FORTIO          fortio binary as seen by the executor (default fortio)
#   BENCH_IPERF3_PORT     iperf3 server port (default 5201)
#   BENCH_SCRIPT_VERSION  recorded in the manifest (default 1.0.0)

# Guard against double sourcing (k8s.sh and a script may both source us).
if [[ -n "${BENCH_LIB_LOADED:-}" ]]; then
  return 0
fi
BENCH_LIB_LOADED=1

BENCH_RUN_DIR="${BENCH_RUN_DIR:-}"
BENCH_MANIFEST="${BENCH_MANIFEST:-}"
if ! declare -p BENCH_CLIENT_EXEC >/dev/null 2>&1; then BENCH_CLIENT_EXEC=(); fi
if ! declare -p BENCH_SERVER_EXEC >/dev/null 2>&1; then BENCH_SERVER_EXEC=(); fi
BENCH_CLIENT_NODE="${BENCH_CLIENT_NODE:-}"
BENCH_SERVER_NODE="${BENCH_SERVER_NODE:-}"
BENCH_CLEANUP=()
BENCH_CLEANUP_DONE=0

# ---------------------------------------------------------------- logging

bench_now() { date -u +%Y-%m-%dT%H:%M:%SZ; }

# bench_log <message...>: one timestamped progress line on stderr (and in the
# run's log file once a run directory exists).
bench_log() {
  local line
  line="[$(bench_now)] $*"
  printf '%s\n' "$line" >&2
  if [[ -n "${BENCH_LOG_FILE:-}" ]]; then printf '%s\n' "$line" >>"$BENCH_LOG_FILE" 2>/dev/null || true; fi
}

# bench_die <what went wrong> <exact fix>: print both and exit 1 (cleanup trap runs).
bench_die() {
  local what="$1" fix="${2:-}"
  printf 'error: %s\n' "$what" >&2
  if [[ -n "$fix" ]]; then printf '  fix: %s\n' "$fix" >&2; fi
  if [[ -n "${BENCH_LOG_FILE:-}" ]]; then printf '[%s] error: %s (fix: %s)\n' "$(bench_now)" "$what" "$fix" >>"$BENCH_LOG_FILE" 2>/dev/null || true; fi
  exit 1
}

# ---------------------------------------------------------------- preflight

# How to get each tool a bench script may need.
bench__install_hint() {
  case "$1" in
    iperf3) echo "apt-get install -y iperf3" ;;
    netperf | netserver) echo "apt-get install -y netperf (Debian non-free)" ;;
    fortio) echo "go install fortio.org/fortio@v1.68.2 and put \$(go env GOPATH)/bin on PATH" ;;
    dig) echo "apt-get install -y dnsutils" ;;
    dnsmasq) echo "apt-get install -y dnsmasq-base" ;;
    jq) echo "apt-get install -y jq" ;;
    ip) echo "apt-get install -y iproute2" ;;
    tc) echo "apt-get install -y iproute2" ;;
    iptables | iptables-save) echo "apt-get install -y iptables" ;;
    timeout | sha256sum | date) echo "apt-get install -y coreutils" ;;
    kubectl) echo "install kubectl matching the cluster version (https://kubernetes.io/docs/tasks/tools/)" ;;
    helm) echo "install helm 3 (https://helm.sh/docs/intro/install/)" ;;
    eksctl) echo "install eksctl (https://eksctl.io/installation/)" ;;
    aws) echo "install AWS CLI v2 and run 'aws configure'" ;;
    cilium) echo "install the cilium CLI (https://github.com/cilium/cilium-cli/releases)" ;;
    node | npm) echo "install Node.js 20 or newer" ;;
    *) echo "install '$1' and put it on PATH" ;;
  esac
}

# bench_require_tools <tool>...: exit naming every missing tool and how to get it.
bench_require_tools() {
  local tool missing=()
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  ((${#missing[@]} == 0)) && return 0
  for tool in "${missing[@]}"; do
    printf 'error: required tool "%s" not found on PATH\n  fix: %s\n' "$tool" "$(bench__install_hint "$tool")" >&2
  done
  exit 1
}

# ---------------------------------------------------------------- run directory

# bench_init_run <dir> <suite> <runner> <script>: create the run directory and
# its manifest skeleton; on resume keep the existing manifest (same suite only).
bench_init_run() {
  local dir="$1" suite="$2" runner="$3" script="$4"
  mkdir -p "$dir/logs" || bench_die "cannot create run directory $dir" "choose a writable OUT directory"
  BENCH_RUN_DIR="$(cd "$dir" && pwd)"
  BENCH_MANIFEST="$BENCH_RUN_DIR/manifest.json"
  BENCH_LOG_FILE="$BENCH_RUN_DIR/logs/$(date -u +%Y%m%dT%H%M%SZ)-$$.log"
  if [[ -f "$BENCH_MANIFEST" ]]; then
    local have
    have="$(jq -r '.suite // ""' "$BENCH_MANIFEST")" || bench_die "$BENCH_MANIFEST is not valid JSON" "remove $BENCH_RUN_DIR or choose another OUT directory"
    [[ "$have" == "$suite" ]] || bench_die "$BENCH_MANIFEST belongs to suite '$have', not '$suite'" "choose another OUT directory for a $suite run"
    bench_log "resuming run in $BENCH_RUN_DIR (finished rounds are skipped)"
    return 0
  fi
  local commit=""
  commit="$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --verify -q HEAD 2>/dev/null || true)"
  jq -n --arg suite "$suite" --arg runner "$runner" --arg script "$script" \
    --arg version "${BENCH_SCRIPT_VERSION:-1.0.0}" --arg commit "$commit" --arg started "$(bench_now)" \
    '{suite: $suite, runner: $runner, script: $script, scriptVersion: $version, commit: $commit,
      startedAt: $started, params: {}, tools: {}, images: {}, environment: {}, scenarios: {}}' \
    >"$BENCH_MANIFEST.tmp" || bench_die "could not write $BENCH_MANIFEST" "check that jq works and $BENCH_RUN_DIR is writable"
  mv "$BENCH_MANIFEST.tmp" "$BENCH_MANIFEST"
  bench_log "new $suite run in $BENCH_RUN_DIR"
}

# bench_manifest_set <jq-path> <json-value>, e.g. bench_manifest_set .params.ROUNDS 3
bench_manifest_set() {
  local path="$1" value="$2"
  [[ -n "$BENCH_MANIFEST" && -f "$BENCH_MANIFEST" ]] || bench_die "bench_manifest_set $path before bench_init_run" "call bench_init_run first"
  jq -e -n --argjson v "$value" '$v' >/dev/null 2>&1 || bench_die "bench_manifest_set $path: '$value' is not JSON" "quote strings as JSON, e.g. '\"text\"'"
  jq --argjson v "$value" "$path = \$v" "$BENCH_MANIFEST" >"$BENCH_MANIFEST.tmp" ||
    bench_die "bench_manifest_set: '$path' is not a jq path jq can assign" "use a path like .params.ROUNDS"
  mv "$BENCH_MANIFEST.tmp" "$BENCH_MANIFEST"
}

# bench_manifest_finish: stamp finishedAt (the run completed every scenario).
bench_manifest_finish() { bench_manifest_set .finishedAt "\"$(bench_now)\""; }

# bench_round_dir <scenario> <round>: create and print <run>/<scenario>/round-<round>.
bench_round_dir() {
  local d="$BENCH_RUN_DIR/$1/round-$2"
  [[ -n "$BENCH_RUN_DIR" ]] || bench_die "bench_round_dir before bench_init_run" "call bench_init_run first"
  mkdir -p "$d"
  printf '%s\n' "$d"
}

# Resume markers: a directory (round or scenario) with .done is skipped on rerun.
bench_is_done() { [[ -f "$1/.done" ]]; }
bench_mark_done() { mkdir -p "$1" && bench_now >"$1/.done"; }

# ---------------------------------------------------------------- cleanup

# bench_on_cleanup <cmd...>: register an undo step; steps run last-in first-out,
# once, when the script exits (normally, on error or on INT/TERM).
bench_on_cleanup() {
  local quoted
  printf -v quoted '%q ' "$@"
  BENCH_CLEANUP+=("$quoted")
}

bench_run_cleanup() {
  ((BENCH_CLEANUP_DONE == 0)) || return 0
  BENCH_CLEANUP_DONE=1
  local i
  for ((i = ${#BENCH_CLEANUP[@]} - 1; i >= 0; i--)); do
    eval "${BENCH_CLEANUP[i]}" >/dev/null 2>&1 || bench_log "cleanup step failed (continuing): ${BENCH_CLEANUP[i]}"
  done
  BENCH_CLEANUP=()
}

bench__on_signal() {
  bench_log "interrupted by SIG$1; cleaning up"
  trap - INT TERM
  exit "$2"
}

# bench_install_traps: run the cleanup registry on EXIT, INT and TERM.
bench_install_traps() {
  trap 'bench_run_cleanup' EXIT
  trap 'bench__on_signal INT 130' INT
  trap 'bench__on_signal TERM 143' TERM
}

# ---------------------------------------------------------------- executors

# bench_client <cmd...> / bench_server <cmd...>: run where the target says.
bench_client() { "${BENCH_CLIENT_EXEC[@]}" "$@"; }
bench_server() { "${BENCH_SERVER_EXEC[@]}" "$@"; }

# bench_tool_version <tool>: first version line of a tool as the client sees it.
bench_tool_version() {
  local out=""
  case "$1" in
    iperf3) out="$(bench_client iperf3 --version 2>&1 | head -n1 | awk '{print $2}')" ;;
    fortio) out="$(bench_client "${BENCH_FORTIO:-fortio}" version 2>&1 | head -n1)" ;;
    netperf) out="$(bench_client netperf -V 2>&1 | awk '/version/ {print $NF; exit}')" ;;
    dig) out="$(bench_client dig -v 2>&1 | head -n1 | awk '{print $2}')" ;;
    iptables) out="$(bench_client iptables --version 2>&1 | head -n1 | awk '{print $2, $3}')" ;;
    *) out="$(bench_client "$1" --version 2>&1 | head -n1)" ;;
  esac
  printf '%s\n' "${out:-unknown}"
}

# ---------------------------------------------------------------- measuring

bench__ext_for_kind() {
  case "$1" in
    iperf3-* | fortio-* | bpftool-maps) echo json ;;
    *) echo txt ;;
  esac
}

bench__tool_for_kind() {
  case "$1" in
    iperf3-*) echo iperf3 ;;
    fortio-*) echo fortio ;;
    netperf-*) echo netperf ;;
    dns-latency) echo dig ;;
    iptables-nat) echo iptables-save ;;
    cilium-lb-list) echo cilium-dbg ;;
    kubeproxy-metrics) echo kube-proxy ;;
    bpftool-maps) echo bpftool ;;
    top-samples) echo kubectl ;;
    *) echo "$1" ;;
  esac
}

# bench_merge_json <json> <json>: shallow merge, right wins (wrappers add their
# own condition keys to the caller's).
bench_merge_json() {
  local left="${1:-}" right="${2:-}"
  jq -cn --argjson a "${left:-null}" --argjson b "${right:-null}" '($a // {}) + ($b // {})'
}

# bench__measure_with <executor-array-name> <round-dir> <id> <kind> <conditions-json> -- <cmd...>
bench__measure_with() {
  local -n exec_ref="$1"
  local dir="$2" id="$3" kind="$4" cond="$5"
  shift 5
  [[ "${1:-}" == "--" ]] || bench_die "bench_measure $id: missing '--' before the command" "call: bench_measure <round-dir> <id> <kind> <conditions-json> -- <cmd...>"
  shift
  (($# > 0)) || bench_die "bench_measure $id: no command given" "pass the command after '--'"
  jq -e -n --argjson c "$cond" '$c | type == "object"' >/dev/null 2>&1 ||
    bench_die "bench_measure $id: conditions '$cond' is not a JSON object" "pass e.g. '{\"path\":\"pod\"}'"
  [[ "$id" =~ ^[A-Za-z0-9._-]+$ ]] || bench_die "bench_measure: id '$id' has characters unsafe for a file name" "use letters, digits, '.', '_' and '-'"

  local ext raw meta tool started finished rc
  ext="$(bench__ext_for_kind "$kind")"
  raw="$dir/$id.$ext"
  meta="$dir/$id.meta.json"
  tool="${BENCH_TOOL:-$(bench__tool_for_kind "$kind")}"
  mkdir -p "$dir"

  # Resume at file level: a successful measurement is never repeated.
  if [[ -f "$meta" && -f "$raw" ]] && [[ "$(jq -r '.exitCode' "$meta" 2>/dev/null)" == "0" ]]; then
    bench_log "skip $id (already measured)"
    return 0
  fi

  local limit="${BENCH_MEASURE_TIMEOUT:-300}"
  bench_log "measure $id ($kind) ${cond}"
  started="$(bench_now)"
  # Raw stdout byte for byte; stderr kept beside it for diagnosis.
  rc=0
  timeout --kill-after=10 "$limit" "${exec_ref[@]}" "$@" >"$raw.partial" 2>"$dir/$id.stderr.log" || rc=$?
  finished="$(bench_now)"
  mv "$raw.partial" "$raw"
  [[ -s "$dir/$id.stderr.log" ]] || rm -f "$dir/$id.stderr.log"

  # The command as a JSON array: NUL-separated so any argument survives, with
  # an end sentinel because jq 1.6 drops a trailing NUL.
  local cmd_json
  cmd_json="$({ printf '%s\0' "$@" && printf 'end'; } | jq -cRs 'split("\u0000")[:-1]')"
  if ! jq -n --arg kind "$kind" --arg tool "$tool" --argjson conditions "$cond" --argjson cmd "$cmd_json" \
    --arg started "$started" --arg finished "$finished" --argjson exitCode "$rc" \
    --arg clientNode "$BENCH_CLIENT_NODE" --arg serverNode "$BENCH_SERVER_NODE" --argjson timeout "$limit" \
    '{kind: $kind, tool: $tool, conditions: $conditions, cmd: $cmd,
      startedAt: $started, finishedAt: $finished, exitCode: $exitCode, timeoutSeconds: $timeout}
     + (if $clientNode != "" then {clientNode: $clientNode} else {} end)
     + (if $serverNode != "" then {serverNode: $serverNode} else {} end)' >"$meta.tmp"; then
    bench_die "could not write $meta" "check that jq works and $dir is writable"
  fi
  mv "$meta.tmp" "$meta"

  if ((rc != 0)); then
    local why="exit code $rc"
    ((rc == 124 || rc == 137)) && why="timed out after ${limit}s"
    bench_log "FAILED $id: $why (raw kept at $raw; the ingest will refuse it; rerun to retry)"
    return "$rc"
  fi
  return 0
}

# bench_measure <round-dir> <id> <kind> <conditions-json> -- <cmd...>
# Runs <cmd> through BENCH_CLIENT_EXEC with a timeout, stores <id>.<ext> and <id>.meta.json.
bench_measure() { bench__measure_with BENCH_CLIENT_EXEC "$@"; }

# bench_measure_server: the same, through BENCH_SERVER_EXEC (captures of server-side state).
bench_measure_server() { bench__measure_with BENCH_SERVER_EXEC "$@"; }

# bench_measure_via <executor-array-name> <round-dir> <id> <kind> <conditions-json> -- <cmd...>
# The same through any executor array (e.g. an empty one: run on this host).
bench_measure_via() { bench__measure_with "$@"; }

# Timeout for a tool that runs <duration> seconds.
bench__limit() { echo $(($1 + ${BENCH_TIMEOUT_SLACK:-60})); }

# bench_iperf3_tcp <round-dir> <id> <conditions-json> <server-host> <streams> [duration=10]
bench_iperf3_tcp() {
  local dir="$1" id="$2" cond="$3" host="$4" streams="$5" dur="${6:-10}"
  BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" iperf3-tcp \
    "$(bench_merge_json "$cond" "{\"streams\":$streams}")" -- \
    iperf3 -c "$host" -p "${BENCH_IPERF3_PORT:-5201}" -P "$streams" -t "$dur" -J
}

# bench_iperf3_udp <round-dir> <id> <conditions-json> <server-host> <bitrate e.g. 1G> [duration=10]
bench_iperf3_udp() {
  local dir="$1" id="$2" cond="$3" host="$4" bitrate="$5" dur="${6:-10}"
  BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" iperf3-udp "$cond" -- \
    iperf3 -c "$host" -p "${BENCH_IPERF3_PORT:-5201}" -u -b "$bitrate" -t "$dur" -J
}

# bench_fortio_http <round-dir> <id> <conditions-json> <url> <qps N|max> <keepalive|close> <concurrency> [duration=30]
bench_fortio_http() {
  local dir="$1" id="$2" cond="$3" url="$4" qps="$5" conn="$6" conc="$7" dur="${8:-30}"
  local qps_arg="$qps" qps_json="$qps"
  if [[ "$qps" == max ]]; then qps_arg=0 qps_json='"max"'; fi
  [[ "$qps_arg" =~ ^[0-9]+$ ]] || bench_die "bench_fortio_http $id: qps '$qps' is not a number or 'max'" "pass e.g. 1000 or max"
  [[ "$conn" == keepalive || "$conn" == close ]] || bench_die "bench_fortio_http $id: connection '$conn'" "pass keepalive or close"
  local args=(load -quiet -qps "$qps_arg" -c "$conc" -t "${dur}s" -r 0.00001 -allow-initial-errors -json -)
  [[ "$conn" == close ]] && args+=(-keepalive=false)
  BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" fortio-http \
    "$(bench_merge_json "$cond" "{\"qps\":$qps_json,\"connection\":\"$conn\",\"concurrency\":$conc}")" -- \
    "${BENCH_FORTIO:-fortio}" "${args[@]}" "$url"
}

# bench_fortio_tcp <round-dir> <id> <conditions-json> <host:port of a tcp echo> <qps N|max> <concurrency> [duration=30]
bench_fortio_tcp() {
  local dir="$1" id="$2" cond="$3" target="$4" qps="$5" conc="$6" dur="${7:-30}"
  local qps_arg="$qps" qps_json="$qps"
  if [[ "$qps" == max ]]; then qps_arg=0 qps_json='"max"'; fi
  BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" fortio-tcp \
    "$(bench_merge_json "$cond" "{\"qps\":$qps_json,\"concurrency\":$conc}")" -- \
    "${BENCH_FORTIO:-fortio}" load -quiet -qps "$qps_arg" -c "$conc" -t "${dur}s" -r 0.00001 -allow-initial-errors -json - "tcp://$target"
}

# Latency percentiles (us) and rate netperf prints with -o; the parser reads them by name.
BENCH_NETPERF_SELECTORS="P50_LATENCY,P90_LATENCY,P99_LATENCY,MEAN_LATENCY,TRANSACTION_RATE"

# bench_netperf <round-dir> <id> <conditions-json> <server-host> <TCP_RR|TCP_CRR> [duration=10]
bench_netperf() {
  local dir="$1" id="$2" cond="$3" host="$4" test="$5" dur="${6:-10}" kind
  case "$test" in
    TCP_RR) kind=netperf-rr ;;
    TCP_CRR) kind=netperf-crr ;;
    *) bench_die "bench_netperf $id: test '$test'" "pass TCP_RR or TCP_CRR" ;;
  esac
  BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" "$kind" "$cond" -- \
    netperf -H "$host" -t "$test" -l "$dur" -- -o "$BENCH_NETPERF_SELECTORS"
}

# bench_dns_latency <round-dir> <id> <conditions-json> <name> <count> [dns-server]
# Prints one lookup latency in microseconds per line. Uses `dig -u` when the
# client has dig; else times getent (system resolver) with date +%s%N.
# A failed lookup (no answer, SERVFAIL, NXDOMAIN) fails the whole measurement.
bench_dns_latency() {
  local dir="$1" id="$2" cond="$3" name="$4" count="$5" server="${6:-}"
  [[ "$count" =~ ^[1-9][0-9]*$ ]] || bench_die "bench_dns_latency $id: count '$count'" "pass a positive number of lookups"
  local script tool
  if bench_client sh -c 'command -v dig' >/dev/null 2>&1; then
    tool=dig
    # shellcheck disable=SC2016 # expanded by the client's sh, not here
    script='i=0; while [ "$i" -lt "$1" ]; do
      out=$(dig -u +tries=1 +time=2 ${3:+@$3} "$2" A) || exit 1
      case "$out" in *"status: NOERROR"*) ;; *) echo "lookup of $2 failed" >&2; exit 1 ;; esac
      t=$(printf "%s\n" "$out" | sed -n "s/.*Query time: \([0-9][0-9]*\) usec.*/\1/p")
      [ -n "$t" ] || exit 1
      echo "$t"; i=$((i+1)); done'
  else
    tool=getent
    # shellcheck disable=SC2016
    script='i=0; while [ "$i" -lt "$1" ]; do
      s=$(date +%s%N); getent hosts "$2" >/dev/null || exit 1; e=$(date +%s%N)
      echo $(((e - s) / 1000)); i=$((i+1)); done'
  fi
  BENCH_TOOL="$tool" BENCH_MEASURE_TIMEOUT="$(bench__limit $((count * 3)))" bench_measure "$dir" "$id" dns-latency "$cond" -- \
    sh -c "$script" dns-latency "$count" "$name" "$server"
}

# bench_iptables_nat <round-dir> <id> <conditions-json>: iptables-save -t nat where the server runs.
bench_iptables_nat() {
  local dir="$1" id="$2" cond="$3"
  BENCH_MEASURE_TIMEOUT="${BENCH_MEASURE_TIMEOUT:-60}" bench_measure_server "$dir" "$id" iptables-nat "$cond" -- iptables-save -t nat
}
# --- lib/k8s.sh ---
# Cluster helpers shared by the EKS and TKE bench scripts. Source it after
# lib/bench.sh; do not run it.
#
# Everything talks to the cluster through K8S_KUBECTL (kubectl plus the chosen
# --context), so a run never drifts to another cluster when someone switches
# the current context in another terminal.
#
# Tunables (env):
#   K8S_POLL_INTERVAL   seconds between polls of a bounded wait (default 5)
#   K8S_WAIT_TIMEOUT    default timeout of waits in seconds (default 300)

if [[ -n "${K8S_LIB_LOADED:-}" ]]; then
  return 0
fi
K8S_LIB_LOADED=1

K8S_KUBECTL=(kubectl)
K8S_CONTEXT=""

# k8s_use_context [context]: pin every later call to <context> (or to the
# current context when empty). Dies with the fix when there is none.
k8s_use_context() {
  local wanted="${1:-}" current=""
  if [[ -n "$wanted" ]]; then
    kubectl config get-contexts -o name 2>/dev/null | grep -Fxq -- "$wanted" ||
      bench_die "kube context '$wanted' (KUBE_CONTEXT) does not exist in your kubeconfig" \
        "list contexts with 'kubectl config get-contexts -o name' and set KUBE_CONTEXT to one of them (EKS: aws eks update-kubeconfig --name <cluster> --region <region>)"
    K8S_CONTEXT="$wanted"
  else
    current="$(kubectl config current-context 2>/dev/null || true)"
    [[ -n "$current" ]] ||
      bench_die "no current kube context" "run 'kubectl config use-context <name>' or set KUBE_CONTEXT=<name>"
    K8S_CONTEXT="$current"
  fi
  K8S_KUBECTL=(kubectl --context "$K8S_CONTEXT")
}

# kc <kubectl args...>: kubectl against the pinned context.
kc() { "${K8S_KUBECTL[@]}" "$@"; }

# k8s_require_api: the API server answers within 20 s.
k8s_require_api() {
  timeout 20 "${K8S_KUBECTL[@]}" version -o json >/dev/null 2>&1 ||
    bench_die "the API server of context '$K8S_CONTEXT' does not answer" \
      "check credentials and network ('kubectl --context $K8S_CONTEXT get nodes'); on EKS with SSO run 'aws sso login'"
}

# k8s_server_version: e.g. v1.31.4-eks-2d5f260
k8s_server_version() { kc version -o json 2>/dev/null | jq -r '.serverVersion.gitVersion // "unknown"'; }

# k8s_ready_nodes: names of Ready, schedulable nodes, sorted.
k8s_ready_nodes() {
  kc get nodes -o json | jq -r '.items[]
    | select(.spec.unschedulable != true)
    | select(any(.status.conditions[]; .type == "Ready" and .status == "True"))
    | .metadata.name' | sort
}

# k8s_require_nodes <n>: at least <n> Ready nodes, else die with the fix.
k8s_require_nodes() {
  local want="$1" have
  have="$(k8s_ready_nodes | grep -c . || true)"
  ((have >= want)) ||
    bench_die "the cluster has $have Ready schedulable node(s); client and server must run on different nodes, so at least $want are needed" \
      "add nodes (EKS: eksctl scale nodegroup --cluster <cluster> --name bench --nodes 3; TKE: scale the node pool to 2 or more) and rerun"
}

# k8s_wait <timeout-s> <what> <cmd...>: poll <cmd> until it succeeds; die naming
# <what> and the timeout when it never does.
k8s_wait() {
  local limit="$1" what="$2" start
  shift 2
  start="$(date +%s)"
  until "$@" >/dev/null 2>&1; do
    if (($(date +%s) - start >= limit)); then
      bench_die "timed out after ${limit}s waiting for $what" \
        "inspect the cluster ('kubectl --context $K8S_CONTEXT get pods -A | grep -v Running'), fix the cause, then rerun (finished rounds are kept)"
    fi
    sleep "${K8S_POLL_INTERVAL:-5}"
  done
}

# k8s_rollout_wait <ns> <kind/name> [timeout]: bounded rollout status.
k8s_rollout_wait() {
  local ns="$1" obj="$2" limit="${3:-${K8S_WAIT_TIMEOUT:-300}}"
  kc -n "$ns" rollout status "$obj" --timeout="${limit}s" >/dev/null ||
    bench_die "$obj in namespace $ns did not become ready within ${limit}s" \
      "run 'kubectl --context $K8S_CONTEXT -n $ns describe $obj' and 'kubectl --context $K8S_CONTEXT -n $ns get pods -o wide' to see why"
}

# k8s_restart_pods <ns> [timeout]: delete the namespace's pods and wait until
# every Deployment/DaemonSet is ready again. Deleting instead of a rolling
# restart never runs old and new pods side by side, which small nodes cannot
# always fit (and after a CNI switch the old pods are broken anyway).
k8s_restart_pods() {
  local ns="$1" limit="${2:-${K8S_WAIT_TIMEOUT:-300}}" obj
  bench_log "restarting all pods in namespace $ns"
  kc -n "$ns" delete pods --all --wait=false >/dev/null
  for obj in $(kc -n "$ns" get deployments,daemonsets -o name); do
    k8s_rollout_wait "$ns" "$obj" "$limit"
  done
  k8s_wait "$limit" "pods in namespace $ns to be Ready" \
    kc -n "$ns" wait --for=condition=Ready pods --all --timeout=1s
}

# k8s_pod <ns> <label-selector>: name of the first Running pod matching.
k8s_pod() {
  local ns="$1" selector="$2" name
  name="$(kc -n "$ns" get pods -l "$selector" --field-selector=status.phase=Running \
    -o jsonpath='{.items[0].metadata.name}' 2>/dev/null || true)"
  [[ -n "$name" ]] ||
    bench_die "no Running pod with labels '$selector' in namespace $ns" \
      "check 'kubectl --context $K8S_CONTEXT -n $ns get pods -l $selector -o wide' (were the workloads applied?)"
  printf '%s\n' "$name"
}

# k8s_pod_field <ns> <pod> <jsonpath>: e.g. '{.spec.nodeName}', '{.status.podIP}'.
k8s_pod_field() { kc -n "$1" get pod "$2" -o jsonpath="$3"; }

# k8s_pod_on_node <ns> <label-selector> <node>: the matching pod on <node>.
k8s_pod_on_node() {
  local ns="$1" selector="$2" node="$3" name
  name="$(kc -n "$ns" get pods -l "$selector" --field-selector="spec.nodeName=$node,status.phase=Running" \
    -o jsonpath='{.items[0].metadata.name}' 2>/dev/null || true)"
  [[ -n "$name" ]] ||
    bench_die "no Running pod with labels '$selector' on node $node (namespace $ns)" \
      "check 'kubectl --context $K8S_CONTEXT -n $ns get pods -l $selector -o wide'"
  printf '%s\n' "$name"
}

# k8s_set_exec <array-name> <ns> <pod> [container]: make <array-name> an
# executor that runs a command inside the pod (for BENCH_CLIENT_EXEC etc.).
k8s_set_exec() {
  local -n exec_out="$1"
  local ns="$2" pod="$3" container="${4:-}"
  exec_out=("${K8S_KUBECTL[@]}" -n "$ns" exec "$pod")
  [[ -n "$container" ]] && exec_out+=(-c "$container")
  exec_out+=(--)
}

# k8s_node_info_json: environment facts of the first Ready node as JSON.
k8s_node_info_json() {
  kc get nodes -o json | jq -c '[.items[] | select(any(.status.conditions[]; .type == "Ready" and .status == "True"))] as $ready
    | $ready[0] as $n
    | {nodeCount: ($ready | length),
       nodeType: ($n.metadata.labels["node.kubernetes.io/instance-type"] // $n.metadata.labels["beta.kubernetes.io/instance-type"] // null),
       region: ($n.metadata.labels["topology.kubernetes.io/region"] // null),
       os: $n.status.nodeInfo.osImage, kernel: $n.status.nodeInfo.kernelVersion,
       runtime: $n.status.nodeInfo.containerRuntimeVersion}
    | with_entries(select(.value != null))'
}

# k8s_image_digests <ns> [selector]: {"<container>": "<image>@sha256:..."} of
# what the pods actually run (imageID carries the resolved digest).
k8s_image_digests() {
  local ns="$1" selector="${2:-}"
  kc -n "$ns" get pods ${selector:+-l "$selector"} -o json | jq -c '
    [.items[].status.containerStatuses[]?
     | {key: .name, value: (.image + (if (.imageID | test("@sha256:")) then "@" + (.imageID | sub("^.*@"; "")) else "" end))}]
    | from_entries'
}

# ---------------------------------------------------------------- node probes

# iptables-save of the backend that holds the kube-proxy rules: nft and legacy
# tables are separate, and the host's choice is not known in advance, so the
# variant with more KUBE- lines wins. Output is that tool's, byte for byte.
# shellcheck disable=SC2016 # expanded by the probe's sh
K8S_IPTABLES_SAVE_SCRIPT='best=iptables-save; most=-1
for s in iptables-nft-save iptables-legacy-save iptables-save; do
  command -v "$s" >/dev/null 2>&1 || continue
  n=$("$s" -t nat 2>/dev/null | grep -c "KUBE-") || n=0
  if [ "$n" -gt "$most" ]; then most=$n; best=$s; fi
done
exec "$best" -t nat'

# k8s_iptables_nat <round-dir> <id> <conditions-json>: NAT table of the node in
# BENCH_SERVER_EXEC (a privileged host-network probe pod).
k8s_iptables_nat() {
  BENCH_TOOL=iptables-save BENCH_MEASURE_TIMEOUT=60 bench_measure_server "$1" "$2" iptables-nat "$3" -- \
    sh -c "$K8S_IPTABLES_SAVE_SCRIPT"
}

# k8s_kube_service_chain_length <executor-array-name>: rules in KUBE-SERVICES on that node.
k8s_kube_service_chain_length() {
  local -n probe_exec="$1"
  "${probe_exec[@]}" sh -c "$K8S_IPTABLES_SAVE_SCRIPT" 2>/dev/null | grep -c '^-A KUBE-SERVICES ' || true
}

# What Cilium's kube-proxy-free guide asks for after kube-proxy is gone: drop
# every KUBE-* rule and chain from both iptables backends of the node.
# shellcheck disable=SC2016
K8S_FLUSH_KUBE_RULES_SCRIPT='for v in nft legacy; do
  command -v "iptables-$v-save" >/dev/null 2>&1 || continue
  "iptables-$v-save" | grep -v KUBE | "iptables-$v-restore"
done'

# k8s_flush_kube_rules <ns> <probe-selector>: run it on every node through the probe DaemonSet.
k8s_flush_kube_rules() {
  local ns="$1" selector="$2" pod
  for pod in $(kc -n "$ns" get pods -l "$selector" -o jsonpath='{.items[*].metadata.name}'); do
    bench_log "flushing KUBE-* iptables rules through $pod"
    kc -n "$ns" exec "$pod" -- sh -c "$K8S_FLUSH_KUBE_RULES_SCRIPT" >/dev/null ||
      bench_die "could not flush the KUBE-* iptables rules through $pod" \
        "run on that node as root: iptables-save | grep -v KUBE | iptables-restore"
  done
}

# k8s_top_samples <round-dir> <id> <conditions-json> <ns> <selector> <count> <interval-s>
# `kubectl top pod --containers` <count> times; each block starts with a
# '# sample <i> <time>' line (the top-samples raw format).
k8s_top_samples() {
  local dir="$1" id="$2" cond="$3" ns="$4" selector="$5" count="$6" interval="$7"
  # shellcheck disable=SC2034 # used by name (bench__measure_with): run on this host
  local -a local_exec=()
  # shellcheck disable=SC2016 # expanded by the inner bash
  local script='n=$1 pause=$2; shift 2
    for ((i = 1; i <= n; i++)); do
      printf "# sample %d %s\n" "$i" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
      "$@" || exit 1
      ((i < n)) && sleep "$pause"
    done; exit 0'
  BENCH_TOOL=kubectl BENCH_MEASURE_TIMEOUT=$((count * (interval + 30) + 30)) \
    bench__measure_with local_exec "$dir" "$id" top-samples "$cond" -- \
    bash -c "$script" top-samples "$count" "$interval" \
    "${K8S_KUBECTL[@]}" -n "$ns" top pod -l "$selector" --containers --no-headers=false
}

# ---------------------------------------------------------------- dummy Services

k8s__namespace_is_owned() {
  [[ "$(kc get namespace "$1" -o jsonpath='{.metadata.labels.bench\.k8s-network/owned}' 2>/dev/null || true)" == "true" ]]
}

# k8s_namespace_delete_owned <ns>: delete <ns> only if the bench scripts created it.
k8s_namespace_delete_owned() {
  if k8s__namespace_is_owned "$1"; then
    bench_log "deleting namespace $1 (created by the benchmark)"
    kc delete namespace "$1" --wait=false >/dev/null
  fi
}

declare -A K8S_OWNED_NAMESPACES=()

# k8s_namespace_create_owned <ns>: create <ns> labelled as ours and register its
# deletion for exit. An existing namespace is reused only if it carries our
# label (an earlier, interrupted run made it); any other one is left alone.
k8s_namespace_create_owned() {
  local ns="$1"
  if kc get namespace "$ns" >/dev/null 2>&1; then
    k8s__namespace_is_owned "$ns" ||
      bench_die "namespace $ns exists and was not created by the bench scripts" \
        "choose another name (--ns / SVC_NAMESPACE) or delete it yourself if it is disposable"
  else
    kc create namespace "$ns" >/dev/null || bench_die "could not create namespace $ns" "check your RBAC permissions"
    kc label namespace "$ns" bench.k8s-network/owned=true >/dev/null
  fi
  if [[ -z "${K8S_OWNED_NAMESPACES[$ns]:-}" ]]; then
    K8S_OWNED_NAMESPACES[$ns]=1
    bench_on_cleanup k8s_namespace_delete_owned "$ns"
  fi
}

# k8s_count_services [ns]: Services in <ns>, or in the whole cluster.
k8s_count_services() {
  if [[ -n "${1:-}" ]]; then
    kc -n "$1" get services -o name | grep -c . || true
  else
    kc get services -A -o name | grep -c . || true
  fi
}

# k8s_dummy_manifest <first> <last> <endpoints>: selector-less Services with one
# EndpointSlice each. Endpoints are ready addresses in 198.18.0.0/15 (the
# benchmarking range, never routed), so kube-proxy/Cilium program them while
# no pod exists and nothing ever connects to them.
k8s_dummy_manifest() {
  local first="$1" last="$2" endpoints="$3" i e eps
  eps=""
  for ((e = 1; e <= endpoints; e++)); do
    eps+="  - addresses: [\"198.18.$((e / 256)).$((e % 256))\"]
    conditions: {ready: true}
"
  done
  for ((i = first; i <= last; i++)); do
    printf -- '---\napiVersion: v1\nkind: Service\nmetadata:\n  name: dummy-%05d\n  labels: {bench.k8s-network/dummy: "true"}\nspec:\n  ports: [{name: http, port: 80, protocol: TCP}]\n' "$i"
    printf -- '---\napiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata:\n  name: dummy-%05d-1\n  labels: {bench.k8s-network/dummy: "true", kubernetes.io/service-name: dummy-%05d}\naddressType: IPv4\nports: [{name: http, port: 80, protocol: TCP}]\nendpoints:\n%s' "$i" "$i" "$eps"
  done
}

# k8s_dummy_services_scale <ns> <target-count> <endpoints> <parallel> [batch=500]
# Grow the dummy Services in <ns> to <target-count> (never shrinks), applying
# batches in parallel with server-side apply (idempotent, so resume is safe).
k8s_dummy_services_scale() {
  local ns="$1" target="$2" endpoints="$3" parallel="$4" batch="${5:-500}" have tmp first last
  have="$(kc -n "$ns" get services -l bench.k8s-network/dummy=true -o name | grep -c . || true)"
  ((have < target)) || return 0
  bench_log "creating dummy Services $((have + 1))..$target in $ns ($endpoints endpoints each, $parallel in parallel)"
  tmp="$(mktemp -d)"
  for ((first = have + 1; first <= target; first += batch)); do
    last=$((first + batch - 1))
    ((last > target)) && last="$target"
    k8s_dummy_manifest "$first" "$last" "$endpoints" >"$tmp/batch-$(printf '%06d' "$first").yaml"
  done
  if ! find "$tmp" -name 'batch-*.yaml' -print0 | sort -z |
    xargs -0 -n1 -P "$parallel" "${K8S_KUBECTL[@]}" -n "$ns" apply --server-side --force-conflicts -o name -f >/dev/null; then
    rm -rf "$tmp"
    bench_die "creating dummy Services in $ns failed" \
      "check the API server limits (TKE cluster tier, quota) with 'kubectl --context $K8S_CONTEXT -n $ns get svc | wc -l'; lower SVC_CREATE_PARALLEL and rerun"
  fi
  rm -rf "$tmp"
}

# k8s_dummy_services_delete <ns>: remove every dummy Service and EndpointSlice in <ns>.
k8s_dummy_services_delete() {
  local ns="$1"
  kc -n "$ns" delete services,endpointslices -l bench.k8s-network/dummy=true --wait=false >/dev/null 2>&1 || true
}
# <<< shared library

usage() {
  cat <<'EOF'
Usage: network-benchmark.sh [--dir DIR] [--ns NAMESPACE] [--skip-cleanup] [--help]

Benchmarks the cluster of the current kube context (or KUBE_CONTEXT). The data
plane is detected and recorded as the run's scenario:
  iptables        no cilium-config ConfigMap, kube-proxy DaemonSet present (or a
                  kube-system/kube-proxy ConfigMap whose config.conf says mode iptables)
  nftables        kube-proxy whose kube-system/kube-proxy config.conf says mode: nftables
  cilium-native   cilium-config routing-mode=native
  cilium-overlay  cilium-config routing-mode=tunnel (VXLAN/Geneve)
Run it once per cluster; the ingest merges the run directories into one dataset.

Options:
  --dir DIR        run directory (default ./netbench-<context>-<UTC date>); rerun with
                   the same DIR to resume (finished rounds and measurements are kept)
  --ns NAMESPACE   namespace for the test pods (default netbench; created and deleted here)
  --skip-cleanup   keep the test namespaces for inspection
  -h, --help       this text

Environment (default):
  IPERF_DURATION=30        seconds per iperf3 test
  FORTIO_DURATION=60       seconds per fortio / netperf test
  ROUNDS=1                 rounds
  ROUND_SLEEP=30           pause between rounds (burst-credit recovery)
  SVC_SCALE_STEPS=5000,10000,20000,30000   dummy Service counts (ascending)
  SVC_ENDPOINTS=4          endpoints per dummy Service
  SVC_CREATE_PARALLEL=4    parallel creation workers
  SVC_SYNC_TIMEOUT=1800    seconds to wait for the data plane to program a step
  AUTO_FIX_LB_MAP          (unset: ask) true: raise Cilium's bpf-lb-map-max and restart
                           the agents when the largest step needs it; false: stop with the fix
  TOP_SAMPLES=6 TOP_INTERVAL=10   component CPU/memory samples
  WAIT_TIMEOUT=300         seconds for pods and rollouts
  KUBE_CONTEXT=<current>   kube context
  ALLOW_SINGLE_NODE=0      1: run client and server on one node when the cluster has
                           only one (every row is then flagged same-node by the ingest)
  BENCH_PLATFORM="Tencent TKE"  platform recorded in the manifest
  BENCH_CNI="VPC-CNI" BENCH_ROUTING="native (VPC)"  recorded for the kube-proxy scenarios
EOF
}

# ---------------------------------------------------------------- parameters

IPERF_DURATION="${IPERF_DURATION:-30}"
FORTIO_DURATION="${FORTIO_DURATION:-60}"
ROUNDS="${ROUNDS:-1}"
ROUND_SLEEP="${ROUND_SLEEP:-30}"
SVC_SCALE_STEPS="${SVC_SCALE_STEPS:-5000,10000,20000,30000}"
SVC_ENDPOINTS="${SVC_ENDPOINTS:-4}"
SVC_CREATE_PARALLEL="${SVC_CREATE_PARALLEL:-4}"
SVC_SYNC_TIMEOUT="${SVC_SYNC_TIMEOUT:-1800}"
AUTO_FIX_LB_MAP="${AUTO_FIX_LB_MAP:-}"
TOP_SAMPLES="${TOP_SAMPLES:-6}"
TOP_INTERVAL="${TOP_INTERVAL:-10}"
WAIT_TIMEOUT="${WAIT_TIMEOUT:-300}"
KUBE_CONTEXT="${KUBE_CONTEXT:-}"
ALLOW_SINGLE_NODE="${ALLOW_SINGLE_NODE:-0}"
BENCH_PLATFORM="${BENCH_PLATFORM:-Tencent TKE}"
BENCH_CNI="${BENCH_CNI:-VPC-CNI}"
BENCH_ROUTING="${BENCH_ROUTING:-native (VPC)}"
export K8S_WAIT_TIMEOUT="$WAIT_TIMEOUT"

# Pinned images: iperf3 (netshoot), netperf 2.7 (Cilium's perf image), fortio.
IMAGE_NETSHOOT="nicolaka/netshoot:v0.13"
IMAGE_NETPERF="quay.io/cilium/network-perf:1751527436-c2462ae@sha256:0c491ed7ca63e6c526593b3a2d478f856410a50fbbce7fe2b64283c3015d752f"
IMAGE_FORTIO="fortio/fortio:1.68.2"
CILIUM_LB_MAP_DEFAULT=65536
HOST_IPERF_PORT=5202

RUN_DIR=""
NS="netbench"
SKIP_CLEANUP=0

parse_args() {
  while (($#)); do
    case "$1" in
      -h | --help) usage; exit 0 ;;
      --dir) [[ -n "${2:-}" ]] || bench_die "--dir needs a directory" "e.g. --dir ./bench"; RUN_DIR="$2"; shift 2 ;;
      --dir=*) RUN_DIR="${1#*=}"; shift ;;
      --ns) [[ -n "${2:-}" ]] || bench_die "--ns needs a namespace name" "e.g. --ns netbench"; NS="$2"; shift 2 ;;
      --ns=*) NS="${1#*=}"; shift ;;
      --skip-cleanup) SKIP_CLEANUP=1; shift ;;
      *) usage >&2; bench_die "unknown argument '$1'" "see --help" ;;
    esac
  done
  SVC_NS="$NS-svc"
}

validate_params() {
  local name step prev=0
  for name in IPERF_DURATION FORTIO_DURATION ROUNDS SVC_ENDPOINTS SVC_CREATE_PARALLEL SVC_SYNC_TIMEOUT TOP_SAMPLES WAIT_TIMEOUT; do
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

# kube_proxy_mode: the proxy mode of the cluster's kube-proxy (its
# kube-system/kube-proxy ConfigMap, as kubeadm writes it; an empty mode is
# iptables); fails when the cluster shows no kube-proxy at all.
kube_proxy_mode() {
  local conf mode
  conf="$(kc -n kube-system get configmap kube-proxy -o jsonpath='{.data.config\.conf}' 2>/dev/null || true)"
  [[ -n "$conf" ]] || kc -n kube-system get daemonset kube-proxy >/dev/null 2>&1 || return 1
  mode="$(awk '$1 == "mode:" { gsub(/["\047]/, "", $2); print $2; exit }' <<<"$conf")"
  echo "${mode:-iptables}"
}

# A data plane of kube-proxy (iptables or nftables), not Cilium.
is_kube_proxy() { [[ "$MODE" == iptables || "$MODE" == nftables ]]; }

# detect_mode: prints iptables | nftables | cilium-native | cilium-overlay.
detect_mode() {
  local kp_mode
  local cm routing
  if cm="$(cilium_config)"; then
    routing="$(jq -r '.data["routing-mode"] // (if (.data.tunnel // "") == "disabled" then "native" elif (.data.tunnel // "") != "" then "tunnel" else "" end)' <<<"$cm")"
    case "$routing" in
      native) echo cilium-native ;;
      tunnel) echo cilium-overlay ;;
      *) bench_die "cilium-config has no routing-mode (or tunnel) key; cannot tell native from overlay" \
        "check 'kubectl -n kube-system get cm cilium-config -o yaml' and report the Cilium version" ;;
    esac
  elif kp_mode="$(kube_proxy_mode)"; then
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

preflight() {
  bench_require_tools kubectl jq timeout
  k8s_use_context "$KUBE_CONTEXT"
  k8s_require_api
  if [[ "$ALLOW_SINGLE_NODE" == 1 ]]; then k8s_require_nodes 1; else k8s_require_nodes 2; fi
  MODE="$(detect_mode)"
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
    - {name: iperf3, image: $IMAGE_NETSHOOT, command: [sleep, infinity]}
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
  k8s_wait "$WAIT_TIMEOUT" "the test pods in $NS to be Ready" kc -n "$NS" wait --for=condition=Ready pods --all --timeout=1s
  CLIENT_NODE="$(k8s_pod_field "$NS" bench-client '{.spec.nodeName}')"
  SERVER_NODE="$(k8s_pod_field "$NS" bench-server '{.spec.nodeName}')"
  SERVER_IP="$(k8s_pod_field "$NS" bench-server '{.status.podIP}')"
  SERVER_HOST_IP="$(k8s_pod_field "$NS" host-server '{.status.hostIP}')"
  SERVICE_IP="$(kc -n "$NS" get service bench-server -o jsonpath='{.spec.clusterIP}')"
  BENCH_CLIENT_NODE="$CLIENT_NODE"
  BENCH_SERVER_NODE="$SERVER_NODE"
  k8s_set_exec BENCH_SERVER_EXEC "$NS" host-server iperf3
}

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
  try bench_fortio_http "$dir" http-qps1000 '{"path":"service"}' "http://$SERVICE_IP:8080/" 1000 keepalive 16 "$FORTIO_DURATION"
  client bench-client netperf
  try bench_netperf "$dir" netperf-tcp-rr '{"path":"pod"}' "$SERVER_IP" TCP_RR "$FORTIO_DURATION"
  try bench_netperf "$dir" netperf-tcp-crr '{"path":"pod"}' "$SERVER_IP" TCP_CRR "$FORTIO_DURATION"
}

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
  rps_svc "$dir" rps-hubble-on '{"hubble":true}'
  hubble_set false
  rps_svc "$dir" rps-hubble-off '{"hubble":false}'
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

measure_policies() {
  local dir="$1" kind
  rps_svc "$dir" rps-policy-none '{"policy":"none"}'
  for kind in l3l4 l7; do
    policy_manifest "$kind" | kc apply -f - >/dev/null || bench_die "could not apply the $kind CiliumNetworkPolicy" "check that the CiliumNetworkPolicy CRD exists"
    sleep "${POLICY_SETTLE:-5}"
    rps_svc "$dir" "rps-policy-$kind" "{\"policy\":\"$kind\"}"
    kc -n "$NS" delete ciliumnetworkpolicy "bench-$kind" --ignore-not-found >/dev/null
  done
}

# Is the data plane programmed for <n> more Services than before the sweep?
dataplane_count() {
  if [[ "$MODE" == iptables ]]; then
    k8s_kube_service_chain_length BENCH_SERVER_EXEC
  elif [[ "$MODE" == nftables ]]; then
    # One service-ips element per ClusterIP port, like one KUBE-SERVICES rule.
    "${BENCH_SERVER_EXEC[@]}" nft list map ip kube-proxy service-ips 2>/dev/null | grep -o ': goto service-' | grep -c . || true
  else
    kc -n kube-system exec "$(agent_on_server)" -c cilium-agent -- cilium-dbg service list -o json 2>/dev/null | jq 'length'
  fi
}
dataplane_has() { (($(dataplane_count) >= $1)); }

# Why `kubectl top` cannot sample the data-plane component here, if it cannot.
top_unavailable() {
  if ! kc get apiservice v1beta1.metrics.k8s.io >/dev/null 2>&1; then
    echo "the cluster has no metrics API (metrics-server), so kubectl top has no data"
  elif [[ -z "$(kc -n kube-system get pods -l "$(component_selector)" -o name 2>/dev/null)" ]]; then
    echo "$(component_name) does not run as a pod in kube-system ($(component_selector))"
  else
    return 1
  fi
}

measure_resources() {
  local dir="$1" cond="$2" reason
  if reason="$(top_unavailable)"; then
    bench_log "not measured: component CPU/memory ($reason)"
    bench_manifest_set '.method.notMeasured["component-top"]' "$(jq -Rn --arg r "$reason" '$r')"
  else
    try k8s_top_samples "$dir" component-top "$(bench_merge_json "$cond" "{\"component\":\"$(component_name)\"}")" \
      kube-system "$(component_selector)" "$TOP_SAMPLES" "$TOP_INTERVAL"
  fi
  if ! is_kube_proxy; then
    local -a saved=("${BENCH_SERVER_EXEC[@]}")
    k8s_set_exec BENCH_SERVER_EXEC kube-system "$(agent_on_server)" cilium-agent
    try bench_measure_server "$dir" bpftool-maps bpftool-maps "$cond" -- bpftool map show -j
    BENCH_SERVER_EXEC=("${saved[@]}")
  fi
}

measure_scale() {
  local dir="$1" step sdir before cond
  k8s_namespace_create_owned "$SVC_NS"
  k8s_dummy_services_delete "$SVC_NS"
  before="$(dataplane_count)"
  for step in "${SVC_STEPS[@]}"; do
    sdir="$dir/services-$step"
    if bench_is_done "$sdir"; then bench_log "skip service step $step (done)"; continue; fi
    k8s_dummy_services_scale "$SVC_NS" "$step" "$SVC_ENDPOINTS" "$SVC_CREATE_PARALLEL"
    k8s_wait "$SVC_SYNC_TIMEOUT" "the data plane to program $step dummy Services (SVC_SYNC_TIMEOUT)" dataplane_has $((before + step))
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
    if [[ "$step" == "${SVC_STEPS[-1]}" ]]; then measure_resources "$sdir" "$cond"; fi
    ((ROUND_FAILED == 0)) && bench_mark_done "$sdir"
  done
  k8s_dummy_services_delete "$SVC_NS"
}

record_run() {
  bench_manifest_set .params "$(params_json)"
  bench_manifest_set .environment "$(jq -c --arg platform "$BENCH_PLATFORM" --arg k8s "$(k8s_server_version)" '{platform: $platform, k8sVersion: $k8s} + .' <<<"$(k8s_node_info_json)")"
  bench_manifest_set ".scenarios[\"$MODE\"]" "$(scenario_json "$MODE")"
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

main() {
  parse_args "$@"
  validate_params
  bench_install_traps
  preflight
  RUN_DIR="${RUN_DIR:-./netbench-$K8S_CONTEXT-$(date -u +%Y-%m-%d)}"
  bench_init_run "$RUN_DIR" tke-cilium tke scripts/benchmarks/tke/network-benchmark.sh
  if ((SKIP_CLEANUP)); then
    bench_log "--skip-cleanup: namespaces $NS and $SVC_NS will be kept"
    # Marking them as already registered keeps their deletion off the cleanup list.
    K8S_OWNED_NAMESPACES["$NS"]=1
    K8S_OWNED_NAMESPACES["$SVC_NS"]=1
  fi
  if bench_is_done "$BENCH_RUN_DIR/$MODE"; then
    bench_log "$MODE is finished in $BENCH_RUN_DIR; nothing to do"
    return 0
  fi
  deploy_workloads
  record_run
  local round dir
  for ((round = 1; round <= ROUNDS; round++)); do
    dir="$(bench_round_dir "$MODE" "$round")"
    if bench_is_done "$dir"; then bench_log "round $round already done; skipping"; continue; fi
    bench_log "round $round/$ROUNDS ($MODE)"
    ROUND_FAILED=0
    measure_throughput "$dir"
    measure_rps_latency "$dir"
    measure_resources "$dir" '{}'
    if ! is_kube_proxy; then
      measure_hubble "$dir"
      measure_policies "$dir"
    fi
    measure_scale "$dir"
    ((ROUND_FAILED == 0)) || bench_die "round $round had failed measurements (see the FAILED lines above)" \
      "fix the cause and rerun with --dir $BENCH_RUN_DIR: finished measurements are kept"
    bench_mark_done "$dir"
    if ((round < ROUNDS)); then bench_log "pausing ${ROUND_SLEEP}s before the next round"; sleep "$ROUND_SLEEP"; fi
  done
  bench_mark_done "$BENCH_RUN_DIR/$MODE"
  bench_manifest_finish
  bench_log "done: $BENCH_RUN_DIR (next: npm run ingest -- $BENCH_RUN_DIR)"
}

main "$@"
