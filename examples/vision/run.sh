#!/usr/bin/env bash
# examples/vision/run.sh [IMAGE.ppm] [SIZE]: compile preprocess.py with kiln
# and preprocess the image (a synthetic 320x240 one when none is given).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/build/examples"
mkdir -p "$out"
"$root/bin/kiln" build "$here/preprocess.py" -o "$out/preprocess"
img="${1:-}"
if [ -z "$img" ]; then
  img="$out/sample.ppm"
  "$out/preprocess" --sample "$img" 320 240
fi
"$out/preprocess" "$img" "${2:-224}"
