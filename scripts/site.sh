#!/usr/bin/env bash
# Build the site in every locale and serve it: `npm run site`.
# Installs the Node dependencies first (npm ci) when node_modules is missing.
#
# Usage: bash scripts/site.sh
#   PORT=3000       port to serve on
#   HOST=localhost  address to bind (0.0.0.0 to reach it from other machines)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi

PORT=${PORT:-3000}
HOST=${HOST:-localhost}
[[ $PORT =~ ^[0-9]+$ ]] || { echo "PORT must be a number, got '$PORT'" >&2; exit 2; }

if [[ ! -d node_modules ]]; then
  echo "node_modules is missing: installing the locked dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi

npx docusaurus build
echo
echo "Site built for every locale. Open http://$HOST:$PORT/ (Ctrl-C stops the server)."
exec npx docusaurus serve --dir build --no-open --host "$HOST" --port "$PORT"
