#!/usr/bin/env bash
# Server-side dry run of every Kubernetes object under examples/ against the
# cluster of the current kubeconfig (the local one: eval "$(bash scripts/kube/kube.sh env)").
#
#   bash scripts/examples/dry-run.sh [--help]
#
# The API server validates each object as it would on `kubectl apply`, without
# keeping it. CiliumNetworkPolicies need their CRD: when the cluster has none,
# the script installs one built from the schema committed under
# examples/reference/cilium-<version>/ for the suite's Cilium version, and the
# `bench` namespace the examples use; both are removed again on exit (only what
# this script created). eksctl's ClusterConfig is not a Kubernetes object and
# is skipped (tests/unit/examples.test.ts checks it).
set -euo pipefail

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
for tool in kubectl jq node; do
  command -v "$tool" >/dev/null || { echo "dry-run: $tool is missing" >&2; exit 2; }
done
kubectl version --request-timeout=10s >/dev/null 2>&1 || { echo "dry-run: no cluster answers for the current kubeconfig (local cluster: npm run kube:up)" >&2; exit 2; }

declare -A CILIUM_VERSION=([eks-cni]=1.16.5 [tke-cilium]=1.19.4)
created=()
# Called by the EXIT trap: remove, newest first, only what this script created.
# shellcheck disable=SC2317
cleanup() {
  local i kind name
  for ((i = ${#created[@]} - 1; i >= 0; i--)); do
    read -r kind name <<<"${created[i]}"
    kubectl delete --ignore-not-found --wait=false "$kind" "$name" >/dev/null || true
  done
}
trap cleanup EXIT

if ! kubectl get namespace bench >/dev/null 2>&1; then
  kubectl create namespace bench >/dev/null
  created+=("namespace bench")
fi

# ensure_cnp_crd <schema.json>: a CiliumNetworkPolicy CRD with the committed v2 schema, if the cluster has none.
ensure_cnp_crd() {
  kubectl get crd ciliumnetworkpolicies.cilium.io >/dev/null 2>&1 && return 0
  jq '{apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition",
       metadata: {name: "ciliumnetworkpolicies.cilium.io"},
       spec: {group: "cilium.io", scope: "Namespaced",
              names: {kind: "CiliumNetworkPolicy", listKind: "CiliumNetworkPolicyList", plural: "ciliumnetworkpolicies", singular: "ciliumnetworkpolicy", shortNames: ["cnp"]},
              versions: [{name: "v2", served: true, storage: true, schema: {openAPIV3Schema: del(.["$comment"])}}]}}' "$1" |
    kubectl apply -f - >/dev/null
  created+=("crd ciliumnetworkpolicies.cilium.io")
  local waited=0
  until [[ $(kubectl get crd ciliumnetworkpolicies.cilium.io -o jsonpath='{.status.conditions[?(@.type=="Established")].status}' 2>/dev/null) == True ]]; do
    ((waited++ < 60)) || { echo "dry-run: the CiliumNetworkPolicy CRD was not established within 60 s" >&2; return 1; }
    sleep 1
  done
}

failed=0
for suite in "${!CILIUM_VERSION[@]}"; do
  for file in examples/"$suite"/*.yaml; do
    [[ -e $file ]] || continue
    kind=$(node -e 'const y=require("js-yaml");const d=y.load(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(String(d.kind))' "$file")
    case $kind in
      ClusterConfig) echo "skip  $file (eksctl ClusterConfig)"; continue ;;
      CiliumNetworkPolicy) ensure_cnp_crd "examples/reference/cilium-${CILIUM_VERSION[$suite]}/ciliumnetworkpolicy-v2.schema.json" ;;
    esac
    if out=$(kubectl apply --dry-run=server -f "$file" 2>&1); then
      echo "ok    $file: $out"
    else
      echo "FAIL  $file: $out"
      failed=1
    fi
  done
done
exit "$failed"
