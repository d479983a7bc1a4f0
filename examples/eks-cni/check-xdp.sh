#!/usr/bin/env bash
# Does this node's NIC take Cilium's XDP load balancer? "Disabled" means
# no.
set -euo pipefail

kubectl -n kube-system exec ds/cilium -- cilium-dbg status --verbose | grep -i xdp
# Run on the node itself: the NIC driver (ena on EC2 has no native XDP
# through bpf_link).
ethtool -i eth0 | grep '^driver'
