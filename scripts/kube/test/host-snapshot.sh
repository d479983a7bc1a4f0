#!/usr/bin/env bash
# Print what a cluster could leave on the host, one sorted line per item:
# links, mounts (pods' network namespaces among them), nft tables, iptables chains (ip and ip6,
# every table), cgroups at the top of each hierarchy, the sysctls the kubelet
# and kube-proxy touch, host directories they create, listening ports of the
# cluster and processes of its programs. test-kube.sh diffs this before `up`
# and after `down`; any difference is something left behind (or changed).
set -euo pipefail
shopt -s extglob
# shellcheck source=scripts/kube/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

own_netns=$(readlink /proc/self/ns/net)
{
  ip -o link show | awk -F': ' '{ sub(/@.*/, "", $2); print "link " $2 }'
  # Named namespaces (/run/netns) are the netns suite's, whose tests may run
  # beside this one; the cluster mounts its pods' namespaces under its own
  # state dir (containerd's netns_mounts_under_state_dir), listed with the mounts.
  awk '$2 !~ /^(\/var)?\/run\/netns(\/|$)/ { print "mount " $2 " " $3 }' /proc/self/mounts
  nft list tables 2>/dev/null | sed 's/^/nft /'
  for cmd in iptables ip6tables; do
    for table in filter nat mangle raw; do
      "$cmd-save" -t "$table" 2>/dev/null | awk -v c="$cmd" -v t="$table" '/^:/ { print "chain " c " " t " " substr($1, 2) }
        /^-A / && / -[jg] (KUBE-|CNI-)/ { print "jump " c " " t " " $0 }'
    done
  done
  # In a private namespace (test-kube.sh side by side), the cgroup roots of the
  # clusters run beside it in other namespaces come and go: not this run's.
  # A cgroup removed while find reads its parent (a cluster beside it going down) makes find
  # exit 1, which with pipefail would end this script with no message: what was listed is
  # listed, as for /proc below.
  for hierarchy in /sys/fs/cgroup/*/; do
    find "$hierarchy" -mindepth 1 -maxdepth 1 -type d -printf "cgroup %p\n" 2>/dev/null || true
  done | if [[ -n ${KUBE_TEST_IN_NETNS:-} ]]; then
    awk -v own="${KUBE_CGROUP_ROOT#/}" '{ n = split($2, p, "/") } !(p[n] ~ /^k8s-network-bench-/ && p[n] != own)'
  else cat; fi
  for key in "${KUBE_SYSCTLS[@]}"; do
    if [[ -r /proc/sys/$key ]]; then echo "sysctl $key $(tr '\t' ' ' <"/proc/sys/$key")"; fi
  done
  for path in /etc/cni /etc/cni/net.d /var/lib/cni /var/log/pods /var/log/containers /opt/cni /opt/containerd \
    "$KUBE_STATE_DIR" "$KUBE_RUN_DIR"; do
    if [[ -e $path ]]; then echo "path $path"; fi
  done
  if [[ -d /etc/cni/net.d ]]; then find /etc/cni/net.d -mindepth 1 -printf "path %p\n"; fi
  for port in "${KUBE_PORTS[@]}"; do
    if [[ -n $(ss -Hltn "sport = :$port") ]]; then echo "listening $port"; fi
  done
  # Programs of a cluster with these directories (another cluster on the
  # machine, with other directories, is not this test's business).
  # (One find for every process's program: a readlink per process is slow on a loaded machine.)
  # Every test below is an `if`, never `[[ ]] && echo`: the loop runs in a subshell of the
  # pipeline, and a last process that is not this cluster's would end it with status 1,
  # which pipefail and set -e turn into this script's death with half a snapshot.
  { find /proc -mindepth 2 -maxdepth 2 -name exe -printf '%h %l\n' 2>/dev/null || true; } | cut -d/ -f3- | while read -r pid target; do
    case $target in
      */kubectl) ;; # a client, anyone's
      # The cache is shared with a cluster beside this one (test-kube.sh runs the
      # files with their own cluster in a private network namespace meanwhile):
      # only the programs in this network namespace.
      "$KUBE_BIN_DIR"/* | "$KUBE_IMAGE_BIN_DIR"/*)
        if [[ $(readlink "/proc/$pid/ns/net" 2>/dev/null) == "$own_netns" ]]; then echo "process $pid $target"; fi ;;
      */etcd | */containerd | */containerd-shim* | */runc | */kube-*| */kubelet)
        if [[ $(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") == *@("$KUBE_STATE_DIR/"|"$KUBE_RUN_DIR/")* ]]; then
          echo "process $pid $target"
        fi ;;
    esac
  done
} | sort
