# shellcheck shell=bash
# Shared by the real-cluster tests (sourced with `load common`).
ROOT=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
KUBE=$ROOT/scripts/kube/kube.sh
# shellcheck source=scripts/kube/lib.sh
source "$ROOT/scripts/kube/lib.sh"
eval "$(bash "$KUBE" env)"
# The scripts these tests drive gate each measurement window on a quiet host
# (lib/protocol.sh); a test machine is not quiet, and these tests check what the
# scripts do, not their figures: the host is sampled and recorded, never waited for.
export BENCH_IDLE_GATE=0 BENCH_IDLE_SAMPLE=0.5 BENCH_ROUND_REST=0

# cluster_per_file: the file needs a running cluster, in iptables mode, with
# nothing of another file's on it. Called at the top level of a .bats file,
# after `load common`. test-kube.sh runs every such file on one cluster it
# brings up before the first and down after the last (KUBE_TEST_SHARED_CLUSTER=1;
# `up` and `down` themselves are proven by the kube-proxy study, which starts
# and stops its own, and by lifecycle.bats): each file then starts from a reset
# cluster. Run alone (bats <file>), the file brings its own up and down.
# shellcheck disable=SC2317 # the hooks are called by bats
cluster_per_file() {
  if [[ ${KUBE_TEST_SHARED_CLUSTER:-} == 1 ]]; then
    setup_file() {
      local started=$SECONDS
      reset_cluster >&3 2>&1
      echo "# cluster reset for ${BATS_TEST_FILENAME##*/} in $((SECONDS - started)) s" >&3
    }
  else
    setup_file() { KUBE_PROXY_MODE=iptables bash "$KUBE" up >&3 2>&1; }
    teardown_file() { bash "$KUBE" down >&3 2>&1; }
  fi
}

# The namespaces every cluster has; reset_cluster deletes all others.
BUILTIN_NAMESPACES='^(default|kube-system|kube-public|kube-node-lease)$'

# made_namespaces: the namespaces a test or a script made, one per line.
made_namespaces() { kubectl get namespaces -o name | sed 's|^namespace/||' | grep -Ev "$BUILTIN_NAMESPACES" || true; }
no_made_namespaces() { [[ -z $(made_namespaces) ]]; }

# no_pods_left: deletes every pod at once, without its grace period (`sleep
# infinity` ignores SIGTERM); true when none is left.
no_pods_left() {
  kubectl delete pods --all --all-namespaces --grace-period=0 --force --wait=false >/dev/null 2>&1 || true
  [[ -z $(kubectl get pods --all-namespaces -o name) ]]
}

# reset_cluster: the shared cluster as a fresh `up` leaves it, for the next
# file: kube-proxy in iptables mode, no namespace, pod or label a test or a
# script made (a namespace a script deleted without waiting may still be
# terminating: an apply into it would fail).
reset_cluster() {
  [[ $(<"$KUBE_RUN_DIR/kube-proxy.mode") == iptables ]] || bash "$KUBE" proxy-mode iptables
  local namespaces
  namespaces=$(made_namespaces)
  # The namespaces first: once terminating, nothing new is created in them, so
  # their controllers cannot replace the pods forced away next (with the pods
  # forced first, the EKS run's namespaces took 51 s to go: a Deployment's
  # replacement pods get the default 30 s grace period). One that was already
  # terminating may be gone by the time it is named here: not an error.
  # shellcheck disable=SC2086 # one name per word
  if [[ -n $namespaces ]]; then kubectl delete namespace $namespaces --wait=false --ignore-not-found >/dev/null; fi
  kubectl label node "$KUBE_NODE_NAME" bench.k8s-network/side- >/dev/null 2>&1 || true
  wait_until 60 no_pods_left
  wait_until 120 no_made_namespaces
}

# wait_until <timeout-s> <command...>
wait_until() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    ((SECONDS < deadline)) || { echo "timed out: $*" >&2; return 1; }
    sleep 1
  done
}

# A fortio server pod, a ClusterIP Service in front of it and a toolbox client
# pod; every image is a local one under the name the bench manifests pin.
apply_probe_workload() {
  kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Namespace
metadata: {name: kube-test}
---
apiVersion: v1
kind: Pod
metadata: {name: echo, namespace: kube-test, labels: {app: echo}}
spec:
  containers:
    - {name: fortio, image: fortio/fortio:1.68.2, command: [fortio, server, -http-port, "8080"], ports: [{containerPort: 8080}],
       readinessProbe: {httpGet: {path: /debug, port: 8080}, periodSeconds: 1}}
---
apiVersion: v1
kind: Service
metadata: {name: echo, namespace: kube-test}
spec:
  selector: {app: echo}
  ports: [{port: 80, targetPort: 8080}]
---
apiVersion: v1
kind: Pod
metadata: {name: client, namespace: kube-test}
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - {name: tools, image: nicolaka/netshoot:v0.13, command: [sleep, infinity]}
YAML
  kubectl -n kube-test wait --for=condition=Ready pod/echo pod/client --timeout=90s
}

cluster_ip() { kubectl -n kube-test get service echo -o jsonpath='{.spec.clusterIP}'; }

# HTTP status of a request from the client pod to the echo Service's ClusterIP.
http_via_cluster_ip() {
  kubectl -n kube-test exec client -- curl -s -m 5 -o /dev/null -w '%{http_code}' "http://$(cluster_ip)/debug"
}

# The EKS scenario script (scripts/benchmarks/eks-cni/run-benchmark.sh) on this
# cluster, as the files that drive it run it: its switches for one local node
# (NO_AWS=1: the bridge CNI and iptables kube-proxy are scenario A, nothing is
# switched; ALLOW_SINGLE_NODE=1: client and server share the node) and bounded
# waits. Each file adds the sizes of its steps.
# shellcheck disable=SC2034 # both read by the files that load this one
EKS_SCRIPT=$ROOT/scripts/benchmarks/eks-cni/run-benchmark.sh
# shellcheck disable=SC2034
EKS_LOCAL_ENV=(KUBE_CONTEXT=k8s-network-bench NO_AWS=1 ALLOW_SINGLE_NODE=1
  "BENCH_PLATFORM=local single node (scripts/kube)" "BENCH_CNI=bridge (CNI plugins)" "BENCH_ROUTING=Linux bridge, one node"
  SVC_SYNC_TIMEOUT=120 WAIT_TIMEOUT=120 K8S_POLL_INTERVAL=1)
