#!/usr/bin/env bats
# Faults injected while the EKS scenario script runs on the local cluster: the
# HTTP server's processes killed inside a Service step's window, the API server restarted
# while a step's Services are created, kube-proxy restarted inside a step's sync
# window, and Ctrl-C while a step's Services are created. A run a fault breaks
# names what failed; a rerun with the same run directory finishes it; the ingest
# of the finished run holds every window once, each from a raw file that passed
# its checks, and the Service step holds the Services it names.
# Needs root and a free machine; run through `npm run test:kube`.

bats_require_minimum_version 1.5.0

load common
cluster_per_file

# One Service step, large enough that creating its Services takes a few seconds
# (a fault lands inside it), with a short baseline before it.
STEP=1000

setup() {
  RUN=$BATS_TEST_TMPDIR/run LOG=$BATS_TEST_TMPDIR/run.log
  # Three-second HTTP windows, so that a fault lands inside one.
  RUN_ENV=("${EKS_LOCAL_ENV[@]}" ROUNDS=1 IPERF_DURATION=1 FORTIO_DURATION=3 NETPERF_DURATION=1 UDP_LOADS=500M UDP_STEP_DURATION=1
    QPS_LEVELS=max "SVC_STEPS=$STEP" SVC_CREATE_PARALLEL=1 "RUN_DIR=$RUN")
}

# start_run: the script in the background, in a process group of its own and
# with SIGINT at its default (a background job of a non-interactive shell
# ignores it), so a Ctrl-C reaches it as from a terminal.
start_run() {
  python3 -c 'import os, signal, sys; os.setpgid(0, 0); signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])' \
    env "${RUN_ENV[@]}" bash "$EKS_SCRIPT" A >"$LOG" 2>&1 &
  RUN_PID=$!
}

# when_logged <extended regex>: wait (bounded) until the run has logged a matching line.
when_logged() {
  wait_until 300 grep -qE -- "$1" "$LOG" || { tail -n 20 "$LOG"; return 1; }
}

# when_running <extended regex>: wait (bounded) until a process whose command line matches
# runs on the node. A window starts seconds after its "measure" line on a busy machine
# (the idle gate samples the host first), so a fault timed from the log can land before it.
when_running() {
  wait_until 300 pgrep -f -- "$1" >/dev/null || { echo "no process matching $1 started"; tail -n 20 "$LOG"; return 1; }
}

# crash_servers <label>: SIGKILL the container processes of the pods with that label, as an
# OOM kill or a panic ends them (the kubelet restarts the container; the pod stays). Deleting
# the pod instead leaves its container serving until the kubelet gets round to it, seconds
# after a three-second window has ended.
crash_servers() {
  local id pids=()
  while read -r id; do
    [[ -n $id ]] || continue
    mapfile -t -O "${#pids[@]}" pids < <(grep -l -- "${id#*://}" /proc/[0-9]*/cgroup 2>/dev/null | cut -d/ -f3)
  done < <(kubectl -n bench get pod -l "$1" -o jsonpath='{range .items[*]}{.status.containerStatuses[0].containerID}{"\n"}{end}')
  ((${#pids[@]} > 0)) || { echo "no process of the pods labelled $1 found"; return 1; }
  echo "killing ${#pids[@]} processes of the pods labelled $1: ${pids[*]}" >&3
  kill -KILL "${pids[@]}"
}

# end_run: wait for the run; its exit status in FAULT_STATUS, the end of its log printed.
end_run() {
  FAULT_STATUS=0
  wait "$RUN_PID" || FAULT_STATUS=$?
  echo "the run with the fault exited with $FAULT_STATUS:"
  tail -n 25 "$LOG"
}

# rerun_completes: the same command on the same run directory finishes the scenario.
rerun_completes() {
  run env "${RUN_ENV[@]}" bash "$EKS_SCRIPT" A
  echo "rerun:"
  echo "$output" | tail -n 25
  [ "$status" -eq 0 ]
  [ -e "$RUN/A/.done" ]
}

# dataset_complete: the finished run through the ingest. One round: every row's
# (metric, conditions) once; every window's raw file passed its checks and yields
# rows; the step's rules and traffic are there, and its KUBE-SERVICES chain holds
# about a rule per Service of the step (no Service lost or counted twice).
dataset_complete() {
  (cd "$ROOT" && node_modules/.bin/tsx scripts/benchmarks/ingest/cli.ts "$RUN" --out "$BATS_TEST_TMPDIR/data" --version 2000-01-01) >&2
  local dataset=$BATS_TEST_TMPDIR/data/eks-cni/2000-01-01.json meta cond n metric
  [ -f "$dataset" ]
  [ "$(jq '[.results[] | [.scenario, .metric, (.conditions | tojson)]] | length - (unique | length)' "$dataset")" -eq 0 ]
  while IFS= read -r meta; do
    jq -e '.exitCode == 0 and (has("rejected") | not)' "$meta" >/dev/null || { echo "$meta: failed or rejected in a finished run"; return 1; }
    cond=$(jq -c '.conditions' "$meta")
    n=$(jq --argjson c "$cond" '[.results[] | select(.conditions // {} | contains($c))] | length' "$dataset")
    ((n > 0)) || { echo "no rows for $meta (conditions $cond)"; return 1; }
  done < <(find "$RUN/A" -name '*.meta.json')
  for metric in http_rps conn_setup_time tcp_throughput kubeproxy_sync_time iptables_nat_rules; do
    n=$(jq --arg m "$metric" --argjson s "$STEP" '[.results[] | select(.metric == $m and .conditions.services == $s and .value != null)] | length' "$dataset")
    ((n > 0)) || { echo "no $metric rows at services=$STEP"; return 1; }
  done
  # The cluster holds STEP Services at the step, the few of the workloads among them:
  # a chain longer than that counts Services twice.
  jq -e --argjson s "$STEP" '[.results[] | select(.metric == "service_chain_length" and .conditions.services == $s)] | length == 1 and .[0].value >= $s - 10 and .[0].value <= $s + 10' "$dataset"
}

@test "the HTTP server crashed inside a Service step's window: the window is named as failed or retried, a rerun completes the run" {
  start_run
  when_logged "measure http-qps1000-keepalive .*\"services\":$STEP"
  # fortio itself, in the client pod (not the kubectl exec that starts it): the window is open.
  when_running '^(\S*/)?fortio load -quiet -qps 1000 '
  sleep 1
  crash_servers app=httpbin
  end_run
  grep -qE "(FAILED|retrying) http-qps1000-keepalive" "$LOG"
  if ((FAULT_STATUS != 0)); then
    grep -q "round 1 had failed measurements" "$LOG"
    rerun_completes
  fi
  dataset_complete
}

@test "the API server restarted while a step's Services are created: the run stops saying what failed, a rerun completes it" {
  start_run
  when_logged "creating dummy Services"
  bash "$KUBE" restart kube-apiserver >&3 2>&1
  end_run
  # A client that retried through the restart may have finished the step; one that
  # did not stops the run with an error naming what failed.
  if ((FAULT_STATUS != 0)); then
    grep -qE "^error: |FAILED " "$LOG"
    rerun_completes
  fi
  dataset_complete
}

@test "kube-proxy restarted inside a step's sync window: the window is refused, naming the restart, and a rerun measures the step again" {
  start_run
  when_logged "creating dummy Services"
  bash "$KUBE" restart kube-proxy >&3 2>&1
  end_run
  [ "$FAULT_STATUS" -ne 0 ]
  grep -q "kube-proxy restarted" "$LOG"
  [ ! -e "$RUN/A/round-1/services-$STEP/.done" ]
  rerun_completes
  dataset_complete
}

@test "Ctrl-C while a step's Services are created: the run stops and cleans up, a rerun completes it without counting a Service twice" {
  start_run
  when_logged "creating dummy Services"
  kill -INT -- "-$RUN_PID"
  end_run
  [ "$FAULT_STATUS" -eq 130 ]
  grep -q "interrupted by SIGINT; cleaning up" "$LOG"
  [ ! -e "$RUN/A/round-1/services-$STEP/.done" ]
  rerun_completes
  dataset_complete
}
