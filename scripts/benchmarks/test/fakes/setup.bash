# Helpers for bats tests that drive a bench script against the fakes.
# shellcheck shell=bash

FAKES_BIN="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/bin"

# fake_cluster_init [kind]: a fresh fake cluster. kind: eks (VPC CNI, kube-proxy),
# iptables | native | overlay (TKE variants).
fake_cluster_init() {
  local kind="${1:-eks}"
  export FAKE_STATE="$BATS_TEST_TMPDIR/state" FAKE_LOG="$BATS_TEST_TMPDIR/calls.log"
  mkdir -p "$FAKE_STATE"
  : >"$FAKE_LOG"
  export PATH="$FAKES_BIN:$PATH"
  export FAKE_NODES="${FAKE_NODES:-3}"
  echo 1 >"$FAKE_STATE/ns-bench"
  case "$kind" in
    eks) echo 1 >"$FAKE_STATE/kube-proxy" ;;
    iptables) echo 1 >"$FAKE_STATE/kube-proxy" ;;
    native | overlay)
      cp "$FAKES_BIN/../responses/cilium-config-$kind.json" "$FAKE_STATE/cilium-config.json"
      echo 1 >"$FAKE_STATE/cilium-installed" ;;
    *) echo "fake_cluster_init: unknown kind $kind" >&2; return 1 ;;
  esac
  # Fast runs: no polling pauses, tiny durations. The fake node is quiet, so the
  # idle gate passes on its first sample; no pause between its two reads.
  export K8S_POLL_INTERVAL=0 TOP_INTERVAL=0 TOP_SAMPLES=2 ROUND_SLEEP=0 BENCH_IDLE_SAMPLE=0 BENCH_ROUND_REST=0
}

# calls <regex>: the logged calls matching <regex>.
calls() { grep -E -- "$1" "$FAKE_LOG" || true; }
