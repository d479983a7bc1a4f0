//go:build tools

// Package kubebinaries pins the Kubernetes commands scripts/kube/build.sh
// builds; go.mod requires k8s.io/kubernetes and maps each staging module
// (k8s.io/api, k8s.io/client-go, ...) to the release with the same minor.
package kubebinaries

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-proxy"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubectl"
	_ "k8s.io/kubernetes/cmd/kubelet"
)
