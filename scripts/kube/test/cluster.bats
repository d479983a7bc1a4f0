#!/usr/bin/env bats
# The local cluster for real: built binaries, pods from the local images, a
# ClusterIP Service through kube-proxy in iptables mode, then in nftables mode.
# Needs root and a free machine; run through `npm run test:kube`.

bats_require_minimum_version 1.5.0

load common
cluster_per_file

@test "every component reports the pinned Kubernetes release; the node is Ready" {
  run kubectl version -o json
  [ "$status" -eq 0 ]
  [ "$(jq -r .serverVersion.gitVersion <<<"$output")" = "$KUBE_VERSION" ]
  [ "$(jq -r .clientVersion.gitVersion <<<"$output")" = "$KUBE_VERSION" ]
  run kubectl get node "$KUBE_NODE_NAME" -o jsonpath='{.status.nodeInfo.kubeletVersion} {.status.nodeInfo.kubeProxyVersion} {.status.conditions[?(@.type=="Ready")].status}'
  [ "$output" = "$KUBE_VERSION $KUBE_VERSION True" ] || [ "$output" = "$KUBE_VERSION  True" ]
  for cmd in kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy; do
    [[ $("$KUBE_BIN_DIR/$cmd" --version) == "Kubernetes $KUBE_VERSION" ]] || { echo "$cmd: $("$KUBE_BIN_DIR/$cmd" --version)"; return 1; }
  done
}

@test "the images the bench manifests pin are in containerd, under their exact references" {
  run ctr --address "$CONTAINERD_SOCKET" -n k8s.io images ls -q
  [ "$status" -eq 0 ]
  local manifest_refs
  manifest_refs=$( { grep -ho 'image: [^ ]*' "$ROOT/scripts/benchmarks/eks-cni/workloads.yaml" | awk '{ print $2 }'
    grep -hoE '^IMAGE_[A-Z]+="[^"]+"' "$ROOT/scripts/benchmarks/tke-cilium/network-benchmark.sh" | cut -d'"' -f2; } | sort -u)
  [ -n "$manifest_refs" ]
  local ref normalized
  for ref in $manifest_refs; do
    normalized=$ref
    [[ ${ref%%/*} == *.* ]] || normalized=docker.io/$ref
    grep -qxF "$normalized" <<<"$output" || { echo "not imported: $normalized"; return 1; }
  done
}

@test "pods run from every pinned image, including the digest-pinned network-perf reference" {
  local netperf_image
  netperf_image=$(grep -oE '^IMAGE_NETPERF="[^"]+"' "$ROOT/scripts/benchmarks/tke-cilium/network-benchmark.sh" | cut -d'"' -f2)
  kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata: {name: images, namespace: default}
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - {name: netperf, image: "$netperf_image", command: [netserver, -D, -p, "12865"]}
    - {name: httpbin, image: mccutchen/go-httpbin:v2.15.0}
    # One network namespace per pod: go-httpbin listens on 8080, so fortio takes 8081
    # (on one port, whichever container binds second crash-loops and the pod never gets Ready).
    - {name: fortio, image: fortio/fortio:1.68.2, command: [fortio, server, -http-port, "8081", -redirect-port, disabled, -grpc-port, disabled]}
    - {name: tools, image: nicolaka/netshoot:v0.13, command: [sleep, infinity]}
YAML
  # Four containers starting on a loaded 2-core machine took over 90 s (CI, load ~20).
  kubectl wait --for=condition=Ready pod/images --timeout=300s
  # iperf3, netperf, dig and iptables-save run inside the toolbox image.
  run kubectl exec images -c tools -- sh -c 'iperf3 --version; netperf -V; dig -v 2>&1; iptables-save --version; curl -s -o /dev/null -w "%{http_code} " http://127.0.0.1:8080/status/200; curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:8081/fortio/'
  [ "$status" -eq 0 ]
  [[ $output == *"iperf 3"* && $output == *"Netperf version"* && $output == *"DiG"* && $output == *"nf_tables"* ]]
  # httpbin, then fortio's own UI: each container answers on its port.
  [[ $output == *"200 200" ]]
  run kubectl logs images -c fortio
  [ "$status" -eq 0 ]
  [[ $output == *"Fortio 1.68.2"* ]]
  kubectl delete pod images --wait=false
}

@test "iptables mode: kube-proxy programs the Service into KUBE-SERVICES and traffic reaches the pod" {
  [ "$(<"$KUBE_RUN_DIR/kube-proxy.mode")" = iptables ]
  apply_probe_workload
  wait_until 30 bash -c "iptables-save -t nat | grep -q -- '-A KUBE-SERVICES -d $(cluster_ip)/32'"
  run http_via_cluster_ip
  [ "$output" = 200 ]
  run curl -sf "$KUBE_PROXY_METRICS_URL"
  [[ $output == *kubeproxy_sync_full_proxy_rules_duration_seconds_count* ]]
  run ! nft list table ip kube-proxy
}

@test "switching to nftables mode removes the iptables rules and programs table ip kube-proxy" {
  run bash "$KUBE" proxy-mode nftables
  [ "$status" -eq 0 ]
  [ "$(<"$KUBE_RUN_DIR/kube-proxy.mode")" = nftables ]
  [ "$(iptables-save -t nat | grep -c 'KUBE-SERVICES' || true)" -eq 0 ]
  wait_until 30 bash -c "nft list table ip kube-proxy | grep -q '$(cluster_ip)'"
  run http_via_cluster_ip
  [ "$output" = 200 ]
  run curl -sf "$KUBE_PROXY_METRICS_URL"
  [[ $output == *kubeproxy_sync_full_proxy_rules_duration_seconds_count* ]]
}

@test "and back to iptables: the nft table is gone, the chains are back" {
  run bash "$KUBE" proxy-mode iptables
  [ "$status" -eq 0 ]
  run ! nft list table ip kube-proxy
  wait_until 30 bash -c "iptables-save -t nat | grep -q -- '-A KUBE-SERVICES -d $(cluster_ip)/32'"
  run http_via_cluster_ip
  [ "$output" = 200 ]
}

@test "ipvs is refused as not applicable, and kube-proxy keeps running" {
  run bash "$KUBE" proxy-mode ipvs
  [ "$status" -ne 0 ]
  [[ $output == *"no IPVS"* ]]
  kube_daemon_pid kube-proxy
}

@test "kubectl logs and exec work (the kubelet serves on the node address)" {
  run kubectl -n kube-test logs echo
  [ "$status" -eq 0 ]
  [[ $output == *"Fortio 1.68.2"* ]]
}
