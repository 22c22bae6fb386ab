#!/usr/bin/env python3
"""tests/unit/test_fuzz_harnesses.py — kiln's libFuzzer harnesses
(tests/fuzz/fuzz_*.c) as regression tests, on the plain build: each harness
is linked with tests/fuzz/fuzz_main.c instead of libFuzzer (gcc, no clang
needed; the parse and types harnesses with the compiler built by make asan) and runs, once each, its generated seeds (tests/fuzz/seeds.py) and
tests/fuzz/corpus/NAME: the corpus a campaign minimized and every input a
campaign found a crash with. A harness checks its own invariants and aborts
on a violation; here every input must come back.

    python3 tests/unit/test_fuzz_harnesses.py [NAME...]   parse abi serve safetensors gguf tokjson types

The last line is 'N passed, N failed'.
"""
import fcntl
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUZZ = os.path.join(ROOT, "tests", "fuzz")
OUT = os.path.join(ROOT, "build", "tests", "fuzz")
KILN = os.path.join(ROOT, "bin", "kiln")
CC = os.environ.get("CC", "cc")
CFLAGS = ["-std=c11", "-D_GNU_SOURCE", "-O1", "-g", "-Wall", "-Wextra", "-Wno-unused-parameter"]
LIBS = ["-lutf8proc", "-lpcre2-8", "-lm", "-lpthread", "-ldl"]
NAMES = ("parse", "abi", "serve", "safetensors", "gguf", "tokjson", "types")
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
SAN_ENV = {"ASAN_OPTIONS": "detect_leaks=0:exitcode=86", "UBSAN_OPTIONS": "halt_on_error=1:exitcode=86"}

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}".rstrip())


def make(*targets):
    # other test scripts may be making the library at the same time: take turns
    with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        subprocess.run(["make", "-s", *targets], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def build(name):
    exe = os.path.join(OUT, f"fuzz-{name}")
    main = [os.path.join(FUZZ, "fuzz_main.c"), os.path.join(FUZZ, f"fuzz_{name}.c")]
    inc = ["-I" + os.path.join(ROOT, "runtime"), "-I" + os.path.join(ROOT, "compiler")]
    if name == "abi":
        lib = os.path.join(OUT, "libabilib.so")
        p = subprocess.run([KILN, "compile", os.path.join(FUZZ, "abilib.py"), "-o", lib], capture_output=True,
                           text=True)
        if p.returncode != 0:
            check("kiln compile abilib.py", False, p.stderr[-2000:])
            return None
        cmd = main + [lib, "-Wl,-rpath," + OUT]
    elif name in ("safetensors", "gguf", "tokjson"):
        cmd = main + [os.path.join(ROOT, "build", "libkilnrt.a")] + LIBS
    elif name == "serve":
        cmd = main + [os.path.join(ROOT, "serve", f) for f in ("openai.c", "json.c")] + \
              [os.path.join(ROOT, "runtime", "dtoa.c"), "-lpthread", "-lm"]
    else:
        # the compiler as make asan builds it (ASan, UBSan): its state lives
        # across inputs here, and a use after free would pass unseen
        make("bin/kiln-asan")
        objs = sorted(os.path.join(ROOT, "build", "asan", f)
                      for f in os.listdir(os.path.join(ROOT, "build", "asan"))
                      if f.endswith(".o") and f != "main.o")
        cmd = SAN + main + objs + [os.path.join(ROOT, "runtime", f) for f in ("dtoa.c", "rescan.c")] + LIBS
    p = subprocess.run([CC] + CFLAGS + inc + ["-o", exe] + cmd, capture_output=True, text=True)
    check(f"build fuzz-{name}", p.returncode == 0, p.stderr[-3000:])
    return exe if p.returncode == 0 else None


def main():
    names = sys.argv[1:] or NAMES
    t0 = time.time()
    os.makedirs(OUT, exist_ok=True)
    make("bin/kiln", "build/libkilnrt.a")
    seeds = os.path.join(OUT, "seeds")
    subprocess.run([sys.executable, os.path.join(FUZZ, "seeds.py"), seeds, *names], check=True)
    for name in names:
        exe = build(name)
        if not exe:
            continue
        dirs = [os.path.join(seeds, name)]
        corpus = os.path.join(FUZZ, "corpus", name)
        if os.path.isdir(corpus):
            dirs.append(corpus)
        want = sum(len(os.listdir(d)) for d in dirs)
        try:
            p = subprocess.run([exe] + dirs, capture_output=True, timeout=600, cwd=OUT, env=dict(os.environ, **SAN_ENV))
        except subprocess.TimeoutExpired:
            check(f"fuzz-{name}: the corpus in time", False, "timed out after 600 s")
            continue
        err = p.stderr.decode("utf-8", "replace")
        last = [line for line in err.splitlines() if line.startswith("input ")]
        check(f"fuzz-{name}: {want} inputs", p.returncode == 0 and p.stdout.decode().strip() == f"ok {want} inputs",
              f"exit {p.returncode}; last input: {last[-1] if last else '-'}\n{err[-3000:]}")
    print("(%.1fs)" % (time.time() - t0))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
