# shellcheck shell=bash
# Shared by the real-cluster tests (sourced with `load common`).
ROOT=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
KUBE=$ROOT/scripts/kube/kube.sh
# shellcheck source=scripts/kube/lib.sh
source "$ROOT/scripts/kube/lib.sh"
eval "$(bash "$KUBE" env)"

# cluster_per_file: one cluster for the whole file, up before its first test and
# down after its last. Called at the top level of a .bats file, after `load common`.
# shellcheck disable=SC2317 # the hooks are called by bats
cluster_per_file() {
  setup_file() { KUBE_PROXY_MODE=iptables bash "$KUBE" up >&3 2>&1; }
  teardown_file() { bash "$KUBE" down >&3 2>&1; }
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
