#!/usr/bin/env bash
# Shared by the recording fakes in bin/. Each fake appends its argv as one line
# to $FAKE_LOG and keeps cluster state as small files in $FAKE_STATE, so a test
# can assert both the calls a script made and the state it left behind.
#
#   FAKE_LOG     call log (required)
#   FAKE_STATE   state directory (required; see test/fakes/setup.bash)
#   FAKE_FAIL    extended regex: a call whose argv line matches exits 1
#   FAKE_EXEC_SLEEP  seconds a measured tool (iperf3, fortio, netperf) takes (default 0)
#   FAKE_SLOW    extended regex: a call whose argv line matches takes FAKE_SLOW_SECONDS (default 3)
set -euo pipefail

# Without dirname and cd: every fake call sources this file.
FAKES_DIR="${BASH_SOURCE[0]%/*}"
# shellcheck disable=SC2034 # used by the fakes that source this file
RESPONSES="$FAKES_DIR/responses"
: "${FAKE_LOG:?FAKE_LOG must point at the call log}"
: "${FAKE_STATE:?FAKE_STATE must point at the fake cluster state directory}"

fake_record() {
  local tool="$1" line a
  shift
  line="$tool"
  for a in "$@"; do line+=" ${a//$'\n'/ }"; done
  printf '%s\n' "$line" >>"$FAKE_LOG"
  if [[ -n "${FAKE_FAIL:-}" && "$line" =~ $FAKE_FAIL ]]; then
    echo "fake $tool: failing on purpose (FAKE_FAIL)" >&2
    exit 1
  fi
  if [[ -n "${FAKE_SLOW:-}" && "$line" =~ $FAKE_SLOW ]]; then sleep "${FAKE_SLOW_SECONDS:-3}"; fi
}

state_has() { [[ -e "$FAKE_STATE/$1" ]]; }
state_set() { printf '%s\n' "${2:-1}" >"$FAKE_STATE/$1"; }
state_rm() { rm -f "$FAKE_STATE/$1"; }
state_get() { cat "$FAKE_STATE/$1" 2>/dev/null || true; }

# canned <fixture-path> <response-file>: the pipeline's shared parser fixture
# when it exists (test/fixtures/), else this directory's own canned output.
canned() {
  local shared="$FAKES_DIR/../fixtures/$1"
  if [[ -f "$shared" ]]; then cat "$shared"; else cat "$RESPONSES/$2"; fi
}

# Dummy Services created so far (appended by parallel applies, summed here).
dummy_count() { awk '{s += $1} END {print s + 0}' "$FAKE_STATE/dummy-services" 2>/dev/null || echo 0; }
