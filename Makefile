# kiln — a plain Makefile. `make` builds bin/kiln.
#
#   make              bin/kiln; first installs missing Debian packages (scripts/setup.sh)
#   make demo         kiln's main job: compile examples/embed/embed.py (GloVe vectors from npm)
#                     and call it from Node through the OpenAI-style client
#   make demo-primes  compile examples/primes.py, run it beside CPython
#   make test         the test suite (tests/run.py); last line "N passed, N failed";
#                     first check-clang: the sources compile with clang (the fuzz targets')
#   make test-parity  every .py file of CPython's standard library against ast.dump
#   make test-middle  kiln ir over every .py file of the standard library: no crash
#   make asan         bin/kiln-asan, built with -fsanitize=address,undefined
#   make test-asan    the test suite run with bin/kiln-asan, compiled programs built with
#                     ASan/UBSan too (KILN_CFLAGS)
#   make fuzz         bin/fuzz-parse: a libFuzzer target for the lexer and parser (clang)
#   make fuzz-run     run it for FUZZ_TIME seconds (default 60); crashes go to build/fuzz/
#   make bench        front end and core-language suite vs CPython, PyPy, Cython, mypyc, then
#                     bench-gemm, bench-embed and bench-decode; writes bench/RESULTS.md
#   make bench-serve  kiln serve under wrk (requests/s, p50/p99): the serving section of
#                     bench/RESULTS.md (make bench includes it)
#   make bench-gemm   GEMM GFLOP/s vs OpenBLAS and PyTorch, and the FMA peak: the GEMM section of
#                     bench/RESULTS.md
#   make bench-embed  the embedding example (MiniLM-shaped) vs CPython+numpy and PyTorch, and the
#                     example library's stripped size: the Embedding section of bench/RESULTS.md
#   make bench-embed-gemma  EmbeddingGemma-300m at its real size (f32, bf16) vs PyTorch: its own
#                     section of bench/RESULTS.md (not in make bench: 1.8 GB of weights, minutes)
#   make bench-decode a SmolLM2-135M-shaped Llama decoding (prompt and generation tok/s) vs
#                     PyTorch: the Decode section of bench/RESULTS.md
#   make bench-targets the example library's size per target (kiln build --target): a section
#                     of bench/RESULTS.md
#   make setup        install missing Debian packages (all of them, fuzzing's too;
#                     cross targets: scripts/setup.sh cross)
#   make clean
#
# CI (CI=true in the environment) adds -Werror.
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -Wstrict-prototypes \
          -Wmissing-prototypes -Wno-unused-parameter -Wvla -Wformat=2 \
          $(if $(filter true,$(CI)),-Werror)
LDLIBS  = -lutf8proc
PYTHON  ?= python3

CSRC    = $(wildcard compiler/*.c)
OBJ     = $(CSRC:compiler/%.c=build/compiler/%.o)
HDR     = $(wildcard compiler/*.h compiler/*.def)

all: bin/kiln build/libkilnrt.a

# ---- the runtime: libkilnrt.a, linked statically into compiled programs.
# Compiled like generated code will be: no fast-math, no FP contraction, so
# scalar float results are bit-identical to CPython's.
RT_SRC    = $(wildcard runtime/*.c)
RT_OBJ    = $(RT_SRC:runtime/%.c=build/runtime/%.o)
RT_HDR    = $(wildcard runtime/*.h)
RT_CFLAGS = -ffp-contract=off -fno-fast-math -fPIC -ffunction-sections -fdata-sections
# No .eh_frame in the host runtime (64 KB of a model library): nothing
# unwinds through kiln's C (exceptions are values, no C++ host callbacks run
# inside it). -g keeps .debug_frame in the archive, so gdb and perf still walk
# runtime frames of an unstripped file; `make RT_UNWIND=` (after removing
# build/runtime) keeps the tables, for ASan reports of faults inside the runtime.
RT_UNWIND = -fno-asynchronous-unwind-tables

build/libkilnrt.a: $(RT_OBJ)
	@rm -f $@
	ar rcs $@ $(RT_OBJ)

build/runtime/%.o: runtime/%.c $(RT_HDR) | build/setup.stamp
	@mkdir -p build/runtime
	$(CC) $(WARN) $(CFLAGS) $(RT_CFLAGS) $(RT_UNWIND) -c -o $@ $<

# kiln serve (serve/): an HTTP server over compiled libraries, on
# libmicrohttpd; it reaches libraries only through dlopen and include/kiln.h.
SERVE_SRC = $(wildcard serve/*.c)
SERVE_OBJ = $(SERVE_SRC:serve/%.c=build/serve/%.o)
SERVE_LIBS = -lmicrohttpd -lpthread

build/serve/%.o: serve/%.c serve/serve.h include/kiln.h | build/setup.stamp
	@mkdir -p build/serve
	$(CC) $(WARN) $(CFLAGS) -c -o $@ $<

# ---- the runtime for another target (kiln build --target TRIPLE): the same
# sources, built with that target's C compiler into build/targets/TRIPLE/,
# beside PCRE2 and utf8proc cross-compiled from Debian's source packages
# (scripts/target-deps.sh). kiln's target table (compiler/targets.c) names
# the compiler, so kiln runs this itself the first time a target is used:
#   make target-runtime TARGET=T TARGET_CC=CC TARGET_AR=AR TARGET_CFLAGS='...'
# (`kiln targets --build` does that for every target this machine can build).
# Warnings are shown, never fatal: the cross compilers are other versions.
TDIR      = build/targets/$(TARGET)
TRT_OBJ   = $(RT_SRC:runtime/%.c=$(TDIR)/runtime/%.o)
TWARN     = $(filter-out -Werror,$(WARN))

TARGET_NM = $(patsubst %ar,%nm,$(TARGET_AR))

target-runtime: $(TDIR)/libkilnrt.a $(TDIR)/kiln.def $(TDIR)/exports.json

# What a library exports, include/kiln.h's functions as abi.c defines them,
# where the linker takes a list instead of runtime/kiln.map's pattern: a .def
# file for a Windows DLL, a JSON list for emscripten's EXPORTED_FUNCTIONS.
$(TDIR)/kiln.def: $(TDIR)/runtime/abi.o
	(echo EXPORTS; $(TARGET_NM) -g --defined-only $< | awk '$$2 == "T" && $$3 ~ /^kiln_/ {print "  " $$3}') > $@

$(TDIR)/exports.json: $(TDIR)/runtime/abi.o
	$(TARGET_NM) -g --defined-only $< | awk 'BEGIN {printf "["} $$2 == "T" && $$3 ~ /^kiln_/ \
	  {printf "%s\"_%s\"", n++ ? "," : "", $$3} END {print ",\"_malloc\",\"_free\"]"}' > $@

$(TDIR)/libkilnrt.a: $(TRT_OBJ)
	@rm -f $@
	$(TARGET_AR) rcs $@ $(TRT_OBJ)

$(TDIR)/runtime/%.o: runtime/%.c $(RT_HDR) $(TDIR)/libpcre2-8.a
	@mkdir -p $(TDIR)/runtime
	$(TARGET_CC) $(TWARN) -O2 -g1 $(RT_CFLAGS) $(TARGET_CFLAGS) -I$(TDIR)/include -c -o $@ $<

$(TDIR)/libpcre2-8.a: scripts/target-deps.sh
	bash scripts/target-deps.sh $(TARGET) $(TARGET_CC) $(TARGET_AR)

# The compiler links two runtime files: dtoa.c, the shortest float repr that
# both print (constants in `kiln ast`, floats at run time), and rescan.c, the
# re module's reading of a pattern (the compiler reads constant ones).
bin/kiln: $(OBJ) $(SERVE_OBJ) build/runtime/dtoa.o build/runtime/rescan.o
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $(OBJ) $(SERVE_OBJ) build/runtime/dtoa.o build/runtime/rescan.o $(LDLIBS) $(SERVE_LIBS) -lm

build/compiler/%.o: compiler/%.c $(HDR) | build/setup.stamp
	@mkdir -p build/compiler
	$(CC) $(WARN) $(CFLAGS) -c -o $@ $<

# ---- set-up: Debian packages, checked once per build folder (make setup
# checks again). The stamp depends on the script, so a package added there
# is installed on the next make.
build/setup.stamp: scripts/setup.sh
	@bash scripts/setup.sh
	@mkdir -p build && touch $@

build/setup-fuzz.stamp: scripts/setup.sh
	@bash scripts/setup.sh fuzz
	@mkdir -p build && touch $@

setup:
	bash scripts/setup.sh fuzz
	@mkdir -p build && touch build/setup.stamp build/setup-fuzz.stamp

# ---- the main job, as far as it goes today
# ---- the main job: the seed example (embeddings of texts, GloVe vectors from
# npm) compiled to a library and called from Node through the OpenAI-style
# client (clients/node). make demo-primes: the first example, an executable.
GLOVE = build/models/glove-100d
demo: bin/kiln build/libkilnrt.a $(GLOVE)/modules.json clients/node/node_modules/koffi/package.json
	@echo '$$ bin/kiln compile examples/embed/embed.py -o build/embed.so'
	@bin/kiln compile examples/embed/embed.py -o build/embed.so
	@ls -l build/embed.so | awk '{print $$5, "bytes"}'
	@echo "\$$ KILN_MODEL_DIR=$(GLOVE) bin/kiln call build/embed.so generate_embeddings '[[\"hello world\"]]' | cut -c1-80"
	@KILN_MODEL_DIR=$(GLOVE) bin/kiln call build/embed.so generate_embeddings '[["hello world"]]' | cut -c1-80
	@echo '$$ KILN_MODEL_DIR=$(GLOVE) node examples/embed/demo.mjs build/embed.so   # client.embeddings.create'
	@KILN_MODEL_DIR=$(GLOVE) node examples/embed/demo.mjs build/embed.so

$(GLOVE)/modules.json: scripts/glove_model.py | build/setup.stamp
	$(PYTHON) scripts/glove_model.py $(GLOVE)

# (touched: npm keeps the package's own mtime, which would leave the target older than package.json)
clients/node/node_modules/koffi/package.json: clients/node/package.json | build/setup.stamp
	cd clients/node && npm install --silent --no-audit --no-fund
	@touch $@

demo-primes: bin/kiln build/libkilnrt.a
	@echo '$$ bin/kiln build examples/primes.py -o build/primes'
	@bin/kiln build examples/primes.py -o build/primes
	@echo '$$ ls -l build/primes; ldd build/primes'
	@ls -l build/primes | awk '{print $$5, "bytes"}'; ldd build/primes
	@echo '$$ time build/primes'
	@bash -c 'time build/primes'
	@echo '$$ time python3 examples/primes.py'
	@bash -c 'time $(PYTHON) examples/primes.py'
	@echo '$$ bin/kiln compile examples/primes.py -o build/libprimes.so   # the same file as a library'
	@bin/kiln compile examples/primes.py -o build/libprimes.so
	@echo "\$$ bin/kiln call build/libprimes.so count_primes '[1000000]'"
	@bin/kiln call build/libprimes.so count_primes '[1000000]'
	@echo "\$$ bin/kiln call build/libprimes.so collatz_steps '[27]'"
	@bin/kiln call build/libprimes.so collatz_steps '[27]'

# ---- tests. KILN picks the binary; TEST_ARGS passes options to tests/run.py
# (e.g. TEST_ARGS='-k fstring -v').
KILN      ?= bin/kiln
TEST_ARGS ?=

test: $(KILN) build/libkilnrt.a clients/node/node_modules/koffi/package.json check-clang | build/setup.stamp
	@$(PYTHON) tests/run.py --kiln $(KILN) $(TEST_ARGS)

test-parity: $(KILN) | build/setup.stamp
	@$(PYTHON) tests/run.py --kiln $(KILN) parity $(TEST_ARGS)

# The middle end (kiln ir --types) over the whole standard library: every file
# compiles or gets a clean diagnostic, never a crash (KILN=bin/kiln-asan too).
test-middle: $(KILN) | build/setup.stamp
	@$(PYTHON) tests/middle/check_stdlib.py --kiln $(KILN)

# ---- sanitizers: gcc's ASan and UBSan (they come with build-essential).
# Every report is fatal; tests/run.py sets ASAN_OPTIONS/UBSAN_OPTIONS so a
# report exits 86 and is never mistaken for a syntax error.
SAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
SAN_OBJ   = $(CSRC:compiler/%.c=build/asan/%.o)

asan: bin/kiln-asan

bin/kiln-asan: $(SAN_OBJ) $(SERVE_SRC) runtime/dtoa.c runtime/rescan.c
	@mkdir -p bin
	$(CC) $(SAN_FLAGS) -D_GNU_SOURCE -Iruntime -o $@ $(SAN_OBJ) $(SERVE_SRC) runtime/dtoa.c runtime/rescan.c $(LDLIBS) $(SERVE_LIBS) -lm

build/asan/%.o: compiler/%.c $(HDR) | build/setup.stamp
	@mkdir -p build/asan
	$(CC) $(WARN) $(SAN_FLAGS) -c -o $@ $<

# Generated C is built without ASan's use-after-scope checks: gcc's
# instrumentation of them grows faster than linearly with the argument arrays
# (compound literals) of one function, and a module of 200 lines of
# print(math.fsum/hypot/dist(...)) (tests/programs/math_sums_norms.py: one
# 8,700-line function, 800 such arrays) took gcc 12 over 300 s and 750 MB, against 1.4 s of CPU without them.
# Generated code declares its variables at function scope, so that check has
# little to find in it (docs/reliability.md).
SAN_KILN_CFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-address-use-after-scope

test-asan: bin/kiln-asan build/libkilnrt.a
	@KILN_CFLAGS="$(SAN_KILN_CFLAGS)" \
	  $(PYTHON) tests/run.py --kiln bin/kiln-asan --timeout 300 $(TEST_ARGS)

# ---- fuzzing: libFuzzer (clang + libclang-rt-14-dev). The seed corpus is the
# parse and syntax tests; what the fuzzer learns goes to build/fuzz/corpus.
FUZZ_CC    = clang
FUZZ_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
             -fno-sanitize-recover=undefined
FUZZ_SRC   = $(filter-out compiler/main.c,$(CSRC)) runtime/dtoa.c runtime/rescan.c tests/fuzz/fuzz_parse.c
FUZZ_TIME ?= 60

fuzz: bin/fuzz-parse

# clang's -Wformat=2 also flags vsnprintf(fmt) in diag_make, whose format
# argument has no format(printf, 5, 0) attribute in kilnc.h; gcc does not.
bin/fuzz-parse: $(FUZZ_SRC) $(HDR) | build/setup-fuzz.stamp
	@mkdir -p bin
	$(FUZZ_CC) $(WARN) -Wno-format-nonliteral $(FUZZ_FLAGS) -Icompiler -Iruntime -o $@ $(FUZZ_SRC) $(LDLIBS) -lm

# Leak detection is off: a Source has no free function yet (kilnc.h), so
# every input would report one. -timeout catches hangs, -rss_limit_mb runaway
# allocation. Reproduce a crash:
#   ASAN_OPTIONS=detect_leaks=0 bin/fuzz-parse build/fuzz/artifacts/crash-...
fuzz-run: bin/fuzz-parse
	@mkdir -p build/fuzz/corpus build/fuzz/artifacts
	ASAN_OPTIONS=detect_leaks=0 bin/fuzz-parse -max_total_time=$(FUZZ_TIME) -detect_leaks=0 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/python.dict \
	  -artifact_prefix=build/fuzz/artifacts/ \
	  build/fuzz/corpus tests/parse tests/syntax examples

# ---- clang builds. The libFuzzer targets compile the runtime and the
# compiler with clang, which refuses some code gcc takes (the AVX2 copies in
# nn.c: "AVX vector argument ... changes the ABI", an error of clang's code
# generation, so -fsyntax-only does not see it). `make test` therefore runs
# clang's front end and code generation (to LLVM IR, not to machine code: a
# few seconds of CPU in all) over every runtime and compiler source, with
# the flags of the fuzz builds, ASan's included (alloc.c has a path of its
# own under it). Each source is checked again only when it or a header
# changes. Without clang (scripts/setup.sh fuzz installs it) the check says
# so and is skipped.
HAVE_CLANG := $(shell command -v $(FUZZ_CC) 2>/dev/null)
CLANG_OK    = $(RT_SRC:%.c=build/clang/%.ok) $(CSRC:%.c=build/clang/%.ok)

ifeq ($(HAVE_CLANG),)
check-clang:
	@echo "check-clang: skipped: no $(FUZZ_CC) on PATH, so the fuzz targets' clang build of the runtime and compiler is not checked (scripts/setup.sh fuzz installs clang)"
else
check-clang: $(CLANG_OK)
endif

build/clang/runtime/%.ok: runtime/%.c $(RT_HDR) | build/setup.stamp
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(WARN) -Wno-format-nonliteral -O0 -fsanitize=address,undefined $(RT_CFLAGS) -S -emit-llvm -o /dev/null $<
	@touch $@

build/clang/compiler/%.ok: compiler/%.c $(HDR) | build/setup.stamp
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(WARN) -Wno-format-nonliteral -O0 -fsanitize=address,undefined -Icompiler -Iruntime -S -emit-llvm -o /dev/null $<
	@touch $@

# <!-- harden: begin --> (make's comment; the markers ease merges)
# ---- more libFuzzer harnesses (tests/fuzz/fuzz_*.c, docs/reliability.md):
# the ABI's JSON argument decoder, kiln serve's request handling, the
# safetensors and tokenizer.json loaders, the compiler's middle end. The
# runtime is compiled once for them under libFuzzer's coverage, ASan and
# UBSan (build/fuzzrt/). Seeds are generated (tests/fuzz/seeds.py) into
# build/fuzz/seeds/NAME; a campaign's corpus is build/fuzz/NAME, crashes go
# to build/fuzz/artifacts/NAME-; tests/fuzz/corpus/NAME holds the minimized
# corpus and every crash input, run by `make test` (tests/unit/test_fuzz_harnesses.py).
#   make fuzz-all                       the seven harnesses (fuzz_parse.c's too)
#   make fuzz-campaign FUZZ=abi FUZZ_TIME=1800   one campaign
#   make fuzz-merge FUZZ=abi            keep what it learned in tests/fuzz/corpus/abi
FUZZ_HARNESSES = parse abi serve safetensors gguf tokjson types
FUZZ_RT_FLAGS  = -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
                 -fno-sanitize-recover=undefined
FUZZ_RT_OBJ    = $(RT_SRC:runtime/%.c=build/fuzzrt/%.o)
FUZZ_LIBS      = -lutf8proc -lpcre2-8 -lm -lpthread -ldl
FUZZ          ?= abi
FUZZ_TIMEOUT  ?= 10

build/fuzzrt/%.o: runtime/%.c $(RT_HDR) | build/setup-fuzz.stamp
	@mkdir -p build/fuzzrt
	$(FUZZ_CC) $(WARN) -Wno-format-nonliteral $(FUZZ_RT_FLAGS) -ffp-contract=off -c -o $@ $<

build/fuzz/abilib.c: tests/fuzz/abilib.py bin/kiln
	@mkdir -p build/fuzz
	bin/kiln compile tests/fuzz/abilib.py -o build/fuzz/abilib.so --emit-c > $@

bin/fuzz-abi: tests/fuzz/fuzz_abi.c build/fuzz/abilib.c $(FUZZ_RT_OBJ)
	@mkdir -p bin
	$(FUZZ_CC) $(FUZZ_FLAGS) -w -Iruntime -o $@ tests/fuzz/fuzz_abi.c build/fuzz/abilib.c $(FUZZ_RT_OBJ) $(FUZZ_LIBS)

bin/fuzz-safetensors: tests/fuzz/fuzz_safetensors.c $(filter-out build/fuzzrt/abi.o,$(FUZZ_RT_OBJ))
	@mkdir -p bin
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -Iruntime -o $@ $^ $(FUZZ_LIBS)

bin/fuzz-gguf: tests/fuzz/fuzz_gguf.c $(filter-out build/fuzzrt/abi.o,$(FUZZ_RT_OBJ))
	@mkdir -p bin
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -Iruntime -o $@ $^ $(FUZZ_LIBS)

bin/fuzz-tokjson: tests/fuzz/fuzz_tokjson.c $(filter-out build/fuzzrt/abi.o,$(FUZZ_RT_OBJ))
	@mkdir -p bin
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -Iruntime -o $@ $^ $(FUZZ_LIBS)

bin/fuzz-serve: tests/fuzz/fuzz_serve.c serve/openai.c serve/json.c serve/serve.h runtime/dtoa.c | build/setup-fuzz.stamp
	@mkdir -p bin
	$(FUZZ_CC) $(WARN) -Wno-format-nonliteral $(FUZZ_FLAGS) -Iruntime -o $@ tests/fuzz/fuzz_serve.c serve/openai.c serve/json.c runtime/dtoa.c -lmicrohttpd -lpthread -lm

bin/fuzz-types: $(filter-out tests/fuzz/fuzz_parse.c,$(FUZZ_SRC)) tests/fuzz/fuzz_types.c $(HDR) | build/setup-fuzz.stamp
	@mkdir -p bin
	$(FUZZ_CC) $(WARN) -Wno-format-nonliteral $(FUZZ_FLAGS) -Icompiler -Iruntime -o $@ $(filter-out tests/fuzz/fuzz_parse.c,$(FUZZ_SRC)) tests/fuzz/fuzz_types.c $(LDLIBS) -lm

fuzz-all: $(FUZZ_HARNESSES:%=bin/fuzz-%)

# One campaign: FUZZ names the harness, FUZZ_TIME the seconds, FUZZ_TIMEOUT
# the seconds one input may take (wall time: raise it on a loaded machine, where
# a 10 s timeout fires on inputs that take 0.6 s of CPU). The corpus grows in
# build/fuzz/FUZZ; `make fuzz-merge FUZZ=NAME` keeps what it learned.
fuzz-campaign: bin/fuzz-$(FUZZ)
	@mkdir -p build/fuzz/$(FUZZ) build/fuzz/artifacts tests/fuzz/corpus/$(FUZZ)
	$(PYTHON) tests/fuzz/seeds.py build/fuzz/seeds $(FUZZ)
	ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 bin/fuzz-$(FUZZ) -max_total_time=$(FUZZ_TIME) \
	  -detect_leaks=0 -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 -malloc_limit_mb=1024 -close_fd_mask=3 -print_final_stats=1 \
	  -artifact_prefix=build/fuzz/artifacts/$(FUZZ)- $(if $(filter parse,$(FUZZ)),-dict=tests/fuzz/python.dict) \
	  build/fuzz/$(FUZZ) tests/fuzz/corpus/$(FUZZ) build/fuzz/seeds/$(FUZZ)

# tests/fuzz/corpus/FUZZ becomes its found-* inputs plus the fewest files of it
# and of the campaign's corpus that reach every edge the generated seeds do not
# (edges, not hit counts: -use_counters=0 keeps it tens of KB, not megabytes).
FUZZ_MERGE = build/fuzz/merge-$(FUZZ)
fuzz-merge: bin/fuzz-$(FUZZ)
	rm -rf $(FUZZ_MERGE) && mkdir -p $(FUZZ_MERGE) build/fuzz/$(FUZZ) tests/fuzz/corpus/$(FUZZ)
	$(PYTHON) tests/fuzz/seeds.py build/fuzz/seeds $(FUZZ)
	for f in build/fuzz/seeds/$(FUZZ)/*; do cp "$$f" $(FUZZ_MERGE)/seed-$${f##*/}; done
	for f in tests/fuzz/corpus/$(FUZZ)/found-*; do [ ! -e "$$f" ] || cp "$$f" $(FUZZ_MERGE)/; done
	ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 bin/fuzz-$(FUZZ) -merge=1 -use_counters=0 \
	  -detect_leaks=0 -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 -malloc_limit_mb=1024 -close_fd_mask=3 \
	  $(FUZZ_MERGE) tests/fuzz/corpus/$(FUZZ) build/fuzz/$(FUZZ)
	rm -f $(FUZZ_MERGE)/seed-* && rm -rf tests/fuzz/corpus/$(FUZZ) && cp -r $(FUZZ_MERGE) tests/fuzz/corpus/$(FUZZ)

# ---- allocation failure, sanitizers, the server under load (docs/reliability.md)
#   make test-oom      every program of tests/runtime/oom with its Nth allocation
#                      failing, for every N of the run, built with ASan and UBSan
#   make serve-stress  kiln serve: wrk -c256 for 60 s with slow, half-open,
#                      oversized and malformed clients, then SIGTERM under load
# The runtime under ThreadSanitizer, for libraries that tests link by hand
# (tests/unit/test_soak.py: threads on one library, several libraries).
TSAN_RT_OBJ = $(RT_SRC:runtime/%.c=build/tsanrt/%.o)

build/tsanrt/%.o: runtime/%.c $(RT_HDR) | build/setup.stamp
	@mkdir -p build/tsanrt
	$(CC) $(TWARN) -O1 -g -fsanitize=thread $(RT_CFLAGS) -c -o $@ $<

build/tsanrt/libkilnrt.a: $(TSAN_RT_OBJ)
	@rm -f $@
	ar rcs $@ $(TSAN_RT_OBJ)

#   make test-soak     100,000 calls through the ABI under LeakSanitizer (no
#                      leak, flat memory), 8 threads on 4 libraries under TSan
test-soak: bin/kiln build/libkilnrt.a
	$(PYTHON) tests/unit/test_soak.py --calls 100000 --rounds 100

test-oom: bin/kiln build/libkilnrt.a
	$(PYTHON) tests/runtime/test_oom.py --full --asan

serve-stress: bin/kiln build/libkilnrt.a
	$(PYTHON) tests/serve/stress.py --seconds 60 --connections 256

.PHONY: fuzz-all fuzz-campaign fuzz-merge test-oom serve-stress test-soak
# <!-- harden: end -->

# ---- benchmarks
bench: bin/kiln build/libkilnrt.a | build/setup.stamp
	@bash scripts/setup.sh bench || echo "bench: peers that could not be installed are reported as missing"
	$(PYTHON) bench/bench.py
	$(PYTHON) bench/bench_gemm.py
	$(PYTHON) bench/bench_embed.py
	$(PYTHON) bench/bench_decode.py
	$(PYTHON) bench/bench_targets.py
	$(MAKE) --no-print-directory bench-clients

# The Node client's per-call overhead against the C ABI called directly.
bench-clients: bin/kiln build/libkilnrt.a clients/node/node_modules/koffi/package.json
	node bench/clients/overhead.mjs

# The example library's size per target (kiln targets: those this machine builds)
bench-targets: bin/kiln build/libkilnrt.a | build/setup.stamp
	$(PYTHON) bench/bench_targets.py

bench-serve: bin/kiln build/libkilnrt.a | build/setup.stamp
	$(PYTHON) bench/serve.py --write

bench-decode: bin/kiln build/libkilnrt.a | build/setup.stamp
	$(PYTHON) bench/bench_decode.py

bench-gemm: build/libkilnrt.a | build/setup.stamp
	@bash scripts/setup.sh bench || echo "bench-gemm: peers that could not be installed are reported as missing"
	$(PYTHON) bench/bench_gemm.py

bench-embed: bin/kiln build/libkilnrt.a | build/setup.stamp
	@bash scripts/setup.sh bench || echo "bench-embed: peers that could not be installed are reported as missing"
	$(PYTHON) bench/bench_embed.py

bench-embed-gemma: bin/kiln build/libkilnrt.a | build/setup.stamp
	$(PYTHON) bench/bench_embed_gemma.py

clean:
	rm -rf build bin

# Differential fuzzing of the compiler against CPython (tests/difffuzz): N
# generated programs from seed SEED; failures minimised into build/difffuzz.
N ?= 1000
SEED ?= 1
difffuzz: $(KILN) build/libkilnrt.a
	nice python3 tests/difffuzz/run.py -n $(N) --seed $(SEED)

# docsref: begin
# The reference generated from the code (docs/reference/): the op library,
# the CLI's --help, include/kiln.h, the diagnostics table. tests/unit/
# test_reference.py fails when a committed file differs from what this writes.
docs: bin/kiln
	python3 scripts/gen_reference.py
# docsref: end

.PHONY: check-clang docs difffuzz target-runtime test-middle all setup demo demo-primes test test-parity asan test-asan fuzz fuzz-run bench bench-serve bench-gemm bench-embed bench-embed-gemma bench-decode bench-clients bench-targets clean

# ---- examples (examples/README.md): make example-NAME runs examples/NAME/run.sh
example-%: bin/kiln build/libkilnrt.a
	bash examples/$*/run.sh
