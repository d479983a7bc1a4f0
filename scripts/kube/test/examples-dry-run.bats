#!/usr/bin/env bats
# The report pages' Kubernetes snippets (examples/) on a real API server:
# every object passes `kubectl apply --dry-run=server`, CiliumNetworkPolicies
# against the CRD schema of the Cilium version each report used.
# Needs root and a free machine; run through `npm run test:kube`.

bats_require_minimum_version 1.5.0

load common
cluster_per_file

@test "every example object passes a server-side dry run" {
  run bash "$ROOT/scripts/examples/dry-run.sh"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"ciliumnetworkpolicy.cilium.io/backend-egress-aws-only created (server dry run)"* ]]
  [[ $output == *"pod/fortio-client created (server dry run)"* ]]
  # Only what the script created is gone again (it deletes without waiting).
  kubectl wait --for=delete crd/ciliumnetworkpolicies.cilium.io --timeout=60s
  run kubectl get crd ciliumnetworkpolicies.cilium.io
  [ "$status" -ne 0 ]
}
