#!/usr/bin/env bats
# The EKS workloads (scripts/benchmarks/eks-cni/workloads.yaml) applied
# unchanged to the local cluster, from the local images. The manifest places
# servers on nodes labelled side=server and clients on side=client; one node
# carries one label at a time, so it is labelled server, the server pods are
# scheduled, then relabelled client (running pods stay) for the clients. A pod
# that still cannot run here must say why, and only for a reason of this
# machine (2 cores: the requests add up to more than 2 CPUs).
# Needs root and a free machine; run through `npm run test:kube`.

bats_require_minimum_version 1.5.0

load common
cluster_per_file

setup() {
  WORKLOADS=$ROOT/scripts/benchmarks/eks-cni/workloads.yaml
}

deployment_ready() { [[ $(kubectl -n bench get deployment "$1" -o jsonpath='{.status.readyReplicas}') == "$2" ]]; }

# Why the scheduler left the fortio client's pod unplaced, every message so far.
fortio_scheduling_failures() {
  local pod
  pod=$(kubectl -n bench get pods -l app=fortio -o jsonpath='{.items[0].metadata.name}')
  [[ -n $pod ]] && kubectl -n bench get events --field-selector "reason=FailedScheduling,involvedObject.name=$pod" -o jsonpath='{.items[*].message}'
}

# The fortio client runs, or the scheduler has said it does not fit for lack of CPU.
fortio_placed_or_cpu_short() { deployment_ready fortio 1 || [[ $(fortio_scheduling_failures) == *"Insufficient cpu"* ]]; }

@test "workloads.yaml runs unchanged: servers, clients, the node probe; what cannot fit is Pending for lack of CPU only" {
  kubectl label node "$KUBE_NODE_NAME" bench.k8s-network/side=server --overwrite
  kubectl apply -f "$WORKLOADS"
  wait_until 120 deployment_ready httpbin 2
  wait_until 60 deployment_ready netperf-server 1
  wait_until 60 deployment_ready iperf3-server 1
  # shellcheck disable=SC2016 # expanded by the inner bash
  wait_until 60 bash -c '[[ $(kubectl -n bench get daemonset node-probe -o jsonpath="{.status.numberReady}") == 1 ]]'
  kubectl label node "$KUBE_NODE_NAME" bench.k8s-network/side=client --overwrite
  wait_until 60 deployment_ready iperf3-client 1
  wait_until 60 deployment_ready dns-client 1
  wait_until 60 deployment_ready netperf-client 1

  # The Service in front of httpbin answers through kube-proxy.
  local client ip
  client=$(kubectl -n bench get pods -l app=iperf3-client -o jsonpath='{.items[0].metadata.name}')
  ip=$(kubectl -n bench get service httpbin -o jsonpath='{.spec.clusterIP}')
  run kubectl -n bench exec "$client" -- curl -s -m 5 -o /dev/null -w '%{http_code}' "http://$ip/status/200"
  [ "$output" = 200 ]
  # iperf3 client to server through the Service, one second.
  ip=$(kubectl -n bench get service iperf3-server -o jsonpath='{.spec.clusterIP}')
  run kubectl -n bench exec "$client" -- iperf3 -c "$ip" -t 1 -J
  [ "$status" -eq 0 ]
  jq -e '.end.sum_received.bits_per_second > 0' <<<"$output"
  # The node probe (host network, privileged) reads kube-proxy's rules and metrics.
  local probe
  probe=$(kubectl -n bench get pods -l app=node-probe -o jsonpath='{.items[0].metadata.name}')
  run kubectl -n bench exec "$probe" -- sh -c 'iptables-save -t nat 2>/dev/null | grep -c "^-A KUBE-SERVICES"; curl -s 127.0.0.1:10249/metrics | grep -c kubeproxy_sync_proxy_rules'
  [ "$status" -eq 0 ]
  [[ ${lines[0]} -ge 3 && ${lines[1]} -ge 1 ]]

  # The fortio client asks for a whole CPU; on a 2-core node after the others
  # it may not fit. Either it runs, or the scheduler says Insufficient cpu:
  # waiting for whichever comes first (a fixed 30 s wait for Ready cost 30 s
  # on every 2-core run).
  wait_until 60 fortio_placed_or_cpu_short
  if ! deployment_ready fortio 1; then
    run fortio_scheduling_failures
    echo "fortio client not scheduled: $output"
    [[ $output == *"Insufficient cpu"* ]]
    [ "$(nproc)" -le 2 ]
  fi
  kubectl delete -f "$WORKLOADS" --wait=false
  kubectl label node "$KUBE_NODE_NAME" bench.k8s-network/side-
}
