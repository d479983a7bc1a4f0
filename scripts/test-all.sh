#!/usr/bin/env bash
# Every test of the project, in the order CI runs them (`npm test`):
#   setup env -> npm ci (when needed) -> typecheck -> i18n parity ->
#   typed-figure check -> vitest -> shellcheck -> bats -> site build ->
#   Playwright against build/
# Later stages still run when an earlier check fails (except the ones that
# need its output), so one run reports every problem. Ends with a table of
# stages, their result and duration; exits non-zero if any stage failed.
#
# Usage: bash scripts/test-all.sh
#   SKIP_SETUP=1   do not run scripts/setup-test-env.sh

# Stage functions are called through run_stage and the EXIT trap.
# shellcheck disable=SC2317
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi

# fortio installed by `go install` lands here; bats tests find it on PATH.
PATH="$PATH:/usr/local/go/bin:$(go env GOPATH 2>/dev/null || printf '%s/go' "$HOME")/bin"
export PATH

STAGE_NAMES=()
STAGE_RESULTS=()
STAGE_SECONDS=()
failed=0

# run_stage <name> <command...>: runs the command, records result and time.
run_stage() {
  local name=$1 started status
  shift
  printf '\n==== %s ====\n' "$name"
  started=$SECONDS
  if "$@"; then status=ok; else status=FAILED; failed=1; fi
  STAGE_NAMES+=("$name")
  STAGE_RESULTS+=("$status")
  STAGE_SECONDS+=($((SECONDS - started)))
  [[ $status == ok ]]
}

skip_stage() {
  STAGE_NAMES+=("$1")
  STAGE_RESULTS+=("skipped ($2)")
  STAGE_SECONDS+=(0)
}

print_summary() {
  local i total=0
  printf '\n==== summary ====\n'
  printf '%-12s %-28s %8s\n' stage result seconds
  for i in "${!STAGE_NAMES[@]}"; do
    printf '%-12s %-28s %8s\n' "${STAGE_NAMES[$i]}" "${STAGE_RESULTS[$i]}" "${STAGE_SECONDS[$i]}"
    total=$((total + STAGE_SECONDS[i]))
  done
  printf '%-12s %-28s %8s\n' total "$( ((failed)) && echo FAILED || echo ok)" "$total"
}
trap print_summary EXIT

# npm records what it installed in node_modules/.package-lock.json.
node_modules_stale() {
  [[ ! -f node_modules/.package-lock.json ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]
}

install_node_modules() {
  npm ci --no-audit --no-fund
}

shellcheck_all() {
  local scripts=()
  mapfile -t scripts < <(find scripts examples -name '*.sh' -type f | sort)
  ((${#scripts[@]})) || { echo "no shell scripts found"; return 0; }
  echo "checking ${#scripts[@]} scripts"
  shellcheck -x "${scripts[@]}"
}

bats_files() {
  find scripts/benchmarks/test -name '*.bats' -type f 2>/dev/null | sort
}

# Setup and dependencies: nothing else can run without them.
if [[ ${SKIP_SETUP:-} == 1 ]]; then
  skip_stage setup "SKIP_SETUP=1"
else
  run_stage setup bash scripts/setup-test-env.sh || exit 1
fi
if node_modules_stale; then
  run_stage npm-ci install_node_modules || exit 1
else
  skip_stage npm-ci "node_modules up to date"
fi

run_stage typecheck npx tsc --noEmit || true
run_stage i18n npm run --silent i18n:check || true
run_stage figures npm run --silent check:figures || true
run_stage vitest npx vitest run || true
run_stage shellcheck shellcheck_all || true

if [[ -n $(bats_files) ]]; then
  mapfile -t BATS_FILES < <(bats_files)
  run_stage bats bats "${BATS_FILES[@]}" || true
else
  skip_stage bats "no .bats files"
fi

if run_stage build npm run build; then
  run_stage playwright npx playwright test || true
else
  skip_stage playwright "build failed"
fi

exit "$failed"
