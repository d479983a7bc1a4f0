#!/usr/bin/env bash
# After switching the CNI: recreate the test pods rather than rolling
# them (a rolling restart briefly doubles the pods and can exhaust small
# nodes), and restart the agents.
set -euo pipefail

kubectl -n bench delete pods --all
kubectl -n bench rollout status deployment --timeout=120s
kubectl rollout restart -n kube-system ds/cilium
kubectl rollout status -n kube-system ds/cilium --timeout=5m
