#!/usr/bin/env bash
# examples/cleanup/run.sh [FILE]: compile cleanup.py with kiln and run it
# (on sample.txt by default). Output is what `python3 cleanup.py FILE` prints.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mkdir -p "$root/build/examples"
"$root/bin/kiln" build "$here/cleanup.py" -o "$root/build/examples/cleanup"
"$root/build/examples/cleanup" "${1:-$here/sample.txt}"
