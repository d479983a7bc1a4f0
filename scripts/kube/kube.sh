#!/usr/bin/env bash
# A real single-node Kubernetes on this machine, built from pinned upstream
# Go modules: etcd, kube-apiserver, kube-controller-manager, kube-scheduler,
# containerd + runc + CNI bridge, kubelet and kube-proxy (iptables or nftables).
#
# Usage: bash scripts/kube/kube.sh <command>     (as root)
#   up                 build what is missing, start the cluster, wait until the
#                      node is Ready and kube-proxy has synced
#   down               stop every process it started, remove every netns,
#                      mount, iptables chain, nft table, link and cgroup it made
#                      (rules that were on the host before `up` stay)
#   proxy-mode <mode>  restart kube-proxy in iptables or nftables mode, with
#                      KUBE_PROXY_IPTABLES and KUBE_PROXY_FAMILIES as below
#                      (its rules of every mode and backend are cleaned up first)
#   proxy-stop         stop kube-proxy (its rules stay until the next proxy-mode
#                      or down): a bench creating thousands of Services meanwhile
#                      does not share the CPU with kube-proxy resyncing after each
#   restart <daemon>   stop kube-apiserver or kube-proxy and start it again as it
#                      ran (state and rules stay): a fault, injected on purpose
#   status             what runs, the proxy mode, the kubeconfig
#   env                print export lines (eval "$(bash scripts/kube/kube.sh env)")
#   check-clean        exit 1 and list anything of the cluster still present
#
# Environment:
#   KUBE_PROXY_MODE  iptables (default) or nftables, for `up`; ipvs is refused:
#                    this kernel has no IPVS (not applicable, never measured)
#   KUBE_PROXY_IPTABLES  nft (default: Debian's iptables, the nf_tables backend)
#                    or legacy (iptables-legacy, the x_tables backend): the
#                    iptables commands kube-proxy finds on its PATH in iptables mode
#   KUBE_PROXY_FAMILIES  dual (default: kube-proxy runs an IPv6 proxier beside the
#                    IPv4 one, as it does on any host with IPv6) or ipv4 (kube-proxy
#                    alone sees no IPv6, as on a host booted with ipv6.disable=1:
#                    single-stack; its children and the rest of the host keep IPv6)
#   KUBE_CACHE_DIR   built binaries and images (default <repo>/.cache/kube)
#   KUBE_STATE_DIR   cluster state (default /var/lib/k8s-network-bench)
#   KUBE_RUN_DIR     sockets and PIDs (default /run/k8s-network-bench)
#   KUBE_LOG_DIR     daemon logs, kept after down (default $KUBE_CACHE_DIR/logs)
#   KUBE_BUILD_CHECKED=1  the caller has just run images.sh build (binaries and
#                    images are current): `up` skips that check (test-kube.sh
#                    sets it; each check runs every Kubernetes binary's --version)
# The admin kubeconfig is written to $KUBE_STATE_DIR/admin.kubeconfig.
set -euo pipefail
# shellcheck source=scripts/kube/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"


usage() { sed -n '2,39p' "$0" | sed 's/^# \{0,1\}//'; }

PKI=$KUBE_STATE_DIR/pki
# Host paths the kubelet, containerd or CNI create when missing; the ones
# that did not exist before `up` are removed by `down`.
HOST_PATHS=(/etc/cni /etc/cni/net.d /var/lib/cni /var/log/pods /var/log/containers /opt/cni /opt/containerd)

# ------------------------------------------------------------------ preflight

require_root() {
  [[ $(id -u) -eq 0 ]] || kube_die "the local cluster needs root (it starts a kubelet, containerd and kube-proxy)" "run as root: sudo npm run kube:${1:-up}"
}

check_tools() {
  local tool missing=() packages=()
  for tool in "${!KUBE_HOST_TOOLS[@]}"; do
    kube_has "$tool" || { missing+=("$tool"); packages+=("${KUBE_HOST_TOOLS[$tool]}"); }
  done
  for tool in "${KUBE_CNI_PLUGINS[@]}"; do
    [[ -x $KUBE_CNI_BIN_DIR/$tool ]] || { missing+=("CNI plugin $tool"); packages+=(containernetworking-plugins); }
  done
  ((${#missing[@]} == 0)) || kube_die "missing: ${missing[*]}" \
    "run: bash scripts/kube/setup.sh (installs: $(printf '%s\n' "${packages[@]}" | sort -u | tr '\n' ' '))"
}

check_kernel() {
  local controller
  for controller in cpu cpuacct memory pids devices freezer; do
    [[ -d /sys/fs/cgroup/$controller || -f /sys/fs/cgroup/cgroup.controllers ]] \
      || kube_die "cgroup controller '$controller' is not mounted under /sys/fs/cgroup" "mount the cgroup v1 hierarchies (or boot with cgroup v2)"
  done
  grep -qw overlay /proc/filesystems || kube_die "the kernel has no overlay filesystem (containerd's snapshotter needs it)" "load the overlay module: modprobe overlay"
  [[ -e /proc/sys/net/bridge/bridge-nf-call-iptables ]] \
    || kube_die "bridge netfilter is missing (Service traffic between pods on the bridge would bypass kube-proxy)" "modprobe br_netfilter"
  nft list tables >/dev/null 2>&1 || kube_die "nft cannot talk to nf_tables (kernel feature missing or not root)" "enable CONFIG_NF_TABLES in the kernel"
  if [[ ${KUBE_PROXY_MODE:-iptables} == ipvs ]]; then
    kube_die "kube-proxy ipvs mode is not supported here: this kernel has no IPVS" "use KUBE_PROXY_MODE=iptables or nftables"
  fi
}

check_ports() {
  local name busy=()
  for name in "${!KUBE_PORTS[@]}"; do
    [[ -z $(ss -Hltn "sport = :${KUBE_PORTS[$name]}") ]] || busy+=("${KUBE_PORTS[$name]} ($name)")
  done
  ((${#busy[@]} == 0)) || kube_die "port in use: ${busy[*]}" \
    "stop what listens there (ss -ltnp 'sport = :PORT'), or run $(kube_down_command) if it is an earlier cluster"
}

check_addresses() {
  local cidr
  for cidr in "$KUBE_POD_CIDR" "$KUBE_SERVICE_CIDR" "$KUBE_NODE_IP/32"; do
    ! ip -4 route show to match "${cidr%/*}" | grep -qv '^default' \
      || kube_die "address range $cidr is already routed on this host: $(ip -4 route show to match "${cidr%/*}" | grep -v '^default' | head -n1)" \
        "remove that route or interface, or run $(kube_down_command) if it is an earlier cluster"
  done
}

check_no_earlier_cluster() {
  local leftovers
  if leftovers=$(list_leftovers) ; [[ -n $leftovers ]]; then
    kube_die "an earlier cluster is still running or was not cleaned up:"$'\n'"$leftovers" "run: $(kube_down_command)"
  fi
}

check_proxy_mode() {
  case $1 in
    iptables | nftables) ;;
    ipvs) kube_die "kube-proxy ipvs mode is not supported here: this kernel has no IPVS (recorded as not applicable)" "use iptables or nftables" ;;
    *) kube_die "unknown kube-proxy mode '$1'" "use iptables or nftables" ;;
  esac
  case ${KUBE_PROXY_IPTABLES:-nft} in
    nft) ;;
    legacy) kube_has iptables-legacy-restore || kube_die "KUBE_PROXY_IPTABLES=legacy, but iptables-legacy-restore is not installed" "apt-get install iptables (Debian ships both backends)" ;;
    *) kube_die "KUBE_PROXY_IPTABLES='${KUBE_PROXY_IPTABLES}'" "use nft or legacy" ;;
  esac
  case ${KUBE_PROXY_FAMILIES:-dual} in
    dual | ipv4) ;;
    *) kube_die "KUBE_PROXY_FAMILIES='${KUBE_PROXY_FAMILIES}'" "use dual or ipv4" ;;
  esac
}

# The iptables commands kube-proxy runs, by name, from the first directory on
# its PATH: for the legacy backend a directory of links to xtables-legacy-multi
# (which picks the command by the name it is called with).
IPTABLES_COMMANDS=(iptables iptables-save iptables-restore ip6tables ip6tables-save ip6tables-restore)
legacy_iptables_dir() {
  local dir=$KUBE_RUN_DIR/iptables-legacy cmd multi
  multi=$(command -v xtables-legacy-multi || echo /usr/sbin/xtables-legacy-multi)
  mkdir -p "$dir"
  for cmd in "${IPTABLES_COMMANDS[@]}"; do ln -sfn "$multi" "$dir/$cmd"; done
  printf '%s\n' "$dir"
}

# ------------------------------------------------------------------ leftovers

# Everything of this cluster that may exist on the host, one line per item;
# empty when the host is clean. The same list drives `down` and `check-clean`.
our_pids() {
  local self=$BASHPID pid file exe cmdline
  {
  for file in "$KUBE_RUN_DIR"/*.pid; do
    [[ -f $file ]] && pid=$(<"$file") && [[ $pid =~ ^[0-9]+$ ]] && echo "$pid"
  done
  # Anything in the kubelet's cgroup tree (containers, kube-proxy), and the
  # cluster's programs (daemons, containerd shims) naming our directories,
  # whichever cache they were built into; clients such as kubectl are not ours
  # to stop. One grep and one find for all processes: a fork per process took
  # 25 s on a loaded 2-core machine, and up, down and check-clean all ask.
  { grep -lF -- ":$KUBE_CGROUP_ROOT/" /proc/[0-9]*/cgroup 2>/dev/null || true; } | cut -d/ -f3
  while read -r pid exe; do
    case ${exe##*/} in
      etcd | containerd | containerd-shim* | runc | kube-apiserver | kube-controller-manager | kube-scheduler | kubelet | kube-proxy) ;;
      *) continue ;;
    esac
    cmdline=$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") || continue
    if [[ $cmdline == *"$KUBE_RUN_DIR/"* || $cmdline == *"$KUBE_STATE_DIR/"* ]]; then echo "$pid"; fi
  done < <(find /proc -mindepth 2 -maxdepth 2 -name exe -printf '%h %l\n' 2>/dev/null | cut -d/ -f3-)
  } | sort -un | while read -r pid; do
    if [[ $pid != "$$" && $pid != "$self" ]] && pid_alive "$pid"; then echo "$pid"; fi
  done
}

our_mounts() {
  awk -v s="$KUBE_STATE_DIR" -v r="$KUBE_RUN_DIR" \
    '$2 == s || $2 == r || index($2, s "/") == 1 || index($2, r "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}

# The rules of this cluster are the KUBE-*/CNI-* iptables chains (the kubelet's,
# kube-proxy's, the CNI plugins') and kube-proxy's nft tables that were not on the
# host when `up` began: `up` records what was there (another Kubernetes node's, a
# test's, anyone's) and refuses to start over chains or tables that a kubelet,
# kube-proxy or CNI plugin writes by name. Without a recorded cluster nothing is
# ours: `down` and `check-clean` on a host that is a Kubernetes node touch none of
# its rules.
# Both backends: kube-proxy may have run with iptables-legacy (KUBE_PROXY_IPTABLES).
# The legacy tables are only read when their kernel module is loaded (reading
# them would load it).
legacy_loaded() { [[ -e /proc/net/ip_tables_names || -e /proc/net/ip6_tables_names ]]; }
# iptables_frontends: the commands (each with its -save) whose tables may hold our chains.
iptables_frontends() {
  echo iptables ip6tables
  if legacy_loaded; then echo iptables-legacy ip6tables-legacy; fi
}
# host_rules: every such chain and table on the host, ours or not, one per line:
# "chain <command> <table> <chain>" or "nft <family> kube-proxy".
host_rules() {
  local cmd table
  for cmd in $(iptables_frontends); do
    for table in filter nat mangle raw; do
      "$cmd-save" -t "$table" 2>/dev/null | awk -v c="$cmd" -v t="$table" \
        '/^:(KUBE-|CNI-)/ { sub(/^:/, ""); print "chain", c, t, $1 }'
    done
  done
  nft list tables 2>/dev/null | awk '$3 == "kube-proxy" { print "nft", $2, $3 }'
}

FOREIGN_RULES_FILE=$KUBE_RUN_DIR/foreign-rules
# Read once: `down` removes the record before its last check.
CLUSTER_RECORDED=0
if [[ -d $KUBE_RUN_DIR ]]; then CLUSTER_RECORDED=1; fi
FOREIGN_RULES=$(cat "$FOREIGN_RULES_FILE" 2>/dev/null || true)

# record_foreign_rules: what is on the host before the cluster makes anything.
record_foreign_rules() {
  FOREIGN_RULES=$(host_rules)
  printf '%s\n' "$FOREIGN_RULES" >"$FOREIGN_RULES_FILE"
  CLUSTER_RECORDED=1
}

# our_rules [chain|nft]: the host's rules that this cluster made, without the kind word.
our_rules() {
  ((CLUSTER_RECORDED)) || return 0
  host_rules | { if [[ -n $FOREIGN_RULES ]]; then grep -vxF -f <(printf '%s\n' "$FOREIGN_RULES") || true; else cat; fi; } |
    awk -v kind="$1" '$1 == kind { sub(/^[^ ]+ /, ""); print }'
}
our_chains() { our_rules chain; }
our_nft_tables() { our_rules nft; }

# Chains a kubelet, kube-proxy or the CNI bridge and portmap plugins write by name,
# and kube-proxy's tables: on the host before `up`, they are another Kubernetes
# node's, which this cluster would take over and then remove.
KUBERNETES_CHAIN_RE='^(KUBE-(SERVICES|EXTERNAL-SERVICES|NODEPORTS|POSTROUTING|MARK-MASQ|MARK-DROP|FORWARD|PROXY-CANARY|PROXY-FIREWALL|FIREWALL|KUBELET-CANARY|IPTABLES-HINT|LOAD-BALANCER|SVC-.+|SVL-.+|SEP-.+|EXT-.+|FW-.+|XLB-.+)|CNI-.+)$'
check_no_other_kubernetes() {
  local taken
  taken=$(host_rules | awk -v re="$KUBERNETES_CHAIN_RE" \
    '$1 == "chain" && $4 ~ re { print "iptables chain " $4 " (" $2 " -t " $3 ")" }
     $1 == "nft" && ($2 == "ip" || $2 == "ip6") { print "nft table " $2 " " $3 }')
  [[ -z $taken ]] || kube_die "this host already has rules that a kubelet, kube-proxy or CNI plugin writes; the cluster would take them over and remove them:"$'\n'"$taken" \
    "run kube:up on a machine or VM that is not a Kubernetes node (nothing was changed); if they are left from a kube:up whose record is gone, remove them by hand (kube-proxy --cleanup, iptables -F/-X)"
}

our_links() { ip -o link show 2>/dev/null | awk -F': ' '{ sub(/@.*/, "", $2); print $2 }' | grep -E "^($KUBE_NODE_IF|$KUBE_BRIDGE)$" || true; }

our_cgroups() {
  local hierarchy
  for hierarchy in /sys/fs/cgroup/*/ /sys/fs/cgroup/; do
    [[ -d $hierarchy${KUBE_CGROUP_ROOT#/} ]] && find "$hierarchy${KUBE_CGROUP_ROOT#/}" -depth -type d
  done 2>/dev/null || true
}

list_leftovers() {
  local item
  for item in $(our_pids); do echo "process $item: $(tr '\0' ' ' <"/proc/$item/cmdline" 2>/dev/null | cut -c1-120)"; done
  for item in $(our_mounts); do echo "mount $item"; done
  our_chains | sed 's/^/iptables chain /'
  our_nft_tables | sed 's/^/nft table /'
  our_links | sed 's/^/link /'
  our_cgroups | awk -v root="$KUBE_CGROUP_ROOT" '{ n++ } index($0, root) + length(root) - 1 == length($0) { tops = tops " " $0 }
    END { if (n) print "cgroup tree" tops " (" n " cgroups)" }'
  [[ -e $CNI_CONF_FILE ]] && echo "file $CNI_CONF_FILE"
  [[ -e $KUBE_STATE_DIR ]] && echo "directory $KUBE_STATE_DIR"
  [[ -e $KUBE_RUN_DIR ]] && echo "directory $KUBE_RUN_DIR"
  return 0
}

# ------------------------------------------------------------------ daemons

# start_daemon <name> <command...>: run in its own session (so Ctrl-C in the
# terminal reaches only this script, whose trap tears down), log to a file.
start_daemon() {
  local name=$1
  shift
  mkdir -p "$KUBE_LOG_DIR"
  # Nothing of the caller's but the log: a daemon holding an inherited pipe (a
  # test runner's, such as bats' fd 3) keeps its reader waiting while the cluster runs.
  (
    for fd in /proc/self/fd/*; do
      fd=${fd##*/}
      if ((fd > 2)); then eval "exec $fd>&-"; fi
    done
    exec setsid "$@" </dev/null >>"$KUBE_LOG_DIR/$name.log" 2>&1
  ) &
  echo $! >"$(kube_pid_file "$name")"
  kube_log "started $name (pid $!, log $KUBE_LOG_DIR/$name.log)"
}

# stop_daemon <name> [grace-s]: SIGTERM, then SIGKILL if it still runs after
# <grace-s> seconds (default 10).
stop_daemon() {
  local name=$1 grace=${2:-10} pid i
  pid=$(kube_daemon_pid "$name") || { rm -f "$(kube_pid_file "$name")"; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < grace * 10; i++)); do pid_alive "$pid" || break; sleep 0.1; done
  if pid_alive "$pid"; then
    kube_log "$name (pid $pid) still runs $grace s after SIGTERM; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$(kube_pid_file "$name")"
}

# wait_for <what> <timeout-s> <daemon-name> <command...>
wait_for() {
  local what=$1 timeout=$2 daemon=$3 deadline=$((SECONDS + $2))
  shift 3
  # The probe runs in the background and `wait` waits for it: a Ctrl-C then
  # reaches the INT trap at once. (Waiting for a foreground kubectl, bash 5.2
  # was seen to die of the SIGINT without running the trap.)
  until { "$@" >/dev/null 2>&1 & wait $!; }; do
    if [[ -n $daemon ]] && ! kube_daemon_pid "$daemon" >/dev/null; then
      tail -n 20 "$KUBE_LOG_DIR/$daemon.log" >&2 || true
      kube_die "$daemon exited while waiting for $what (log: $KUBE_LOG_DIR/$daemon.log)"
    fi
    ((SECONDS < deadline)) || { tail -n 20 "$KUBE_LOG_DIR/$daemon.log" >&2 || true; kube_die "timed out after ${timeout}s waiting for $what (log: $KUBE_LOG_DIR/$daemon.log)"; }
    sleep 0.5
  done
}

# ------------------------------------------------------------------ config

make_pki() {
  mkdir -p "$PKI"
  (
    cd "$PKI"
    openssl req -x509 -new -nodes -newkey rsa:2048 -keyout ca.key -out ca.crt -days 3650 -subj "/CN=k8s-network-bench-ca" 2>/dev/null
    sign() { # sign <name> <subject> <extensions>
      openssl req -new -nodes -newkey rsa:2048 -keyout "$1.key" -out "$1.csr" -subj "$2" 2>/dev/null
      openssl x509 -req -in "$1.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -out "$1.crt" -days 3650 \
        -extfile <(printf '%s\n' "$3" "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment") 2>/dev/null
      rm -f "$1.csr"
    }
    sign apiserver "/CN=kube-apiserver" \
      "subjectAltName=IP:$KUBE_NODE_IP,IP:$KUBE_API_SERVICE_IP,IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local
extendedKeyUsage=serverAuth"
    sign apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" "extendedKeyUsage=clientAuth"
    openssl genrsa -out sa.key 2048 2>/dev/null
    openssl rsa -in sa.key -pubout -out sa.pub 2>/dev/null
  )
  chmod 600 "$PKI"/*.key
  # Static bearer tokens: user,uid,"groups". Control-plane components get
  # system:masters; the kubelet and kube-proxy get their usual identities.
  local token_admin token_cm token_sched token_node token_proxy
  token_admin=$(openssl rand -hex 16); token_cm=$(openssl rand -hex 16); token_sched=$(openssl rand -hex 16)
  token_node=$(openssl rand -hex 16); token_proxy=$(openssl rand -hex 16)
  cat >"$PKI/tokens.csv" <<EOF
$token_admin,admin,admin,"system:masters"
$token_cm,system:kube-controller-manager,kube-controller-manager,"system:masters"
$token_sched,system:kube-scheduler,kube-scheduler,"system:masters"
$token_node,system:node:$KUBE_NODE_NAME,node-$KUBE_NODE_NAME,"system:nodes"
$token_proxy,system:kube-proxy,kube-proxy,"system:authenticated"
EOF
  chmod 600 "$PKI/tokens.csv"
  write_kubeconfig "$KUBECONFIG_PATH" admin "$token_admin"
  write_kubeconfig "$KUBE_STATE_DIR/controller-manager.kubeconfig" kube-controller-manager "$token_cm"
  write_kubeconfig "$KUBE_STATE_DIR/scheduler.kubeconfig" kube-scheduler "$token_sched"
  write_kubeconfig "$KUBE_STATE_DIR/kubelet.kubeconfig" "system:node:$KUBE_NODE_NAME" "$token_node"
  write_kubeconfig "$KUBE_STATE_DIR/kube-proxy.kubeconfig" kube-proxy "$token_proxy"
}

write_kubeconfig() {
  local file=$1 user=$2 token=$3
  cat >"$file" <<EOF
apiVersion: v1
kind: Config
clusters:
  - name: k8s-network-bench
    cluster: {server: "https://$KUBE_NODE_IP:${KUBE_PORTS[kube-apiserver]}", certificate-authority: "$PKI/ca.crt"}
users:
  - name: "$user"
    user: {token: "$token"}
contexts:
  - name: k8s-network-bench
    context: {cluster: k8s-network-bench, user: "$user"}
current-context: k8s-network-bench
EOF
  chmod 600 "$file"
}

write_containerd_config() {
  mkdir -p "$KUBE_STATE_DIR/containerd" "$KUBE_RUN_DIR/containerd"
  cat >"$KUBE_STATE_DIR/containerd.toml" <<EOF
version = 2
root = "$KUBE_STATE_DIR/containerd"
state = "$KUBE_RUN_DIR/containerd"
disabled_plugins = ["io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs",
  "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.aufs", "io.containerd.internal.v1.opt",
  "io.containerd.tracing.processor.v1.otlp", "io.containerd.internal.v1.tracing"]
[grpc]
  address = "$CONTAINERD_SOCKET"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "registry.k8s.io/pause:3.10"
  # This machine forbids a negative oom_score_adj (the kubelet asks -998 for sandboxes).
  restrict_oom_score_adj = true
  # Network namespaces under our run dir, so down finds every one.
  netns_mounts_under_state_dir = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "$KUBE_CNI_BIN_DIR"
    conf_dir = "$CNI_CONF_DIR"
EOF
}

write_cni_config() {
  mkdir -p "$CNI_CONF_DIR"
  # No ipMasq and no portmap: pods need no way out, and the iptables rule
  # counts the benchmarks read stay kube-proxy's own.
  cat >"$CNI_CONF_FILE" <<EOF
{
  "cniVersion": "1.0.0",
  "name": "k8s-network-bench",
  "plugins": [
    {
      "type": "bridge", "bridge": "$KUBE_BRIDGE", "isGateway": true, "ipMasq": false, "hairpinMode": true,
      "ipam": {
        "type": "host-local", "dataDir": "$KUBE_STATE_DIR/cni-ipam",
        "ranges": [[{"subnet": "$KUBE_NODE_POD_CIDR"}]], "routes": [{"dst": "0.0.0.0/0"}]
      }
    }
  ]
}
EOF
}

write_kubelet_config() {
  mkdir -p "$KUBE_STATE_DIR/kubelet" "$KUBE_STATE_DIR/pod-logs"
  cat >"$KUBE_STATE_DIR/kubelet-config.yaml" <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: "$KUBE_NODE_IP"
port: ${KUBE_PORTS[kubelet]}
healthzBindAddress: 127.0.0.1
healthzPort: ${KUBE_PORTS[kubelet-healthz]}
readOnlyPort: 0
containerRuntimeEndpoint: "unix://$CONTAINERD_SOCKET"
cgroupDriver: cgroupfs
cgroupRoot: "$KUBE_CGROUP_ROOT"
failSwapOn: false
podLogsDir: "$KUBE_STATE_DIR/pod-logs"
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: "$PKI/ca.crt"}
authorization: {mode: Webhook}
clusterDomain: cluster.local
resolvConf: /etc/resolv.conf
# Images exist only locally: never garbage-collect them.
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard: {memory.available: "100Mi", nodefs.available: "1%", imagefs.available: "1%", nodefs.inodesFree: "1%"}
serializeImagePulls: false
EOF
}

write_kube_proxy_config() {
  local mode=$1
  cat >"$KUBE_STATE_DIR/kube-proxy-config.yaml" <<EOF
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: $mode
clientConnection: {kubeconfig: "$KUBE_STATE_DIR/kube-proxy.kubeconfig", qps: 50, burst: 100}
hostnameOverride: "$KUBE_NODE_NAME"
clusterCIDR: "$KUBE_POD_CIDR"
metricsBindAddress: "127.0.0.1:${KUBE_PORTS[kube-proxy-metrics]}"
healthzBindAddress: "127.0.0.1:${KUBE_PORTS[kube-proxy-healthz]}"
# Leave the host's conntrack limits and timeouts alone (shared machine).
conntrack: {maxPerCore: 0, min: 0, tcpEstablishedTimeout: 0s, tcpCloseWaitTimeout: 0s}
iptables: {localhostNodePorts: false}
EOF
  printf '%s\n' "$mode" >"$KUBE_RUN_DIR/kube-proxy.mode"
}

save_host_state() {
  local key path
  : >"$KUBE_RUN_DIR/sysctl.saved"
  for key in "${KUBE_SYSCTLS[@]}"; do
    [[ -r /proc/sys/$key ]] && printf '%s %s\n' "$key" "$(tr '\t' ' ' <"/proc/sys/$key")" >>"$KUBE_RUN_DIR/sysctl.saved"
  done
  nft list tables >"$KUBE_RUN_DIR/nft-tables.saved" 2>/dev/null || true
  : >"$KUBE_RUN_DIR/created-paths"
  for path in "${HOST_PATHS[@]}"; do [[ -e $path ]] || echo "$path" >>"$KUBE_RUN_DIR/created-paths"; done
}

# ------------------------------------------------------------------ up

start_etcd() {
  start_daemon etcd etcd --name default --data-dir "$KUBE_STATE_DIR/etcd" \
    --listen-client-urls "http://127.0.0.1:${KUBE_PORTS[etcd-client]}" --advertise-client-urls "http://127.0.0.1:${KUBE_PORTS[etcd-client]}" \
    --listen-peer-urls "http://127.0.0.1:${KUBE_PORTS[etcd-peer]}" --initial-advertise-peer-urls "http://127.0.0.1:${KUBE_PORTS[etcd-peer]}" \
    --initial-cluster "default=http://127.0.0.1:${KUBE_PORTS[etcd-peer]}" \
    --quota-backend-bytes $((4 * 1024 * 1024 * 1024)) --logger zap --log-level warn
  wait_for "etcd health" 30 etcd curl -sf "http://127.0.0.1:${KUBE_PORTS[etcd-client]}/health"
}

start_containerd() {
  start_daemon containerd containerd --config "$KUBE_STATE_DIR/containerd.toml" --log-level warn
  wait_for "containerd" 30 containerd ctr --address "$CONTAINERD_SOCKET" version
  bash "$KUBE_SCRIPTS_DIR/images.sh" import "$CONTAINERD_SOCKET"
}

start_apiserver() {
  start_daemon kube-apiserver "$KUBE_BIN_DIR/kube-apiserver" \
    --etcd-servers "http://127.0.0.1:${KUBE_PORTS[etcd-client]}" \
    --bind-address "$KUBE_NODE_IP" --advertise-address "$KUBE_NODE_IP" --secure-port "${KUBE_PORTS[kube-apiserver]}" \
    --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
    --client-ca-file "$PKI/ca.crt" --token-auth-file "$PKI/tokens.csv" \
    --authorization-mode Node,RBAC --allow-privileged=true \
    --service-cluster-ip-range "$KUBE_SERVICE_CIDR" \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
    --kubelet-client-certificate "$PKI/apiserver-kubelet-client.crt" --kubelet-client-key "$PKI/apiserver-kubelet-client.key" \
    --kubelet-preferred-address-types InternalIP \
    --profiling=false --v=1
  wait_for "kube-apiserver /readyz" 90 kube-apiserver kubectl_local get --raw /readyz
}

start_controllers() {
  start_daemon kube-controller-manager "$KUBE_BIN_DIR/kube-controller-manager" \
    --kubeconfig "$KUBE_STATE_DIR/controller-manager.kubeconfig" \
    --authentication-kubeconfig "$KUBE_STATE_DIR/controller-manager.kubeconfig" \
    --authorization-kubeconfig "$KUBE_STATE_DIR/controller-manager.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "${KUBE_PORTS[kube-controller-manager]}" --leader-elect=false \
    --service-account-private-key-file "$PKI/sa.key" --root-ca-file "$PKI/ca.crt" \
    --cluster-signing-cert-file "$PKI/ca.crt" --cluster-signing-key-file "$PKI/ca.key" \
    --service-cluster-ip-range "$KUBE_SERVICE_CIDR" \
    --kube-api-qps 200 --kube-api-burst 400 --v=1
  start_daemon kube-scheduler "$KUBE_BIN_DIR/kube-scheduler" \
    --kubeconfig "$KUBE_STATE_DIR/scheduler.kubeconfig" \
    --authentication-kubeconfig "$KUBE_STATE_DIR/scheduler.kubeconfig" \
    --authorization-kubeconfig "$KUBE_STATE_DIR/scheduler.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "${KUBE_PORTS[kube-scheduler]}" --leader-elect=false --v=1
  # The default service account is what every pod mounts; it appears once the
  # controller-manager's token controller runs.
  wait_for "the default ServiceAccount" 90 kube-controller-manager kubectl_local -n default get serviceaccount default
}

node_is_ready() {
  [[ $(kubectl_local get node "$KUBE_NODE_NAME" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}') == True ]]
}

start_kubelet() {
  start_daemon kubelet "$KUBE_BIN_DIR/kubelet" \
    --config "$KUBE_STATE_DIR/kubelet-config.yaml" --kubeconfig "$KUBE_STATE_DIR/kubelet.kubeconfig" \
    --root-dir "$KUBE_STATE_DIR/kubelet" --cert-dir "$KUBE_STATE_DIR/kubelet/pki" \
    --hostname-override "$KUBE_NODE_NAME" --node-ip "$KUBE_NODE_IP" --v=1
  wait_for "node $KUBE_NODE_NAME Ready" 120 kubelet node_is_ready
}

kube_proxy_synced() { [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${KUBE_PORTS[kube-proxy-healthz]}/healthz") == 200 ]]; }

# kube-proxy runs in a cgroup of its own (<root>/kube-proxy), so that its CPU
# counter includes the iptables-restore / nft processes it starts (children stay
# in their parent's cgroup; the process's own CPU time does not count them).
# Prints the counter file: cgroup v2 cpu.stat (usage_usec) or v1 cpuacct.usage (ns).
make_kube_proxy_cgroup() {
  local dir
  if [[ -f /sys/fs/cgroup/cgroup.controllers ]]; then
    dir=/sys/fs/cgroup${KUBE_CGROUP_ROOT}/kube-proxy
    mkdir -p "$dir" && echo "$dir/cpu.stat"
  else
    dir=/sys/fs/cgroup/cpuacct${KUBE_CGROUP_ROOT}/kube-proxy
    mkdir -p "$dir" && echo "$dir/cpuacct.usage"
  fi
}

# What kube-proxy runs with, as one line: "iptables nft dual", "nftables - ipv4", ...
kube_proxy_datapath() {
  local backend=${KUBE_PROXY_IPTABLES:-nft}
  [[ $1 == iptables ]] || backend=-
  printf '%s %s %s\n' "$1" "$backend" "${KUBE_PROXY_FAMILIES:-dual}"
}

# kube-proxy starts in a mount namespace of its own. With KUBE_PROXY_FAMILIES=ipv4 an
# empty tmpfs covers /proc/<its pid>/net there: kube-proxy decides whether the host
# has IPv6 from /proc/net/if_inet6 (cmd/kube-proxy/app/server_linux.go), and without
# it runs single-stack. The iptables-restore / nft it starts are other PIDs and see
# the host's /proc/net as usual.
start_kube_proxy() {
  local mode=$1 cpu_file path_dir=""
  write_kube_proxy_config "$mode"
  cpu_file=$(make_kube_proxy_cgroup) || kube_die "could not create kube-proxy's cgroup under $KUBE_CGROUP_ROOT" "check that the cpuacct (v1) or cpu (v2) controller is mounted under /sys/fs/cgroup"
  printf '%s\n' "$cpu_file" >"$KUBE_RUN_DIR/kube-proxy.cpu"
  if [[ $mode == iptables && ${KUBE_PROXY_IPTABLES:-nft} == legacy ]]; then path_dir=$(legacy_iptables_dir); fi
  kube_proxy_datapath "$mode" >"$KUBE_RUN_DIR/kube-proxy.datapath"
  # shellcheck disable=SC2016 # expanded by the inner bash, which then becomes kube-proxy
  start_daemon kube-proxy unshare --mount --propagation private bash -c '
    echo $$ >"$1/cgroup.procs" || exit 1
    if [[ $2 == ipv4 ]]; then mount -t tmpfs -o size=4k,mode=0555 kube-proxy-ipv4-only "/proc/$$/net" || exit 1; fi
    if [[ -n $3 ]]; then PATH="$3:$PATH"; fi
    shift 3 && exec "$@"' kube-proxy-in-cgroup "$(dirname "$cpu_file")" "${KUBE_PROXY_FAMILIES:-dual}" "$path_dir" \
    "$KUBE_BIN_DIR/kube-proxy" --config "$KUBE_STATE_DIR/kube-proxy-config.yaml" --v=2
  wait_for "kube-proxy ($mode) first sync" "${KUBE_PROXY_SYNC_WAIT:-90}" kube-proxy kube_proxy_synced
  publish_kube_proxy_config
}

# The kube-system/kube-proxy ConfigMap (config.conf) as kubeadm clusters have
# it, so scripts tell the proxy mode the way they would on such a cluster.
publish_kube_proxy_config() {
  kubectl_local -n kube-system create configmap kube-proxy \
    --from-file=config.conf="$KUBE_STATE_DIR/kube-proxy-config.yaml" --dry-run=client -o yaml \
    | kubectl_local apply -f - >/dev/null
}

check_cgroup_root_free() { [[ -z $(our_cgroups) ]] || kube_die "cgroup $KUBE_CGROUP_ROOT already exists" "run: $(kube_down_command)"; }

# The kubelet's cgroupRoot must exist in every cgroup v1 hierarchy; a new
# cpuset cgroup needs its parent's cpus and mems before it can hold tasks.
make_cgroup_root() {
  local hierarchy dir
  for hierarchy in /sys/fs/cgroup/*/; do
    [[ -f $hierarchy/cgroup.procs && ! -f $hierarchy/cgroup.controllers ]] || continue
    dir=$hierarchy${KUBE_CGROUP_ROOT#/}
    mkdir -p "$dir"
    if [[ -f $dir/cpuset.cpus ]]; then
      cat "$hierarchy/cpuset.cpus" >"$dir/cpuset.cpus"
      cat "$hierarchy/cpuset.mems" >"$dir/cpuset.mems"
    fi
  done
}

cmd_up() {
  require_root up
  local mode=${KUBE_PROXY_MODE:-iptables}
  check_proxy_mode "$mode"
  check_tools
  check_kernel
  check_no_earlier_cluster
  check_no_other_kubernetes
  check_ports
  check_addresses
  check_cgroup_root_free
  # images.sh build runs build.sh first; the import below need not check again.
  [[ ${KUBE_BUILD_CHECKED:-} == 1 ]] || bash "$KUBE_SCRIPTS_DIR/images.sh" build
  export KUBE_BUILD_CHECKED=1

  # From here on anything made is undone if up does not finish (an error, a
  # kube_die, Ctrl-C or a kill all end in the EXIT trap).
  trap 'exit 130' INT
  trap 'exit 143' TERM
  trap 'rc=$?; trap "" INT TERM; if ((rc != 0)); then kube_log "up failed or interrupted: tearing everything down"; teardown; fi' EXIT
  local started=$SECONDS
  mkdir -p "$KUBE_STATE_DIR" "$KUBE_RUN_DIR" "$KUBE_LOG_DIR"
  record_foreign_rules
  save_host_state
  # A veth pair, both ends up: the dummy driver is not in every kernel.
  ip link add "$KUBE_NODE_IF" type veth peer name "$KUBE_NODE_IF-p"
  ip addr add "$KUBE_NODE_IP/32" dev "$KUBE_NODE_IF"
  ip link set "$KUBE_NODE_IF-p" up
  ip link set "$KUBE_NODE_IF" up
  sysctl -qw net.ipv4.ip_forward=1 net.bridge.bridge-nf-call-iptables=1 net.bridge.bridge-nf-call-ip6tables=1

  make_cgroup_root
  make_pki
  write_containerd_config
  write_cni_config
  write_kubelet_config
  start_etcd
  start_containerd
  start_apiserver
  start_controllers
  start_kubelet
  start_kube_proxy "$mode"
  trap - EXIT INT TERM
  kube_log "cluster up in $((SECONDS - started)) s: Kubernetes $KUBE_VERSION, kube-proxy $mode"
  kube_log "kubeconfig: $KUBECONFIG_PATH   (eval \"\$(bash scripts/kube/kube.sh env)\")"
}

# ------------------------------------------------------------------ down

# Pods first, through the kubelet, so CNI DEL runs for every sandbox; the
# controllers are stopped before, so nothing recreates them.
delete_pods() {
  kube_daemon_pid kube-apiserver >/dev/null && kube_daemon_pid kubelet >/dev/null || return 0
  kubectl_local get --raw /readyz >/dev/null 2>&1 || return 0
  kubectl_local delete pods --all --all-namespaces --grace-period=0 --force --wait=false >/dev/null 2>&1 || true
  local deadline=$((SECONDS + 60))
  while ((SECONDS < deadline)); do
    [[ -z $(ctr --address "$CONTAINERD_SOCKET" -n k8s.io tasks ls -q 2>/dev/null) ]] && return 0
    sleep 1
  done
  kube_log "pods still running after 60 s; killing their tasks"
}

kill_tasks() {
  kube_daemon_pid containerd >/dev/null || return 0
  local ctr=(ctr --address "$CONTAINERD_SOCKET" -n k8s.io) id
  for id in $("${ctr[@]}" tasks ls -q 2>/dev/null); do
    "${ctr[@]}" tasks kill -s SIGKILL "$id" >/dev/null 2>&1 || true
    "${ctr[@]}" tasks delete -f "$id" >/dev/null 2>&1 || true
  done
}

kill_remaining_processes() {
  local pid pids
  pids=$(our_pids)
  [[ -z $pids ]] && return 0
  kube_log "stopping leftover processes: $(echo "$pids" | tr '\n' ' ')"
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  sleep 2
  for pid in $(our_pids); do kill -KILL "$pid" 2>/dev/null || true; done
  sleep 0.5
}

# kube-proxy's own cleanup removes its iptables and nftables rules; run once
# with each iptables backend, since the one it last ran with is not known here.
kube_proxy_cleanup() {
  [[ -x $KUBE_BIN_DIR/kube-proxy ]] || return 0
  "$KUBE_BIN_DIR/kube-proxy" --cleanup >>"$KUBE_LOG_DIR/kube-proxy-cleanup.log" 2>&1 || true
  if legacy_loaded; then
    PATH="$(legacy_iptables_dir):$PATH" "$KUBE_BIN_DIR/kube-proxy" --cleanup >>"$KUBE_LOG_DIR/kube-proxy-cleanup.log" 2>&1 || true
  fi
  local family table
  while read -r family table; do
    if [[ -n $family ]]; then nft delete table "$family" "$table" 2>/dev/null || true; fi
  done < <(our_nft_tables)
}

remove_kube_proxy_rules() {
  if [[ -n "$(our_chains; our_nft_tables)" ]]; then kube_proxy_cleanup; fi
}

# Delete the remaining chains of this cluster (the kubelet's, the CNI plugins'):
# first every rule elsewhere that jumps to one, then flush, then delete.
remove_chains() {
  local cmd table ours chains alternation rule spec
  # One dump of every table: our_chains reads them all.
  ours=$(our_chains)
  while read -r cmd table; do
    [[ -n $cmd ]] || continue
    chains=$(awk -v c="$cmd" -v t="$table" '$1 == c && $2 == t { print $3 }' <<<"$ours")
    alternation=$(paste -sd'|' <<<"$chains")
    while read -r rule; do
      [[ -z $rule ]] && continue
      eval "spec=(${rule#-A })" # iptables-save quotes comments like a shell
      "$cmd" -w -t "$table" -D "${spec[@]}" 2>/dev/null || true
    done < <("$cmd-save" -t "$table" | grep -E "^-A [^ ]+( .*)? -[jg] ($alternation)( |$)" | grep -vE "^-A ($alternation) ")
    for rule in $chains; do "$cmd" -w -t "$table" -F "$rule" 2>/dev/null || true; done
    for rule in $chains; do "$cmd" -w -t "$table" -X "$rule" 2>/dev/null || true; done
  done < <(awk 'NF { print $1, $2 }' <<<"$ours" | sort -u)
}

remove_mounts() {
  local mount
  for mount in $(our_mounts); do umount "$mount" 2>/dev/null || umount -l "$mount" 2>/dev/null || true; done
}

remove_cgroups() {
  local dir
  for dir in $(our_cgroups); do rmdir "$dir" 2>/dev/null || true; done
}

# iptables-nft makes its tables (ip filter, ip6 nat, ...) on first use; the
# ones that did not exist before `up` and hold no rule now are removed.
remove_new_empty_iptables_tables() {
  [[ -f $KUBE_RUN_DIR/nft-tables.saved ]] || return 0
  local family table rules
  while read -r _ family table; do
    [[ $family == ip || $family == ip6 ]] || continue
    [[ $table =~ ^(filter|nat|mangle|raw|security)$ ]] || continue
    grep -qx "table $family $table" "$KUBE_RUN_DIR/nft-tables.saved" && continue
    rules=$(nft -j list table "$family" "$table" 2>/dev/null | jq '[.nftables[] | select(.rule)] | length') || continue
    [[ $rules == 0 ]] && nft delete table "$family" "$table" 2>/dev/null
  done < <(nft list tables 2>/dev/null)
  return 0
}

restore_host_state() {
  local key value path
  if [[ -f $KUBE_RUN_DIR/sysctl.saved ]]; then
    while read -r key value; do
      if [[ -n $key && $(tr '\t' ' ' <"/proc/sys/$key") != "$value" ]]; then
        echo "$value" >"/proc/sys/$key" 2>/dev/null || kube_log "could not restore $key to $value"
      fi
    done <"$KUBE_RUN_DIR/sysctl.saved"
  fi
  remove_new_empty_iptables_tables
  if [[ -f $KUBE_RUN_DIR/created-paths ]]; then
    while read -r path; do
      for known in "${HOST_PATHS[@]}"; do [[ $path == "$known" ]] && rm -rf -- "$path"; done
    done <"$KUBE_RUN_DIR/created-paths"
  fi
}

teardown() {
  set +e
  stop_daemon kube-controller-manager
  stop_daemon kube-scheduler
  delete_pods
  stop_daemon kubelet
  kill_tasks
  stop_daemon kube-proxy
  # Its clients are stopped and its state is deleted below, so nothing is lost
  # by not waiting: after logging "apiserver is exiting" (about 1 s after
  # SIGTERM) it was seen to linger up to 11 s more.
  stop_daemon kube-apiserver 3
  stop_daemon containerd
  stop_daemon etcd
  kill_remaining_processes
  remove_kube_proxy_rules
  remove_chains
  remove_mounts
  local link
  for link in $(our_links); do ip link delete "$link" 2>/dev/null; done
  remove_cgroups
  rm -f "$CNI_CONF_FILE"
  restore_host_state
  rm -rf "$KUBE_RUN_DIR" "$KUBE_STATE_DIR"
  set -e
}

cmd_down() {
  require_root down
  trap '' INT TERM # finish cleaning even if interrupted
  teardown
  local leftovers
  leftovers=$(list_leftovers)
  [[ -z $leftovers ]] || kube_die "after down, still present:"$'\n'"$leftovers" "rerun $(kube_down_command); if it stays, remove those by hand"
  kube_log "cluster down; nothing left (processes, netns, mounts, iptables chains, nft tables, links, cgroups)"
}

# ------------------------------------------------------------------ other commands

cmd_proxy_mode() {
  require_root proxy-mode
  local mode=${1:-}
  [[ -n $mode ]] || kube_die "proxy-mode needs a mode" "bash scripts/kube/kube.sh proxy-mode iptables|nftables"
  check_proxy_mode "$mode"
  kube_daemon_pid kube-apiserver >/dev/null || kube_die "no cluster is running" "npm run kube:up"
  stop_daemon kube-proxy
  kube_proxy_cleanup
  start_kube_proxy "$mode"
  kube_log "kube-proxy now in $mode mode ($(kube_proxy_datapath "$mode"))"
}

cmd_proxy_stop() {
  require_root proxy-stop
  stop_daemon kube-proxy
  kube_log "kube-proxy stopped (its rules stay until the next proxy-mode or down)"
}

# restart <daemon>: stop one daemon and start it again with the settings it ran
# with, as a crashed API server or a recreated kube-proxy pod comes back (the
# cluster's state and kube-proxy's rules stay): what the fault tests inject.
cmd_restart() {
  require_root restart
  local name=${1:-} mode backend families
  kube_daemon_pid kube-apiserver >/dev/null || kube_die "no cluster is running" "npm run kube:up"
  case $name in
    kube-apiserver)
      stop_daemon kube-apiserver
      start_apiserver ;;
    kube-proxy)
      read -r mode backend families <"$KUBE_RUN_DIR/kube-proxy.datapath"
      [[ $backend != - ]] || backend=nft
      stop_daemon kube-proxy
      KUBE_PROXY_IPTABLES=$backend KUBE_PROXY_FAMILIES=$families start_kube_proxy "$mode" ;;
    *) kube_die "restart: '$name' is not a daemon this command restarts" "bash scripts/kube/kube.sh restart kube-apiserver|kube-proxy" ;;
  esac
  kube_log "$name restarted"
}

cmd_status() {
  local name pid
  for name in "${KUBE_DAEMONS[@]}"; do
    if pid=$(kube_daemon_pid "$name"); then printf '%-24s running (pid %s)\n' "$name" "$pid"; else printf '%-24s stopped\n' "$name"; fi
  done
  [[ -f $KUBE_RUN_DIR/kube-proxy.mode ]] && printf '%-24s %s\n' "kube-proxy mode" "$(<"$KUBE_RUN_DIR/kube-proxy.mode")"
  [[ -f $KUBE_RUN_DIR/kube-proxy.datapath ]] && printf '%-24s %s\n' "kube-proxy datapath" "$(<"$KUBE_RUN_DIR/kube-proxy.datapath") (mode, iptables backend, families)"
  printf '%-24s %s\n' kubeconfig "$KUBECONFIG_PATH" "kube-proxy metrics" "$KUBE_PROXY_METRICS_URL" kubectl "$KUBE_BIN_DIR/kubectl"
}

cmd_env() {
  printf 'export KUBECONFIG=%q\n' "$KUBECONFIG_PATH"
  # shellcheck disable=SC2016 # $PATH is for the shell that evals this
  printf 'export PATH=%q:"$PATH"\n' "$KUBE_BIN_DIR"
  printf 'export KUBE_PROXY_METRICS_URL=%q\n' "$KUBE_PROXY_METRICS_URL"
  printf 'export KUBE_PROXY_PID_FILE=%q\n' "$(kube_pid_file kube-proxy)"
  printf 'export KUBE_PROXY_CPU_FILE=%q\n' "$KUBE_RUN_DIR/kube-proxy.cpu"
}

cmd_check_clean() {
  local leftovers
  leftovers=$(list_leftovers)
  if [[ -n $leftovers ]]; then
    printf '%s\n' "$leftovers"
    return 1
  fi
  kube_log "clean: no process, mount, netns, iptables chain, nft table, link, cgroup or directory of the cluster"
}

case ${1:-} in
  up) cmd_up ;;
  down) cmd_down ;;
  proxy-mode) shift; cmd_proxy_mode "$@" ;;
  proxy-stop) cmd_proxy_stop ;;
  restart) shift; cmd_restart "$@" ;;
  status) cmd_status ;;
  env) cmd_env ;;
  check-clean) cmd_check_clean ;;
  -h | --help | help) usage ;;
  *) usage >&2; exit 2 ;;
esac
