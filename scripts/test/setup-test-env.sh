#!/usr/bin/env bash
# Install, from Debian only, the system tools the test suite needs, when they
# are missing: Chromium for Playwright (never a downloaded browser), the
# network tools the bench tests drive, and fortio (pinned, via `go install`).
# Idempotent: a machine that already has everything is left untouched.
#
# Usage: bash scripts/test/setup-test-env.sh
#   Prints `export PATH=...` advice when fortio lands in a directory not on PATH;
#   scripts/test/test-all.sh adds that directory itself.
set -euo pipefail

readonly FORTIO_MODULE="fortio.org/fortio@v1.68.2"
readonly DEBIAN_SOURCES="/etc/apt/sources.list.d/debian.sources"

log() { printf '[setup-test-env] %s\n' "$*"; }
die() { printf '[setup-test-env] ERROR: %s\n' "$*" >&2; exit 1; }

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi

# Root runs commands directly; anyone else goes through sudo.
SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || die "not root and sudo is missing: run this script as root"
  SUDO=(sudo)
fi

# Debian package -> how to tell it is installed (a command it provides, or
# font:<lang> for a font covering that language).
declare -A CHECK_OF=(
  [chromium]=chromium
  [iperf3]=iperf3
  [shellcheck]=shellcheck
  [bats]=bats
  # bats --jobs runs test files in parallel through GNU parallel.
  [parallel]=parallel
  [jq]=jq
  [dnsmasq]=dnsmasq
  [iptables]=iptables
  [nftables]=nft
  [iproute2]=ip
  [dnsutils]=dig
  [netperf]=netperf
  # Korean and Chinese glyphs, so screenshots of the ko/zh pages are legible.
  [fonts-noto-cjk]=font:ko
  [fontconfig]=fc-list
)

# sbin directories are not on every user's PATH; look there too.
has_command() { PATH="$PATH:/usr/sbin:/sbin" command -v "$1" >/dev/null 2>&1; }

is_present() {
  local check=$1
  if [[ $check == font:* ]]; then
    has_command fc-list && [[ -n $(fc-list ":lang=${check#font:}" family 2>/dev/null) ]]
  else
    has_command "$check"
  fi
}

# netperf lives in Debian's non-free component. Add it to the main archive
# entry (the stanza without -security) when that entry lacks it.
enable_non_free() {
  [[ -f $DEBIAN_SOURCES ]] || { log "no $DEBIAN_SOURCES; make sure the non-free component is enabled for netperf"; return 0; }
  local updated
  updated=$(awk '
    /^Suites:/ { security = ($0 ~ /-security/) }
    /^[[:space:]]*$/ { security = 0 }
    /^Components:/ && !security && $0 !~ /(^|[[:space:]])non-free([[:space:]]|$)/ { $0 = $0 " non-free"; changed = 1 }
    { print }
    END { exit changed ? 0 : 3 }
  ' "$DEBIAN_SOURCES") && {
    log "enabling the non-free component in $DEBIAN_SOURCES (for netperf)"
    printf '%s\n' "$updated" | "${SUDO[@]}" tee "$DEBIAN_SOURCES" >/dev/null
  }
  return 0
}

missing_packages=()
for package in "${!CHECK_OF[@]}"; do
  is_present "${CHECK_OF[$package]}" || missing_packages+=("$package")
done

if ((${#missing_packages[@]})); then
  log "installing from Debian: ${missing_packages[*]}"
  [[ " ${missing_packages[*]} " == *" netperf "* ]] && enable_non_free
  "${SUDO[@]}" apt-get update -qq || die "apt-get update failed; check the apt sources and network"
  if ! "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing_packages[@]}"; then
    die "could not install: ${missing_packages[*]} (is the non-free component enabled for netperf?)"
  fi
  for package in "${missing_packages[@]}"; do
    is_present "${CHECK_OF[$package]}" || die "package $package is installed but '${CHECK_OF[$package]}' is still missing"
  done
else
  log "Debian packages: all present"
fi

# Playwright is configured for this exact path (playwright.config.ts).
[[ -x /usr/bin/chromium ]] || die "/usr/bin/chromium is missing; install Debian's chromium package"

# fortio: pinned version from the Go module proxy.
gobin_dir() {
  local gobin
  gobin=$(go env GOBIN 2>/dev/null || true)
  [[ -n $gobin ]] && { printf '%s\n' "$gobin"; return; }
  printf '%s/bin\n' "$(go env GOPATH)"
}

fortio_wanted=${FORTIO_MODULE##*@v}
if has_command fortio && [[ $(fortio version 2>/dev/null || true) == "$fortio_wanted" ]]; then
  log "fortio $fortio_wanted: present"
else
  if ! has_command go; then
    [[ -x /usr/local/go/bin/go ]] && PATH="$PATH:/usr/local/go/bin"
  fi
  has_command go || die "fortio is missing and Go is not installed (need Go to run: go install $FORTIO_MODULE)"
  bindir=$(gobin_dir)
  if [[ -x $bindir/fortio && $("$bindir/fortio" version 2>/dev/null || true) == "$fortio_wanted" ]]; then
    log "fortio $fortio_wanted: present in $bindir"
  else
    log "installing $FORTIO_MODULE into $bindir"
    go install "$FORTIO_MODULE" || die "go install $FORTIO_MODULE failed (is the Go module proxy reachable?)"
  fi
  [[ :$PATH: == *":$bindir:"* ]] || log "fortio is in $bindir; add it to PATH: export PATH=\"\$PATH:$bindir\""
fi

# The local Kubernetes (npm run kube:up, npm run test:kube): etcd, containerd,
# runc and the CNI plugins from Debian.
bash "$(dirname "${BASH_SOURCE[0]}")/../kube/setup.sh" || die "installing the local cluster's packages failed (scripts/kube/setup.sh)"

log "test environment ready"
