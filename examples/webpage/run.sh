#!/usr/bin/env bash
# examples/webpage/run.sh: compile similar.py, serve it with kiln serve (port
# KILN_PORT, default 8000) and start the web page's server (port PORT,
# default 8080): open http://127.0.0.1:8080/ in a browser. Ctrl-C stops both.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/build/examples"
mkdir -p "$out"
"$root/bin/kiln" compile "$here/similar.py" -o "$out/similar.so"
key="sk-page-$RANDOM$RANDOM"
"$root/bin/kiln" serve similar="$out/similar.so" --port "${KILN_PORT:-8000}" --api-key "$key" &
serve=$!
trap 'kill $serve 2>/dev/null' EXIT
KILN_SERVE_URL="http://127.0.0.1:${KILN_PORT:-8000}" KILN_API_KEY="$key" PORT="${PORT:-8080}" node "$here/server.mjs"
