#!/usr/bin/env bash
# Every cluster script against the recording fakes, with the parameters the
# report pages name (EKS: scenarios A-E, Service steps 4/104/1000; TKE: the
# iptables, native and overlay clusters, steps 5,000-30,000, bpf-lb-map-max
# 1,020,000 on the Cilium clusters as in the source). Writes one run directory
# per script run under <out>: eks/, tke-iptables/, tke-native/, tke-overlay/.
# Used by the contract test (tests/build/contract.test.ts); takes minutes.
#   bash scripts/benchmarks/test/fakes/run-all.sh <out-dir>
# shellcheck source-path=SCRIPTDIR
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
OUT="${1:?usage: run-all.sh <out-dir>}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
# shellcheck source=setup.bash
source "$HERE/setup.bash"
# The ingest that follows parses every raw file with the same parsers, so the
# per-capture check (a node process per measurement) is skipped here.
export BENCH_CHECK_CMD=true

run_eks() {
  BATS_TEST_TMPDIR="$OUT/fake-eks"
  mkdir -p "$BATS_TEST_TMPDIR"
  fake_cluster_init eks
  ROUNDS=1 IPERF_DURATION=1 FORTIO_DURATION=1 DNS_QUERIES=3 QPS_LEVELS="1000 5000 max" SVC_STEPS="4 104 1000" \
    RUN_DIR="$OUT/eks" bash "$ROOT/scripts/benchmarks/eks-cni/run-all-scenarios.sh" >"$OUT/eks.log" 2>&1
}

run_tke() {
  local mode="$1"
  BATS_TEST_TMPDIR="$OUT/fake-tke-$mode"
  mkdir -p "$BATS_TEST_TMPDIR"
  fake_cluster_init "$mode"
  if [[ "$mode" != iptables ]]; then
    jq '.data["bpf-lb-map-max"] = "1020000"' "$FAKE_STATE/cilium-config.json" >"$FAKE_STATE/cm" && mv "$FAKE_STATE/cm" "$FAKE_STATE/cilium-config.json"
  fi
  IPERF_DURATION=1 FORTIO_DURATION=1 POLICY_SETTLE=0 SVC_SCALE_STEPS=5000,10000,20000,30000 SVC_ENDPOINTS=4 \
    bash "$ROOT/scripts/benchmarks/tke-cilium/network-benchmark.sh" --dir "$OUT/tke-$mode" >"$OUT/tke-$mode.log" 2>&1
}

pids=()
(run_eks) & pids+=($!)
for mode in iptables native overlay; do (run_tke "$mode") & pids+=($!); done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
if ((failed)); then
  for log in "$OUT"/*.log; do grep -H -E 'error|FAILED' "$log" | tail -5 >&2 || true; done
  exit 1
fi
