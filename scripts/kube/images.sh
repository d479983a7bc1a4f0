#!/usr/bin/env bash
# Build the local OCI images the project's manifests pin, from files on this
# machine (no registry), under the exact references the manifests use:
#
#   registry.k8s.io/pause:3.10               pause program (sandbox image)
#   docker.io/fortio/fortio:1.68.2           static fortio from its Go module
#   docker.io/mccutchen/go-httpbin:v2.15.0   static go-httpbin from its Go module
#   docker.io/nicolaka/netshoot:v0.13        toolbox: Debian's iperf3, netperf,
#   quay.io/cilium/network-perf:<tag>@<digest>  dig, curl, iptables, nft, ip, ...
#                                            with their shared libraries
#
# The toolbox serves both tool images the scripts pin. The network-perf
# reference is pinned by digest; the local image carries that name so the pod
# specs run unchanged, but its content is the toolbox, not that digest (the
# digest a pod really ran is what the bench manifests record: its imageID).
#
# Usage: bash scripts/kube/images.sh build            write the OCI tarballs
#        bash scripts/kube/images.sh import <socket>  build, then import them
#                     (KUBE_BUILD_CHECKED=1: the caller built them, import only)
set -euo pipefail
# shellcheck source=scripts/kube/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PAUSE_IMAGE=registry.k8s.io/pause:3.10
NETPERF_IMAGE=quay.io/cilium/network-perf:1751527436-c2462ae@sha256:0c491ed7ca63e6c526593b3a2d478f856410a50fbbce7fe2b64283c3015d752f
# containerd normalizes "name:tag@digest" to "name@digest" when it resolves a
# reference, so the image is stored under both spellings.
NETPERF_IMAGE_BY_DIGEST=${NETPERF_IMAGE%%:*}@${NETPERF_IMAGE#*@}
DEFAULT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# Commands of the toolbox image, copied from this host with their libraries.
TOOLBOX_COMMANDS=(
  sh bash sleep cat ls head tail wc env date timeout sort uniq cut tr mkdir rm
  grep sed awk getent
  iperf3 netperf netserver dig curl ip ss nft conntrack
)
IPTABLES_NAMES=(iptables iptables-save iptables-restore ip6tables ip6tables-save ip6tables-restore
  iptables-nft iptables-nft-save iptables-nft-restore ip6tables-nft ip6tables-nft-save ip6tables-nft-restore)

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

# write_oci_image <out.tar> <rootfs-dir> <entrypoint-json> <cmd-json> <reference>...
# One uncompressed layer; reproducible (sorted entries, fixed times and owners).
write_oci_image() {
  local out=$1 rootfs=$2 entrypoint=$3 cmd=$4
  shift 4
  local work
  work=$(mktemp -d)
  mkdir -p "$work/blobs/sha256"
  tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$rootfs" -cf "$work/layer.tar" .
  local layer_digest layer_size
  layer_digest=$(sha256_of "$work/layer.tar")
  layer_size=$(stat -c %s "$work/layer.tar")
  mv "$work/layer.tar" "$work/blobs/sha256/$layer_digest"

  jq -cn --arg diff "sha256:$layer_digest" --arg path "PATH=$DEFAULT_PATH" \
    --argjson entrypoint "$entrypoint" --argjson cmd "$cmd" '{
      created: "1970-01-01T00:00:00Z", architecture: "amd64", os: "linux",
      config: ({Env: [$path], WorkingDir: "/"}
        + (if $entrypoint == null then {} else {Entrypoint: $entrypoint} end)
        + (if $cmd == null then {} else {Cmd: $cmd} end)),
      rootfs: {type: "layers", diff_ids: [$diff]},
      history: [{created: "1970-01-01T00:00:00Z", created_by: "scripts/kube/images.sh"}]
    }' >"$work/config.json"
  local config_digest config_size
  config_digest=$(sha256_of "$work/config.json")
  config_size=$(stat -c %s "$work/config.json")
  mv "$work/config.json" "$work/blobs/sha256/$config_digest"

  jq -cn --arg config "sha256:$config_digest" --argjson configSize "$config_size" \
    --arg layer "sha256:$layer_digest" --argjson layerSize "$layer_size" '{
      schemaVersion: 2, mediaType: "application/vnd.oci.image.manifest.v1+json",
      config: {mediaType: "application/vnd.oci.image.config.v1+json", digest: $config, size: $configSize},
      layers: [{mediaType: "application/vnd.oci.image.layer.v1.tar", digest: $layer, size: $layerSize}]
    }' >"$work/manifest.json"
  local manifest_digest manifest_size
  manifest_digest=$(sha256_of "$work/manifest.json")
  manifest_size=$(stat -c %s "$work/manifest.json")
  mv "$work/manifest.json" "$work/blobs/sha256/$manifest_digest"

  printf '{"imageLayoutVersion": "1.0.0"}\n' >"$work/oci-layout"
  printf '%s\n' "$@" | jq -Rn --arg digest "sha256:$manifest_digest" --argjson size "$manifest_size" '{
      schemaVersion: 2,
      manifests: [inputs | {
        mediaType: "application/vnd.oci.image.manifest.v1+json", digest: $digest, size: $size,
        platform: {architecture: "amd64", os: "linux"},
        annotations: {"io.containerd.image.name": ., "org.opencontainers.image.ref.name": .}
      }]
    }' >"$work/index.json"
  tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$work" -cf "$out.partial" oci-layout index.json blobs
  mv "$out.partial" "$out"
  rm -rf "$work"
}

# Debian 12 merges /bin, /sbin and /lib into /usr: mirror that, then copy each
# file to its resolved path so every spelling of a path works in the image.
new_rootfs() {
  local root=$1
  mkdir -p "$root"/usr/{bin,sbin,lib,lib64} "$root"/{etc,tmp,root,proc,sys,dev}
  chmod 1777 "$root/tmp"
  ln -s usr/bin "$root/bin"; ln -s usr/sbin "$root/sbin"
  ln -s usr/lib "$root/lib"; ln -s usr/lib64 "$root/lib64"
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$root/etc/passwd"
  printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
  printf 'hosts: files dns\nnetworks: files\nservices: files\nprotocols: files\n' >"$root/etc/nsswitch.conf"
}

copy_resolved() {
  local root=$1 path=$2 real
  real=$(readlink -f "$path")
  [[ -e $root$real ]] || { mkdir -p "$root$(dirname "$real")"; cp -p "$real" "$root$real"; }
  if [[ $path != "$real" && ! -e $root$path && ! -L $root$path ]]; then
    mkdir -p "$root$(dirname "$path")"
    ln -s "$real" "$root$path"
  fi
}

copy_with_libraries() {
  local root=$1 file=$2 lib
  copy_resolved "$root" "$file"
  while read -r lib; do
    [[ -n $lib ]] && copy_resolved "$root" "$lib"
  done < <(ldd "$file" 2>/dev/null | awk '/=> \// { print $3 } /^\t\/[^ ]+ \(/ { print $1 }')
}

build_toolbox_rootfs() {
  local root=$1 cmd path tool
  new_rootfs "$root"
  for cmd in "${TOOLBOX_COMMANDS[@]}" xtables-nft-multi; do
    path=$(PATH="$PATH:/usr/sbin:/sbin" command -v "$cmd") \
      || kube_die "the toolbox image needs '$cmd' on this host" "run: bash scripts/kube/setup.sh"
    copy_with_libraries "$root" "$path"
  done
  for tool in "${IPTABLES_NAMES[@]}"; do ln -sf xtables-nft-multi "$root/usr/sbin/$tool"; done
  # iptables loads its match/target extensions at run time (not seen by ldd).
  local xtables_dir=/usr/lib/x86_64-linux-gnu/xtables so
  [[ -d $xtables_dir ]] || kube_die "$xtables_dir is missing" "apt-get install iptables"
  for so in "$xtables_dir"/*.so; do copy_with_libraries "$root" "$so"; done
  cp -p /etc/services /etc/protocols "$root/etc/" 2>/dev/null || true
}

build_static_rootfs() {
  local root=$1 binary=$2 target=$3
  new_rootfs "$root"
  cp -p "$binary" "$root$target"
}

IMAGE_TARBALLS=(pause fortio go-httpbin toolbox)

# Tarballs newer than this script and the programs in them are reused.
images_are_current() {
  local name
  for name in "${IMAGE_TARBALLS[@]}"; do
    [[ -f $KUBE_IMAGE_DIR/$name.tar && $KUBE_IMAGE_DIR/$name.tar -nt ${BASH_SOURCE[0]} ]] || return 1
    [[ ! -f $KUBE_IMAGE_BIN_DIR/$name || $KUBE_IMAGE_DIR/$name.tar -nt $KUBE_IMAGE_BIN_DIR/$name ]] || return 1
  done
}

build_images() {
  bash "$KUBE_SCRIPTS_DIR/build.sh" >&2
  if images_are_current; then
    kube_log "images: cached in $KUBE_IMAGE_DIR"
    return 0
  fi
  mkdir -p "$KUBE_IMAGE_DIR"
  local work
  work=$(mktemp -d)
  # shellcheck disable=SC2064 # expand now: the path is fixed
  trap "rm -rf '$work'" RETURN

  build_static_rootfs "$work/pause" "$KUBE_IMAGE_BIN_DIR/pause" /pause
  write_oci_image "$KUBE_IMAGE_DIR/pause.tar" "$work/pause" '["/pause"]' null "$PAUSE_IMAGE"

  build_static_rootfs "$work/fortio" "$KUBE_IMAGE_BIN_DIR/fortio" /usr/bin/fortio
  write_oci_image "$KUBE_IMAGE_DIR/fortio.tar" "$work/fortio" '["/usr/bin/fortio"]' '["server"]' \
    "docker.io/fortio/fortio:$FORTIO_VERSION"

  build_static_rootfs "$work/httpbin" "$KUBE_IMAGE_BIN_DIR/go-httpbin" /bin/go-httpbin
  write_oci_image "$KUBE_IMAGE_DIR/go-httpbin.tar" "$work/httpbin" '["/bin/go-httpbin"]' null \
    "docker.io/mccutchen/go-httpbin:v$HTTPBIN_VERSION"

  build_toolbox_rootfs "$work/toolbox"
  write_oci_image "$KUBE_IMAGE_DIR/toolbox.tar" "$work/toolbox" null '["/bin/bash"]' \
    docker.io/nicolaka/netshoot:v0.13 "$NETPERF_IMAGE" "$NETPERF_IMAGE_BY_DIGEST"
  kube_log "images written to $KUBE_IMAGE_DIR"
}

import_images() {
  local socket=$1 name tarball
  for name in "${IMAGE_TARBALLS[@]}"; do
    tarball=$KUBE_IMAGE_DIR/$name.tar
    ctr --address "$socket" -n k8s.io images import "$tarball" >/dev/null \
      || kube_die "ctr images import $tarball failed" "see the containerd log in $KUBE_LOG_DIR"
  done
  kube_log "images imported: $(ctr --address "$socket" -n k8s.io images ls -q | grep -v '^sha256:' | tr '\n' ' ')"
}

case ${1:-} in
  build) build_images ;;
  import)
    [[ -n ${2:-} ]] || kube_die "import needs the containerd socket"
    [[ ${KUBE_BUILD_CHECKED:-} == 1 ]] || build_images
    import_images "$2" ;;
  -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) kube_die "unknown command '${1:-}'" "use: images.sh build | import <containerd-socket>" ;;
esac
