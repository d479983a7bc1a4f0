#!/usr/bin/env bash
# Build the single-file download of the TKE benchmark: network-benchmark.sh
# with lib/protocol.sh, lib/bench.sh and lib/k8s.sh inlined (protocol.sh first:
# bench.sh sources it only when its functions are not defined yet), so `bash network-benchmark.sh`
# runs without a checkout. Writes OUT_DIR/network-benchmark.sh and its
# .sha256 (sha256sum format). The site build calls it for every locale's
# build/.../scripts (src/plugins/script-downloads); the file is never committed.
#
# Usage: bundle.sh OUT_DIR
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NAME=network-benchmark.sh
[[ $# -eq 1 && $1 != -* ]] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
OUT_DIR=$1

# Library body without its shebang line.
lib_body() { sed '1{/^#!/d}' "$1"; }

bundle() {
  local in_lib=0 line
  while IFS= read -r line || [[ -n "$line" ]]; do
    if [[ "$line" == '# >>> shared library'* ]]; then
      in_lib=1
      printf '# >>> shared library, inlined by scripts/benchmarks/tke-cilium/bundle.sh (do not edit here)\n'
      printf '# --- lib/protocol.sh ---\n'
      lib_body "$HERE/../lib/protocol.sh"
      printf '# --- lib/bench.sh ---\n'
      # Its source of protocol.sh never runs here (inlined above): nothing for shellcheck to follow.
      lib_body "$HERE/../lib/bench.sh" | sed 's|# shellcheck source-path=SCRIPTDIR source=protocol.sh|# shellcheck source=/dev/null # protocol.sh is inlined above|'
      printf '# --- lib/k8s.sh ---\n'
      lib_body "$HERE/../lib/k8s.sh"
      continue
    fi
    if ((in_lib)); then
      [[ "$line" == '# <<< shared library'* ]] && { in_lib=0; printf '%s\n' "$line"; }
      continue
    fi
    printf '%s\n' "$line"
  done <"$HERE/$NAME"
  ((in_lib == 0)) || { echo "error: $HERE/$NAME has '# >>> shared library' without its closing marker" >&2; exit 1; }
}

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
bundle >"$tmp"
grep -q '^# --- lib/bench.sh ---$' "$tmp" || { echo "error: no '# >>> shared library' marker in $HERE/$NAME" >&2; exit 1; }

mkdir -p "$OUT_DIR"
install -m 0755 "$tmp" "$OUT_DIR/$NAME"
(cd "$OUT_DIR" && sha256sum "$NAME" >"$NAME.sha256")
echo "wrote $OUT_DIR/$NAME and $NAME.sha256"
