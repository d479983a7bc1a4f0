#!/usr/bin/env bash
# The project's tests in two tiers.
#
#   npm test            fast tier, for every change (a few minutes):
#                       typecheck, i18n parity, typed-figure check, vitest
#                       (unit project), shellcheck, bats (in parallel; tests
#                       that run whole scenarios are left to the full tier), ONE
#                       English site build, then the @smoke and @behaviour
#                       e2e tests against it.
#   npm run test:full   everything, what CI runs (.ci/run): the above with
#                       vitest's build project too, the site built in every
#                       locale, every e2e test in every locale (screenshots,
#                       the chart contact sheet, visual regression, axe,
#                       no-JS parity, phone width), the @pipeline e2e
#                       tests (bench:local -> build, locale:add -> build) and
#                       `npm run test:kube` (the local-cluster tests).
#
# Two lanes run side by side: checks (typecheck ... bats; the fast tier runs
# the script checks, shellcheck and bats, beside vitest) and site (build, then
# e2e against that one build); in the full tier the local-cluster tests start
# when the first lane ends (KUBE_START=early: as a third lane from the start;
# on 2 cores that made the whole run slower, 2,792 s against 2,425 s). A
# failing stage does not stop the others, so a run reports every problem.
# Each stage's output goes to test-results/logs/<stage>.log and is printed when the stage
# ends. The run ends with a table of stages (result, seconds, CPU seconds, start
# in seconds after the run's), the machine's busy CPU time over the run and the
# ten slowest tests, also saved as test-results/timings.txt (kept by CI with the
# other results), and exits non-zero if any stage failed.
#
# Usage: bash scripts/test/test-all.sh [--full]
#   SKIP_SETUP=1         do not run scripts/test/setup-test-env.sh
#   E2E_PORT             port of the e2e static server (default: a free port)
#   KUBE_START=early     full tier: start the local-cluster tests at once
#                        (default lane-end: when the first lane ends)

# Stage functions are called indirectly (run_stage, lanes).
# shellcheck disable=SC2317
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

TIER=fast
case ${1:-} in
  -h | --help)
    sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  --full) TIER=full ;;
  '') ;;
  *)
    echo "unknown argument: $1 (use --full or --help)" >&2
    exit 2
    ;;
esac
KUBE_START=${KUBE_START:-lane-end}
[[ $KUBE_START == @(early|lane-end) ]] || { echo "KUBE_START=$KUBE_START: use early or lane-end" >&2; exit 2; }

# fortio installed by `go install` lands here; bats tests find it on PATH.
PATH="$PATH:/usr/local/go/bin:$(go env GOPATH 2>/dev/null || printf '%s/go' "$HOME")/bin"
export PATH

RESULTS_DIR=test-results
LOG_DIR=$RESULTS_DIR/logs
STAGE_FILE=$RESULTS_DIR/stages.tsv
TIMINGS_FILE=$RESULTS_DIR/timings.txt
rm -rf "$LOG_DIR" "$RESULTS_DIR"/vitest*.json "$RESULTS_DIR"/playwright*.json "$RESULTS_DIR"/bats.tap "$TIMINGS_FILE"
mkdir -p "$LOG_DIR"
: >"$STAGE_FILE"
RUN_STARTED=$SECONDS

# busy_jiffies: CPU time the whole machine has spent busy since boot (every
# process, the run's or not), in USER_HZ ticks from /proc/stat.
busy_jiffies() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 + $9; exit }' /proc/stat; }
RUN_BUSY_START=$(busy_jiffies)

# record <name> <result> <seconds> [<cpu seconds> <started at, seconds into the run>]
record() { printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-}" "${5:-}" >>"$STAGE_FILE"; }

# run_stage <name> <command...>: runs the command with its output in the
# stage log, prints the log when done, records result, time, CPU time (user +
# system of the stage's processes, children included: CPU seconds above wall
# seconds mean it used more than one core) and when it started.
run_stage() {
  local name=$1 started status log=$LOG_DIR/$1.log cpu TIMEFORMAT='%U %S'
  shift
  printf '[%s] %s: started\n' "$(date +%T)" "$name"
  started=$SECONDS
  if { time "$@" >"$log" 2>&1; } 2>"$log.cpu"; then status=ok; else status=FAILED; fi
  cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$log.cpu")
  rm -f "$log.cpu"
  {
    printf '\n==== %s: %s (%ss, CPU %ss) ====\n' "$name" "$status" "$((SECONDS - started))" "$cpu"
    cat "$log"
  } | flock "$STAGE_FILE" cat
  record "$name" "$status" "$((SECONDS - started))" "$cpu" "$((started - RUN_STARTED))"
  [[ $status == ok ]]
}

skip_stage() {
  printf '[%s] %s: skipped (%s)\n' "$(date +%T)" "$1" "$2"
  record "$1" "skipped ($2)" 0
}

# print_summary: the summary, printed and saved as $TIMINGS_FILE; fails if a stage failed.
print_summary() {
  local status=0
  summary >"$TIMINGS_FILE" || status=$?
  cat "$TIMINGS_FILE"
  return "$status"
}

summary() {
  local failed=0 name result seconds cpu start
  printf '\n==== summary (%s tier) ====\n' "$TIER"
  printf '%-14s %-34s %8s %8s %8s\n' stage result seconds cpu 'start at'
  while IFS=$'\t' read -r name result seconds cpu start; do
    printf '%-14s %-34s %8s %8s %8s\n' "$name" "$result" "$seconds" "$cpu" "$start"
    [[ $result == FAILED ]] && failed=1
  done <"$STAGE_FILE"
  cpu_total
  printf '%-14s %-34s %8s %8s\n' total "$( ((failed)) && echo FAILED || echo ok)" "$((SECONDS - RUN_STARTED))" "$CPU_TOTAL"
  # The stage CPU column misses processes a stage did not wait for (browser helpers,
  # the local cluster's daemons): the machine's busy time is the whole cost.
  local wall=$((SECONDS - RUN_STARTED)) busy
  busy=$((($(busy_jiffies) - RUN_BUSY_START) / $(getconf CLK_TCK)))
  printf 'machine CPU busy: %s s of %s s on %s cores (%s %%; other work on the machine counts too)\n' \
    "$busy" "$((wall * $(nproc)))" "$(nproc)" "$((wall > 0 ? busy * 100 / (wall * $(nproc)) : 0))"
  node scripts/test/slowest-tests.mjs "$RESULTS_DIR" 10 || true
  return "$failed"
}

# CPU_TOTAL: CPU seconds (user + system) of everything this run has waited for
# so far. Call it directly, not in $(...): a subshell's children start from zero.
cpu_total() {
  local file=$LOG_DIR/.times
  times >"$file"
  CPU_TOTAL=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%.0f", s }' "$file")
  rm -f "$file"
}

# ---- stages -----------------------------------------------------------------

# npm records what it installed in node_modules/.package-lock.json.
node_modules_stale() {
  [[ ! -f node_modules/.package-lock.json ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]
}

shellcheck_all() {
  local scripts=()
  mapfile -t scripts < <(find scripts examples -name '*.sh' -type f | sort)
  ((${#scripts[@]})) || { echo "no shell scripts found"; return 0; }
  echo "checking ${#scripts[@]} scripts"
  shellcheck -x "${scripts[@]}"
}

# Every .bats file under scripts/ (new suites join by being there). Files run
# in parallel; a file sets BATS_NO_PARALLELIZE_WITHIN_FILE=true in setup_file
# when its own tests must run one at a time.
bats_all() {
  local files=()
  # scripts/kube/test needs the machine's one local cluster: `npm run test:kube` runs it.
  mapfile -t files < <(find scripts -name '*.bats' -type f -not -path 'scripts/kube/test/*' | sort)
  ((${#files[@]})) || { echo "no .bats files found"; return 0; }
  # The fast tier skips the tests that run whole scenarios (scripts/benchmarks/test/tier.bash).
  BENCH_TEST_TIER=$TIER bats --jobs "$(($(nproc) * 2))" --timing --formatter tap "${files[@]}" | tee "$RESULTS_DIR/bats.tap"
}

vitest_tier() {
  local projects=(--project unit)
  # Full tier: every project, and the cluster-scripts -> ingest -> pages contract (minutes).
  [[ $TIER == full ]] && { projects=(); export CONTRACT=1; }
  npx vitest run "${projects[@]}" --reporter=default --reporter=json --outputFile.json="$RESULTS_DIR/vitest.json"
}

build_site() {
  if [[ $TIER == fast ]]; then
    npx docusaurus build --locale "$DEFAULT_LOCALE"
  else
    npx docusaurus build
  fi
}

e2e_site() {
  local args=(--project desktop --grep '@smoke|@behaviour')
  [[ $TIER == full ]] && args=(--project desktop --project mobile)
  E2E_JSON_REPORT="$RESULTS_DIR/playwright-site.json" npx playwright test "${args[@]}"
}

e2e_pipeline() {
  # Its own output folder: Playwright empties the output folder when a run starts,
  # and the site run's chart contact sheet (test-results/artifacts/chart-sheet) must stay.
  E2E_JSON_REPORT="$RESULTS_DIR/playwright-pipeline.json" npx playwright test --project pipeline --output "$RESULTS_DIR/artifacts-pipeline"
}

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# ---- lanes --------------------------------------------------------------------

checks_lane() {
  # Incremental (.cache/tsc/): a rerun checks again only what changed.
  run_stage typecheck npm run --silent typecheck || true
  # Source checks only: the site lane is writing build/ at the same time; the
  # built pages are checked by the i18n-pages e2e test against the fresh build.
  run_stage i18n npm run --silent i18n:check -- --skip-build || true
  run_stage figures npm run --silent check:figures || true
  if [[ $TIER == fast ]]; then
    # Fast tier: the script checks beside vitest, which leaves a core idle much of
    # its time; the two share no files. (The full tier keeps them after vitest: its
    # bats runs whole scenarios for minutes, and the lane's end starts test:kube.)
    { run_stage shellcheck shellcheck_all || true; run_stage bats bats_all || true; } &
    run_stage vitest vitest_tier || true
    wait
  else
    run_stage vitest vitest_tier || true
    run_stage shellcheck shellcheck_all || true
    run_stage bats bats_all || true
  fi
}

# The local-cluster tests (full tier): started by whichever lane ends first
# (lane-end, the default), or a lane of their own (KUBE_START=early).
kube_stage() {
  run_stage kube npm run --silent test:kube || true
}

site_lane() {
  if run_stage build build_site; then
    run_stage e2e e2e_site || true
    [[ $TIER == full ]] && { run_stage e2e-pipeline e2e_pipeline || true; }
  else
    skip_stage e2e "build failed"
    [[ $TIER == full ]] && skip_stage e2e-pipeline "build failed"
  fi
  return 0
}

# ---- run ----------------------------------------------------------------------

trap 'print_summary; exit $?' EXIT

# Setup and dependencies: nothing else can run without them.
if [[ ${SKIP_SETUP:-} == 1 ]]; then
  skip_stage setup "SKIP_SETUP=1"
else
  run_stage setup bash scripts/test/setup-test-env.sh || exit 1
fi
if node_modules_stale; then
  run_stage npm-ci npm ci --no-audit --no-fund || exit 1
else
  skip_stage npm-ci "node_modules up to date"
fi

DEFAULT_LOCALE=$(sed -n "s/^export const DEFAULT_LOCALE = '\(.*\)';/\1/p" i18n/locales.ts)
[[ -n $DEFAULT_LOCALE ]] || { echo "cannot read DEFAULT_LOCALE from i18n/locales.ts" >&2; exit 1; }
[[ $TIER == fast ]] && export E2E_LOCALES=$DEFAULT_LOCALE
E2E_PORT=${E2E_PORT:-$(free_port)}
export E2E_PORT

site_lane &
checks_lane &
if [[ $TIER == full ]]; then
  [[ $KUBE_START == early ]] || wait -n
  # A subshell of its own: run_stage's `time` counts the CPU of every child its
  # shell reaps meanwhile, and this shell reaps the other lane when it ends, whose
  # CPU would otherwise land in the kube stage's column.
  kube_stage &
fi
wait
