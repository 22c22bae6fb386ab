#!/usr/bin/env bash
# scripts/target-deps.sh — PCRE2 and utf8proc for one cross target, built from
# Debian's source packages into build/targets/TRIPLE/ (lib/*.a, include/*.h).
#
#   scripts/target-deps.sh TRIPLE CC AR
#
# `make build/targets/TRIPLE/libkilnrt.a` runs it once per target (kiln build
# --target runs that make). The host target links Debian's own static
# archives instead (libpcre2-dev, libutf8proc-dev); Debian ships none for
# Windows or WebAssembly, and multiarch arm64 packages would need a second
# dpkg architecture, so every cross target takes the same road: the sources
# that `scripts/setup.sh cross` fetched with `apt-get source` into
# build/targets/src/, compiled with the target's C compiler. PCRE2 is built
# the way its NON-AUTOTOOLS-BUILD file describes (config.h.generic, the
# .generic header, the default character tables), 8-bit code units, Unicode
# on, its JIT where the target's CPU has one (not WebAssembly: there
# pcre2_match interprets, which remod.c already allows for).
set -euo pipefail

triple=$1 cc=$2 ar=$3
root=$(cd "$(dirname "$0")/.." && pwd)
src=$root/build/targets/src
out=$root/build/targets/$triple
pcre=$(ls -d "$src"/pcre2-*/ 2>/dev/null | head -1)
u8p=$(ls -d "$src"/utf8proc-*/ 2>/dev/null | head -1)
if [ -z "$pcre" ] || [ -z "$u8p" ]; then
  echo "target-deps: the PCRE2 and utf8proc sources are missing from $src: run scripts/setup.sh cross (as root)" >&2
  exit 1
fi

mkdir -p "$out/include" "$out/deps"
tmp=$out/deps
cp "$pcre/src/pcre2.h.generic" "$out/include/pcre2.h"
cp "$u8p/utf8proc.h" "$out/include/utf8proc.h"
cp "$pcre/src/config.h.generic" "$tmp/config.h"
cp "$pcre/src/pcre2_chartables.c.dist" "$tmp/pcre2_chartables.c"

jit=-DSUPPORT_JIT
case "$triple" in wasm32-*) jit= ;; esac
flags=(-O2 -DNDEBUG -DHAVE_CONFIG_H -DPCRE2_CODE_UNIT_WIDTH=8 -DPCRE2_STATIC -DSUPPORT_UNICODE $jit
       -DHAVE_STDINT_H=1 -DHAVE_INTTYPES_H=1 -DHAVE_MEMMOVE=1 -DHAVE_STRERROR=1
       -I"$tmp" -I"$out/include" -I"$pcre/src" -ffunction-sections -fdata-sections -w)
case "$triple" in *-linux-*) flags+=(-fPIC) ;; esac

# the library's own files (NON-AUTOTOOLS-BUILD's list: the JIT's match and
# misc files are included by pcre2_jit_compile.c, the tables by pcre2_tables.c)
names="auto_possess compile config context convert dfa_match error extuni find_bracket jit_compile
       maketables match match_data newline ord2utf pattern_info script_run serialize string_utils
       study substitute substring tables ucd valid_utf xclass"
objs=()
pids=()
for n in $names; do
  s="$pcre/src/pcre2_$n.c"
  "$cc" "${flags[@]}" -c "$s" -o "$tmp/pcre2_$n.o" &
  pids+=($!)
  objs+=("$tmp/pcre2_$n.o")
  if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
"$cc" "${flags[@]}" -c "$tmp/pcre2_chartables.c" -o "$tmp/pcre2_chartables.o"
for p in "${pids[@]}"; do wait "$p"; done
objs+=("$tmp/pcre2_chartables.o")
rm -f "$out/libpcre2-8.a"
"$ar" rcs "$out/libpcre2-8.a" "${objs[@]}"

"$cc" -O2 -DNDEBUG -DUTF8PROC_STATIC -ffunction-sections -fdata-sections -w \
  $(case "$triple" in *-linux-*) echo -fPIC ;; esac) -I"$u8p" -c "$u8p/utf8proc.c" -o "$tmp/utf8proc.o"
rm -f "$out/libutf8proc.a"
"$ar" rcs "$out/libutf8proc.a" "$tmp/utf8proc.o"
echo "target-deps: $out/libpcre2-8.a and $out/libutf8proc.a built with $cc"
