#!/usr/bin/env bash
# Local target of the benchmark suite: two network namespaces on this host,
# joined by a veth pair, measured with the same lib/bench.sh functions as the
# EKS and TKE scripts. Needs root. See --help.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/../../.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=../lib/bench.sh
source "$SCRIPT_DIR/../lib/bench.sh"

BENCH_SCRIPT_VERSION="1.0.0"

usage() {
  cat <<'EOF'
usage: npm run bench:local            (or: sudo bash scripts/benchmarks/local/bench-local.sh)

Creates two network namespaces (<prefix>-srv, <prefix>-cli) joined by a veth
pair, starts iperf3, fortio, netserver and dnsmasq in the server namespace, and
measures from the client namespace:

  scenario "direct"  iperf3 TCP (1 and 8 streams) and UDP, fortio HTTP at QPS 1000
                     and max with keepalive and close, netperf TCP_RR/TCP_CRR
                     (fortio tcp echo when netperf is absent), DNS latency,
                     the nat table
  scenario "chain"   for each CHAIN_STEPS length N: N non-matching DNAT rules in a
                     chain jumped to by every NEW connection; fortio short-connection
                     RPS and connect time, netperf TCP_CRR

Each round measures both scenarios, and the tests of each, in alternating order
(round 1 as listed, round 2 reversed, ...: BENCH_ORDER below), after a rest of
BENCH_ROUND_REST seconds; every test waits for an idle host first (the idle gate
below; the thresholds are recorded in manifest.json and in each .meta.json).

Everything it created is removed on exit, failure or interrupt. Raw outputs go
to OUT; then the ingest writes DATA_OUT/local/<version>.json (never overwriting).

Environment (default):
  ROUNDS=5               rounds per measurement (the dataset keeps the median)
  IPERF_DURATION=5       seconds per iperf3 test
  UDP_BITRATE=1G         iperf3 UDP target bitrate
  HTTP_DURATION=5        seconds per fortio test
  HTTP_CONCURRENCY=4     fortio connections
  NETPERF_DURATION=5     seconds per netperf test
  DNS_LOOKUPS=200        DNS lookups per round
  CHAIN_STEPS="0 1000 5000 10000"   chain lengths of the "chain" scenario
  CHAIN_DURATION=5       seconds per fortio test of a chain step
  CHAIN_CRR=1            also run netperf TCP_CRR at each chain step (0 = skip)
  PROFILE=none           impairment: none | loss1 (1% ingress drop, iptables statistic)
                         | rate100m (tbf 100 Mbit/s) | delay1ms (netem; only if the kernel has it)
  NS_PREFIX=nbl-<pid>    namespace prefix; an existing namespace with it is refused
  OUT=bench-runs/local-<UTC time>   run directory (an existing one is resumed)
  DATA_OUT=static/data   datasets root for the ingest
  VERSION=               dataset version (default: today, or today.N)
  SKIP_INGEST=0          1 = only measure (run the ingest later yourself)
  BENCH_LOCAL_QUICK=0    1 = CI mode: 3 rounds of 1 s tests, 20 lookups, CHAIN_CRR=0, the idle gate
                         not waiting (BENCH_IDLE_WAIT=0: a busy host is recorded and flagged) on a
                         0.5 s sample, 1 s rest between rounds; whole run in a few minutes
EOF
  echo
  bench_protocol_help
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  usage
  exit 0
fi
[[ $# -eq 0 ]] || bench_die "unknown argument '$1'" "run with --help; parameters are environment variables"

if [[ "${BENCH_LOCAL_QUICK:-0}" == 1 ]]; then
  # netperf TCP_CRR spends ~4 s closing down whatever -l says, so quick mode skips it per chain step.
  : "${IPERF_DURATION:=1}" "${HTTP_DURATION:=1}" "${NETPERF_DURATION:=1}" "${CHAIN_DURATION:=1}" "${DNS_LOOKUPS:=20}" "${CHAIN_CRR:=0}"
  # A CI machine is rarely idle and waiting for it would not end the run in minutes:
  # the gate only records how busy it was (the ingest flags it), on a short sample.
  : "${ROUNDS:=3}" "${BENCH_IDLE_WAIT:=0}" "${BENCH_IDLE_SAMPLE:=0.5}" "${BENCH_ROUND_REST:=1}"
  export BENCH_IDLE_WAIT BENCH_IDLE_SAMPLE BENCH_ROUND_REST
fi
ROUNDS="${ROUNDS:-5}"
IPERF_DURATION="${IPERF_DURATION:-5}"
UDP_BITRATE="${UDP_BITRATE:-1G}"
HTTP_DURATION="${HTTP_DURATION:-5}"
HTTP_CONCURRENCY="${HTTP_CONCURRENCY:-4}"
NETPERF_DURATION="${NETPERF_DURATION:-5}"
DNS_LOOKUPS="${DNS_LOOKUPS:-200}"
CHAIN_STEPS="${CHAIN_STEPS:-0 1000 5000 10000}"
CHAIN_DURATION="${CHAIN_DURATION:-5}"
CHAIN_CRR="${CHAIN_CRR:-1}"
PROFILE="${PROFILE:-none}"
NS_PREFIX="${NS_PREFIX:-nbl-$$}"
OUT="${OUT:-$REPO_ROOT/bench-runs/local-$(date -u +%Y%m%dT%H%M%SZ)}"
DATA_OUT="${DATA_OUT:-$REPO_ROOT/static/data}"
DATASET_VERSION="${VERSION:-}"
SKIP_INGEST="${SKIP_INGEST:-0}"

NS_SRV="$NS_PREFIX-srv"
NS_CLI="$NS_PREFIX-cli"
# veth names are limited to 15 characters; derive short ones from a hash of the prefix.
VETH_TAG="$(printf '%s' "$NS_PREFIX" | sha256sum | cut -c1-8)"
VETH_SRV="nbs$VETH_TAG"
VETH_CLI="nbc$VETH_TAG"
# RFC 2544 benchmarking range: exists only inside the two namespaces.
SRV_IP=198.18.0.2
CLI_IP=198.18.0.1
HTTP_PORT=8080
ECHO_PORT=8078
CHAIN=NBL-CHAIN
DNS_NAME=bench.nbl.test

# ---------------------------------------------------------------- checks

check_params() {
  local n
  for n in ROUNDS IPERF_DURATION HTTP_DURATION HTTP_CONCURRENCY NETPERF_DURATION DNS_LOOKUPS CHAIN_DURATION; do
    [[ "${!n}" =~ ^[1-9][0-9]*$ ]] || bench_die "$n='${!n}' is not a positive whole number" "set $n to e.g. 3"
  done
  [[ "$CHAIN_CRR" == 0 || "$CHAIN_CRR" == 1 ]] || bench_die "CHAIN_CRR='$CHAIN_CRR'" "set CHAIN_CRR to 0 or 1"
  for n in $CHAIN_STEPS; do
    [[ "$n" =~ ^[0-9]+$ ]] || bench_die "CHAIN_STEPS contains '$n'" "set CHAIN_STEPS to chain lengths, e.g. \"0 1000 5000 10000\""
  done
  [[ "$NS_PREFIX" =~ ^[a-z0-9][a-z0-9-]{0,19}$ ]] || bench_die "NS_PREFIX='$NS_PREFIX' is not a short lowercase name" "use letters, digits and '-', at most 20 characters"
  case "$PROFILE" in none | loss1 | rate100m | delay1ms) ;; *) bench_die "PROFILE='$PROFILE' is unknown" "use none, loss1, rate100m or delay1ms" ;; esac
}

find_fortio() {
  if ! command -v fortio >/dev/null 2>&1; then
    local gobin
    for gobin in "$(go env GOPATH 2>/dev/null || true)/bin" "$HOME/go/bin" /root/go/bin; do
      if [[ -x "$gobin/fortio" ]]; then PATH="$PATH:$gobin" && break; fi
    done
  fi
  bench_require_tools fortio
  BENCH_FORTIO="$(command -v fortio)"
}

# ---------------------------------------------------------------- topology

create_namespaces() {
  local ns
  for ns in "$NS_SRV" "$NS_CLI"; do
    if ip netns list | awk '{print $1}' | grep -qx -- "$ns"; then
      bench_die "network namespace $ns already exists and was not created by this run; refusing to touch it" \
        "choose another NS_PREFIX, or delete it yourself if it is a leftover: ip netns del $ns"
    fi
  done
  for ns in "$NS_SRV" "$NS_CLI"; do
    ip netns add "$ns"
    bench_on_cleanup ip netns del "$ns"
  done
  ip link add "$VETH_CLI" netns "$NS_CLI" type veth peer name "$VETH_SRV" netns "$NS_SRV"
  ip -n "$NS_SRV" addr add "$SRV_IP/30" dev "$VETH_SRV"
  ip -n "$NS_CLI" addr add "$CLI_IP/30" dev "$VETH_CLI"
  for ns in "$NS_SRV" "$NS_CLI"; do ip -n "$ns" link set lo up; done
  ip -n "$NS_SRV" link set "$VETH_SRV" up
  ip -n "$NS_CLI" link set "$VETH_CLI" up
  bench_log "namespaces $NS_CLI ($CLI_IP) <-> $NS_SRV ($SRV_IP) over veth"
}

# start_server <name> <cmd...>: run in the server namespace, stop by PID on exit.
start_server() {
  local name="$1"
  shift
  ip netns exec "$NS_SRV" "$@" >"$BENCH_RUN_DIR/logs/$name.log" 2>&1 &
  local pid=$!
  bench_on_cleanup kill_server "$pid"
  bench_log "started $name (pid $pid)"
}

kill_server() {
  kill "$1" 2>/dev/null || return 0
  local i
  for ((i = 0; i < 50; i++)); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$1" 2>/dev/null || true
}

# wait_tcp <port>: bounded wait until the server namespace listens on <port>.
wait_tcp() {
  local i
  for ((i = 0; i < 50; i++)); do
    ip netns exec "$NS_SRV" ss -Hltn "sport = :$1" | grep -q . && return 0
    sleep 0.1
  done
  bench_die "nothing listens on port $1 in $NS_SRV after 5 s" "see $BENCH_RUN_DIR/logs/ for the server's output"
}

start_servers() {
  start_server iperf3 iperf3 -s -i 0 -B "$SRV_IP" -p "${BENCH_IPERF3_PORT:-5201}"
  start_server fortio "$BENCH_FORTIO" server -http-port "$SRV_IP:$HTTP_PORT" -tcp-port "$SRV_IP:$ECHO_PORT" \
    -grpc-port disabled -redirect-port disabled -udp-port disabled
  if [[ "$HAVE_NETPERF" == 1 ]]; then start_server netserver netserver -D -L "$SRV_IP" -p 12865; fi
  start_server dnsmasq dnsmasq --keep-in-foreground --conf-file=/dev/null --no-resolv --no-hosts \
    --listen-address="$SRV_IP" --bind-interfaces --pid-file= --log-facility=- \
    --address="/$DNS_NAME/$SRV_IP" --cache-size=0
  wait_tcp "${BENCH_IPERF3_PORT:-5201}"
  wait_tcp "$HTTP_PORT"
  wait_tcp 53
  if [[ "$HAVE_NETPERF" == 1 ]]; then wait_tcp 12865; fi
}

apply_profile() {
  case "$PROFILE" in
    none) ;;
    loss1) ip netns exec "$NS_SRV" iptables -I INPUT -i "$VETH_SRV" -m statistic --mode random --probability 0.01 -j DROP ;;
    rate100m)
      ip netns exec "$NS_CLI" tc qdisc add dev "$VETH_CLI" root tbf rate 100mbit burst 64kb latency 50ms
      ip netns exec "$NS_SRV" tc qdisc add dev "$VETH_SRV" root tbf rate 100mbit burst 64kb latency 50ms
      ;;
    delay1ms)
      ip netns exec "$NS_CLI" tc qdisc add dev "$VETH_CLI" root netem delay 1ms 2>/dev/null ||
        bench_die "PROFILE=delay1ms needs tc netem, which this kernel lacks" "use PROFILE=loss1 or rate100m, or load sch_netem (modprobe sch_netem)"
      ;;
  esac
  bench_log "impairment profile: $PROFILE"
}

# set_chain <n>: the chain jumped to by NEW connections holds exactly <n> non-matching DNAT rules.
set_chain() {
  local n="$1" rules
  rules="$(mktemp)"
  {
    echo '*nat'
    echo ":$CHAIN - [0:0]"
    # kube-proxy style: one match per "service" address, none of them ours.
    awk -v n="$n" -v chain="$CHAIN" -v to="$SRV_IP:$HTTP_PORT" 'BEGIN {
      for (i = 0; i < n; i++)
        printf "-A %s -d 198.19.%d.%d/32 -p tcp -m tcp --dport %d -j DNAT --to-destination %s\n", chain, int(i / 250), i % 250 + 1, 80 + i % 1000, to
    }'
    echo 'COMMIT'
  } >"$rules"
  ip netns exec "$NS_SRV" iptables-restore --noflush <"$rules"
  rm -f "$rules"
  local have
  have="$(ip netns exec "$NS_SRV" iptables -t nat -S "$CHAIN" | grep -c '^-A' || true)"
  [[ "$have" == "$n" ]] || bench_die "chain $CHAIN has $have rules, expected $n" "check iptables-restore in $NS_SRV"
}

setup_chain_hook() {
  ip netns exec "$NS_SRV" iptables -t nat -N "$CHAIN"
  ip netns exec "$NS_SRV" iptables -t nat -A PREROUTING -p tcp -m conntrack --ctstate NEW -j "$CHAIN"
}

# ---------------------------------------------------------------- measurements

# with_profile <conditions-json>: rows of an impaired run carry conditions.profile.
with_profile() {
  if [[ "$PROFILE" == none ]]; then printf '%s\n' "$1"; else bench_merge_json "$1" "{\"profile\":\"$PROFILE\"}"; fi
}

# The tests of the "direct" scenario, by the id of their raw file.
direct_tests() {
  printf '%s\n' tcp-1 tcp-8 udp http-1000-keepalive http-1000-close http-max-keepalive http-max-close
  if [[ "$HAVE_NETPERF" == 1 ]]; then printf '%s\n' tcp-rr tcp-crr; else echo tcp-echo; fi
  echo dns
}

# measure_direct_test <round-dir> <test> <conditions-json>
measure_direct_test() {
  local rd="$1" test="$2" c="$3" load
  case "$test" in
    tcp-1) bench_iperf3_tcp "$rd" tcp-1 "$c" "$SRV_IP" 1 "$IPERF_DURATION" ;;
    tcp-8) bench_iperf3_tcp "$rd" tcp-8 "$c" "$SRV_IP" 8 "$IPERF_DURATION" ;;
    udp) bench_iperf3_udp "$rd" udp "$c" "$SRV_IP" "$UDP_BITRATE" "$IPERF_DURATION" ;;
    http-*)
      load="${test#http-}" # <qps>-<keepalive|close>
      bench_fortio_http "$rd" "$test" "$c" "http://$SRV_IP:$HTTP_PORT/echo" "${load%-*}" "${load#*-}" "$HTTP_CONCURRENCY" "$HTTP_DURATION" ;;
    tcp-rr) bench_netperf "$rd" tcp-rr "$c" "$SRV_IP" TCP_RR "$NETPERF_DURATION" ;;
    tcp-crr) bench_netperf "$rd" tcp-crr "$c" "$SRV_IP" TCP_CRR "$NETPERF_DURATION" ;;
    tcp-echo) bench_fortio_tcp "$rd" tcp-echo "$c" "$SRV_IP:$ECHO_PORT" max 1 "$NETPERF_DURATION" ;;
    dns) bench_dns_latency "$rd" dns "$c" "$DNS_NAME" "$DNS_LOOKUPS" "$SRV_IP" ;;
    *) bench_die "measure_direct_test: unknown test '$test'" "add it to direct_tests and measure_direct_test together" ;;
  esac
}

# measure_direct <round-dir> <round>: the tests in this round's order, then the nat
# table (a ruleset dump, not a load: its place in the round does not matter).
measure_direct() {
  local rd="$1" round="$2" c tests test all=()
  c="$(with_profile '{}')"
  mapfile -t all < <(direct_tests)
  tests="$(BENCH_ORDER_GROUP=direct bench_round_order "$round" "${all[@]}")"
  for test in $tests; do measure_direct_test "$rd" "$test" "$c"; done
  bench_iptables_nat "$rd" nat "$c"
}

# measure_chain <round-dir> <round>: the chain lengths in this round's order.
measure_chain() {
  local rd="$1" round="$2" n c steps
  # shellcheck disable=SC2086 # CHAIN_STEPS is a list of numbers (check_params)
  steps="$(BENCH_ORDER_GROUP=chain bench_round_order "$round" $CHAIN_STEPS)"
  for n in $steps; do
    set_chain "$n"
    c="$(with_profile "{\"rules\":$n}")"
    bench_fortio_http "$rd" "http-close-rules-$n" "$c" "http://$SRV_IP:$HTTP_PORT/echo" max close "$HTTP_CONCURRENCY" "$CHAIN_DURATION"
    if [[ "$HAVE_NETPERF" == 1 && "$CHAIN_CRR" == 1 ]]; then bench_netperf "$rd" "tcp-crr-rules-$n" "$c" "$SRV_IP" TCP_CRR "$NETPERF_DURATION"; fi
  done
  set_chain 0
}

write_manifest() {
  local os iptables_version tools
  os="$(. /etc/os-release 2>/dev/null && printf '%s' "${PRETTY_NAME:-}")"
  iptables_version="$(iptables --version 2>/dev/null | head -n1)"
  bench_manifest_set .environment "$(jq -n --arg os "${os:-unknown}" --arg kernel "$(uname -r)" --arg ipt "$iptables_version" \
    --argjson cpus "$(nproc)" \
    '{platform: "Linux network namespaces (veth pair)", nodeCount: 1, os: $os, kernel: $kernel,
      cpus: $cpus, iptables: $ipt}')"
  tools="$(jq -n --arg iperf3 "$(bench_tool_version iperf3)" --arg fortio "$(bench_tool_version fortio)" \
    --arg dig "$(bench_tool_version dig)" --arg netperf "$( [[ $HAVE_NETPERF == 1 ]] && bench_tool_version netperf || echo absent)" \
    --arg dnsmasq "$(dnsmasq --version | head -n1 | awk '{print $3}')" \
    '{iperf3: $iperf3, fortio: $fortio, netperf: $netperf, dig: $dig, dnsmasq: $dnsmasq}')"
  bench_manifest_set .tools "$tools"
  bench_manifest_set .params "$(jq -n --argjson rounds "$ROUNDS" --argjson iperf "$IPERF_DURATION" --arg udp "$UDP_BITRATE" \
    --argjson http "$HTTP_DURATION" --argjson conc "$HTTP_CONCURRENCY" --argjson netperf "$NETPERF_DURATION" \
    --argjson dns "$DNS_LOOKUPS" --arg steps "$CHAIN_STEPS" --argjson chain "$CHAIN_DURATION" --arg profile "$PROFILE" \
    --argjson crr "$CHAIN_CRR" \
    '{ROUNDS: $rounds, IPERF_DURATION: $iperf, UDP_BITRATE: $udp, HTTP_DURATION: $http, HTTP_CONCURRENCY: $conc,
      NETPERF_DURATION: $netperf, DNS_LOOKUPS: $dns, CHAIN_STEPS: $steps, CHAIN_DURATION: $chain, CHAIN_CRR: $crr,
      PROFILE: $profile}')"
  bench_manifest_set .scenarios '{
    "direct": {"name": "veth", "cni": "none (veth pair)", "kubeProxy": "none", "routing": "direct veth, one host",
               "purpose": {"en": "Baseline of the host: what two namespaces reach with nothing in the path",
                           "ko": "호스트 기준선: 경로에 아무것도 없을 때 두 네임스페이스 사이의 성능",
                           "zh": "主机基线：路径中没有任何规则时两个命名空间之间的性能"}},
    "chain": {"name": "veth + iptables chain", "cni": "none (veth pair)", "kubeProxy": "synthetic nat chain (kube-proxy iptables style)",
              "routing": "direct veth, one host",
              "purpose": {"en": "Cost of a linear nat chain that every new connection walks, by chain length",
                          "ko": "새 연결마다 순서대로 훑는 nat 체인의 비용을 체인 길이별로 측정",
                          "zh": "每个新连接都要逐条遍历的 nat 规则链的开销，按链长度测量"}}}'
}

# ---------------------------------------------------------------- main

main() {
  check_params
  [[ "$(id -u)" == 0 ]] || bench_die "bench-local needs root (network namespaces, iptables)" "run it as root: sudo -E npm run bench:local"
  bench_require_tools ip iptables iptables-restore iptables-save tc ss jq iperf3 dig dnsmasq timeout sha256sum awk
  find_fortio
  HAVE_NETPERF=0
  if command -v netperf >/dev/null 2>&1 && command -v netserver >/dev/null 2>&1; then HAVE_NETPERF=1; else
    bench_log "netperf not found: TCP_RR falls back to fortio tcp echo (apt-get install -y netperf for netperf)"
  fi

  bench_install_traps
  bench_init_run "$OUT" local local scripts/benchmarks/local/bench-local.sh
  create_namespaces
  BENCH_CLIENT_EXEC=(ip netns exec "$NS_CLI")
  BENCH_SERVER_EXEC=(ip netns exec "$NS_SRV")
  start_servers
  setup_chain_hook
  apply_profile
  write_manifest
  bench_protocol_record

  local round rd scenario order rested
  for ((round = 1; round <= ROUNDS; round++)); do
    order="$(bench_round_order "$round" direct chain)"
    rested=0
    for scenario in $order; do
      rd="$(bench_round_dir "$scenario" "$round")"
      if bench_is_done "$rd"; then
        bench_log "skip $scenario round $round (done)"
        continue
      fi
      # A rest before the first measured part of every round but the first.
      if ((round > 1 && rested == 0)); then bench_round_rest; fi
      rested=1
      bench_log "== $scenario round $round/$ROUNDS"
      "measure_$scenario" "$rd" "$round"
      bench_mark_done "$rd"
    done
  done
  bench_mark_done "$BENCH_RUN_DIR/direct"
  bench_mark_done "$BENCH_RUN_DIR/chain"
  bench_manifest_finish
  bench_log "measurements done: $BENCH_RUN_DIR"

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
