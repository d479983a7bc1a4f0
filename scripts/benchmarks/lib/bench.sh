#!/usr/bin/env bash
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
#   bench_set_params <params-json> [key-that-may-change...]   (resume refuses other parameters)
#   bench_round_dir <scenario> <round>         bench_is_done <dir> / bench_mark_done <dir>
#   bench_on_cleanup <cmd...>                  bench_install_traps / bench_run_cleanup
#   bench_client <cmd...> / bench_server <cmd...>
#   bench_merge_json <json> <json>            (right wins; a null key is left out by bench_measure)
#   bench_measure        <round-dir> <id> <kind> <conditions-json> -- <cmd...>   (client side)
#   bench_measure_server <round-dir> <id> <kind> <conditions-json> -- <cmd...>   (server side)
#   bench_measure_via <executor-array-name> <round-dir> <id> <kind> <conditions-json> -- <cmd...>
#   bench_iperf3_tcp  <round-dir> <id> <cond> <host> <streams> [duration=10]
#   bench_iperf3_udp  <round-dir> <id> <cond> <host> <bitrate> [duration=10]
#   bench_iperf3_udp_sweep <round-dir> <id-prefix> <cond> <host> "<bitrate>..." [duration=10]
#   bench_udp_gbps <bitrate>                   (iperf3 -b notation -> Gbps, e.g. 500M -> 0.5)
#   bench_fortio_http <round-dir> <id> <cond> <url> <qps|max> <keepalive|close> <concurrency> [duration=30]
#   bench_fortio_tcp  <round-dir> <id> <cond> <host:port> <qps|max> <concurrency> [duration=30]
#   bench_netperf     <round-dir> <id> <cond> <host> <TCP_RR|TCP_CRR> [duration=10]
#   bench_dns_latency <round-dir> <id> <cond> <name> <count> [dns-server]
#   bench_iptables_nat <round-dir> <id> <cond>                (through BENCH_SERVER_EXEC)
# Window counters: BENCH_WINDOW_COUNTERS=<function> is called as "<function> before|after <file>"
# right before and right after the command of each traffic window (BENCH_COUNTED_KINDS,
# default "iperf3-* fortio-*"); both snapshots land in <id>.counters.txt beside the result
# and the meta names it (.counters). k8s_node_counters (lib/k8s.sh) reads both nodes'
# NIC (ethtool -S) and IP-stack (nstat) counters; a window whose counters could not be
# read is rejected like a bad result (retried, then refused by the ingest).
# Per call, BENCH_TOOL=<name> overrides the tool recorded in the meta, and
# BENCH_RAW_EXT=txt.gz|json.gz names the raw file of a command that writes gzip.
#
# Run protocol (lib/protocol.sh, sourced here; its header lists the settings):
#   bench_idle_gate                            wait for a quiet host (BENCH_HOST_EXEC), record it
#   bench_host_snapshot / bench_host_during <snap> <snap>
#   bench_round_order <round> <item>...        this round's order (BENCH_ORDER=alternate|shuffle)
#   bench_round_rest                           BENCH_ROUND_REST seconds between rounds
#   bench_protocol_record                      .protocol in the manifest
#   bench_protocol_help                        the protocol's settings, for a script's --help
#   bench_cgroup_cpu_seconds <counter-file>    cgroup v2 cpu.stat / v1 cpuacct.usage -> seconds
# Every bench_measure* call gates its window (bench_idle_gate), snapshots the host
# right before and after the command, and writes both into the meta's "host"
# record with the run-wide "sequence" number (see scripts/benchmarks/README.md).
#
# Globals set here: BENCH_RUN_DIR, BENCH_MANIFEST. Tunables (env):
#   BENCH_TIMEOUT_SLACK   seconds added to a tool's own duration before it is killed (default 60)
#   BENCH_MEASURE_TIMEOUT timeout of a bench_measure call without a known duration (default 300)
#   BENCH_FORTIO          fortio binary as seen by the executor (default fortio)
#   BENCH_IPERF3_PORT     iperf3 server port (default 5201)
#   BENCH_SCRIPT_VERSION  recorded in the manifest (default 1.0.0)
#   BENCH_PLAN_TOTAL      measurements the script plans; progress lines then say "[n of N]"
#   BENCH_RETRIES         extra attempts of a measurement that failed or whose result was rejected (default 1)
#   BENCH_CHECK_CMD       checker run on each raw file as "<cmd> <kind> <file>" (default: the ingest's
#                         parsers through scripts/benchmarks/ingest/check.ts when run from a checkout
#                         with node_modules, bundled once into .cache/bench-check/; else a jq check
#                         of the tool's own error fields)

# Guard against double sourcing (k8s.sh and a script may both source us).
if [[ -n "${BENCH_LIB_LOADED:-}" ]]; then
  return 0
fi
BENCH_LIB_LOADED=1
# Where this file lives: in a checkout, the ingest's checker is at ../ingest/check.ts.
BENCH_LIB_SELF_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The single-file TKE download inlines protocol.sh ahead of this file.
if ! declare -F bench_idle_gate >/dev/null; then
  # shellcheck source-path=SCRIPTDIR source=protocol.sh
  source "$BENCH_LIB_SELF_DIR/protocol.sh"
fi

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

# bench_set_params <params-json> [key-that-may-change...]: record the run's
# parameters; on resume refuse parameters that differ from the ones the run
# started with (a dataset must not mix methods). Keys named after the JSON
# (e.g. ROUNDS: more rounds of the same method) may change.
bench_set_params() {
  local params="$1" diff
  shift
  local free
  free="$(printf '%s\n' "$@" | jq -R . | jq -cs .)"
  diff="$(jq -r --argjson now "$params" --argjson free "$free" '
    (.params // {}) as $was
    | if ($was | length) == 0 then empty else
        [($was + $now | keys[]) as $k | select(($free | index($k)) == null)
         | select($was[$k] != $now[$k]) | "\($k)=\($was[$k] | tojson) then, \($now[$k] | tojson) now"] | .[]
      end' "$BENCH_MANIFEST")" || bench_die "cannot read the parameters of $BENCH_MANIFEST" "check that it is valid JSON"
  if [[ -n "$diff" ]]; then
    bench_die "this run directory was started with other parameters: ${diff//$'\n'/; }" \
      "rerun with the same values (see .params in $BENCH_MANIFEST), or use another run directory for the new parameters"
  fi
  bench_manifest_set .params "$params"
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
    kubeproxy-metrics | kubeproxy-sync-delta | kubeproxy-fullsync | kubeproxy-netprog) echo kube-proxy ;;
    nft-table) echo nft ;;
    bpftool-maps) echo bpftool ;;
    top-samples | kubelet-resource) echo kubectl ;;
    proc-status) echo cat ;;
    *) echo "$1" ;;
  esac
}

# bench_merge_json <json> <json>: shallow merge, right wins (a null stays null,
# so a caller can pass "leave this key out" on to a wrapper).
bench_merge_json() {
  local left="${1:-}" right="${2:-}"
  jq -cn --argjson a "${left:-null}" --argjson b "${right:-null}" '($a // {}) + ($b // {})'
}

# bench__conditions <load-json> <caller-json>: the conditions of a wrapper's
# measurement. The load (streams, qps, connection, ...) names the row unless the
# caller says otherwise: a caller's key wins, and a caller's null leaves the key
# out (a suite whose figures do not name it; the meta keeps it under "load").
# bench_measure drops null keys.
bench__conditions() { bench_merge_json "$1" "$2"; }

# bench__check_cmd: prints the checker command (one word per line), or nothing for the jq fallback.
bench__check_cmd() {
  if [[ -n "${BENCH_CHECK_CMD:-}" ]]; then
    printf '%s\n' "$BENCH_CHECK_CMD"
    return 0
  fi
  local root="$BENCH_LIB_SELF_DIR/../../.."
  local checker="$BENCH_LIB_SELF_DIR/../ingest/check.ts" tsx="$root/node_modules/.bin/tsx" bundle
  [[ -f "$checker" ]] && command -v node >/dev/null 2>&1 || return 0
  if bundle="$(bench__check_bundle "$root")"; then
    printf '%s\n%s\n' node "$bundle"
  elif [[ -x "$tsx" ]]; then
    printf '%s\n%s\n' "$tsx" "$checker"
  fi
}

# bench__check_bundle <checkout>: prints the path of check.ts bundled into one
# plain-JavaScript file, built with the checkout's esbuild and rebuilt when one
# of its inputs changed. node starts it in about 0.15 s against 1.2 s for tsx,
# and a run checks every raw file it captures.
bench__check_bundle() {
  local root="$1" dir out meta tmp
  [[ -x "$root/node_modules/.bin/esbuild" ]] || return 1
  dir="$root/.cache/bench-check" out="$root/.cache/bench-check/check.mjs" meta="$root/.cache/bench-check/check.meta.json"
  if [[ -f "$out" && -f "$meta" ]] && (
    cd "$root" && jq -r '.inputs | keys[]' "$meta" | while IFS= read -r f; do [[ -f "$f" && ! "$f" -nt "$out" ]] || exit 1; done
  ); then
    printf '%s\n' "$out"
    return 0
  fi
  mkdir -p "$dir" && tmp="$(mktemp "$dir/.check.XXXXXX")" || return 1
  # Concurrent runs each build their own file and rename it into place (atomic).
  if (cd "$root" && node_modules/.bin/esbuild scripts/benchmarks/ingest/check.ts --bundle --platform=node --format=esm \
    --outfile="$tmp.mjs" --metafile="$tmp.json" --log-level=error) >&2; then
    mv -f "$tmp.json" "$meta" && mv -f "$tmp.mjs" "$out" && rm -f "$tmp" && printf '%s\n' "$out" && return 0
  fi
  rm -f "$tmp" "$tmp.mjs" "$tmp.json"
  return 1
}

# Without a checkout (the single-file download): the failures a tool reports in
# its own output and still exits 0 on, read with jq.
# shellcheck disable=SC2016 # jq program
BENCH_JQ_CHECK='def fail($m): error($m);
  if ($kind | startswith("iperf3-")) then
    (if has("error") then fail("iperf3 reported an error: \(.error)") else . end)
    | (if (.start.test_start | type) != "object" then fail("is not iperf3 -J output (no start.test_start): check the kind and the command that wrote the file") else . end)
    | (if ((.end // {}) | length) == 0 then fail("iperf3 output has no \"end\" summary (the test did not finish)") else . end)
  elif ($kind | startswith("fortio-")) then
    ((.RetCodes // {}) | [to_entries[] | select(.key == "200" or .key == "OK") | .value] | add // 0) as $ok
    | (if $ok == 0 then fail("fortio made no successful call (\(.RetCodes // {} | tojson))") else . end)
  else . end'

# bench__check_resolve: sets BENCH__CHECKER (the checker command, empty for the
# jq fallback) once per shell: finding it checks the bundle against the mtime of
# each of its inputs, too slow to repeat for every raw file.
BENCH__CHECKER=()
BENCH__CHECKER_RESOLVED=0
bench__check_resolve() {
  ((BENCH__CHECKER_RESOLVED)) && return 0
  mapfile -t BENCH__CHECKER < <(bench__check_cmd)
  BENCH__CHECKER_RESOLVED=1
}

# bench__check_raw <kind> <raw-file>: 0 when the raw file is a usable result;
# else 1 with the reason (naming the file) on stdout. Flags go to the log.
# Call bench__check_resolve first (this runs in a subshell: $(...)).
bench__check_raw() {
  local kind="$1" raw="$2" out rc=0
  if ((${#BENCH__CHECKER[@]} > 0)); then
    out="$("${BENCH__CHECKER[@]}" "$kind" "$raw" 2>&1)" || rc=$?
    if ((rc == 0)); then
      [[ -z "$out" ]] || bench_log "$out"
      return 0
    fi
    printf '%s\n' "${out:-$raw: the checker ${BENCH__CHECKER[*]} failed with exit code $rc}"
    return 1
  fi
  case "$kind" in
    iperf3-* | fortio-*)
      if ! out="$(jq -e --arg kind "$kind" "$BENCH_JQ_CHECK" "$raw" 2>&1 >/dev/null)"; then
        printf '%s: %s\n' "$raw" "$(sed -E 's/^jq: error \(at [^)]*\): //' <<<"${out:-not valid JSON}")"
        return 1
      fi ;;
  esac
  [[ -s "$raw" ]] || { printf '%s: is empty (the tool printed nothing)\n' "$raw"; return 1; }
  return 0
}

# Kinds whose window is traffic between two nodes: BENCH_WINDOW_COUNTERS reads both
# nodes' counters around them (BENCH_COUNTED_KINDS, default iperf3 and fortio).
bench__counted_kind() {
  local pattern patterns
  read -ra patterns <<<"${BENCH_COUNTED_KINDS:-iperf3-* fortio-*}" # no globbing against the cwd
  for pattern in "${patterns[@]}"; do
    # shellcheck disable=SC2053 # a glob on purpose
    [[ "$1" == $pattern ]] && return 0
  done
  return 1
}

# bench__measure_with <executor-array-name> <round-dir> <id> <kind> <conditions-json> -- <cmd...>
bench__measure_with() {
  local -n exec_ref="$1"
  local dir="$2" id="$3" kind="$4" cond="$5"
  shift 5
  [[ "${1:-}" == "--" ]] || bench_die "bench_measure $id: missing '--' before the command" "call: bench_measure <round-dir> <id> <kind> <conditions-json> -- <cmd...>"
  shift
  (($# > 0)) || bench_die "bench_measure $id: no command given" "pass the command after '--'"
  # A null condition means "not named in this suite's figures": left out.
  local object
  object="$(jq -cn --argjson c "$cond" '$c | if type == "object" then with_entries(select(.value != null)) else error end' 2>/dev/null)" ||
    bench_die "bench_measure $id: conditions '$cond' is not a JSON object" "pass e.g. '{\"path\":\"pod\"}'"
  cond="$object"
  [[ "$id" =~ ^[A-Za-z0-9._-]+$ ]] || bench_die "bench_measure: id '$id' has characters unsafe for a file name" "use letters, digits, '.', '_' and '-'"

  local ext raw meta tool started finished rc
  # BENCH_RAW_EXT=txt.gz / json.gz: the command writes gzip (large rule dumps).
  ext="${BENCH_RAW_EXT:-$(bench__ext_for_kind "$kind")}"
  raw="$dir/$id.$ext"
  meta="$dir/$id.meta.json"
  tool="${BENCH_TOOL:-$(bench__tool_for_kind "$kind")}"
  mkdir -p "$dir"

  # Progress: "n of N" when the script announced its plan (BENCH_PLAN_TOTAL).
  BENCH_PLAN_DONE=$((${BENCH_PLAN_DONE:-0} + 1))
  local progress=""
  [[ -n "${BENCH_PLAN_TOTAL:-}" ]] && progress="[$BENCH_PLAN_DONE of $BENCH_PLAN_TOTAL] "

  # Resume at file level: a measurement that succeeded and passed the check is never repeated.
  if [[ -f "$meta" && -f "$raw" ]] && [[ "$(jq -r '(.exitCode | tostring) + "/" + (has("rejected") | tostring)' "$meta" 2>/dev/null)" == "0/false" ]]; then
    bench_log "${progress}skip $id (already measured)"
    return 0
  fi

  local limit="${BENCH_MEASURE_TIMEOUT:-300}" attempt attempts=$((1 + ${BENCH_RETRIES:-1})) rejected="" sequence="" host after
  # The window's node counters (BENCH_WINDOW_COUNTERS), kept beside the result as <id>.counters.txt.
  local counters="" counted=0
  if [[ -n "${BENCH_WINDOW_COUNTERS:-}" ]] && bench__counted_kind "$kind"; then counters="$dir/$id.counters.txt"; fi
  bench__check_resolve
  for ((attempt = 1; attempt <= attempts; attempt++)); do
    if ((attempt == 1)); then bench_log "${progress}measure $id ($kind) ${cond}"; else bench_log "measure $id again (attempt $attempt of $attempts)"; fi
    # Every window starts on a quiet host, or says that it did not (meta .host.gate).
    if ! bench_idle_gate; then
      bench_log "FAILED $id: the host did not become quiet (BENCH_IDLE_STRICT=1); rerun to retry"
      return 1
    fi
    if [[ -z "$sequence" ]]; then bench__next_sequence && sequence="$BENCH__SEQUENCE"; fi
    counted=1
    if [[ -n "$counters" ]]; then
      rm -f "$counters.partial"
      "$BENCH_WINDOW_COUNTERS" before "$counters.partial" 2>"$dir/$id.counters.log" || counted=0
    fi
    started="$(bench_now)"
    # Raw stdout byte for byte; stderr kept beside it for diagnosis.
    rc=0
    timeout --kill-after=10 "$limit" "${exec_ref[@]}" "$@" >"$raw.partial" 2>"$dir/$id.stderr.log" || rc=$?
    finished="$(bench_now)"
    if [[ -n "$counters" ]]; then
      if ((counted)); then "$BENCH_WINDOW_COUNTERS" after "$counters.partial" 2>>"$dir/$id.counters.log" || counted=0; fi
      mv -f "$counters.partial" "$counters" 2>/dev/null || true
      [[ -s "$dir/$id.counters.log" ]] || rm -f "$dir/$id.counters.log"
    fi
    after="$(bench_host_snapshot)" || bench_die "$id: $after" "check the executor BENCH_HOST_EXEC (${BENCH_HOST_EXEC[*]:-this host}) and rerun: finished measurements are kept"
    host="$(bench__host_record "$after")"
    mv "$raw.partial" "$raw"
    [[ -s "$dir/$id.stderr.log" ]] || rm -f "$dir/$id.stderr.log"
    # Parse the result now: a tool that exits 0 on a failed test (fortio with every call failed) is a failure too.
    rejected=""
    if ((rc == 0)); then rejected="$(bench__check_raw "$kind" "$raw")" || true; fi
    if ((rc == 0)) && [[ -z "$rejected" ]] && ((counted == 0)); then
      rejected="the node counters around the window could not be read ($BENCH_WINDOW_COUNTERS; see $dir/$id.counters.log)"
    fi
    if ((rc == 0)) && [[ -z "$rejected" ]]; then break; fi
    if ((attempt < attempts)); then bench_log "retrying $id: ${rejected:-exit code $rc}"; fi
  done
  ((attempt <= attempts)) || attempt=$attempts

  # The command as a JSON array: NUL-separated so any argument survives, with
  # an end sentinel because jq 1.6 drops a trailing NUL.
  if ! jq -n --arg kind "$kind" --arg tool "$tool" --argjson conditions "$cond" \
    --rawfile cmd <(printf '%s\0' "$@" && printf 'end') \
    --arg started "$started" --arg finished "$finished" --argjson exitCode "$rc" \
    --arg clientNode "$BENCH_CLIENT_NODE" --arg serverNode "$BENCH_SERVER_NODE" --argjson timeout "$limit" \
    --arg rejected "$rejected" --argjson attempts "$attempt" --argjson load "${BENCH_LOAD:-null}" \
    --argjson sequence "$sequence" --argjson host "$host" --arg counters "${counters:+${counters##*/}}" \
    '{kind: $kind, tool: $tool, conditions: $conditions, cmd: ($cmd | split("\u0000")[:-1]),
      startedAt: $started, finishedAt: $finished, exitCode: $exitCode, timeoutSeconds: $timeout,
      sequence: $sequence, host: $host}
     + (if $load != null then {load: $load} else {} end)
     + (if $attempts > 1 then {attempts: $attempts} else {} end)
     + (if $rejected != "" then {rejected: $rejected} else {} end)
     + (if $clientNode != "" then {clientNode: $clientNode} else {} end)
     + (if $serverNode != "" then {serverNode: $serverNode} else {} end)
     + (if $counters != "" then {counters: $counters} else {} end)' >"$meta.tmp"; then
    bench_die "could not write $meta" "check that jq works and $dir is writable"
  fi
  mv "$meta.tmp" "$meta"

  if ((rc != 0)); then
    local why="exit code $rc"
    ((rc == 124 || rc == 137)) && why="timed out after ${limit}s"
    bench_log "FAILED $id: $why (raw kept at $raw; the ingest will refuse it; rerun to retry)"
    return "$rc"
  fi
  if [[ -n "$rejected" ]]; then
    bench_log "FAILED $id: result rejected: $rejected (rerun to retry)"
    return 1
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
  local dir="$1" id="$2" cond="$3" host="$4" streams="$5" dur="${6:-10}" load
  load="{\"streams\":$streams}"
  BENCH_LOAD="$load" BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" iperf3-tcp \
    "$(bench__conditions "$load" "$cond")" -- \
    iperf3 -c "$host" -p "${BENCH_IPERF3_PORT:-5201}" -P "$streams" -t "$dur" -J
}

# bench_iperf3_udp <round-dir> <id> <conditions-json> <server-host> <bitrate e.g. 1G> [duration=10]
# Datagrams are BENCH_UDP_LENGTH bytes (default 1400: one datagram per packet
# under a 1450-byte overlay MTU); iperf3's default would follow the path MTU.
bench_iperf3_udp() {
  local dir="$1" id="$2" cond="$3" host="$4" bitrate="$5" dur="${6:-10}" len="${BENCH_UDP_LENGTH:-1400}"
  BENCH_LOAD="{\"bitrate\":\"$bitrate\",\"length\":$len}" BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" \
    bench_measure "$dir" "$id" iperf3-udp "$cond" -- \
    iperf3 -c "$host" -p "${BENCH_IPERF3_PORT:-5201}" -u -b "$bitrate" -l "$len" -t "$dur" -J
}

# bench_udp_gbps <bitrate>: iperf3's -b notation (a number with K, M or G, powers of
# 1000 as iperf3 reads a rate) in Gbps on stdout, e.g. 500M -> 0.5; exit 1 when not a bitrate.
bench_udp_gbps() {
  [[ "$1" =~ ^([0-9]+(\.[0-9]+)?)([kKmMgG])$ ]] || return 1
  awk -v n="${BASH_REMATCH[1]}" -v u="${BASH_REMATCH[3]}" \
    'BEGIN { u = toupper(u); f = (u == "K") ? 1e-6 : (u == "M") ? 1e-3 : 1; if (n * f <= 0) exit 1; printf "%.6g\n", n * f }'
}

# bench_iperf3_udp_sweep <round-dir> <id-prefix> <conditions-json> <server-host> "<bitrate>..." [duration=10]
# One UDP test per offered load, each its own measurement <id-prefix>-<bitrate> whose
# conditions name the load (offeredGbps, UDP_OFFERED_LOAD in src/data/conditionKeys.ts), bounded like any
# iperf3 run (duration + BENCH_TIMEOUT_SLACK). Every step runs: a step the sender cannot
# sustain is flagged target-not-reached when captured, which shows where saturation
# starts. Returns 1 when any step failed (finished steps are kept and skipped on resume).
bench_iperf3_udp_sweep() {
  local dir="$1" prefix="$2" cond="$3" host="$4" loads="$5" dur="${6:-10}" load gbps rc=0
  for load in $loads; do
    gbps="$(bench_udp_gbps "$load")" ||
      bench_die "bench_iperf3_udp_sweep $prefix: '$load' is not a bitrate" "write offered loads as iperf3 does, e.g. \"500M 1G 2G\""
    bench_iperf3_udp "$dir" "$prefix-$load" "$(bench_merge_json "$cond" "{\"offeredGbps\":$gbps}")" "$host" "$load" "$dur" || rc=1
  done
  return "$rc"
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
  local load="{\"qps\":$qps_json,\"connection\":\"$conn\",\"concurrency\":$conc}"
  BENCH_LOAD="$load" BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" fortio-http \
    "$(bench__conditions "$load" "$cond")" -- \
    "${BENCH_FORTIO:-fortio}" "${args[@]}" "$url"
}

# bench_fortio_tcp <round-dir> <id> <conditions-json> <host:port of a tcp echo> <qps N|max> <concurrency> [duration=30]
bench_fortio_tcp() {
  local dir="$1" id="$2" cond="$3" target="$4" qps="$5" conc="$6" dur="${7:-30}"
  local qps_arg="$qps" qps_json="$qps"
  if [[ "$qps" == max ]]; then qps_arg=0 qps_json='"max"'; fi
  local load="{\"qps\":$qps_json,\"concurrency\":$conc}"
  BENCH_LOAD="$load" BENCH_MEASURE_TIMEOUT="$(bench__limit "$dur")" bench_measure "$dir" "$id" fortio-tcp \
    "$(bench__conditions "$load" "$cond")" -- \
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
# One warm-up lookup (not recorded: it fills the resolver's caches), then <count>
# lookups, one line each: the latency in microseconds, or "failed: <why>" for a
# lookup that timed out or got no NOERROR answer (it fails that lookup, not the
# batch; the ingest refuses a batch with more than 5 % failed). Uses `dig -u`
# when the client has dig; else times getent (system resolver) with date +%s%N.
bench_dns_latency() {
  local dir="$1" id="$2" cond="$3" name="$4" count="$5" server="${6:-}"
  [[ "$count" =~ ^[1-9][0-9]*$ ]] || bench_die "bench_dns_latency $id: count '$count'" "pass a positive number of lookups"
  local script tool
  if bench_client sh -c 'command -v dig' >/dev/null 2>&1; then
    tool=dig
    # shellcheck disable=SC2016 # expanded by the client's sh, not here
    script='lookup() { dig -u +tries=1 +time=2 ${3:+@$3} "$2" A 2>&1; }
      lookup "$@" >/dev/null || true
      i=0; while [ "$i" -lt "$1" ]; do i=$((i+1))
      if ! out=$(lookup "$@"); then echo "failed: $(printf "%s" "$out" | tr "\n" " " | cut -c1-80)"; continue; fi
      case "$out" in *"status: NOERROR"*) ;; *) echo "failed: $(printf "%s\n" "$out" | sed -n "s/.*status: \([A-Z]*\).*/\1/p" | head -n1)"; continue ;; esac
      t=$(printf "%s\n" "$out" | sed -n "s/.*Query time: \([0-9][0-9]*\) usec.*/\1/p")
      if [ -n "$t" ]; then echo "$t"; else echo "failed: no Query time in usec (dig without -u support?)"; fi
      done'
  else
    tool=getent
    # shellcheck disable=SC2016
    script='getent hosts "$2" >/dev/null || true
      i=0; while [ "$i" -lt "$1" ]; do i=$((i+1))
      s=$(date +%s%N); if getent hosts "$2" >/dev/null; then e=$(date +%s%N); echo $(((e - s) / 1000)); else echo "failed: getent found no address"; fi
      done'
  fi
  BENCH_TOOL="$tool" BENCH_MEASURE_TIMEOUT="$(bench__limit $((count * 3)))" bench_measure "$dir" "$id" dns-latency "$cond" -- \
    sh -c "$script" dns-latency "$count" "$name" "$server"
}

# bench_iptables_nat <round-dir> <id> <conditions-json>: iptables-save -t nat where the server runs.
bench_iptables_nat() {
  local dir="$1" id="$2" cond="$3"
  BENCH_MEASURE_TIMEOUT="${BENCH_MEASURE_TIMEOUT:-60}" bench_measure_server "$dir" "$id" iptables-nat "$cond" -- iptables-save -t nat
}
