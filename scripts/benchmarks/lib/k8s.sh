#!/usr/bin/env bash
# Cluster helpers shared by the EKS and TKE bench scripts. Source it after
# lib/bench.sh; do not run it.
#
# Everything talks to the cluster through K8S_KUBECTL (kubectl plus the chosen
# --context), so a run never drifts to another cluster when someone switches
# the current context in another terminal.
#
# Tunables (env):
#   K8S_POLL_INTERVAL   seconds between polls of a bounded wait (default 5)
#   K8S_WAIT_TIMEOUT    default timeout of waits in seconds (default 300)

if [[ -n "${K8S_LIB_LOADED:-}" ]]; then
  return 0
fi
K8S_LIB_LOADED=1

K8S_KUBECTL=(kubectl)
K8S_CONTEXT=""

# k8s_use_context [context]: pin every later call to <context> (or to the
# current context when empty). Dies with the fix when there is none.
k8s_use_context() {
  local wanted="${1:-}" current=""
  if [[ -n "$wanted" ]]; then
    kubectl config get-contexts -o name 2>/dev/null | grep -Fxq -- "$wanted" ||
      bench_die "kube context '$wanted' (KUBE_CONTEXT) does not exist in your kubeconfig" \
        "list contexts with 'kubectl config get-contexts -o name' and set KUBE_CONTEXT to one of them (EKS: aws eks update-kubeconfig --name <cluster> --region <region>)"
    K8S_CONTEXT="$wanted"
  else
    current="$(kubectl config current-context 2>/dev/null || true)"
    [[ -n "$current" ]] ||
      bench_die "no current kube context" "run 'kubectl config use-context <name>' or set KUBE_CONTEXT=<name>"
    K8S_CONTEXT="$current"
  fi
  K8S_KUBECTL=(kubectl --context "$K8S_CONTEXT")
}

# kc <kubectl args...>: kubectl against the pinned context.
kc() { "${K8S_KUBECTL[@]}" "$@"; }

# k8s_require_api: the API server answers within 20 s.
k8s_require_api() {
  timeout 20 "${K8S_KUBECTL[@]}" version -o json >/dev/null 2>&1 ||
    bench_die "the API server of context '$K8S_CONTEXT' does not answer" \
      "check credentials and network ('kubectl --context $K8S_CONTEXT get nodes'); on EKS with SSO run 'aws sso login'"
}

# k8s_require_metrics_api: resource usage is sampled with `kubectl top`, which
# needs the metrics API (metrics-server); EKS clusters have none by default.
k8s_require_metrics_api() {
  timeout 20 "${K8S_KUBECTL[@]}" get --raw /apis/metrics.k8s.io/v1beta1 >/dev/null 2>&1 ||
    bench_die "the metrics API (metrics.k8s.io) does not answer on context '$K8S_CONTEXT', so CPU/memory cannot be sampled" \
      "install metrics-server (EKS: aws eks create-addon --cluster-name <cluster> --addon-name metrics-server, or kubectl apply -f https://github.com/kubernetes-sigs/metrics-server/releases/latest/download/components.yaml) and rerun"
}

# k8s_kube_proxy_mode: the proxy mode of the cluster's kube-proxy (its
# kube-system/kube-proxy ConfigMap, as kubeadm writes it; an empty mode is
# iptables); fails when the cluster shows no kube-proxy at all.
k8s_kube_proxy_mode() {
  local conf mode
  conf="$(kc -n kube-system get configmap kube-proxy -o jsonpath='{.data.config\.conf}' 2>/dev/null || true)"
  [[ -n "$conf" ]] || kc -n kube-system get daemonset kube-proxy >/dev/null 2>&1 || return 1
  mode="$(awk '$1 == "mode:" { gsub(/["\047]/, "", $2); print $2; exit }' <<<"$conf")"
  echo "${mode:-iptables}"
}

# k8s_server_version: e.g. v1.31.4-eks-2d5f260
k8s_server_version() { kc version -o json 2>/dev/null | jq -r '.serverVersion.gitVersion // "unknown"'; }

# k8s_ready_nodes: names of Ready, schedulable nodes, sorted.
k8s_ready_nodes() {
  kc get nodes -o json | jq -r '.items[]
    | select(.spec.unschedulable != true)
    | select(any(.status.conditions[]; .type == "Ready" and .status == "True"))
    | .metadata.name' | sort
}

# k8s_require_nodes <n>: at least <n> Ready nodes, else die with the fix.
k8s_require_nodes() {
  local want="$1" have
  have="$(k8s_ready_nodes | grep -c . || true)"
  ((have >= want)) ||
    bench_die "the cluster has $have Ready schedulable node(s); client and server must run on different nodes, so at least $want are needed" \
      "add nodes (EKS: eksctl scale nodegroup --cluster <cluster> --name bench --nodes 3; TKE: scale the node pool to 2 or more) and rerun"
}

# k8s_wait <timeout-s> <what> <cmd...>: poll <cmd> until it succeeds; die naming
# <what> and the timeout when it never does. A <cmd> may leave what it last saw in
# K8S_WAIT_SEEN (it runs in this shell): the message then says it. K8S_WAIT_FIX
# replaces the generic fix.
K8S_WAIT_SEEN=""
k8s_wait() {
  local limit="$1" what="$2" start fix="${K8S_WAIT_FIX:-}"
  shift 2
  [[ -n "$fix" ]] || fix="inspect the cluster ('kubectl --context $K8S_CONTEXT get pods -A | grep -v Running'), fix the cause, then rerun (finished rounds are kept)"
  start="$(date +%s)"
  K8S_WAIT_SEEN="" K8S_WAIT_ABORT=""
  until "$@" >/dev/null 2>&1; do
    # A check that finds what it waits for can no longer happen says so here.
    [[ -z "$K8S_WAIT_ABORT" ]] || bench_die "stopped waiting for $what: $K8S_WAIT_ABORT" "$fix"
    if (($(date +%s) - start >= limit)); then
      bench_die "timed out after ${limit}s waiting for $what${K8S_WAIT_SEEN:+ (last seen: $K8S_WAIT_SEEN)}" \
        "$fix"
    fi
    sleep "${K8S_POLL_INTERVAL:-5}"
  done
}

# k8s_rollout_wait <ns> <kind/name> [timeout]: bounded rollout status.
k8s_rollout_wait() {
  local ns="$1" obj="$2" limit="${3:-${K8S_WAIT_TIMEOUT:-300}}"
  kc -n "$ns" rollout status "$obj" --timeout="${limit}s" >/dev/null ||
    bench_die "$obj in namespace $ns did not become ready within ${limit}s" \
      "run 'kubectl --context $K8S_CONTEXT -n $ns describe $obj' and 'kubectl --context $K8S_CONTEXT -n $ns get pods -o wide' to see why"
}

# k8s_restart_pods <ns> [timeout]: delete the namespace's pods and wait until
# every Deployment/DaemonSet is ready again. Deleting instead of a rolling
# restart never runs old and new pods side by side, which small nodes cannot
# always fit (and after a CNI switch the old pods are broken anyway).
k8s_restart_pods() {
  local ns="$1" limit="${2:-${K8S_WAIT_TIMEOUT:-300}}"
  bench_log "restarting all pods in namespace $ns"
  kc -n "$ns" delete pods --all --wait=false >/dev/null
  k8s_workloads_ready "$ns" "$limit"
}

# k8s_workloads_ready <ns> <limit>: every Deployment and DaemonSet of <ns> rolled
# out and every pod Ready, each wait bounded by <limit> seconds.
k8s_workloads_ready() {
  local ns="$1" limit="$2" obj
  for obj in $(kc -n "$ns" get deployments,daemonsets -o name); do
    k8s_rollout_wait "$ns" "$obj" "$limit"
  done
  k8s_pods_ready "$ns" "$limit" "pods in namespace $ns to be Ready"
}

# k8s_crashlooping <ns>: one line per container of <ns> that keeps crashing
# (waiting in CrashLoopBackOff), "<pod>/<container> (...)"; nothing when none.
k8s_crashlooping() {
  kc -n "$1" get pods -o json | jq -r '.items[] | .metadata.name as $pod | (.status.containerStatuses // [])[]
    | select(.state.waiting.reason == "CrashLoopBackOff")
    | "\($pod)/\(.name) (restarted \(.restartCount) times, last exit code \(.lastState.terminated.exitCode // "unknown"))"'
}

# k8s_pods_ready <ns> <timeout-s> <what>: wait until every pod of <ns> is Ready.
# A container in a crash loop never gets there: the wait stops at once, naming it,
# instead of running out its timeout.
K8S_CRASHING=""
k8s__pods_ready_or_crashing() {
  kc -n "$1" wait --for=condition=Ready pods --all --timeout=1s && return 0
  K8S_CRASHING="$(k8s_crashlooping "$1")" || K8S_CRASHING=""
  [[ -n "$K8S_CRASHING" ]]
}
k8s_pods_ready() {
  local ns="$1" limit="$2" what="$3"
  K8S_CRASHING=""
  k8s_wait "$limit" "$what" k8s__pods_ready_or_crashing "$ns"
  [[ -z "$K8S_CRASHING" ]] ||
    bench_die "$what: a container keeps crashing: ${K8S_CRASHING//$'\n'/; }" \
      "read why in its log: kubectl --context $K8S_CONTEXT -n $ns logs <pod> -c <container> --previous"
}

# k8s_pod <ns> <label-selector>: name of the first Running pod matching.
k8s_pod() {
  local ns="$1" selector="$2" name
  name="$(kc -n "$ns" get pods -l "$selector" --field-selector=status.phase=Running \
    -o jsonpath='{.items[0].metadata.name}' 2>/dev/null || true)"
  [[ -n "$name" ]] ||
    bench_die "no Running pod with labels '$selector' in namespace $ns" \
      "check 'kubectl --context $K8S_CONTEXT -n $ns get pods -l $selector -o wide' (were the workloads applied?)"
  printf '%s\n' "$name"
}

# k8s_pod_field <ns> <pod> <jsonpath>: e.g. '{.spec.nodeName}', '{.status.podIP}'.
k8s_pod_field() { kc -n "$1" get pod "$2" -o jsonpath="$3"; }

# k8s_pod_on_node <ns> <label-selector> <node>: the matching pod on <node>.
k8s_pod_on_node() {
  local ns="$1" selector="$2" node="$3" name
  name="$(kc -n "$ns" get pods -l "$selector" --field-selector="spec.nodeName=$node,status.phase=Running" \
    -o jsonpath='{.items[0].metadata.name}' 2>/dev/null || true)"
  [[ -n "$name" ]] ||
    bench_die "no Running pod with labels '$selector' on node $node (namespace $ns)" \
      "check 'kubectl --context $K8S_CONTEXT -n $ns get pods -l $selector -o wide'"
  printf '%s\n' "$name"
}

# k8s_set_exec <array-name> <ns> <pod> [container]: make <array-name> an
# executor that runs a command inside the pod (for BENCH_CLIENT_EXEC etc.).
k8s_set_exec() {
  local -n exec_out="$1"
  local ns="$2" pod="$3" container="${4:-}"
  exec_out=("${K8S_KUBECTL[@]}" -n "$ns" exec "$pod")
  [[ -n "$container" ]] && exec_out+=(-c "$container")
  exec_out+=(--)
}

# k8s_node_info_json: environment facts of the first Ready node as JSON.
k8s_node_info_json() {
  kc get nodes -o json | jq -c '[.items[] | select(any(.status.conditions[]; .type == "Ready" and .status == "True"))] as $ready
    | $ready[0] as $n
    | {nodeCount: ($ready | length),
       nodeType: ($n.metadata.labels["node.kubernetes.io/instance-type"] // $n.metadata.labels["beta.kubernetes.io/instance-type"] // null),
       region: ($n.metadata.labels["topology.kubernetes.io/region"] // null),
       os: $n.status.nodeInfo.osImage, kernel: $n.status.nodeInfo.kernelVersion,
       runtime: $n.status.nodeInfo.containerRuntimeVersion}
    | with_entries(select(.value != null))'
}

# k8s_image_digests <ns> [selector]: {"<container>": "<image>@sha256:..."} of
# what the pods actually run (imageID carries the resolved digest).
k8s_image_digests() {
  local ns="$1" selector="${2:-}"
  kc -n "$ns" get pods ${selector:+-l "$selector"} -o json | jq -c '
    [.items[].status.containerStatuses[]?
     | {key: .name, value: (.image + (if (.imageID | test("@sha256:")) then "@" + (.imageID | sub("^.*@"; "")) else "" end))}]
    | from_entries'
}

# ---------------------------------------------------------------- node probes

# iptables-save of the backend that holds the kube-proxy rules: nft and legacy
# tables are separate, and the host's choice is not known in advance, so the
# variant with more KUBE- lines wins. Output is that tool's, byte for byte.
# shellcheck disable=SC2016 # expanded by the probe's sh
K8S_IPTABLES_SAVE_SCRIPT='best=iptables-save; most=-1
for s in iptables-nft-save iptables-legacy-save iptables-save; do
  command -v "$s" >/dev/null 2>&1 || continue
  n=$("$s" -t nat 2>/dev/null | grep -c "KUBE-") || n=0
  if [ "$n" -gt "$most" ]; then most=$n; best=$s; fi
done
exec "$best" -t nat'

# k8s_iptables_nat <round-dir> <id> <conditions-json>: NAT table of the node in
# BENCH_SERVER_EXEC (a privileged host-network probe pod).
k8s_iptables_nat() {
  BENCH_TOOL=iptables-save BENCH_MEASURE_TIMEOUT=60 bench_measure_server "$1" "$2" iptables-nat "$3" -- \
    sh -c "$K8S_IPTABLES_SAVE_SCRIPT"
}

# k8s_kube_service_chain_length <executor-array-name>: rules in KUBE-SERVICES on that node.
k8s_kube_service_chain_length() {
  local -n probe_exec="$1"
  "${probe_exec[@]}" sh -c "$K8S_IPTABLES_SAVE_SCRIPT" 2>/dev/null | grep -c '^-A KUBE-SERVICES ' || true
}

# k8s_nft_service_count <executor-array-name>: Service IP:port entries in
# kube-proxy's nftables verdict map (table ip kube-proxy, map service-ips) on that node.
k8s_nft_service_count() {
  local -n probe_exec="$1"
  "${probe_exec[@]}" nft -j list map ip kube-proxy service-ips 2>/dev/null |
    jq '[.nftables[] | .map? // empty | (.elem // []) | length] | add // 0' 2>/dev/null || echo 0
}

# What Cilium's kube-proxy-free guide asks for after kube-proxy is gone: drop
# every KUBE-* rule and chain from both iptables backends of the node.
# shellcheck disable=SC2016
K8S_FLUSH_KUBE_RULES_SCRIPT='for v in nft legacy; do
  command -v "iptables-$v-save" >/dev/null 2>&1 || continue
  "iptables-$v-save" | grep -v KUBE | "iptables-$v-restore"
done'

# k8s_flush_kube_rules <ns> <probe-selector>: run it on every node through the probe DaemonSet.
k8s_flush_kube_rules() {
  local ns="$1" selector="$2" pod
  for pod in $(kc -n "$ns" get pods -l "$selector" -o jsonpath='{.items[*].metadata.name}'); do
    bench_log "flushing KUBE-* iptables rules through $pod"
    kc -n "$ns" exec "$pod" -- sh -c "$K8S_FLUSH_KUBE_RULES_SCRIPT" >/dev/null ||
      bench_die "could not flush the KUBE-* iptables rules through $pod" \
        "run on that node as root: iptables-save | grep -v KUBE | iptables-restore"
  done
}

# k8s_top_samples <round-dir> <id> <conditions-json> <ns> <selector> <count> <interval-s>
# `kubectl top pod --containers` <count> times; each block starts with a
# '# sample <i> <time>' line (the top-samples raw format).
k8s_top_samples() {
  local dir="$1" id="$2" cond="$3" ns="$4" selector="$5" count="$6" interval="$7"
  # shellcheck disable=SC2034 # used by name (bench__measure_with): run on this host
  local -a local_exec=()
  # shellcheck disable=SC2016 # expanded by the inner bash
  local script='n=$1 pause=$2; shift 2
    for ((i = 1; i <= n; i++)); do
      printf "# sample %d %s\n" "$i" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
      "$@" || exit 1
      ((i < n)) && sleep "$pause"
    done; exit 0'
  BENCH_TOOL=kubectl BENCH_MEASURE_TIMEOUT=$((count * (interval + 30) + 30)) \
    bench__measure_with local_exec "$dir" "$id" top-samples "$cond" -- \
    bash -c "$script" top-samples "$count" "$interval" \
    "${K8S_KUBECTL[@]}" -n "$ns" top pod -l "$selector" --containers --no-headers=false
}

# The kubelet's resource metrics of <node> through the API server (no metrics-server needed).
k8s_kubelet_resource_path() { printf '/api/v1/nodes/%s/proxy/metrics/resource\n' "$1"; }

# k8s_require_kubelet_metrics <node>: the kubelet's resource metrics answer through
# the API server's node proxy (CPU/memory under load). The node's own CPU counter is
# what is looked for: a node without pods yet has no container series.
k8s_require_kubelet_metrics() {
  local node="$1" scrape
  # Read whole, then searched: grep -q on the pipe would cut kubectl off (SIGPIPE, pipefail).
  scrape="$(timeout 20 "${K8S_KUBECTL[@]}" get --raw "$(k8s_kubelet_resource_path "$node")" 2>/dev/null || true)"
  grep -q '^node_cpu_usage_seconds_total ' <<<"$scrape" ||
    bench_die "the kubelet's resource metrics of node $node ($(k8s_kubelet_resource_path "$node")) do not answer with node_cpu_usage_seconds_total through context '$K8S_CONTEXT', so CPU/memory under load cannot be sampled" \
      "allow your user 'get' on nodes/proxy (kubectl auth can-i get nodes --subresource=proxy) and check that the kubelet serves /metrics/resource (Kubernetes >= 1.18)"
}

# k8s_resource_usage <round-dir> <id> <conditions-json> <ns> <selector> <samples> <interval-s> -- <load cmd...>
# CPU/memory of the selected pods' containers under a load: the kubelet-resource raw
# format (see ingest/parsers/kubelet.ts). Each node running one of the pods is scraped
# once right before <load cmd> starts (sample 0), then every <interval-s> while it
# runs (samples 1..n); the load must outlast the samples and succeed.
k8s_resource_usage() {
  local dir="$1" id="$2" cond="$3" ns="$4" selector="$5" count="$6" interval="$7"
  shift 7
  [[ "${1:-}" == -- ]] || bench_die "k8s_resource_usage $id: missing '--' before the load command" "pass: ... <samples> <interval> -- <load cmd...>"
  shift
  local pods nodes
  pods="$(kc -n "$ns" get pods -l "$selector" --field-selector=status.phase=Running -o json |
    jq -r '[.items[] | .metadata.namespace + "/" + .metadata.name] | join(" ")')"
  nodes="$(kc -n "$ns" get pods -l "$selector" --field-selector=status.phase=Running -o json |
    jq -r '[.items[].spec.nodeName] | unique | join(" ")')"
  [[ -n "$pods" ]] || bench_die "no Running pod with labels '$selector' in namespace $ns to sample" \
    "check 'kubectl --context $K8S_CONTEXT -n $ns get pods -l $selector -o wide'"
  # shellcheck disable=SC2034 # used by name (bench__measure_with): run on this host
  local -a on_host=()
  # shellcheck disable=SC2016 # expanded by the inner bash
  local script='pods=$1 nodes=$2 n=$3 pause=$4; shift 4
    kubectl=("${@:1:$((${#@} - LOAD_ARGS))}"); load=("${@:$((${#@} - LOAD_ARGS + 1))}")
    scrape() { local node; for node in $nodes; do
      printf "# sample %d %s node=%s\n" "$1" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$node"
      "${kubectl[@]}" get --raw "/api/v1/nodes/$node/proxy/metrics/resource" || return 1
    done; }
    printf "# pods %s\n" "$pods"
    scrape 0 || exit 1
    "${load[@]}" >/dev/null 2>&1 & load_pid=$!
    start=$SECONDS
    for ((i = 1; i <= n; i++)); do
      # Sample i at start + i x pause, however long the scrapes took: the load
      # lasts n x pause + 5 s, so slow scrapes must not push a sample past it.
      wait_s=$((start + i * pause - SECONDS))
      ((wait_s <= 0)) || sleep "$wait_s"
      kill -0 "$load_pid" 2>/dev/null || { echo "the load ended before sample $i" >&2; exit 1; }
      scrape "$i" || exit 1
    done
    wait "$load_pid" || { echo "the load failed (exit code $?)" >&2; exit 1; }'
  BENCH_TOOL=kubectl BENCH_MEASURE_TIMEOUT=$((count * (interval + 30) + 60)) \
    bench__measure_with on_host "$dir" "$id" kubelet-resource "$cond" -- \
    env LOAD_ARGS=$# bash -c "$script" kubelet-resource "$pods" "$nodes" "$count" "$interval" "${K8S_KUBECTL[@]}" "$@"
}

# k8s_cilium_service_count <node>: Services in the service list of the Cilium
# agent on <node> (where that node's connections are translated); 0 when unknown.
k8s_cilium_service_count() {
  local pod
  pod="$(k8s_pod_on_node kube-system k8s-app=cilium "$1")"
  kc -n kube-system exec "$pod" -c cilium-agent -- cilium-dbg service list -o json 2>/dev/null | jq 'length' 2>/dev/null || echo 0
}

# kube-proxy's metrics endpoint as seen from a host-network probe on its node.
K8S_KUBE_PROXY_METRICS_URL="${K8S_KUBE_PROXY_METRICS_URL:-http://127.0.0.1:10249/metrics}"

# k8s_kube_proxy_scrape <executor-array-name> <file>: kube-proxy's /metrics on
# that executor's node, with a "# scrape before <time>" line first (the start of
# the window k8s_kube_proxy_sync_delta closes).
k8s_kube_proxy_scrape() {
  local -n scrape_exec="$1"
  k8s_kube_proxy_try_scrape "$@" ||
    bench_die "could not read kube-proxy's metrics ($K8S_KUBE_PROXY_METRICS_URL) through ${scrape_exec[*]}" \
      "check that kube-proxy runs on that node with --metrics-bind-address reachable from the host network (EKS: 0.0.0.0:10249 in the kube-proxy-config ConfigMap)"
}

# k8s_kube_proxy_try_scrape <executor-array-name> <file>: the same, returning 1 instead
# of stopping when kube-proxy's metrics do not answer.
k8s_kube_proxy_try_scrape() {
  local -n try_exec="$1"
  local file="$2"
  { printf '# scrape before %s\n' "$(bench_now)" && "${try_exec[@]}" curl -sf --max-time 10 "$K8S_KUBE_PROXY_METRICS_URL"; } >"$file.tmp" ||
    { rm -f "$file.tmp"; return 1; }
  mv "$file.tmp" "$file"
}

# ---------------------------------------------------------------- rules programmed

# Whether the data plane has programmed a step's Services is read from the data plane's
# own account of it, never from a dump of its rules: at 30,000 Services a nat table
# dump is hundreds of thousands of lines, and polling it would load the client node
# inside the very window whose sync time is measured.
#
# kube-proxy's /metrics (every proxier: iptables, nftables, ipvs) say it:
#   kubeproxy_sync_proxy_rules_service_changes_total / _endpoint_changes_total
#     every Service and EndpointSlice change it received (counters)
#   kubeproxy_sync_proxy_rules_service_changes_pending / _endpoint_changes_pending
#     received changes no sync has taken up yet
#   kubeproxy_sync_proxy_rules_last_timestamp_seconds   end of its last successful sync
#   kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds   its last change queued for a sync
# The step's Services are programmed when both counters grew by at least the Services the
# step added, nothing is pending, a sync finished after the step started and none was
# queued after the last one finished, on two polls in a row with no change received
# between them: a change that arrives while a sync runs, after that sync took up its
# changes, is programmed by the next sync, and the second poll gives that one a poll
# interval (K8S_POLL_INTERVAL) to finish.
K8S_KUBE_PROXY_PROGRAMMED_METRICS="kubeproxy_sync_proxy_rules_service_changes_total kubeproxy_sync_proxy_rules_endpoint_changes_total kubeproxy_sync_proxy_rules_last_timestamp_seconds"

# k8s__kube_proxy_sync_state: one /metrics scrape on stdin ->
# "<service changes> <endpoint changes> <pending> <last sync> <last queued> <process start>",
# "-" for what it does not export. Counters and pending gauges are summed over the proxiers (one per
# IP family); the last sync and the last queued change are the newest of any proxier (a
# proxier of a family the step added no Service to has nothing to sync, and its old
# timestamp says nothing about the step).
k8s__kube_proxy_sync_state() {
  awk '
    /^#/ || NF < 2 { next }
    { name = $1; sub(/\{.*/, "", name); v = $NF + 0 }
    name == "kubeproxy_sync_proxy_rules_service_changes_total" { svc += v; hs = 1 }
    name == "kubeproxy_sync_proxy_rules_endpoint_changes_total" { ep += v; he = 1 }
    name == "kubeproxy_sync_proxy_rules_service_changes_pending" || name == "kubeproxy_sync_proxy_rules_endpoint_changes_pending" { pend += v; hp = 1 }
    name == "kubeproxy_sync_proxy_rules_last_timestamp_seconds" { if (!hl || v > last) last = v; hl = 1 }
    name == "kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds" { if (!hq || v > queued) queued = v; hq = 1 }
    name == "process_start_time_seconds" { started = $NF }
    END { printf "%s %s %s %s %s %s\n", hs ? sprintf("%.0f", svc) : "-", he ? sprintf("%.0f", ep) : "-", hp ? sprintf("%.0f", pend) : "-",
      hl ? sprintf("%.3f", last) : "-", hq ? sprintf("%.3f", queued) : "-", started != "" ? started : "-" }'
}

# k8s_kube_proxy_metrics_missing <file>: the metrics of K8S_KUBE_PROXY_PROGRAMMED_METRICS
# that the scrape in <file> lacks (nothing when it has them all).
k8s_kube_proxy_metrics_missing() {
  local name
  for name in $K8S_KUBE_PROXY_PROGRAMMED_METRICS; do
    grep -q -E "^$name(\{| )" "$1" || echo "$name"
  done
}

K8S__KP_STABLE=""
K8S__KP_SEEN_STATE=""
# k8s__kube_proxy_programmed <executor-array-name> <before-file> <added>: one poll (see above).
k8s__kube_proxy_programmed() {
  local -n programmed_exec="$1"
  local before="$2" added="$3" now svc ep pend last queued started svc0 ep0 last0 started0 ok=1
  now="$("${programmed_exec[@]}" curl -sf --max-time 10 "$K8S_KUBE_PROXY_METRICS_URL" | k8s__kube_proxy_sync_state)" ||
    { K8S_WAIT_SEEN="kube-proxy's metrics did not answer at $K8S_KUBE_PROXY_METRICS_URL"; K8S__KP_STABLE=""; return 1; }
  read -r svc ep pend last queued started <<<"$now"
  read -r svc0 ep0 _ last0 _ started0 < <(k8s__kube_proxy_sync_state <"$before")
  # A kube-proxy that restarted since the scrape before the step counts its changes from
  # zero: the step's window can no longer be read (the ingest refuses it too), so stop now
  # instead of waiting out the timeout.
  if [[ "$started" != - && "$started0" != - && "$started" != "$started0" ]]; then
    K8S_WAIT_ABORT="kube-proxy restarted inside the step's sync window (process start time $started0 before the step, $started now); rerun the script with the same run directory: the step is measured again"
    return 1
  fi
  [[ "$svc" != - && "$ep" != - && "$last" != - ]] ||
    { K8S_WAIT_SEEN="kube-proxy's metrics lack one of $K8S_KUBE_PROXY_PROGRAMMED_METRICS"; K8S__KP_STABLE=""; return 1; }
  K8S_WAIT_SEEN="service changes +$((svc - svc0)) and endpoint changes +$((ep - ep0)) of $added added Services received, $pend changes pending, last sync at $last (before the step: $last0), last change queued at $queued"
  ((svc - svc0 >= added && ep - ep0 >= added)) || ok=0
  [[ "$pend" == - || "$pend" == 0 ]] || ok=0
  [[ "$queued" == - ]] || awk -v l="$last" -v q="$queued" 'BEGIN { exit !(l >= q) }' || ok=0
  ((added == 0)) || awk -v l="$last" -v b="$last0" 'BEGIN { exit !(l > b) }' || ok=0
  if ((ok == 0)); then K8S__KP_STABLE=""; return 1; fi
  if [[ "$K8S__KP_STABLE" == "$svc $ep $queued" ]]; then K8S__KP_SEEN_STATE="$now"; return 0; fi
  K8S__KP_STABLE="$svc $ep $queued"
  return 1
}

# k8s_kube_proxy_wait_programmed <executor-array-name> <before-file> <added> <timeout-s> <what> <record-file>
# Wait until kube-proxy on that executor's node has programmed the <added> Services created
# since the scrape in <before-file> (see above), then write <record-file>: what said so.
k8s_kube_proxy_wait_programmed() {
  local exec_name="$1" before="$2" added="$3" limit="$4" what="$5" record="$6" missing start
  [[ -s "$before" ]] || bench_die "no kube-proxy scrape from before the step ($before)" "rerun: the step takes it again"
  missing="$(k8s_kube_proxy_metrics_missing "$before" | paste -sd, -)"
  [[ -z "$missing" ]] || bench_die "kube-proxy's metrics ($K8S_KUBE_PROXY_METRICS_URL) lack $missing, which say when it has programmed a step's Services (scrape kept in $before)" \
    "run a kube-proxy that exports them (Kubernetes 1.16 or later: each is in its /metrics), or point K8S_KUBE_PROXY_METRICS_URL at the kube-proxy of the client's node"
  K8S__KP_STABLE="" K8S__KP_SEEN_STATE=""
  start="$(date +%s)"
  K8S_WAIT_FIX="read kube-proxy's log on that node for sync errors (kubectl --context $K8S_CONTEXT -n kube-system logs <kube-proxy pod on the node>), raise SVC_SYNC_TIMEOUT if it is still syncing, then rerun (finished steps are kept)" \
    k8s_wait "$limit" "$what" k8s__kube_proxy_programmed "$exec_name" "$before" "$added"
  local svc ep pend last queued svc0 ep0 last0
  read -r svc ep pend last queued _ <<<"$K8S__KP_SEEN_STATE"
  read -r svc0 ep0 _ last0 _ _ < <(k8s__kube_proxy_sync_state <"$before")
  jq -n --arg url "$K8S_KUBE_PROXY_METRICS_URL" --argjson added "$added" --argjson waited $(($(date +%s) - start)) \
    --argjson svc $((svc - svc0)) --argjson ep $((ep - ep0)) --arg pend "$pend" --arg last "$last" --arg last0 "$last0" --arg queued "$queued" --arg at "$(bench_now)" \
    '{source: "kube-proxy metrics", url: $url, servicesAdded: $added, waitedSeconds: $waited, at: $at,
      seen: {serviceChanges: $svc, endpointChanges: $ep, pending: (if $pend == "-" then null else ($pend | tonumber) end),
             lastSyncSeconds: ($last | tonumber), lastSyncBeforeStepSeconds: ($last0 | tonumber),
             lastQueuedSeconds: (if $queued == "-" then null else ($queued | tonumber) end)}}' >"$record"
}

# k8s_programmed_record <record-file> <source> <json-object>: what said a step's Services
# were programmed, when kube-proxy's metrics did not (Cilium's service list, a rule count).
k8s_programmed_record() {
  jq -n --arg source "$2" --argjson extra "$3" --arg at "$(bench_now)" '{source: $source, at: $at} + $extra' >"$1"
}

# k8s_kube_proxy_sync_delta <executor-array-name> <round-dir> <id> <conditions-json> <before-file>
# The kubeproxy-sync-delta raw file: the scrape taken before the step (<before-file>)
# and one taken now, so the ingest reads the syncs of this step only, not kube-proxy's lifetime.
k8s_kube_proxy_sync_delta() {
  local exec_name="$1" dir="$2" id="$3" cond="$4" before="$5"
  [[ -s "$before" ]] || bench_die "no kube-proxy scrape from before the step ($before)" "rerun the step: remove $dir and run the script again with the same run directory"
  local -n delta_exec="$exec_name"
  # shellcheck disable=SC2034 # used by name (bench__measure_with): run on this host
  local -a on_host=()
  # shellcheck disable=SC2016 # expanded by the inner bash
  BENCH_TOOL=kube-proxy BENCH_MEASURE_TIMEOUT=60 bench__measure_with on_host "$dir" "$id" kubeproxy-sync-delta "$cond" -- \
    bash -c 'before=$1 url=$2; shift 2; cat "$before"; printf "# scrape after %s\n" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"; "$@" curl -sf "$url"' \
    kubeproxy-sync-delta "$before" "$K8S_KUBE_PROXY_METRICS_URL" "${delta_exec[@]}"
}

# ---------------------------------------------------------------- dummy Services

k8s__namespace_is_owned() {
  [[ "$(kc get namespace "$1" -o jsonpath='{.metadata.labels.bench\.k8s-network/owned}' 2>/dev/null || true)" == "true" ]]
}

# k8s_namespace_delete_owned <ns>: delete <ns> only if the bench scripts created it.
k8s_namespace_delete_owned() {
  if k8s__namespace_is_owned "$1"; then
    bench_log "deleting namespace $1 (created by the benchmark)"
    kc delete namespace "$1" --wait=false >/dev/null
  fi
}

declare -A K8S_OWNED_NAMESPACES=()

k8s__namespace_absent() { ! kc get namespace "$1" >/dev/null 2>&1; }

# k8s_namespace_create_owned <ns>: create <ns> labelled as ours and register its
# deletion for exit. An existing namespace is reused only if it carries our
# label (an earlier, interrupted run made it); any other one is left alone. One
# still being deleted (an earlier run's cleanup deletes without waiting) is waited
# for and made again: reused, it would vanish under the Services created in it.
k8s_namespace_create_owned() {
  local ns="$1"
  if k8s__namespace_is_owned "$ns" && [[ "$(kc get namespace "$ns" -o jsonpath='{.status.phase}' 2>/dev/null || true)" == Terminating ]]; then
    bench_log "namespace $ns is being deleted (an earlier run's cleanup): waiting until it is gone"
    k8s_wait "${K8S_WAIT_TIMEOUT:-300}" "namespace $ns, being deleted, to be gone" k8s__namespace_absent "$ns"
  fi
  if kc get namespace "$ns" >/dev/null 2>&1; then
    k8s__namespace_is_owned "$ns" ||
      bench_die "namespace $ns exists and was not created by the bench scripts" \
        "choose another name (--ns / SVC_NAMESPACE) or delete it yourself if it is disposable"
  else
    kc create namespace "$ns" >/dev/null || bench_die "could not create namespace $ns" "check your RBAC permissions"
    kc label namespace "$ns" bench.k8s-network/owned=true >/dev/null
  fi
  if [[ -z "${K8S_OWNED_NAMESPACES[$ns]:-}" ]]; then
    K8S_OWNED_NAMESPACES[$ns]=1
    bench_on_cleanup k8s_namespace_delete_owned "$ns"
  fi
}

# k8s_count_services [ns]: Services in <ns>, or in the whole cluster.
k8s_count_services() {
  if [[ -n "${1:-}" ]]; then
    kc -n "$1" get services -o name | grep -c . || true
  else
    kc get services -A -o name | grep -c . || true
  fi
}

# k8s_dummy_manifest <first> <last> <endpoints>: selector-less Services with one
# EndpointSlice each. Endpoints are ready addresses in 198.18.0.0/15 (the
# benchmarking range, never routed), so kube-proxy/Cilium program them while
# no pod exists and nothing ever connects to them.
k8s_dummy_manifest() {
  local first="$1" last="$2" endpoints="$3" i e eps
  eps=""
  for ((e = 1; e <= endpoints; e++)); do
    eps+="  - addresses: [\"198.18.$((e / 256)).$((e % 256))\"]
    conditions: {ready: true}
"
  done
  for ((i = first; i <= last; i++)); do
    printf -- '---\napiVersion: v1\nkind: Service\nmetadata:\n  name: dummy-%05d\n  labels: {bench.k8s-network/dummy: "true"}\nspec:\n  ports: [{name: http, port: 80, protocol: TCP}]\n' "$i"
    printf -- '---\napiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata:\n  name: dummy-%05d-1\n  labels: {bench.k8s-network/dummy: "true", kubernetes.io/service-name: dummy-%05d}\naddressType: IPv4\nports: [{name: http, port: 80, protocol: TCP}]\nendpoints:\n%s' "$i" "$i" "$eps"
  done
}

# k8s_dummy_services_scale <ns> <target-count> <endpoints> <parallel> [batch=500]
# Grow the dummy Services in <ns> to <target-count> (never shrinks), applying
# batches in parallel with server-side apply (idempotent, so resume is safe).
k8s_dummy_services_scale() {
  local ns="$1" target="$2" endpoints="$3" parallel="$4" batch="${5:-500}" have tmp first last
  have="$(k8s_dummy_services_count "$ns")"
  ((have < target)) || return 0
  bench_log "creating dummy Services $((have + 1))..$target in $ns ($endpoints endpoints each, $parallel in parallel)"
  tmp="$(mktemp -d)"
  for ((first = have + 1; first <= target; first += batch)); do
    last=$((first + batch - 1))
    ((last > target)) && last="$target"
    k8s_dummy_manifest "$first" "$last" "$endpoints" >"$tmp/batch-$(printf '%06d' "$first").yaml"
  done
  if ! find "$tmp" -name 'batch-*.yaml' -print0 | sort -z |
    xargs -0 -n1 -P "$parallel" "${K8S_KUBECTL[@]}" -n "$ns" apply --server-side --force-conflicts -o name -f >/dev/null 2>"$tmp/errors"; then
    cat "$tmp/errors" >&2
    # An API server that could not be reached (restarted, overloaded) is not a limit to lower.
    if grep -qE 'connection refused|dial tcp|Unable to connect|unable to handle the request|TLS handshake timeout|i/o timeout' "$tmp/errors"; then
      rm -rf "$tmp"
      bench_die "creating dummy Services in $ns failed: the API server of context '$K8S_CONTEXT' could not be reached (kubectl's errors above)" \
        "once 'kubectl --context $K8S_CONTEXT get --raw /readyz' says ok, rerun with the same run directory: the step starts again from no dummy Services"
    fi
    rm -rf "$tmp"
    bench_die "creating dummy Services in $ns failed" \
      "check the API server limits (TKE cluster tier, quota) with 'kubectl --context $K8S_CONTEXT -n $ns get svc | wc -l'; lower SVC_CREATE_PARALLEL and rerun"
  fi
  rm -rf "$tmp"
}

# k8s_dummy_services_delete <ns>: remove every dummy Service and EndpointSlice in <ns>
# (without waiting: for the end of a run).
k8s_dummy_services_delete() {
  local ns="$1"
  kc -n "$ns" delete services,endpointslices -l bench.k8s-network/dummy=true --wait=false >/dev/null 2>&1 || true
}

k8s_dummy_services_count() { kc -n "$1" get services -l bench.k8s-network/dummy=true -o name | grep -c . || true; }
k8s__no_dummy_services() { (($(k8s_dummy_services_count "$1") == 0)); }

# k8s_dummy_services_clear <ns> [timeout-s]: delete them and wait until none is left,
# so that what is counted next (the Services a step starts from, the rules the data
# plane holds) does not include Services still being deleted.
k8s_dummy_services_clear() {
  local ns="$1" timeout="${2:-${K8S_WAIT_TIMEOUT:-300}}"
  k8s_dummy_services_delete "$ns"
  k8s_wait "$timeout" "the dummy Services left in $ns by an earlier run to be deleted" k8s__no_dummy_services "$ns"
}

# ---------------------------------------------------------------- node counters around a window

# What a node's NIC and IP stack counted, read in a host-network probe: the primary
# interface (the default route's device: eth0 on AL2, ens5 on AL2023) with its
# `ethtool -S` (ENA: the *_allowance_exceeded counters, packets the instance's
# bandwidth, packet-rate, conntrack or link-local limits queued or dropped), then
# `nstat -az` (absolute values, zeros included; -s leaves nstat's history file alone)
# of the host's network namespace. The node-counters raw format, read by
# ingest/parsers/node-counters.ts.
# shellcheck disable=SC2016 # expanded by the probe's sh
K8S_NODE_COUNTERS_SCRIPT='dev=$(ip route show default 2>/dev/null | awk "{for (i = 1; i < NF; i++) if (\$i == \"dev\") { print \$(i + 1); exit }}")
[ -n "$dev" ] || { echo "no default route: cannot tell the primary interface" >&2; exit 1; }
echo "# interface $dev"
echo "## ethtool -S $dev"
ethtool -S "$dev" || exit 1
echo "## nstat -az"
nstat -asz || exit 1'

# Executors (array names) of the host-network probes on the client's and the server's
# node, set by the script (EKS: CLIENT_PROBE_EXEC and BENCH_SERVER_EXEC).
K8S_COUNTERS_CLIENT_EXEC="${K8S_COUNTERS_CLIENT_EXEC:-}"
K8S_COUNTERS_SERVER_EXEC="${K8S_COUNTERS_SERVER_EXEC:-}"

# k8s_node_counters <before|after> <file>: append one snapshot of each side's node
# (client, then server), each after a "# counters <phase> <time> side=<side> node=<node>"
# line. Used as BENCH_WINDOW_COUNTERS (lib/bench.sh) around each traffic window.
k8s_node_counters() {
  local phase="$1" file="$2" side name node
  for side in client server; do
    if [[ "$side" == client ]]; then name="$K8S_COUNTERS_CLIENT_EXEC" node="$BENCH_CLIENT_NODE"; else name="$K8S_COUNTERS_SERVER_EXEC" node="$BENCH_SERVER_NODE"; fi
    [[ -n "$name" ]] || { echo "no probe executor for the $side node (K8S_COUNTERS_${side^^}_EXEC)" >&2; return 1; }
    local -n counters_exec="$name"
    printf '# counters %s %s side=%s node=%s\n' "$phase" "$(bench_now)" "$side" "${node:-unknown}" >>"$file"
    "${counters_exec[@]}" sh -c "$K8S_NODE_COUNTERS_SCRIPT" >>"$file" || return 1
    unset -n counters_exec
  done
}

# k8s_node_counters_check: 0 when each side's probe can read the counters (ethtool,
# nstat and a default route); else 1 with why on stdout. Call after setting K8S_COUNTERS_*_EXEC.
k8s_node_counters_check() {
  local out rc=0
  out="$(mktemp)"
  k8s_node_counters check "$out" 2>"$out.err" || rc=$?
  if ((rc != 0)); then
    local why
    why="$(tr '\n' ' ' <"$out.err")"
    echo "${why:-ethtool -S or nstat failed in a node probe}"
  fi
  rm -f "$out" "$out.err"
  return "$rc"
}
