#!/usr/bin/env bash
# examples/chat/run.sh: compile repl.py with kiln and chat in the terminal
# with the checkpoint folder KILN_MODEL_DIR names (see repl.py).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ ! -f "${KILN_MODEL_DIR:-$root/build/models/chat}/config.json" ]; then
  echo "chat: set KILN_MODEL_DIR to a Hugging Face checkpoint folder (Llama 3, SmolLM, Qwen2, Gemma 3)" >&2
  exit 2
fi
mkdir -p "$root/build/examples"
"$root/bin/kiln" build "$here/repl.py" -o "$root/build/examples/chat-repl"
exec "$root/build/examples/chat-repl"
