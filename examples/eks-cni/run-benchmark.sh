#!/usr/bin/env bash
# Run the EKS suite and publish its figures. Creates and changes a real
# EKS cluster.
set -euo pipefail

# all five scenarios, one after another
./scripts/benchmarks/eks-cni/run-all-scenarios.sh
# or one scenario, A to E
./scripts/benchmarks/eks-cni/run-benchmark.sh C

# turn a run directory into a new dataset version under static/data/eks-
# cni/, then rebuild
run_dir=${1:?usage: run-benchmark.sh <run directory>}
npm run ingest -- "$run_dir"
npm run build
