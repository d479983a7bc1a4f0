#!/usr/bin/env bash
# Run the EKS scenarios A..E in order into one run directory.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib/bench.sh
source "$HERE/../lib/bench.sh"

usage() {
  cat <<'EOF'
Usage: run-all-scenarios.sh [--help]

Runs run-benchmark.sh for A, B, C, D and E, in that order, into one RUN_DIR
(default bench-runs/eks-<UTC date>). Resumable: rerun the same command with
the same RUN_DIR after an interruption and finished scenarios and rounds are
skipped. Every environment variable of run-benchmark.sh applies
(see run-benchmark.sh --help); SCENARIOS="A B C D E" picks a subset.

The scenarios are not alternated round by round: each is a reconfiguration of
the cluster (Helm, aws-node, kube-proxy, sometimes new nodes), so each runs all
its rounds before the next. Within a scenario's round the baseline tests
alternate, every measurement waits for an idle client node (the idle gate), and
one run protocol holds for all five (recorded once in the manifest's .protocol;
a scenario started with another BENCH_ORDER or BENCH_ORDER_SEED is refused):
see "Run protocol" in run-benchmark.sh --help.

Then turn the run into a dataset:
  npm run ingest -- "$RUN_DIR"
EOF
}

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  "") ;;
  *) usage >&2; bench_die "unexpected argument '$1'" "run without arguments; choose scenarios with SCENARIOS=\"A B\"" ;;
esac

export RUN_DIR="${RUN_DIR:-bench-runs/eks-$(date -u +%Y-%m-%d)}"
SCENARIOS="${SCENARIOS:-A B C D E}"

# Each run-benchmark.sh cleans up what it created; this trap only forwards an
# interrupt to the running child (as TERM: a background child of a
# non-interactive shell ignores INT) and reports where to resume.
child=""
on_interrupt() {
  trap - INT TERM
  bench_log "interrupted; stopping scenario run (rerun with RUN_DIR=$RUN_DIR to resume)"
  if [[ -n "$child" ]]; then kill -TERM "$child" 2>/dev/null || true; wait "$child" 2>/dev/null || true; fi
  exit 130
}
trap on_interrupt INT TERM

for id in $SCENARIOS; do
  if [[ -f "$RUN_DIR/$id/.done" ]]; then
    bench_log "scenario $id already finished in $RUN_DIR; skipping"
    continue
  fi
  bench_log "scenario $id: starting"
  "$HERE/run-benchmark.sh" "$id" &
  child=$!
  if ! wait "$child"; then
    child=""
    bench_die "scenario $id failed" "read the error above, fix it, and rerun with RUN_DIR=$RUN_DIR (finished work is kept)"
  fi
  child=""
  bench_log "scenario $id: finished"
done

# Stamp finishedAt once every scenario of the suite is in.
all_done=1
for id in A B C D E; do [[ -f "$RUN_DIR/$id/.done" ]] || all_done=0; done
if ((all_done)); then
  BENCH_MANIFEST="$RUN_DIR/manifest.json" bench_manifest_finish
  bench_log "all scenarios finished; next: npm run ingest -- $RUN_DIR"
fi
