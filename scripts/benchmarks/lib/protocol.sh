#!/usr/bin/env bash
# The run protocol of the bench scripts, sourced by lib/bench.sh (do not source
# it on its own): what the measured host was doing around each measurement
# window, an idle gate before each window, the order of the items of a round,
# the rest between rounds, and a cgroup's CPU counter. A figure is only worth
# publishing when the host it ran on was quiet, and only comparable between
# modes when the modes were not always measured in the same order; both are
# recorded in the raw files so the ingest (and a reader) can check them.
#
# API (names are stable; other scripts depend on them):
#   bench_idle_gate                    sample the host, wait until it is quiet (see below); sets
#                                      BENCH_HOST_GATE, BENCH_HOST_BEFORE (JSON) and BENCH_HOST_SNAPSHOT
#   bench_host_snapshot                one raw snapshot of the host (one line of fields, see bench__host_fields)
#   bench_host_during <snap> <snap>    the "during" JSON between two snapshots
#   bench_round_order <round> <item>...   the items in this round's order, one per line
#   bench_round_rest                   sleep BENCH_ROUND_REST seconds between rounds (logged)
#   bench_protocol_record              write .protocol into the manifest
#   bench_cgroup_cpu_seconds <counter-file>   CPU seconds of a cgroup (v2 cpu.stat or v1 cpuacct.usage)
#   bench_run_time_add <at-json> prepare|measure <seconds> [<extra-json>]
#                                      add wall-clock time to a step's entry in the manifest's .runTime
#   bench_run_time_spent               seconds the run's steps have taken so far (every invocation)
#   bench_run_time_stop <at-json> <prepare-s> <measure-s> <budget-s>
#                                      record that the run budget stopped the run before that step
#
# Tunables (env):
#   BENCH_HOST_EXEC       executor array of the host sample (default empty: this host); a
#                         container sees its node's /proc/stat, /proc/loadavg, /proc/pressure/cpu
#   BENCH_IDLE_GATE       1 (default): wait for a quiet host before each window; 0: do not wait
#                         (the sample is still taken and recorded)
#   BENCH_IDLE_STRICT     1: a host still busy when the wait expires fails the measurement
#                         (default 0: measured and recorded as not passed; the ingest flags it busy-host)
#   BENCH_IDLE_WAIT       seconds the gate waits at most (default 180)
#   BENCH_IDLE_SAMPLE     seconds between the two /proc/stat reads of a sample (default 2)
#   BENCH_IDLE_MAX_LOAD   load1 at most (default 0.75 x the host's CPUs)
#   BENCH_IDLE_MAX_BUSY   busy % of all CPUs at most (default 30)
#   BENCH_IDLE_MAX_PSI    CPU pressure "some avg10" at most (default 10)
#   BENCH_IDLE_MAX_STEAL  steal % at most (default 2)
#   BENCH_ORDER           alternate (default: odd rounds as given, even rounds reversed) | shuffle
#   BENCH_ORDER_SEED      seed of the shuffle (default: from the clock, recorded in the manifest
#                         and reused on resume)
#   BENCH_ROUND_REST      seconds of rest between rounds (default 10)

if ! declare -p BENCH_HOST_EXEC >/dev/null 2>&1; then BENCH_HOST_EXEC=(); fi
BENCH_HOST_GATE=""
BENCH_HOST_BEFORE=""
BENCH_HOST_SNAPSHOT=""
BENCH_ORDER_SEED="${BENCH_ORDER_SEED:-}"
# The seed as the user gave it (a resume refuses another one than the run's).
BENCH__ORDER_SEED_GIVEN="$BENCH_ORDER_SEED"
BENCH__SEQUENCE=0

# ---------------------------------------------------------------- host sample

# What one snapshot reads, all in one exec (a kubectl exec costs about a second).
# Only sh builtins: the client containers may have no coreutils. $1 is the proc
# root (always /proc; the test fakes answer from a directory of their own).
# The kernel's release is /proc/sys/kernel/osrelease (what uname -r prints);
# cpus counts the cpuN lines of /proc/stat: the CPUs whose time the busy figure
# covers, as nproc says on an unrestricted host, and still the node's inside a
# container limited to fewer.
# shellcheck disable=SC2016 # expanded by the host's sh
BENCH__HOST_SCRIPT='p=$1
read -r l < "$p/uptime" && echo "uptime $l"
read -r l < "$p/loadavg" && echo "loadavg $l"
n=0
while read -r l; do
  case $l in "cpu "*) echo "stat $l" ;; cpu[0-9]*) n=$((n + 1)) ;; *) break ;; esac
done < "$p/stat"
echo "cpus $n"
{ while read -r l; do echo "psi $l"; done < "$p/pressure/cpu"; } 2>/dev/null
read -r l < "$p/sys/kernel/osrelease" && echo "kernel $l"'

# bench__host_fields: the raw output of BENCH__HOST_SCRIPT on stdin -> one line
#   uptime load1 load5 load15 user nice system idle iowait irq softirq steal cpus psiAvg10 psiTotalUs kernel
# (psi fields "null" without /proc/pressure/cpu); exit 1 when a figure is missing.
bench__host_fields() {
  awk '
    $1 == "uptime" { up = $2 }
    $1 == "loadavg" { l1 = $2; l5 = $3; l15 = $4 }
    $1 == "stat" { for (i = 3; i <= 10; i++) c[i] = ($i == "" ? 0 : $i); st = 1 }
    $1 == "cpus" { cpus = $2 }
    $1 == "psi" && $2 == "some" { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "avg10") pa = kv[2]; if (kv[1] == "total") pt = kv[2] } }
    $1 == "kernel" { k = $2 }
    END {
      if (up == "" || l1 == "" || !st || cpus + 0 < 1 || k == "") exit 1
      printf "%s %s %s %s", up, l1, l5, l15
      for (i = 3; i <= 10; i++) printf " %s", c[i]
      printf " %s %s %s %s\n", cpus, (pa == "" ? "null" : pa), (pt == "" ? "null" : pt), k
    }'
}

# bench_host_snapshot: one snapshot of the host BENCH_HOST_EXEC points at, as
# one line of fields (bench__host_fields); tried twice, then exit 1 with why.
bench_host_snapshot() {
  local out try
  for try in 1 2; do
    if out="$(timeout --kill-after=5 30 "${BENCH_HOST_EXEC[@]}" sh -c "$BENCH__HOST_SCRIPT" host-sample /proc 2>&1)" &&
      out="$(bench__host_fields <<<"$out")"; then
      printf '%s\n' "$out"
      return 0
    fi
    ((try == 2)) || sleep 1
  done
  printf 'the host sample (%s sh -c <read /proc/uptime, loadavg, stat, pressure/cpu>) gave no usable figures: %s\n' \
    "${BENCH_HOST_EXEC[*]:-this host:}" "$(head -c 300 <<<"$out" | tr '\n' ' ')"
  return 1
}

# bench__host_figures <snap-before> <snap-after>: "load1 load5 load15 busy steal psiAvg10 cpus"
# at the second snapshot, busy and steal (% of all CPUs) between the two ("null"
# when no CPU time passed). Busy is time neither idle, iowait nor stolen: steal is its own figure.
bench__host_figures() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    split(a, x, " "); split(b, y, " ")
    tot = 0; for (i = 5; i <= 12; i++) tot += y[i] - x[i]
    idle = (y[8] - x[8]) + (y[9] - x[9]); steal = y[12] - x[12]
    if (tot > 0) { busy = sprintf("%.1f", 100 * (tot - idle - steal) / tot); st = sprintf("%.1f", 100 * steal / tot) } else { busy = "null"; st = "null" }
    printf "%s %s %s %s %s %s %s\n", y[2], y[3], y[4], busy, st, y[14], y[13]
  }'
}

# bench_host_during <snap-before> <snap-after>: JSON {seconds, busyPercent, stealPercent, psiCpuStallMs}
# of the window between two snapshots (the host's own clock, /proc/uptime).
bench_host_during() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    split(a, x, " "); split(b, y, " ")
    tot = 0; for (i = 5; i <= 12; i++) tot += y[i] - x[i]
    idle = (y[8] - x[8]) + (y[9] - x[9]); steal = y[12] - x[12]
    busy = "null"; st = "null"; stall = "null"
    if (tot > 0) { busy = sprintf("%.1f", 100 * (tot - idle - steal) / tot); st = sprintf("%.1f", 100 * steal / tot) }
    if (x[15] != "null" && y[15] != "null") stall = sprintf("%.1f", (y[15] - x[15]) / 1000)
    printf "{\"seconds\":%.2f,\"busyPercent\":%s,\"stealPercent\":%s,\"psiCpuStallMs\":%s}\n", y[1] - x[1], busy, st, stall
  }'
}

# ---------------------------------------------------------------- idle gate

# bench__number <name> <value>: die unless <value> is a non-negative number.
bench__number() {
  [[ "$2" =~ ^[0-9]+(\.[0-9]+)?$ ]] || bench_die "$1='$2' is not a non-negative number" "set $1 to e.g. $3"
}

# bench__gate_settings: check the gate's tunables (a typo must not disable it).
bench__gate_settings() {
  local n
  [[ "${BENCH_IDLE_GATE:-1}" == [01] ]] || bench_die "BENCH_IDLE_GATE='$BENCH_IDLE_GATE'" "set BENCH_IDLE_GATE to 1 (wait for a quiet host) or 0 (only record)"
  [[ "${BENCH_IDLE_STRICT:-0}" == [01] ]] || bench_die "BENCH_IDLE_STRICT='$BENCH_IDLE_STRICT'" "set BENCH_IDLE_STRICT to 0 (measure and flag) or 1 (fail the measurement)"
  bench__number BENCH_IDLE_WAIT "${BENCH_IDLE_WAIT:-180}" 180
  bench__number BENCH_IDLE_SAMPLE "${BENCH_IDLE_SAMPLE:-2}" 2
  for n in BENCH_IDLE_MAX_BUSY BENCH_IDLE_MAX_PSI BENCH_IDLE_MAX_STEAL; do
    [[ -z "${!n:-}" ]] || bench__number "$n" "${!n}" 30
  done
  [[ -z "${BENCH_IDLE_MAX_LOAD:-}" ]] || bench__number BENCH_IDLE_MAX_LOAD "$BENCH_IDLE_MAX_LOAD" 1.5
}

# bench__gate_thresholds <cpus>: JSON of the thresholds in force on a host with <cpus> CPUs.
bench__gate_thresholds() {
  jq -cn --argjson cpus "$1" --arg load "${BENCH_IDLE_MAX_LOAD:-}" --arg busy "${BENCH_IDLE_MAX_BUSY:-30}" \
    --arg psi "${BENCH_IDLE_MAX_PSI:-10}" --arg steal "${BENCH_IDLE_MAX_STEAL:-2}" \
    '{load1: (if $load == "" then ($cpus * 0.75) else ($load | tonumber) end),
      busyPercent: ($busy | tonumber), psiCpuSomeAvg10: ($psi | tonumber), stealPercent: ($steal | tonumber)}'
}

# bench__gate_over <figures> <thresholds-json>: the figures over their threshold, one
# "<name> <value> > <threshold>" per line. A figure the host cannot give (no PSI,
# no CPU time between the reads) is not judged.
bench__gate_over() {
  local load1 busy steal psi
  read -r load1 _ _ busy steal psi _ <<<"$1"
  jq -r -n --argjson t "$2" --arg load1 "$load1" --arg busy "$busy" --arg steal "$steal" --arg psi "$psi" '
    [["load1", $load1, ""], ["busyPercent", $busy, " %"], ["psiCpuSomeAvg10", $psi, ""], ["stealPercent", $steal, " %"]][]
    | select(.[1] != "null" and (.[1] | tonumber) > $t[.[0]])
    | "\(.[0]) \(.[1])\(.[2]) > \($t[.[0]])\(.[2])"'
}

# bench_idle_gate: sample the host (two snapshots BENCH_IDLE_SAMPLE s apart) and, with
# BENCH_IDLE_GATE=1, sample again until every figure is at most its threshold or
# BENCH_IDLE_WAIT s have passed. Sets BENCH_HOST_GATE ({passed, waitedSeconds, over,
# thresholds}), BENCH_HOST_BEFORE ({load1, load5, load15, busyPercent, stealPercent,
# psiCpuSomeAvg10} at the end) and BENCH_HOST_SNAPSHOT (the last snapshot: the start
# of the window that follows). Returns 1 (the reason on stderr) only when the host
# stayed busy and BENCH_IDLE_STRICT=1; dies when the host cannot be sampled.
bench_idle_gate() {
  bench__gate_settings
  local sample="${BENCH_IDLE_SAMPLE:-2}" wait="${BENCH_IDLE_WAIT:-180}" gate="${BENCH_IDLE_GATE:-1}"
  local first="" second="" figures="" thresholds="" over="" start="" waited=0 logged=0 why=""
  local fix="point BENCH_HOST_EXEC at a container or host with sh and /proc (e.g. the client pod), or check that it is running"
  first="$(bench_host_snapshot)" || bench_die "$first" "$fix"
  while :; do
    sleep "$sample"
    second="$(bench_host_snapshot)" || bench_die "$second" "$fix"
    figures="$(bench__host_figures "$first" "$second")"
    [[ -n "$thresholds" ]] || thresholds="$(bench__gate_thresholds "$(awk '{print $7}' <<<"$figures")")"
    over="$(bench__gate_over "$figures" "$thresholds")"
    # Waiting is the time after the first sample (the price of every window), on
    # the host's own clock (/proc/uptime, the first field of a snapshot).
    [[ -n "$start" ]] || start="${second%% *}"
    waited="$(awk -v a="$start" -v b="${second%% *}" 'BEGIN { printf "%.1f", b - a }')"
    if [[ -z "$over" || "$gate" == 0 ]] || awk -v w="$waited" -v max="$wait" 'BEGIN { exit !(w >= max) }'; then break; fi
    if ((logged == 0)); then
      bench_log "idle gate: waiting up to ${wait}s for a quiet host: ${over//$'\n'/, }"
      logged=1
    fi
    first="$second"
  done
  BENCH_HOST_SNAPSHOT="$second"
  BENCH_HOST_GATE="$(jq -cn --argjson t "$thresholds" --arg over "$over" --argjson waited "$waited" \
    '($over | split("\n") | map(select(. != "") | split(" ")[0])) as $names
     | {passed: ($names | length == 0), waitedSeconds: $waited, over: $names, thresholds: $t}')"
  BENCH_HOST_BEFORE="$(read -r l1 l5 l15 busy steal psi _ <<<"$figures" &&
    printf '{"load1":%s,"load5":%s,"load15":%s,"busyPercent":%s,"stealPercent":%s,"psiCpuSomeAvg10":%s}' "$l1" "$l5" "$l15" "$busy" "$steal" "$psi")"
  [[ -n "$over" ]] || return 0
  why="${over//$'\n'/, }"
  if [[ "$gate" == 0 ]]; then
    bench_log "idle gate off (BENCH_IDLE_GATE=0): host busy ($why); recorded as not passed"
    return 0
  fi
  if [[ "${BENCH_IDLE_STRICT:-0}" == 1 ]]; then
    bench_log "idle gate: host still busy after ${waited}s: $why (BENCH_IDLE_STRICT=1: not measured)"
    return 1
  fi
  bench_log "idle gate: host still busy after ${waited}s: $why; measuring anyway, recorded as not passed"
}

# bench__host_record <after-snapshot>: the meta's "host" object for the window that
# started at BENCH_HOST_SNAPSHOT (after bench_idle_gate).
bench__host_record() {
  local kernel cpus
  read -r _ _ _ _ _ _ _ _ _ _ _ _ cpus _ _ kernel <<<"$BENCH_HOST_SNAPSHOT"
  jq -cn --arg kernel "$kernel" --argjson cpus "$cpus" --argjson gate "$BENCH_HOST_GATE" \
    --argjson before "$BENCH_HOST_BEFORE" --argjson during "$(bench_host_during "$BENCH_HOST_SNAPSHOT" "$1")" \
    '{kernel: $kernel, cpus: $cpus, gate: $gate, before: $before, during: $during}'
}

# bench__next_sequence: set BENCH__SEQUENCE to the next number of the run-wide
# measurement order, kept in <run>/.sequence so a resumed run continues it (only
# in this shell without a run directory).
bench__next_sequence() {
  local file="${BENCH_RUN_DIR:+$BENCH_RUN_DIR/.sequence}" n
  if [[ -z "$file" ]]; then
    BENCH__SEQUENCE=$((BENCH__SEQUENCE + 1))
    return 0
  fi
  n="$(cat "$file" 2>/dev/null || echo 0)"
  [[ "$n" =~ ^[0-9]+$ ]] || bench_die "$file holds '$n', not a measurement count" "write the highest \"sequence\" among the run's .meta.json files into it"
  BENCH__SEQUENCE=$((n + 1))
  printf '%s\n' "$BENCH__SEQUENCE" >"$file.tmp" && mv "$file.tmp" "$file"
}

# ---------------------------------------------------------------- order of a round

# bench__order_mode: BENCH_ORDER, checked.
bench__order_mode() {
  case "${BENCH_ORDER:-alternate}" in
    alternate | shuffle) printf '%s\n' "${BENCH_ORDER:-alternate}" ;;
    *) bench_die "BENCH_ORDER='$BENCH_ORDER' is unknown" "set BENCH_ORDER to alternate or shuffle" ;;
  esac
}

# bench__recorded <jq-path>: a value of the manifest's .protocol ("" without one).
bench__recorded() {
  [[ -n "$BENCH_MANIFEST" && -f "$BENCH_MANIFEST" ]] || return 0
  jq -r "(.protocol // {}) | $1 // \"\"" "$BENCH_MANIFEST"
}

# bench_round_order <round> <item>...: the items in round <round>'s order, one per line.
# alternate: odd rounds as given, even rounds reversed (A B C, C B A, A B C, ...: the
# last item of a round is the first of the next, so no item always follows the same
# one's load); shuffle: a permutation drawn from BENCH_ORDER_SEED and the round, the
# same on every machine. Records the order under .protocol.orderByRound["<round>"]
# (["<round>/<BENCH_ORDER_GROUP>"] when a round orders several lists) and, the first
# time, the protocol (bench_protocol_record). Call it as $(bench_round_order ...) so
# a bad argument stops the script.
bench_round_order() {
  local round="${1:-}" mode seed i j state tmp
  [[ "$round" =~ ^[1-9][0-9]*$ ]] || bench_die "bench_round_order: round '$round' is not a positive number" "call: bench_round_order <round> <item>..."
  shift
  (($# > 0)) || bench_die "bench_round_order $round: no items" "call: bench_round_order <round> <item>..."
  local -a items=("$@")
  mode="$(bench__order_mode)"
  if [[ -n "$BENCH_MANIFEST" && -f "$BENCH_MANIFEST" && -z "$(bench__recorded .order)" ]]; then bench_protocol_record; fi
  if [[ "$mode" == alternate ]]; then
    if ((round % 2 == 0)); then
      for ((i = 0, j = ${#items[@]} - 1; i < j; i++, j--)); do tmp="${items[i]}" items[i]="${items[j]}" items[j]="$tmp"; done
    fi
  else
    seed="${BENCH_ORDER_SEED:-$(bench__recorded .seed)}"
    [[ "$seed" =~ ^[0-9]+$ ]] || bench_die "BENCH_ORDER=shuffle needs a seed" "call bench_protocol_record after bench_init_run (it picks one and records it), or set BENCH_ORDER_SEED to a whole number"
    # Fisher-Yates on a 31-bit LCG (bash arithmetic: the same draws everywhere).
    state=$(((seed % 2147483648 * 7919 + round * 104729) % 2147483648))
    for ((i = ${#items[@]} - 1; i > 0; i--)); do
      state=$(((state * 1103515245 + 12345) % 2147483648))
      j=$(((state >> 16) % (i + 1)))
      tmp="${items[i]}" items[i]="${items[j]}" items[j]="$tmp"
    done
  fi
  if [[ -n "$BENCH_MANIFEST" && -f "$BENCH_MANIFEST" ]]; then
    bench_manifest_set ".protocol.orderByRound[\"$round${BENCH_ORDER_GROUP:+/$BENCH_ORDER_GROUP}\"]" "$(printf '%s\n' "${items[@]}" | jq -R . | jq -cs .)"
  fi
  printf '%s\n' "${items[@]}"
}

# bench_round_rest: BENCH_ROUND_REST seconds (default 10) between two rounds, so the
# next round does not start in the heat (CPU boost, burst credits, queues) of the last.
bench_round_rest() {
  local rest="${BENCH_ROUND_REST:-10}"
  bench__number BENCH_ROUND_REST "$rest" 10
  [[ "$rest" =~ ^0+(\.0+)?$ ]] && return 0
  bench_log "resting ${rest}s between rounds (BENCH_ROUND_REST)"
  sleep "$rest"
}

# bench_protocol_record: .protocol = {order, seed, roundRestSeconds, idleGate, orderByRound}
# in the manifest. On resume the run's order and seed are kept (another BENCH_ORDER or
# BENCH_ORDER_SEED is refused: one run, one method); the gate's settings are the current ones.
bench_protocol_record() {
  [[ -n "$BENCH_MANIFEST" && -f "$BENCH_MANIFEST" ]] || bench_die "bench_protocol_record before bench_init_run" "call bench_init_run first"
  bench__gate_settings
  local mode rest="${BENCH_ROUND_REST:-10}" had_order had_seed
  mode="$(bench__order_mode)"
  bench__number BENCH_ROUND_REST "$rest" 10
  had_order="$(bench__recorded .order)"
  had_seed="$(bench__recorded .seed)"
  if [[ -n "$had_order" && "$had_order" != "$mode" ]]; then
    bench_die "this run directory was measured with BENCH_ORDER=$had_order, not $mode" "rerun with BENCH_ORDER=$had_order, or use another run directory"
  fi
  if [[ -n "$had_seed" && -n "$BENCH__ORDER_SEED_GIVEN" && "$had_seed" != "$BENCH__ORDER_SEED_GIVEN" ]]; then
    bench_die "this run directory was measured with BENCH_ORDER_SEED=$had_seed, not $BENCH__ORDER_SEED_GIVEN" "rerun with BENCH_ORDER_SEED=$had_seed (or unset it), or use another run directory"
  fi
  BENCH_ORDER_SEED="${BENCH__ORDER_SEED_GIVEN:-${had_seed:-$(($(date +%s%N) / 1000 % 2147483648))}}"
  [[ "$BENCH_ORDER_SEED" =~ ^[0-9]+$ ]] || bench_die "BENCH_ORDER_SEED='$BENCH_ORDER_SEED' is not a whole number" "set BENCH_ORDER_SEED to e.g. 42"
  # Numbers pass as text and tonumber: a checked "05" is a number to jq that way, not JSON.
  bench_manifest_set .protocol "$(jq -c --arg order "$mode" --arg seed "$BENCH_ORDER_SEED" --arg rest "$rest" \
    --argjson enabled "$([[ "${BENCH_IDLE_GATE:-1}" == 1 ]] && echo true || echo false)" \
    --argjson strict "$([[ "${BENCH_IDLE_STRICT:-0}" == 1 ]] && echo true || echo false)" \
    --arg load "${BENCH_IDLE_MAX_LOAD:-}" --arg sample "${BENCH_IDLE_SAMPLE:-2}" --arg wait "${BENCH_IDLE_WAIT:-180}" \
    --argjson thresholds "$(bench__gate_thresholds 1)" \
    '{order: $order, seed: ($seed | tonumber), roundRestSeconds: ($rest | tonumber),
      idleGate: {enabled: $enabled, strict: $strict,
                 thresholds: ($thresholds + (if $load == "" then {load1: null, load1PerCpu: 0.75} else {} end)),
                 sampleSeconds: ($sample | tonumber), maxWaitSeconds: ($wait | tonumber)},
      orderByRound: (.protocol.orderByRound // {})}' "$BENCH_MANIFEST")"
}

# bench_protocol_help: the protocol's settings and thresholds, for a script's --help.
bench_protocol_help() {
  cat <<'EOF'
Run protocol (scripts/benchmarks/lib/protocol.sh; recorded in manifest.json .protocol and
in every .meta.json "host"):
  Before each measurement the idle gate samples the host (BENCH_HOST_EXEC) and waits up
  to BENCH_IDLE_WAIT=180 s until it is quiet:
    load1 <= BENCH_IDLE_MAX_LOAD (default 0.75 x the host's CPUs)
    busy <= BENCH_IDLE_MAX_BUSY=30 % of all CPUs (two /proc/stat reads BENCH_IDLE_SAMPLE=2 s apart)
    CPU pressure some avg10 <= BENCH_IDLE_MAX_PSI=10 (/proc/pressure/cpu)
    steal <= BENCH_IDLE_MAX_STEAL=2 %
  A host still busy then is measured and recorded as not passed (the ingest flags its
  rows busy-host); BENCH_IDLE_STRICT=1 fails the measurement instead; BENCH_IDLE_GATE=0
  does not wait (still records). A window with more steal than the threshold is flagged too.
  BENCH_ORDER=alternate    order of the items of a round: odd rounds as given, even rounds
                           reversed (ABC CBA ABC ...); shuffle: a permutation per round from
                           BENCH_ORDER_SEED (default from the clock; recorded, kept on resume)
  BENCH_ROUND_REST=10      seconds of rest between rounds
EOF
}

# ---------------------------------------------------------------- cgroup CPU

# bench_cgroup_cpu_seconds <counter-file>: the CPU seconds a cgroup has used, from
# cgroup v2 cpu.stat (usage_usec) or v1 cpuacct.usage (nanoseconds). A missing or
# unreadable counter is an error (exit 1, naming the file): a window without its
# counter must fail, never read as zero.
bench_cgroup_cpu_seconds() {
  local file="${1:-}" text
  [[ -n "$file" ]] || { echo "bench_cgroup_cpu_seconds: no counter file given (pass <cgroup>/cpu.stat or <cgroup>/cpuacct.usage)" >&2; return 1; }
  if ! text="$(cat -- "$file" 2>&1)"; then
    printf 'bench_cgroup_cpu_seconds: cannot read %s (%s); pass the cgroup v2 cpu.stat or the v1 cpuacct.usage of a cgroup that exists\n' "$file" "$text" >&2
    return 1
  fi
  awk -v f="$file" '
    $1 == "usage_usec" && $2 ~ /^[0-9]+$/ { printf "%.6f\n", $2 / 1e6; found = 1; exit }
    NR == 1 && NF == 1 && $1 ~ /^[0-9]+$/ { ns = $1 }
    END {
      if (found) exit 0
      if (ns != "" && NR == 1) { printf "%.6f\n", ns / 1e9; exit 0 }
      printf "bench_cgroup_cpu_seconds: %s is neither a cgroup v2 cpu.stat (no usage_usec line) nor a v1 cpuacct.usage (one number of nanoseconds)\n", f > "/dev/stderr"
      exit 1
    }' <<<"$text"
}

# ---------------------------------------------------------------- run time

# A run's wall-clock time per step, in the manifest's .runTime:
#   {budgetSeconds?, steps: [{at: {<condition>: <value>}, prepareSeconds, measureSeconds, ...}],
#    stoppedBefore?: {at, spentSeconds, predictedPrepareSeconds, predictedMeasureSeconds}}
# "prepare" is making a step's conditions (creating its Services), "measure" every window
# of every round at it. A resumed run adds what it spends to what the stopped one recorded,
# so the figures are the run's own cost, not the time between its first and last start.

# bench_run_time_add <at-json> prepare|measure <seconds> [<extra-json>]: <extra-json> is
# merged into the step's entry (e.g. what a preparation created and the CPU it took).
bench_run_time_add() {
  local at="$1" field="$2" seconds="$3" extra="${4:-}"
  [[ -n "$extra" ]] || extra='{}'
  case "$field" in prepare | measure) ;; *) bench_die "bench_run_time_add: '$field' is neither prepare nor measure" "pass prepare or measure" ;; esac
  bench__number "bench_run_time_add seconds" "$seconds" 12.5
  bench_manifest_set .runTime "$(jq -c --argjson at "$at" --arg f "${field}Seconds" --arg s "$seconds" --argjson extra "$extra" '
    (.runTime // {}) | .steps = (.steps // [])
    | if any(.steps[]; .at == $at) then . else .steps += [{at: $at, prepareSeconds: 0, measureSeconds: 0}] end
    | .steps |= map(if .at == $at then (.[$f] = ((.[$f] + ($s | tonumber)) * 10 | round / 10)) + $extra else . end)' "$BENCH_MANIFEST")"
}

bench_run_time_spent() {
  jq '[.runTime.steps[]? | .prepareSeconds + .measureSeconds] | add // 0' "$BENCH_MANIFEST"
}

# bench_run_time_stop <at-json> <predicted-prepare-s> <predicted-measure-s> <budget-s>
bench_run_time_stop() {
  local at="$1" prepare="$2" measure="$3" budget="$4" spent
  spent="$(bench_run_time_spent)"
  bench_manifest_set .runTime "$(jq -c --argjson at "$at" --arg p "$prepare" --arg m "$measure" --arg b "$budget" --arg spent "$spent" '
    (.runTime // {steps: []}) + {budgetSeconds: ($b | tonumber),
      stoppedBefore: {at: $at, spentSeconds: ($spent | tonumber),
                      predictedPrepareSeconds: ($p | tonumber | round), predictedMeasureSeconds: ($m | tonumber | round)}}' "$BENCH_MANIFEST")"
}
