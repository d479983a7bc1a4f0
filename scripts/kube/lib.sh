# shellcheck shell=bash
# shellcheck disable=SC2034 # settings used by the scripts that source this file
# Shared settings of the local single-node cluster (sourced by the scripts in
# scripts/kube/). Every path and address the cluster uses is defined here, so
# `down` and the leftover check know exactly what `up` may have made.

KUBE_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KUBE_REPO_ROOT=$(cd "$KUBE_SCRIPTS_DIR/../.." && pwd)

# Kubernetes release: the k8s.io/kubernetes version that gomod/go.mod requires.
KUBE_VERSION=$(awk '{ sub(/^require[ \t]+/, "") } $1 == "k8s.io/kubernetes" && $2 ~ /^v/ { print $2; exit }' "$KUBE_SCRIPTS_DIR/gomod/go.mod")
[[ $KUBE_VERSION =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "[kube] ERROR: no k8s.io/kubernetes version in $KUBE_SCRIPTS_DIR/gomod/go.mod" >&2; exit 1; }
# Versions of the programs in the local images (the manifests pin these tags).
FORTIO_VERSION=1.68.2
HTTPBIN_VERSION=2.15.0

# Built binaries and images, reused between runs (ignored by git).
KUBE_CACHE_DIR=${KUBE_CACHE_DIR:-$KUBE_REPO_ROOT/.cache/kube}
KUBE_BIN_DIR=$KUBE_CACHE_DIR/$KUBE_VERSION/bin
KUBE_IMAGE_BIN_DIR=$KUBE_CACHE_DIR/image-bin
KUBE_IMAGE_DIR=$KUBE_CACHE_DIR/images

# Where a cluster keeps its state (etcd data, PKI, kubelet and containerd roots),
# its runtime files (sockets, PIDs) and its cgroups, unless the environment says
# otherwise (a test run in a private namespace). One cluster per machine: the
# ports are fixed.
declare -gA KUBE_DEFAULT_LOCATIONS=(
  [KUBE_STATE_DIR]=/var/lib/k8s-network-bench [KUBE_RUN_DIR]=/run/k8s-network-bench
  [KUBE_CGROUP_ROOT]=/k8s-network-bench
)
KUBE_STATE_DIR=${KUBE_STATE_DIR:-${KUBE_DEFAULT_LOCATIONS[KUBE_STATE_DIR]}}
KUBE_RUN_DIR=${KUBE_RUN_DIR:-${KUBE_DEFAULT_LOCATIONS[KUBE_RUN_DIR]}}
KUBE_LOG_DIR=${KUBE_LOG_DIR:-$KUBE_CACHE_DIR/logs} # kept after down
KUBECONFIG_PATH=$KUBE_STATE_DIR/admin.kubeconfig
CONTAINERD_SOCKET=$KUBE_RUN_DIR/containerd/containerd.sock
CNI_CONF_DIR=/etc/cni/net.d
CNI_CONF_FILE=$CNI_CONF_DIR/10-k8s-network-bench.conflist

# Network layout. The node address lives on its own interface so the API
# server, the kubelet and hostNetwork pods have a stable, non-loopback IP.
KUBE_NODE_NAME=${KUBE_NODE_NAME:-bench-node}
KUBE_NODE_IF=kbench-node
KUBE_NODE_IP=172.30.255.1
KUBE_BRIDGE=kbench0
KUBE_POD_CIDR=10.244.0.0/16
KUBE_NODE_POD_CIDR=10.244.0.0/24
KUBE_SERVICE_CIDR=10.96.0.0/16
KUBE_API_SERVICE_IP=10.96.0.1
KUBE_CGROUP_ROOT=${KUBE_CGROUP_ROOT:-${KUBE_DEFAULT_LOCATIONS[KUBE_CGROUP_ROOT]}}

# kube_down_command: the command that removes this cluster, with each location
# that is not its default: a plain `npm run kube:down` would look at the
# defaults and leave them.
kube_down_command() {
  local env=() name
  for name in "${!KUBE_DEFAULT_LOCATIONS[@]}"; do
    [[ ${!name} == "${KUBE_DEFAULT_LOCATIONS[$name]}" ]] || env+=("$name=${!name}")
  done
  echo "${env[*]}${env[*]:+ }npm run kube:down"
}

# Ports the cluster listens on (checked free before start).
declare -gA KUBE_PORTS=(
  [etcd-client]=2379 [etcd-peer]=2380 [kube-apiserver]=6443
  [kube-controller-manager]=10257 [kube-scheduler]=10259
  [kubelet]=10250 [kubelet-healthz]=10248
  [kube-proxy-metrics]=10249 [kube-proxy-healthz]=10256
)
KUBE_PROXY_METRICS_URL=http://127.0.0.1:10249/metrics

# Kernel settings the kubelet or kube-proxy may change; saved at `up` and
# restored at `down`.
KUBE_SYSCTLS=(
  net/ipv4/ip_forward net/ipv4/conf/all/route_localnet
  net/bridge/bridge-nf-call-iptables net/bridge/bridge-nf-call-ip6tables
  vm/overcommit_memory vm/panic_on_oom kernel/panic kernel/panic_on_oops
  kernel/keys/root_maxkeys kernel/keys/root_maxbytes
)

# Daemons in start order; `down` stops them in reverse.
KUBE_DAEMONS=(etcd containerd kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy)

kube_log() { printf '[kube] %s\n' "$*" >&2; }
kube_die() {
  printf '[kube] ERROR: %s\n' "$1" >&2
  [[ -n ${2:-} ]] && printf '[kube]   fix: %s\n' "$2" >&2
  exit 1
}

# Tools the cluster needs from the host, with the Debian package providing each.
declare -gA KUBE_HOST_TOOLS=(
  [etcd]=etcd-server [containerd]=containerd [ctr]=containerd [runc]=runc
  [iptables]=iptables [ip6tables]=iptables [iptables-save]=iptables [nft]=nftables
  [ip]=iproute2 [openssl]=openssl [jq]=jq [curl]=curl [conntrack]=conntrack
  [mount]=mount [ss]=iproute2
)
KUBE_CNI_BIN_DIR=/usr/lib/cni
KUBE_CNI_PLUGINS=(bridge host-local loopback)

kube_has() { PATH="$PATH:/usr/sbin:/sbin" command -v "$1" >/dev/null 2>&1; }

kubectl_local() { "$KUBE_BIN_DIR/kubectl" --kubeconfig "$KUBECONFIG_PATH" "$@"; }

kube_pid_file() { printf '%s/%s.pid\n' "$KUBE_RUN_DIR" "$1"; }

# pid_alive <pid>: running, not a zombie (a daemon outlives the `up` that
# started it; until PID 1 reaps it, an exited one still answers kill -0).
# Builtins only: waits poll it, and a fork per call is slow on a loaded machine.
pid_alive() {
  local stat
  kill -0 "$1" 2>/dev/null || return 1
  { read -r stat <"/proc/$1/stat"; } 2>/dev/null || return 1
  stat=${stat##*) } # the state follows the command name, which may hold spaces
  [[ ${stat%% *} != [ZX] ]]
}

# PID of a daemon this cluster started, if it is still running.
kube_daemon_pid() {
  local file pid
  file=$(kube_pid_file "$1")
  [[ -f $file ]] || return 1
  pid=$(<"$file")
  [[ $pid =~ ^[0-9]+$ ]] && pid_alive "$pid" || return 1
  printf '%s\n' "$pid"
}
