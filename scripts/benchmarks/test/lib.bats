#!/usr/bin/env bats
# Unit tests of scripts/benchmarks/lib/bench.sh (no root, no network).

LIB="$BATS_TEST_DIRNAME/../lib/bench.sh"

setup() {
  TMP="$(mktemp -d)"
  # The idle gate only records here, without a pause between its reads (its own
  # tests are in protocol.bats).
  export BENCH_IDLE_GATE=0 BENCH_IDLE_SAMPLE=0
}

teardown() {
  rm -rf "$TMP"
}

# Run a snippet in a fresh bash that sourced the library with strict mode. The
# mechanics tests capture made-up outputs, so the result check accepts anything
# and nothing is retried unless a test says otherwise.
lib() {
  BENCH_CHECK_CMD="${BENCH_CHECK_CMD-true}" BENCH_RETRIES="${BENCH_RETRIES-0}" bash -c "set -euo pipefail; source '$LIB'; $1"
}

FIXTURES="$BATS_TEST_DIRNAME/fixtures"

@test "bench_log prints a UTC timestamped line on stderr only" {
  run bash -c "source '$LIB'; bench_log hello world 2>/dev/null"
  [ -z "$output" ]
  run bash -c "source '$LIB'; bench_log hello world 2>&1"
  [[ "$output" =~ ^\[[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z\]\ hello\ world$ ]]
}

@test "bench_die names the problem and the fix, exits 1" {
  run lib "bench_die 'disk is full' 'free some space'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"error: disk is full"* ]]
  [[ "$output" == *"fix: free some space"* ]]
}

@test "bench_require_tools names every missing tool and how to get it" {
  run lib "bench_require_tools bash iperf3-not-here kubectl-not-here"
  [ "$status" -eq 1 ]
  [[ "$output" == *'"iperf3-not-here" not found'* ]]
  [[ "$output" == *'"kubectl-not-here" not found'* ]]
  [[ "$output" != *'"bash"'* ]]
  run lib "PATH=/nonexistent; bench_require_tools iperf3"
  [[ "$output" == *"apt-get install -y iperf3"* ]]
}

@test "bench_init_run writes a manifest skeleton and keeps it on resume" {
  lib "bench_init_run '$TMP/run' eks-cni eks scripts/x.sh; bench_manifest_set .params.ROUNDS 3" 2>/dev/null
  [ "$(jq -r .suite "$TMP/run/manifest.json")" = eks-cni ]
  [ "$(jq -r .runner "$TMP/run/manifest.json")" = eks ]
  [ "$(jq -r .params.ROUNDS "$TMP/run/manifest.json")" = 3 ]
  [[ "$(jq -r .startedAt "$TMP/run/manifest.json")" =~ ^20[0-9-]+T ]]
  [ -d "$TMP/run/logs" ]
  run lib "bench_init_run '$TMP/run' eks-cni eks scripts/x.sh"
  [ "$status" -eq 0 ]
  [[ "$output" == *"resuming"* ]]
  [ "$(jq -r .params.ROUNDS "$TMP/run/manifest.json")" = 3 ]
}

@test "bench_init_run refuses a run directory of another suite" {
  lib "bench_init_run '$TMP/run' eks-cni eks scripts/x.sh" 2>/dev/null
  run lib "bench_init_run '$TMP/run' tke-cilium tke scripts/y.sh"
  [ "$status" -eq 1 ]
  [[ "$output" == *"belongs to suite 'eks-cni'"* ]]
}

@test "bench_manifest_set rejects a value that is not JSON" {
  run lib "bench_init_run '$TMP/run' local local s.sh 2>/dev/null; bench_manifest_set .environment.os 'Debian 12'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"is not JSON"* ]]
  lib "bench_init_run '$TMP/run' local local s.sh 2>/dev/null; bench_manifest_set .environment.os '\"Debian 12\"'"
  [ "$(jq -r .environment.os "$TMP/run/manifest.json")" = "Debian 12" ]
}

@test "round dirs and resume markers" {
  run lib "bench_init_run '$TMP/run' local local s.sh 2>/dev/null; d=\$(bench_round_dir A 2); echo \"\$d\"; bench_is_done \"\$d\" && echo done1; bench_mark_done \"\$d\"; bench_is_done \"\$d\" && echo done2"
  [ "${lines[0]}" = "$TMP/run/A/round-2" ]
  [ "${lines[1]}" = done2 ]
  [ -f "$TMP/run/A/round-2/.done" ]
}

@test "cleanup steps run last-in first-out, once, on normal exit" {
  lib "bench_install_traps; bench_on_cleanup sh -c 'echo first >>$TMP/order'; bench_on_cleanup sh -c 'echo second >>$TMP/order'; bench_run_cleanup"
  [ "$(cat "$TMP/order")" = "$(printf 'second\nfirst')" ]
}

@test "cleanup runs on failure and on SIGTERM" {
  run lib "bench_install_traps; bench_on_cleanup touch '$TMP/after-fail'; false"
  [ "$status" -ne 0 ]
  [ -f "$TMP/after-fail" ]
  bash -c "source '$LIB'; bench_install_traps; bench_on_cleanup touch '$TMP/after-term'; touch '$TMP/ready'; while :; do sleep 0.1; done" 2>/dev/null &
  pid=$!
  for _ in $(seq 50); do [ -f "$TMP/ready" ] && break; sleep 0.1; done
  kill -TERM "$pid"
  wait "$pid" || status=$?
  [ "$status" -eq 143 ]
  [ -f "$TMP/after-term" ]
}

@test "bench_measure keeps stdout byte for byte and writes the meta" {
  lib "BENCH_CLIENT_NODE=n1 BENCH_SERVER_NODE=n2; bench_measure '$TMP/r' probe iperf3-tcp '{\"streams\":2}' -- printf 'a\\tb\\n\\nno newline at end'" 2>/dev/null
  [ "$(printf 'a\tb\n\nno newline at end' | sha256sum)" = "$(sha256sum <"$TMP/r/probe.json")" ]
  meta="$TMP/r/probe.meta.json"
  [ "$(jq -r .kind "$meta")" = iperf3-tcp ]
  [ "$(jq -r .tool "$meta")" = iperf3 ]
  [ "$(jq -c .conditions "$meta")" = '{"streams":2}' ]
  [ "$(jq -c .cmd "$meta")" = '["printf","a\\tb\\n\\nno newline at end"]' ]
  [ "$(jq -r .exitCode "$meta")" = 0 ]
  [ "$(jq -r .clientNode "$meta")/$(jq -r .serverNode "$meta")" = n1/n2 ]
}

@test "bench_measure runs through the client executor, which the meta does not list as the command" {
  lib "BENCH_CLIENT_EXEC=(env WHERE=inside-pod); bench_measure '$TMP/r' where dns-latency '{}' -- sh -c 'echo \$WHERE'" 2>/dev/null
  [ "$(cat "$TMP/r/where.txt")" = inside-pod ]
  [ "$(jq -r '.cmd[0]' "$TMP/r/where.meta.json")" = sh ]
}

@test "a failing command returns non-zero and records its exit code (no value is made up)" {
  run lib "bench_measure '$TMP/r' bad iperf3-tcp '{}' -- sh -c 'echo partial; exit 3'"
  [ "$status" -eq 3 ]
  [[ "$output" == *"FAILED bad: exit code 3"* ]]
  [ "$(jq -r .exitCode "$TMP/r/bad.meta.json")" = 3 ]
  [ "$(cat "$TMP/r/bad.json")" = partial ]
}

@test "a command that hangs is stopped by the timeout (exit 124)" {
  run lib "BENCH_MEASURE_TIMEOUT=1 bench_measure '$TMP/r' slow netperf-rr '{}' -- sleep 30"
  [ "$status" -eq 124 ]
  [ "$(jq -r .exitCode "$TMP/r/slow.meta.json")" = 124 ]
  [[ "$output" == *"timed out after 1s"* ]]
}

@test "a successful measurement is not repeated on resume; a failed one is" {
  lib "bench_measure '$TMP/r' once iptables-nat '{}' -- sh -c 'echo x >>$TMP/count; echo ok'" 2>/dev/null
  lib "bench_measure '$TMP/r' once iptables-nat '{}' -- sh -c 'echo x >>$TMP/count; echo ok'" 2>/dev/null
  [ "$(wc -l <"$TMP/count")" -eq 1 ]
  lib "bench_measure '$TMP/r' flaky iptables-nat '{}' -- sh -c 'echo y >>$TMP/count2; exit 1'" 2>/dev/null || true
  lib "bench_measure '$TMP/r' flaky iptables-nat '{}' -- sh -c 'echo y >>$TMP/count2; echo fine'" 2>/dev/null
  [ "$(wc -l <"$TMP/count2")" -eq 2 ]
  [ "$(jq -r .exitCode "$TMP/r/flaky.meta.json")" = 0 ]
}

@test "bench_measure refuses bad conditions and a missing --" {
  run lib "bench_measure '$TMP/r' x iperf3-tcp 'not json' -- true"
  [ "$status" -eq 1 ]
  [[ "$output" == *"is not a JSON object"* ]]
  run lib "bench_measure '$TMP/r' x iperf3-tcp '{}' true"
  [[ "$output" == *"missing '--'"* ]]
}

@test "wrappers build the documented tool command lines and conditions" {
  # A stand-in fortio that only prints its arguments: this checks the command line, not fortio.
  printf '#!/bin/sh\necho "$@"\n' >"$TMP/fortio"
  chmod +x "$TMP/fortio"
  lib "BENCH_FORTIO='$TMP/fortio'; bench_fortio_http '$TMP/r' h '{\"path\":\"pod\"}' http://s:8080/ max close 8 5" 2>/dev/null
  [ "$(cat "$TMP/r/h.json")" = "load -quiet -qps 0 -c 8 -t 5s -r 0.00001 -allow-initial-errors -json - -keepalive=false http://s:8080/" ]
  [ "$(jq -c .conditions "$TMP/r/h.meta.json")" = '{"qps":"max","connection":"close","concurrency":8,"path":"pod"}' ]
  # A caller's null leaves a load key out of the conditions; the meta keeps the whole load.
  lib "BENCH_FORTIO='$TMP/fortio'; bench_fortio_http '$TMP/r' n '{\"concurrency\":null,\"connection\":null}' http://s/ 1000 keepalive 16 3" 2>/dev/null
  [ "$(jq -c .conditions "$TMP/r/n.meta.json")" = '{"qps":1000}' ]
  [ "$(jq -c .load "$TMP/r/n.meta.json")" = '{"qps":1000,"connection":"keepalive","concurrency":16}' ]
  # ... also when the caller merged it into its own conditions first.
  lib "BENCH_FORTIO='$TMP/fortio'; bench_fortio_http '$TMP/r' m \"\$(bench_merge_json '{\"services\":4}' '{\"concurrency\":null}')\" http://s/ 1000 keepalive 16 3" 2>/dev/null
  [ "$(jq -c .conditions "$TMP/r/m.meta.json")" = '{"qps":1000,"connection":"keepalive","services":4}' ]
  # UDP pins the datagram size.
  lib "bench_iperf3_udp '$TMP/r' u '{}' host 1G 2" 2>/dev/null || true
  [ "$(jq -c '.cmd[1:]' "$TMP/r/u.meta.json")" = '["-c","host","-p","5201","-u","-b","1G","-l","1400","-t","2","-J"]' ]
  [ "$(jq -c .load "$TMP/r/u.meta.json")" = '{"bitrate":"1G","length":1400}' ]
  [ "$(jq -r .timeoutSeconds "$TMP/r/h.meta.json")" = 65 ]
  lib "BENCH_FORTIO='$TMP/fortio'; bench_fortio_http '$TMP/r' k '{}' http://s/ 1000 keepalive 2 3" 2>/dev/null
  [[ "$(cat "$TMP/r/k.json")" != *keepalive=false* ]]
  [ "$(jq -c .conditions.qps "$TMP/r/k.meta.json")" = 1000 ]
  run lib "bench_fortio_http '$TMP/r' z '{}' http://s/ fast keepalive 1"
  [[ "$output" == *"is not a number or 'max'"* ]]
  run lib "bench_netperf '$TMP/r' n '{}' host UDP_STREAM"
  [[ "$output" == *"pass TCP_RR or TCP_CRR"* ]]
}

@test "bench_dns_latency falls back to timing getent when the client has no dig" {
  # The executor gives the command a PATH with sh, date and getent only: no dig.
  mkdir "$TMP/bin"
  for t in sh date getent; do ln -s "$(command -v "$t")" "$TMP/bin/$t"; done
  lib "BENCH_CLIENT_EXEC=(env PATH='$TMP/bin'); bench_dns_latency '$TMP/r' dns '{}' localhost 5" 2>/dev/null
  [ "$(jq -r .tool "$TMP/r/dns.meta.json")" = getent ]
  [ "$(wc -l <"$TMP/r/dns.txt")" -eq 5 ]
  run grep -qv '^[0-9][0-9]*$' "$TMP/r/dns.txt"
  [ "$status" -eq 1 ]
  # Each failed lookup is a line of its own; a batch of failures is refused by the check.
  run env BENCH_CHECK_CMD= bash -c "set -euo pipefail; source '$LIB'; BENCH_RETRIES=0; BENCH_CLIENT_EXEC=(env PATH='$TMP/bin'); bench_dns_latency '$TMP/r' bad '{}' no-such-host.invalid 3"
  [ "$status" -ne 0 ]
  [ "$(grep -c '^failed: getent found no address$' "$TMP/r/bad.txt")" -eq 3 ]
  [[ "$output" == *"bad.txt: 3 of 3 lookups failed"* ]]
}

@test "bench_measure_via runs through a named executor array, not the client one" {
  lib "BENCH_CLIENT_EXEC=(false); here=(env VIA=named); bench_measure_via here '$TMP/r' v top-samples '{}' -- sh -c 'echo \$VIA'" 2>/dev/null
  [ "$(cat "$TMP/r/v.txt")" = named ]
  [ "$(jq -r .tool "$TMP/r/v.meta.json")" = kubectl ]
}

@test "a result the ingest's parser rejects fails the measurement at capture, with the parser's message" {
  # fortio exits 0 when every call failed (held-out real output against a closed port).
  run env BENCH_CHECK_CMD= bash -c "set -euo pipefail; source '$LIB'; bench_measure '$TMP/r' rps fortio-http '{}' -- cat '$FIXTURES/held-out/fortio-all-errors.json'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"FAILED rps: result rejected: $TMP/r/rps.json: fortio made no successful call"* ]]
  [[ "$output" == *"attempt 2 of 2"* ]]
  jq -e '.exitCode == 0 and (.rejected | test("rps.json: fortio made no successful call")) and .attempts == 2' "$TMP/r/rps.meta.json"
  # A rerun measures it again (the exit code alone does not mark it done).
  run env BENCH_CHECK_CMD= bash -c "set -euo pipefail; source '$LIB'; bench_measure '$TMP/r' rps fortio-http '{}' -- cat '$FIXTURES/fortio/http-keepalive-qps200.json'"
  [ "$status" -eq 0 ]
  jq -e 'has("rejected") | not' "$TMP/r/rps.meta.json"
}

@test "a rejected result is retried once, and the retry's result is kept" {
  # First call prints the all-errors output, the second a good one.
  printf '#!/bin/sh\nif [ -e "%s/tried" ]; then cat "%s"; else touch "%s/tried"; cat "%s"; fi\n' \
    "$TMP" "$FIXTURES/fortio/http-keepalive-qps200.json" "$TMP" "$FIXTURES/held-out/fortio-all-errors.json" >"$TMP/flaky"
  chmod +x "$TMP/flaky"
  run env BENCH_CHECK_CMD= BENCH_RETRIES=1 bash -c "set -euo pipefail; source '$LIB'; bench_measure '$TMP/r' rps fortio-http '{}' -- '$TMP/flaky'"
  [ "$status" -eq 0 ]
  [[ "$output" == *"retrying rps: $TMP/r/rps.json: fortio made no successful call"* ]]
  cmp "$TMP/r/rps.json" "$FIXTURES/fortio/http-keepalive-qps200.json"
  jq -e '.attempts == 2 and (has("rejected") | not)' "$TMP/r/rps.meta.json"
}

@test "without a checkout (single-file download) the jq check still rejects fortio's all-errors run and iperf3's error" {
  cp "$LIB" "$(dirname "$LIB")/protocol.sh" "$TMP/"
  run env BENCH_CHECK_CMD= BENCH_RETRIES=0 bash -c "set -euo pipefail; source '$TMP/bench.sh'; bench_measure '$TMP/r' rps fortio-http '{}' -- cat '$FIXTURES/held-out/fortio-all-errors.json'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"result rejected: $TMP/r/rps.json: fortio made no successful call ({\"-1\":"* ]]
  run env BENCH_CHECK_CMD= BENCH_RETRIES=0 bash -c "set -euo pipefail; source '$TMP/bench.sh'; bench_measure '$TMP/r' tcp iperf3-tcp '{}' -- cat '$FIXTURES/iperf3/refused.json'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"$TMP/r/tcp.json: iperf3 reported an error: unable to connect"* ]]
  run env BENCH_CHECK_CMD= BENCH_RETRIES=0 bash -c "set -euo pipefail; source '$TMP/bench.sh'; bench_measure '$TMP/r' ok fortio-http '{}' -- cat '$FIXTURES/fortio/http-keepalive-qps200.json'"
  [ "$status" -eq 0 ]
}

@test "bench_set_params: a resume with other parameters is refused, naming them; free keys may change" {
  lib "bench_init_run '$TMP/run' s local x; bench_set_params '{\"ROUNDS\":1,\"IPERF_DURATION\":10}' ROUNDS" 2>/dev/null
  lib "bench_init_run '$TMP/run' s local x; bench_set_params '{\"ROUNDS\":3,\"IPERF_DURATION\":10}' ROUNDS" 2>/dev/null
  [ "$(jq -c .params "$TMP/run/manifest.json")" = '{"ROUNDS":3,"IPERF_DURATION":10}' ]
  run lib "bench_init_run '$TMP/run' s local x; bench_set_params '{\"ROUNDS\":3,\"IPERF_DURATION\":30}' ROUNDS"
  [ "$status" -eq 1 ]
  [[ "$output" == *"started with other parameters: IPERF_DURATION=10 then, 30 now"* ]]
  [[ "$output" == *"or use another run directory"* ]]
  [ "$(jq -c .params.IPERF_DURATION "$TMP/run/manifest.json")" = 10 ]
}

@test "bench_dns_latency with real dig: a warm-up, then one line per lookup; a server that never answers gives failed lines" {
  command -v dig >/dev/null && command -v dnsmasq >/dev/null || skip "dig and dnsmasq needed"
  port=$((20000 + RANDOM % 20000))
  dnsmasq --no-daemon --no-resolv --no-hosts --listen-address=127.0.0.1 --bind-interfaces --port="$port" \
    --address=/bench.lib.test/198.18.0.9 --pid-file= >"$TMP/dnsmasq.log" 2>&1 &
  pid=$!
  sleep 0.5
  lib "bench_dns_latency '$TMP/r' dns '{}' bench.lib.test 5 '127.0.0.1 -p $port'" 2>/dev/null || true
  kill "$pid"; wait "$pid" 2>/dev/null || true
  cat "$TMP/r/dns.txt"
  [ "$(grep -c '^[0-9][0-9]*$' "$TMP/r/dns.txt")" -eq 5 ]
  # Nothing listens on this port: every lookup times out on its own (2 s each), none ends the batch.
  lib "bench_dns_latency '$TMP/r' dead '{}' bench.lib.test 2 '127.0.0.1 -p $((port + 1))'" 2>/dev/null || true
  [ "$(grep -c '^failed: ' "$TMP/r/dead.txt")" -eq 2 ]
}

@test "bench_udp_gbps reads iperf3's -b notation (powers of 1000) and refuses anything else" {
  # shellcheck disable=SC2016 # expanded by the bash that lib starts
  run lib 'for b in 500M 1G 2.5G 100k 1500K; do bench_udp_gbps $b; done'
  [ "$status" -eq 0 ]
  [ "$(echo "$output" | tr '\n' ' ')" = "0.5 1 2.5 0.0001 0.0015 " ]
  for bad in 0G 1T fast 1 -1G ""; do
    run lib "bench_udp_gbps '$bad'"
    [ "$status" -eq 1 ] || { echo "accepted '$bad'"; return 1; }
  done
}

@test "bench_iperf3_udp_sweep: one measurement per offered load, named by it; a failed step does not stop the others" {
  # A stand-in iperf3 that prints its arguments, and fails at 2G.
  mkdir "$TMP/bin"
  printf '#!/bin/sh\necho "$@"\ncase "$*" in *"-b 2G "*) exit 1 ;; esac\n' >"$TMP/bin/iperf3"
  chmod +x "$TMP/bin/iperf3"
  run lib "BENCH_CLIENT_EXEC=(env PATH='$TMP/bin:/usr/bin:/bin'); bench_iperf3_udp_sweep '$TMP/r' udp '{\"path\":\"pod\"}' host '500M 2G 3G' 4"
  [ "$status" -eq 1 ]
  for step in 500M:0.5 2G:2 3G:3; do
    meta="$TMP/r/udp-${step%%:*}.meta.json"
    jq -e --argjson g "${step#*:}" '.conditions == {path: "pod", offeredGbps: $g} and .kind == "iperf3-udp"' "$meta"
    jq -e --arg b "${step%%:*}" '.cmd[1:] == ["-c","host","-p","5201","-u","-b",$b,"-l","1400","-t","4","-J"] and .timeoutSeconds == 64' "$meta"
  done
  jq -e '.exitCode == 1' "$TMP/r/udp-2G.meta.json"
  jq -e '.exitCode == 0' "$TMP/r/udp-3G.meta.json"
  run lib "bench_iperf3_udp_sweep '$TMP/r' udp '{}' host 'lots 1G'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"bench_iperf3_udp_sweep udp: 'lots' is not a bitrate"* ]]
}

@test "BENCH_WINDOW_COUNTERS reads before and after each traffic window into <id>.counters.txt, named by the meta" {
  # A reader that stamps its phase and the moment, so the order around the command shows.
  local reader="counters() { printf '%s %s\n' \"\$1\" \"\$(cat '$TMP/phase' 2>/dev/null || echo none)\" >>\"\$2\"; }"
  run lib "$reader; BENCH_WINDOW_COUNTERS=counters
    bench_measure '$TMP/r' tcp iperf3-tcp '{}' -- sh -c 'echo during >$TMP/phase; cat $FIXTURES/iperf3/tcp-1stream.json'
    bench_measure '$TMP/r' lookups dns-latency '{}' -- echo 1800"
  [ "$status" -eq 0 ]
  [ "$(cat "$TMP/r/tcp.counters.txt")" = "before none
after during" ]
  jq -e '.counters == "tcp.counters.txt"' "$TMP/r/tcp.meta.json"
  # Not a window of traffic between two nodes: nothing read, nothing named.
  [ ! -e "$TMP/r/lookups.counters.txt" ]
  jq -e 'has("counters") | not' "$TMP/r/lookups.meta.json"
  [ ! -e "$TMP/r/tcp.counters.txt.partial" ]
}

@test "a window whose counters could not be read is rejected like a bad result, and measured again on resume" {
  run lib "counters() { [ \"\$1\" = before ] && echo ok >>\"\$2\"; [ \"\$1\" = before ] || { echo 'ethtool: not found' >&2; return 1; }; }
    BENCH_WINDOW_COUNTERS=counters bench_measure '$TMP/r' tcp iperf3-tcp '{}' -- cat '$FIXTURES/iperf3/tcp-1stream.json'"
  [ "$status" -eq 1 ]
  [[ "$output" == *"FAILED tcp: result rejected: the node counters around the window could not be read (counters; see $TMP/r/tcp.counters.log)"* ]]
  grep -q 'ethtool: not found' "$TMP/r/tcp.counters.log"
  jq -e '.exitCode == 0 and (.rejected | test("node counters"))' "$TMP/r/tcp.meta.json"
  run lib "counters() { echo \"\$1\" >>\"\$2\"; }
    BENCH_WINDOW_COUNTERS=counters bench_measure '$TMP/r' tcp iperf3-tcp '{}' -- cat '$FIXTURES/iperf3/tcp-1stream.json'"
  [ "$status" -eq 0 ]
  [ "$(cat "$TMP/r/tcp.counters.txt")" = "before
after" ]
  [ ! -e "$TMP/r/tcp.counters.log" ]
  jq -e 'has("rejected") | not' "$TMP/r/tcp.meta.json"
}
