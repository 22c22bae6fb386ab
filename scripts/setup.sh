#!/usr/bin/env bash
# scripts/setup.sh — install the Debian 12 packages kiln needs, when missing.
#
#   scripts/setup.sh         what `make`, `make test` and `make asan` need
#   scripts/setup.sh fuzz    that, and clang with libFuzzer (`make fuzz`)
#   scripts/setup.sh bench   that, and the peers `make bench` compares kiln with
#   scripts/setup.sh cross   that, and the cross compilers and emulators of
#                            `kiln build --target` (kiln targets), and the
#                            PCRE2/utf8proc sources their runtimes link
#
# Each package is checked with dpkg-query first; apt-get runs only when one is
# missing (`apt-get update`, then `apt-get install` of just those), and the
# script says so. As root it installs them; otherwise it prints the command to
# run and exits 1. `make` runs it once per build folder (build/setup.stamp).
set -euo pipefail

# build-essential: gcc, make, libc headers; gcc's ASan/UBSan runtimes too.
# libutf8proc-dev:  NFKC normalisation and character classes in the lexer.
# unicode-data:     /usr/share/unicode/UnicodeData.txt, for \N{...} escapes.
# python3:          CPython 3.11, the reference the tests compare with.
# python3-numpy:    numpy 1.24 under /usr/bin/python3, the reference of the tensor tests.
# libpcre2-dev:     PCRE2, the regex engine behind `re` (and tokenizers' Split patterns).
# python3-torch:    PyTorch, the independent reference of kiln.models' tests.
# python3-jinja2:   Jinja, the reference renderer of the chat templates (kiln.chat_template).
# nodejs, npm:      the Node client (clients/node, koffi from npm) and the demo.
# libmicrohttpd-dev: the HTTP server under `kiln serve`.
# wrk:              the load test of `kiln serve` (tests/serve) and its `make bench` section.
# nginx, curl:      the guide's commands and its tested load-balancer example (tests/unit/test_docs.py).
base=(build-essential libutf8proc-dev unicode-data python3 python3-numpy libpcre2-dev python3-torch python3-jinja2 nodejs npm
      libmicrohttpd-dev wrk nginx curl)
# clang and its runtime libraries: libFuzzer for `make fuzz`.
fuzz=(clang libclang-rt-14-dev)
# The peers of `make bench`: PyPy, Cython (cython3 --embed, built against
# /usr/bin/python3's headers and libpython3.11: python3-dev), and mypyc (in mypy).
# The tensor peers of `make bench-gemm`: OpenBLAS (cblas_sgemm, called from C),
# PyTorch, Numba and Pythran, all under /usr/bin/python3.
bench=(pypy3 cython3 mypy python3-dev libopenblas-dev python3-torch python3-numba python3-pythran)

# The cross targets (compiler/targets.c): aarch64 Linux (gcc, glibc, run under
# qemu-user), Windows (mingw-w64, run under wine64), WebAssembly (emscripten,
# run under node; it needs Debian's node-acorn, which it depends on; a --web
# library runs in headless chromium). dpkg-dev: apt-get source unpacks with
# its dpkg-source.
cross=(dpkg-dev gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user gcc-mingw-w64-x86-64 wine64 emscripten chromium)

want=("${base[@]}")
case "${1:-}" in
  "") ;;
  fuzz) want+=("${fuzz[@]}") ;;
  bench) want+=("${bench[@]}") ;;
  cross) want+=("${cross[@]}") ;;
  all) want+=("${fuzz[@]}" "${bench[@]}" "${cross[@]}") ;;
  *) echo "usage: scripts/setup.sh [fuzz|bench|cross|all]" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: not a Debian system; make sure these (or your system's equivalents) are installed: ${want[*]}" >&2
  exit 0
fi

missing=()
for p in "${want[@]}"; do
  # node and npm may come from elsewhere (NodeSource's nodejs bundles npm and
  # conflicts with Debian's): a working command is enough
  case "$p" in
    nodejs) command -v node >/dev/null 2>&1 && continue ;;
    npm) command -v npm >/dev/null 2>&1 && continue ;;
  esac
  if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]; then
    missing+=("$p")
  fi
done

# The cross targets' runtimes link PCRE2 and utf8proc built from Debian's
# source packages (scripts/target-deps.sh): `apt-get source` them once into
# build/targets/src, adding a deb-src entry for bookworm if there is none.
cross_sources() {
  local src
  src="$(cd "$(dirname "$0")/.." && pwd)/build/targets/src"
  if ls -d "$src"/pcre2-*/ "$src"/utf8proc-*/ >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: the PCRE2 and utf8proc sources are missing from $src: run scripts/setup.sh cross as root" >&2
    return 1
  fi
  if ! grep -rqs "deb-src\|Types:.*deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "setup: adding /etc/apt/sources.list.d/kiln-deb-src.sources (Debian bookworm sources)"
    printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" "Suites: bookworm" "Components: main" \
      "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" > /etc/apt/sources.list.d/kiln-deb-src.sources
    apt-get update -q
  fi
  mkdir -p "$src"
  echo "setup: + (cd $src && apt-get source pcre2 utf8proc)"
  (cd "$src" && apt-get source -q pcre2 utf8proc)
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: Debian packages present: ${want[*]}"
  case "${1:-}" in cross|all) cross_sources ;; esac
  exit 0
fi

cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing Debian packages: ${missing[*]}" >&2
  echo "setup: run this as root, then make again:" >&2
  echo "  sudo sh -c '$cmd'" >&2
  exit 1
fi
# Progress: numbered steps; on a terminal apt's own progress bar (dpkg's
# Progress-Fancy), elsewhere apt's quiet plain lines.
steps=2
case "${1:-}" in cross|all) steps=3 ;; esac
if [ -t 2 ]; then aptq=(-o Dpkg::Progress-Fancy=1); else aptq=(-q); fi
echo "setup: installing missing Debian packages: ${missing[*]}"
echo "setup: + $cmd"
echo "setup: [1/$steps] apt-get update" >&2
apt-get update "${aptq[@]}"
echo "setup: [2/$steps] apt-get install ${#missing[@]} packages" >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y "${aptq[@]}" --no-install-recommends "${missing[@]}"
case "${1:-}" in cross|all) echo "setup: [3/$steps] the PCRE2 and utf8proc sources" >&2; cross_sources ;; esac
echo "setup: done" >&2
