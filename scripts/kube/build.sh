#!/usr/bin/env bash
# Build the local cluster's programs from pinned Go modules, once, into the
# cache (default .cache/kube/, ignored by git); later runs reuse them.
#
#   Kubernetes v1.34.x  kube-apiserver kube-controller-manager kube-scheduler
#                       kubelet kube-proxy kubectl   (scripts/kube/gomod/go.mod)
#   image programs      fortio 1.68.2, go-httpbin 2.15.0 (their own go.mod,
#                       CGO_ENABLED=0) and the pause program (images/pause)
#
# Usage: bash scripts/kube/build.sh [--help]
#   KUBE_CACHE_DIR  where binaries go (default: <repo>/.cache/kube)
# Needs Go (the version gomod/go.mod names or newer) and the Go module proxy.
set -euo pipefail
# shellcheck source=scripts/kube/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi

KUBE_COMMANDS=(kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl)

find_go() {
  kube_has go && return 0
  [[ -x /usr/local/go/bin/go ]] && { PATH="$PATH:/usr/local/go/bin"; return 0; }
  kube_die "Go is not installed" "install Go $(awk '$1 == "go" { print $2 }' "$KUBE_SCRIPTS_DIR/gomod/go.mod") or newer (https://go.dev/doc/install)"
}

# The version stamps `kubectl version` and `/version` report (as upstream's
# hack/lib/version.sh sets them); without them binaries say v0.0.0-master.
version_ldflags() {
  local version=$1 major minor flags="" pkg
  major=${version#v}; major=${major%%.*}
  minor=${version#v*.}; minor=${minor%%.*}
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    flags+=" -X $pkg.gitVersion=$version -X $pkg.gitMajor=$major -X $pkg.gitMinor=$minor"
    flags+=" -X $pkg.gitTreeState=clean -X $pkg.buildDate=1970-01-01T00:00:00Z"
  done
  printf '%s\n' "${flags# }"
}

binary_reports() {
  if [[ ${1##*/} == kubectl ]]; then "$1" version --client 2>/dev/null | head -n1 || true
  else "$1" --version 2>/dev/null | head -n1 || true; fi
}

build_kubernetes() {
  local missing=() cmd
  for cmd in "${KUBE_COMMANDS[@]}"; do
    [[ -x $KUBE_BIN_DIR/$cmd && $(binary_reports "$KUBE_BIN_DIR/$cmd") == *"$KUBE_VERSION"* ]] || missing+=("$cmd")
  done
  if ((${#missing[@]} == 0)); then
    kube_log "Kubernetes $KUBE_VERSION binaries: cached in $KUBE_BIN_DIR"
    return 0
  fi
  kube_log "building Kubernetes $KUBE_VERSION: ${missing[*]} (cold: about 10-20 min on 2 cores; warm Go cache: about 2 min)"
  mkdir -p "$KUBE_BIN_DIR"
  local packages=()
  for cmd in "${missing[@]}"; do packages+=("k8s.io/kubernetes/cmd/$cmd"); done
  local started=$SECONDS
  (cd "$KUBE_SCRIPTS_DIR/gomod" && GOFLAGS=-mod=readonly go build -buildvcs=false \
    -ldflags "$(version_ldflags "$KUBE_VERSION")" -o "$KUBE_BIN_DIR/" "${packages[@]}") \
    || kube_die "go build of Kubernetes $KUBE_VERSION failed (output above)" "check that the Go module proxy is reachable and Go is recent enough (go version)"
  kube_log "built in $((SECONDS - started)) s"
  for cmd in "${missing[@]}"; do
    [[ $(binary_reports "$KUBE_BIN_DIR/$cmd") == *"$KUBE_VERSION"* ]] \
      || kube_die "$KUBE_BIN_DIR/$cmd does not report $KUBE_VERSION"
  done
}

# Static programs for the images: fortio and go-httpbin through `go install
# module@version` (their own go.mod and go.sum), pause from this repository.
build_image_programs() {
  mkdir -p "$KUBE_IMAGE_BIN_DIR"
  if [[ $("$KUBE_IMAGE_BIN_DIR/fortio" version 2>/dev/null || true) != "$FORTIO_VERSION" ]]; then
    kube_log "building fortio $FORTIO_VERSION (static)"
    GOBIN=$KUBE_IMAGE_BIN_DIR CGO_ENABLED=0 go install "fortio.org/fortio@v$FORTIO_VERSION" \
      || kube_die "go install fortio.org/fortio@v$FORTIO_VERSION failed" "check that the Go module proxy is reachable"
  fi
  if [[ ! -x $KUBE_IMAGE_BIN_DIR/go-httpbin || ! -f $KUBE_IMAGE_BIN_DIR/go-httpbin.version \
    || $(<"$KUBE_IMAGE_BIN_DIR/go-httpbin.version") != "$HTTPBIN_VERSION" ]]; then
    kube_log "building go-httpbin $HTTPBIN_VERSION (static)"
    GOBIN=$KUBE_IMAGE_BIN_DIR CGO_ENABLED=0 go install "github.com/mccutchen/go-httpbin/v2/cmd/go-httpbin@v$HTTPBIN_VERSION" \
      || kube_die "go install go-httpbin@v$HTTPBIN_VERSION failed" "check that the Go module proxy is reachable"
    printf '%s\n' "$HTTPBIN_VERSION" >"$KUBE_IMAGE_BIN_DIR/go-httpbin.version"
  fi
  if [[ ! -x $KUBE_IMAGE_BIN_DIR/pause || $KUBE_SCRIPTS_DIR/images/pause/main.go -nt $KUBE_IMAGE_BIN_DIR/pause ]]; then
    kube_log "building pause (static)"
    (cd "$KUBE_SCRIPTS_DIR/images/pause" && CGO_ENABLED=0 GO111MODULE=off go build -o "$KUBE_IMAGE_BIN_DIR/pause" main.go) \
      || kube_die "go build of images/pause failed"
  fi
}

find_go
build_kubernetes
build_image_programs
