#!/usr/bin/env bash
# Switch an installed Cilium (chart 1.16) between VXLAN overlay and
# native routing. The old `tunnel` value is gone since 1.15: use
# routingMode and tunnelProtocol.
set -euo pipefail

mode=${1:?usage: cilium-routing-mode.sh overlay|native}
case $mode in
  overlay) helm upgrade cilium cilium/cilium -n kube-system --reuse-values \
             --set routingMode=tunnel --set tunnelProtocol=vxlan ;;
  native)  helm upgrade cilium cilium/cilium -n kube-system --reuse-values \
             --set routingMode=native ;;
  *) echo "unknown mode: $mode (overlay or native)" >&2; exit 2 ;;
esac
# The chart does not restart the agents on a ConfigMap change
# (rollOutCiliumPods=false).
kubectl rollout restart -n kube-system ds/cilium
kubectl rollout status -n kube-system ds/cilium --timeout=5m
