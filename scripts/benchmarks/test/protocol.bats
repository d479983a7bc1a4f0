#!/usr/bin/env bats
# The run protocol of lib/protocol.sh (sourced by lib/bench.sh): the idle gate on
# the real host and on a fake one, the order of a round in the raw files, the
# cgroup CPU counter. No root, no network.

# Each @test runs in a subshell, so per-test exports are meant to be local.
# shellcheck disable=SC2030,SC2031

LIB="$BATS_TEST_DIRNAME/../lib/bench.sh"
REPO="$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)"

# The burner test reads the real machine's CPU: not beside the other tests of this file.
setup_file() {
  export BATS_NO_PARALLELIZE_WITHIN_FILE=true
}

setup() {
  TMP="$(mktemp -d)"
  BURNERS=()
  # Made-up outputs: the result check accepts anything, nothing is retried.
  export BENCH_CHECK_CMD=true BENCH_RETRIES=0 BENCH_ROUND_REST=0
}

teardown() {
  local pid
  for pid in "${BURNERS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${BURNERS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$TMP"
}

# lib <snippet>: run it in a fresh strict bash that sourced the library.
lib() { bash -c "set -euo pipefail; source '$LIB'; $1"; }

# burn: one bounded CPU burner beside the test, stopped by PID in teardown.
burn() {
  timeout 30 sh -c 'while :; do :; done' >/dev/null 2>&1 3>&- &
  BURNERS+=($!)
}

# A run directory with one scenario "s" that the ingest accepts.
new_run() {
  lib "bench_init_run '$1' local local s.sh 2>/dev/null
    bench_manifest_set .environment '{\"platform\":\"test\"}'
    bench_manifest_set .scenarios '{\"s\":{\"name\":\"s\",\"cni\":\"none\",\"kubeProxy\":\"none\"}}'"
}

# fake_host <dir>: an executor (BENCH_HOST_EXEC=("$dir/exec")) that answers the host
# sample from a fake proc directory of a 2-CPU node: busy (90 %, PSI 40) for the first
# FAKE_BUSY_SAMPLES samples, then quiet (2 %); each sample advances the clock 1 s.
# FAKE_NO_PSI=1: a kernel without /proc/pressure/cpu.
fake_host() {
  local dir="$1"
  mkdir -p "$dir/proc/sys/kernel" "$dir/proc/pressure"
  echo 5.15.0-fake >"$dir/proc/sys/kernel/osrelease"
  cat >"$dir/exec" <<EOF
#!/usr/bin/env bash
set -euo pipefail
p="$dir/proc"
n=\$((\$(cat "$dir/n" 2>/dev/null || echo 0) + 1)); echo "\$n" >"$dir/n"
busy=\$(( n <= \${FAKE_BUSY_SAMPLES:-0} ? 90 : 2 )); psi=\$(( n <= \${FAKE_BUSY_SAMPLES:-0} ? 40 : 0 ))
# Cumulative jiffies: 200 per second over 2 CPUs, busy% of them user time.
u=\$(( \$(cat "$dir/u" 2>/dev/null || echo 0) + 2 * busy )); i=\$(( \$(cat "$dir/i" 2>/dev/null || echo 0) + 200 - 2 * busy ))
echo "\$u" >"$dir/u"; echo "\$i" >"$dir/i"
echo "\$((100 + n)).00 0.00" >"\$p/uptime"
echo "0.10 0.20 0.30 1/100 42" >"\$p/loadavg"
printf 'cpu  %d 0 0 %d 0 0 0 0 0 0\ncpu0 0\ncpu1 0\nintr 1\n' "\$u" "\$i" >"\$p/stat"
if [[ -n "\${FAKE_NO_PSI:-}" ]]; then rm -f "\$p/pressure/cpu"
else echo "some avg10=\$psi.00 avg60=0.00 avg300=0.00 total=\$((n * 5000))" >"\$p/pressure/cpu"; fi
# The library asks: sh -c <script> host-sample /proc; answer from the fake proc root.
[[ "\$1 \$2 \$4 \$5" == "sh -c host-sample /proc" ]] || { echo "unexpected call: \$*" >&2; exit 1; }
exec sh -c "\$3" host-sample "\$p"
EOF
  chmod +x "$dir/exec"
}

@test "the idle gate refuses a window while CPU burners run beside it, flags it when not strict, passes once they stopped" {
  burn
  burn
  # busy % and CPU pressure are what two burners on this machine break; load1 is not judged here.
  export BENCH_IDLE_MAX_LOAD=1000 BENCH_IDLE_SAMPLE=1 BENCH_IDLE_WAIT=3
  run env BENCH_IDLE_STRICT=1 bash -c "set -euo pipefail; source '$LIB'; bench_measure '$TMP/strict' dns dns-latency '{}' -- printf '1800\n1900\n'"
  echo "$output"
  [ "$status" -eq 1 ]
  [[ "$output" == *"idle gate: waiting up to 3s for a quiet host: busyPercent "*" % > 30 %"* ]]
  [[ "$output" == *"host still busy after "*"busyPercent"*"(BENCH_IDLE_STRICT=1: not measured)"* ]]
  [[ "$output" == *"FAILED dns: the host did not become quiet"* ]]
  [ ! -e "$TMP/strict/dns.meta.json" ]

  new_run "$TMP/run"
  lib "bench_init_run '$TMP/run' local local s.sh; d=\$(bench_round_dir s 1); bench_measure \"\$d\" dns dns-latency '{}' -- printf '1800\n1900\n'; bench_mark_done \"\$d\"; bench_mark_done \"\$BENCH_RUN_DIR/s\"" 2>"$TMP/log"
  meta="$TMP/run/s/round-1/dns.meta.json"
  jq -e '.host.gate.passed == false and (.host.gate.over | index("busyPercent")) and .host.before.busyPercent > 30
    and .host.gate.thresholds.busyPercent == 30 and .host.gate.waitedSeconds >= 1 and .sequence == 1' "$meta"
  grep -q 'measuring anyway, recorded as not passed' "$TMP/log"
  # The ingest flags the row busy-host.
  (cd "$REPO" && node_modules/.bin/tsx scripts/benchmarks/ingest/cli.ts "$TMP/run" --out "$TMP/data" --version 2026-01-01) >"$TMP/ingest.log" 2>&1 || { cat "$TMP/ingest.log"; false; }
  jq -e '[.results[] | select(.metric == "dns_latency")] | length > 0 and all(.flags | map(.kind) | index("busy-host"))' "$TMP/data/local/2026-01-01.json"

  # Burners stopped: a quiet machine passes. load1 and PSI avg10 are averages that take
  # tens of seconds to decay, so only busy % and steal are judged at their defaults.
  teardown_burners
  run env BENCH_IDLE_MAX_PSI=100 BENCH_IDLE_WAIT=10 bash -c "set -euo pipefail; source '$LIB'; bench_measure '$TMP/quiet' dns dns-latency '{}' -- printf '1800\n'"
  [ "$status" -eq 0 ]
  if jq -e '.host.gate.passed == false' "$TMP/quiet/dns.meta.json" >/dev/null; then
    skip "the machine stayed busy with other work for 10 s ($(jq -c .host.before "$TMP/quiet/dns.meta.json")): the quiet half needs a quiet machine"
  fi
  jq -e '.host.gate.passed == true and .host.gate.over == [] and .host.before.busyPercent <= 30' "$TMP/quiet/dns.meta.json"
}

teardown_burners() {
  local pid
  for pid in "${BURNERS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  BURNERS=()
}

@test "on a fake host the gate waits while busy, logs once which figure is over, then passes and records the window" {
  fake_host "$TMP/host"
  run env FAKE_BUSY_SAMPLES=3 BENCH_IDLE_SAMPLE=0 BENCH_IDLE_WAIT=60 bash -c "set -euo pipefail; source '$LIB'
    BENCH_HOST_EXEC=('$TMP/host/exec'); bench_measure '$TMP/r' dns dns-latency '{}' -- printf '1800\n'"
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(grep -c 'idle gate: waiting' <<<"$output")" -eq 1 ]
  [[ "$output" == *"idle gate: waiting up to 60s for a quiet host: busyPercent 90.0 % > 30 %, psiCpuSomeAvg10 40.00 > 10"* ]]
  # Waited: two more samples of the fake host's clock (1 s each) after the first.
  jq -e '.host == {kernel: "5.15.0-fake", cpus: 2,
    gate: {passed: true, waitedSeconds: 2, over: [], thresholds: {load1: 1.5, busyPercent: 30, psiCpuSomeAvg10: 10, stealPercent: 2}},
    before: {load1: 0.1, load5: 0.2, load15: 0.3, busyPercent: 2, stealPercent: 0, psiCpuSomeAvg10: 0},
    during: {seconds: 1, busyPercent: 2, stealPercent: 0, psiCpuStallMs: 5}}' "$TMP/r/dns.meta.json"
  # One snapshot per poll (the first, 3 busy, 1 quiet) and one after the command.
  [ "$(cat "$TMP/host/n")" -eq 5 ]
}

@test "the gate records the figures a host cannot give as null; BENCH_IDLE_GATE=0 records a busy host without waiting" {
  fake_host "$TMP/host"
  run env FAKE_NO_PSI=1 FAKE_BUSY_SAMPLES=100 BENCH_IDLE_GATE=0 BENCH_IDLE_SAMPLE=0 BENCH_IDLE_WAIT=60 bash -c "set -euo pipefail; source '$LIB'
    BENCH_HOST_EXEC=('$TMP/host/exec'); bench_measure '$TMP/r' dns dns-latency '{}' -- printf '1800\n'"
  [ "$status" -eq 0 ]
  [[ "$output" == *"idle gate off (BENCH_IDLE_GATE=0): host busy (busyPercent 90.0 % > 30 %)"* ]]
  [[ "$output" != *"waiting"* ]]
  jq -e '.host.gate.passed == false and .host.gate.over == ["busyPercent"] and .host.before.psiCpuSomeAvg10 == null
    and .host.during.psiCpuStallMs == null' "$TMP/r/dns.meta.json"
}

@test "bad gate settings are refused naming the setting and the fix" {
  run env BENCH_IDLE_MAX_BUSY=thirty bash -c "source '$LIB'; bench_idle_gate"
  [ "$status" -eq 1 ]
  [[ "$output" == *"BENCH_IDLE_MAX_BUSY='thirty' is not a non-negative number"* ]]
  run env BENCH_IDLE_GATE=yes bash -c "source '$LIB'; bench_idle_gate"
  [[ "$output" == *"set BENCH_IDLE_GATE to 1 (wait for a quiet host) or 0 (only record)"* ]]
  run env BENCH_ORDER=random bash -c "source '$LIB'; bench_round_order 1 A B"
  [[ "$output" == *"BENCH_ORDER='random' is unknown"* ]]
}

@test "the alternating order shows in the raw files: ABC CBA ABC CBA by sequence and start time; a resume continues the sequence" {
  new_run "$TMP/run"
  export BENCH_IDLE_GATE=0 BENCH_IDLE_SAMPLE=0
  lib "bench_init_run '$TMP/run' local local s.sh; bench_manifest_set .scenarios '{\"A\":{\"name\":\"A\",\"cni\":\"-\",\"kubeProxy\":\"-\"},\"B\":{\"name\":\"B\",\"cni\":\"-\",\"kubeProxy\":\"-\"},\"C\":{\"name\":\"C\",\"cni\":\"-\",\"kubeProxy\":\"-\"}}'
    for round in 1 2 3 4; do
      order=\$(bench_round_order \$round A B C)
      for s in \$order; do
        d=\$(bench_round_dir \$s \$round)
        bench_measure \"\$d\" m dns-latency '{}' -- echo 1800
        sleep 0.01
      done
    done" 2>/dev/null
  [ "$(find "$TMP/run" -name m.meta.json | wc -l)" -eq 12 ]
  # The scenario and round of each meta, in sequence order.
  order="$(for f in "$TMP"/run/*/round-*/m.meta.json; do
    s="${f#"$TMP"/run/}"; printf '%s %s\n' "$(jq .sequence "$f")" "${s%%/*}"; done | sort -n | awk '{printf "%s", $2}')"
  [ "$order" = ABCCBAABCCBA ]
  [ "$(jq -rs 'map(.sequence) | sort | join(",")' "$TMP"/run/*/round-*/m.meta.json)" = "1,2,3,4,5,6,7,8,9,10,11,12" ]
  # startedAt never goes back along the sequence.
  jq -es 'sort_by(.sequence) | map(.startedAt) | . == sort' "$TMP"/run/*/round-*/m.meta.json
  jq -e '.protocol.order == "alternate" and .protocol.orderByRound == {"1": ["A","B","C"], "2": ["C","B","A"], "3": ["A","B","C"], "4": ["C","B","A"]}
    and (.protocol.seed | type) == "number" and .protocol.idleGate.thresholds.busyPercent == 30 and .protocol.roundRestSeconds == 0' "$TMP/run/manifest.json"
  lib "bench_init_run '$TMP/run' local local s.sh; bench_measure '$TMP/run/A/round-5' m dns-latency '{}' -- echo 1800" 2>/dev/null
  [ "$(jq .sequence "$TMP/run/A/round-5/m.meta.json")" -eq 13 ]
  [ "$(cat "$TMP/run/.sequence")" -eq 13 ]
  # A measured file is skipped on resume without a gate or a new number.
  run lib "bench_init_run '$TMP/run' local local s.sh; BENCH_IDLE_GATE=1 BENCH_IDLE_SAMPLE=5 bench_measure '$TMP/run/A/round-5' m dns-latency '{}' -- echo 1800"
  [[ "$output" == *"skip m (already measured)"* ]]
  [ "$(cat "$TMP/run/.sequence")" -eq 13 ]
}

@test "shuffle with a fixed seed is reproducible, a permutation per round, recorded and kept on resume" {
  orders() {
    lib "bench_init_run '$1' local local s.sh 2>/dev/null; bench_protocol_record
      for r in 1 2 3 4; do echo \$(bench_round_order \$r A B C D E); done"
  }
  first="$(BENCH_ORDER=shuffle BENCH_ORDER_SEED=42 orders "$TMP/one")"
  second="$(BENCH_ORDER=shuffle BENCH_ORDER_SEED=42 orders "$TMP/two")"
  echo "$first"
  [ "$first" = "$second" ]
  while read -r line; do [ "$(tr ' ' '\n' <<<"$line" | sort | tr -d '\n')" = ABCDE ]; done <<<"$first"
  [ "$(sort -u <<<"$first" | wc -l)" -gt 1 ]
  [ "$(BENCH_ORDER=shuffle BENCH_ORDER_SEED=7 orders "$TMP/three")" != "$first" ]
  jq -e --arg r1 "$(head -n1 <<<"$first")" '.protocol.order == "shuffle" and .protocol.seed == 42
    and (.protocol.orderByRound["1"] | join(" ")) == $r1' "$TMP/one/manifest.json"
  # Resume: the recorded seed is used when none is given, another one is refused.
  [ "$(BENCH_ORDER=shuffle lib "bench_init_run '$TMP/one' local local s.sh 2>/dev/null; bench_protocol_record; echo \$(bench_round_order 1 A B C D E)")" = "$(head -n1 <<<"$first")" ]
  run env BENCH_ORDER=shuffle BENCH_ORDER_SEED=43 bash -c "source '$LIB'; bench_init_run '$TMP/one' local local s.sh; bench_protocol_record"
  [ "$status" -eq 1 ]
  [[ "$output" == *"measured with BENCH_ORDER_SEED=42, not 43"* ]]
  run env BENCH_ORDER=alternate bash -c "source '$LIB'; bench_init_run '$TMP/one' local local s.sh; bench_protocol_record"
  [[ "$output" == *"measured with BENCH_ORDER=shuffle, not alternate"* ]]
}

@test "bench_round_rest sleeps BENCH_ROUND_REST seconds and says so" {
  run env BENCH_ROUND_REST=1 bash -c "source '$LIB'; s=\$SECONDS; bench_round_rest; echo \$((SECONDS - s))"
  [[ "$output" == *"resting 1s between rounds (BENCH_ROUND_REST)"* ]]
  run env BENCH_ROUND_REST=0 bash -c "source '$LIB'; bench_round_rest"
  [ -z "$output" ]
}

@test "bench_cgroup_cpu_seconds reads cgroup v2 cpu.stat and v1 cpuacct.usage; a missing counter fails" {
  printf 'usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\nnr_periods 0\n' >"$TMP/cpu.stat"
  echo 1500000000 >"$TMP/cpuacct.usage"
  [ "$(lib "bench_cgroup_cpu_seconds '$TMP/cpu.stat'")" = 2.500000 ]
  [ "$(lib "bench_cgroup_cpu_seconds '$TMP/cpuacct.usage'")" = 1.500000 ]
  run lib "bench_cgroup_cpu_seconds '$TMP/none/cpu.stat'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"cannot read $TMP/none/cpu.stat"* ]]
  printf 'nr_periods 0\n' >"$TMP/other"
  run lib "bench_cgroup_cpu_seconds '$TMP/other'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"neither a cgroup v2 cpu.stat (no usage_usec line) nor a v1 cpuacct.usage"* ]]
}

@test "run time: a step's prepare and measure seconds add up over invocations, with what a preparation made; a stop names the step" {
  lib "bench_init_run '$TMP/run' kube-proxy local-kube scripts/x.sh >/dev/null
    bench_run_time_add '{\"services\":1000}' prepare 12.34 '{\"createdServices\":{\"from\":0,\"to\":1000}}'
    bench_run_time_add '{\"services\":1000}' measure 100
    bench_run_time_add '{\"services\":1000}' measure 50.05
    bench_run_time_add '{\"services\":0}' measure 7
    bench_run_time_stop '{\"services\":5000}' 600.4 900.6 3600"
  run jq -c '.runTime' "$TMP/run/manifest.json"
  [ "$output" = '{"steps":[{"at":{"services":1000},"prepareSeconds":12.3,"measureSeconds":150.1,"createdServices":{"from":0,"to":1000}},{"at":{"services":0},"prepareSeconds":0,"measureSeconds":7}],"budgetSeconds":3600,"stoppedBefore":{"at":{"services":5000},"spentSeconds":169.4,"predictedPrepareSeconds":600,"predictedMeasureSeconds":901}}' ]
  run lib "BENCH_MANIFEST='$TMP/run/manifest.json'; bench_run_time_spent"
  [ "$output" = 169.4 ]
  run lib "bench_init_run '$TMP/run' kube-proxy local-kube scripts/x.sh >/dev/null; bench_run_time_add '{\"services\":1}' wait 1"
  [ "$status" -eq 1 ]
  [[ "$output" == *"'wait' is neither prepare nor measure"* ]]
}
