#!/usr/bin/env bash
# After switching the CNI: recreate the test pods rather than rolling
# them (a rolling restart briefly doubles the pods and can exhaust small
# nodes), and restart the agents.
set -euo pipefail

kubectl -n bench delete pods --all
kubectl -n bench rollout status deployment --timeout=120s
kubectl -n kube-system rollout restart daemonset/cilium
kubectl -n kube-system rollout status daemonset/cilium --timeout=5m
