#!/usr/bin/env bash
# Check the downloaded script, then run the TKE suite against the
# current kubeconfig context.
set -euo pipefail

sha256sum -c network-benchmark.sh.sha256
bash network-benchmark.sh
# more rounds and longer runs, results in ./bench
ROUNDS=3 IPERF_DURATION=120 FORTIO_DURATION=120 bash network-benchmark.sh --dir ./bench
