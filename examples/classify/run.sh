#!/usr/bin/env bash
# examples/classify/run.sh [TEXT...]: compile classify.py with kiln and
# classify the texts (three examples when none are given).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mkdir -p "$root/build/examples"
"$root/bin/kiln" build "$here/classify.py" -o "$root/build/examples/classify"
"$root/build/examples/classify" "$@"
