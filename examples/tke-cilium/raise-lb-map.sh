#!/usr/bin/env bash
# Enlarge Cilium's load-balancing maps (chart 1.19). The new size takes
# effect only when the agents restart: the chart leaves running agents
# alone (rollOutCiliumPods=false), and an agent recreates its maps at
# the configured size when it starts.
set -euo pipefail

entries=${1:-1048576}
helm upgrade cilium cilium/cilium -n kube-system --reuse-values --set bpf.lbMapMax="$entries"
kubectl rollout restart -n kube-system ds/cilium
kubectl rollout status -n kube-system ds/cilium --timeout=10m
# check: the value the restarted agents read
kubectl -n kube-system get configmap cilium-config -o jsonpath='{.data.bpf-lb-map-max}{"\n"}'
