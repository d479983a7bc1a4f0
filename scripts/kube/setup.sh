#!/usr/bin/env bash
# Install, from Debian, what the local cluster needs on the host: etcd,
# containerd, runc, the CNI plugins, and the tools kube.sh and the toolbox
# image use. Idempotent: installs only what is missing.
#
# Usage: bash scripts/kube/setup.sh   (as root, or with sudo available)
set -euo pipefail
# shellcheck source=scripts/kube/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi

SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || kube_die "not root and sudo is missing" "run this script as root"
  SUDO=(sudo)
fi

# The toolbox image copies these commands from the host (images.sh).
declare -A IMAGE_TOOLS=(
  [iperf3]=iperf3 [netperf]=netperf [netserver]=netperf [dig]=dnsutils [getent]=libc-bin
  [xtables-nft-multi]=iptables [bash]=bash [awk]=mawk
)

packages=()
for tool in "${!KUBE_HOST_TOOLS[@]}"; do kube_has "$tool" || packages+=("${KUBE_HOST_TOOLS[$tool]}"); done
for tool in "${!IMAGE_TOOLS[@]}"; do kube_has "$tool" || packages+=("${IMAGE_TOOLS[$tool]}"); done
for plugin in "${KUBE_CNI_PLUGINS[@]}"; do [[ -x $KUBE_CNI_BIN_DIR/$plugin ]] || packages+=(containernetworking-plugins); done
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u | sed '/^$/d')

if ((${#packages[@]} == 0)); then
  kube_log "host packages for the local cluster: all present"
  exit 0
fi
if [[ " ${packages[*]} " == *" netperf "* ]]; then
  kube_log "netperf is in Debian's non-free component; scripts/test/setup-test-env.sh enables it"
fi
kube_log "installing from Debian: ${packages[*]}"
"${SUDO[@]}" apt-get update -qq || kube_die "apt-get update failed" "check the apt sources and network"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" \
  || kube_die "could not install: ${packages[*]}"
kube_log "host packages installed"
