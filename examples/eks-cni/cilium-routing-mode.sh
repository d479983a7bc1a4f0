#!/usr/bin/env bash
# Switch an installed Cilium (chart 1.16) on EKS between VXLAN overlay and
# native routing. The old `tunnel` value is gone since 1.15: use
# routingMode and tunnelProtocol.
#
# Native routing only works when the VPC can route pod addresses: on EKS that
# means ENI IPAM (pods get VPC addresses from the node's ENIs), and Cilium must
# know which range it may send without masquerading (ipv4NativeRoutingCIDR,
# the VPC's CIDR). routingMode=native alone, on a cluster whose pods have
# overlay addresses, leaves cross-node pod traffic unroutable.
#
# Changing the IPAM mode changes every pod's address: Cilium does not move
# running pods, so recreate them afterwards (restart-after-cni-switch.sh),
# or better, switch on a fresh install.
set -euo pipefail

mode=${1:?usage: cilium-routing-mode.sh overlay | native <VPC CIDR>}
case $mode in
  overlay) helm upgrade cilium cilium/cilium -n kube-system --reuse-values \
             --set routingMode=tunnel --set tunnelProtocol=vxlan \
             --set ipam.mode=cluster-pool --set eni.enabled=false ;;
  native)  vpc_cidr=${2:?usage: cilium-routing-mode.sh native <VPC CIDR, e.g. 192.168.0.0/16>}
           helm upgrade cilium cilium/cilium -n kube-system --reuse-values \
             --set routingMode=native \
             --set ipam.mode=eni --set eni.enabled=true \
             --set ipv4NativeRoutingCIDR="$vpc_cidr" ;;
  *) echo "unknown mode: $mode (overlay or native)" >&2; exit 2 ;;
esac
# The chart does not restart the agents on a ConfigMap change
# (rollOutCiliumPods=false).
kubectl rollout restart -n kube-system ds/cilium
kubectl rollout status -n kube-system ds/cilium --timeout=5m
