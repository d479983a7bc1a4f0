#!/usr/bin/env bash
# Does this node's NIC take Cilium's XDP load balancer? "Disabled" in the
# agent's status means no.
set -euo pipefail

kubectl -n kube-system exec ds/cilium -- cilium-dbg status --verbose | grep -i xdp
# Run on the node itself. The ENA driver (every EC2 instance, virtualised
# or bare metal) supports native XDP, but refuses an XDP program while the
# interface's MTU is above 3498 bytes; EKS nodes run at 9001 (jumbo frames).
ethtool -i eth0 | grep '^driver'
ip -o link show dev eth0 | grep -o 'mtu [0-9]*'
# When an attach was refused, the kernel log says why
# ("the current MTU ... is larger than the maximum allowed MTU ...").
dmesg | grep -i 'xdp' | tail -n 5 || true
