#!/usr/bin/env python3
# make-test-args: --quick
"""tests/runtime/test_gemm.py — libkilnrt's GEMM kernels, thread pool and
float16/bfloat16 conversions (runtime/gemm.c, gemm_x86.c, threads.c, half.c).

Builds tests/runtime/gemm_driver.c against build/libkilnrt.a and runs it
once per kernel path and thread count: KILN_ISA=generic|avx2|avx512|
avx512bf16 (each path the CPU has; KILN_ISA forces gemm.c's choice) ×
KILN_NUM_THREADS=1|2. Each run checks random multiplies of every dtype
(f32, bf16 B, f16 B, f64, and kr_gemm_bf16's bf16 × bf16)
against the plain-C reference, B plain and transposed, odd shapes, M = 1,
strided rows and accumulate; the tolerance is the summation error bound,
2·(K+2)·u·sum|a·b| (see the driver). The conversions and the pool are
checked once; --tsan and --asan also build the kernel files with the
driver under ThreadSanitizer / AddressSanitizer+UBSan and run them.

    python3 tests/runtime/test_gemm.py [--quick] [--cases N] [--seed N] [--tsan] [--asan]

The last line is "N passed, N failed"; the exit status is 1 if anything failed.
"""
import argparse
import fcntl
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
FLAGS = ["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Wno-unused-parameter", "-g",
         "-ffp-contract=off", "-fno-fast-math", "-I" + os.path.join(ROOT, "runtime")]

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}".rstrip())


def build(cc, kind):
    """'lib' links build/libkilnrt.a; 'tsan'/'asan' compile the kernel files with the driver under
    ThreadSanitizer / AddressSanitizer+UBSan."""
    os.makedirs(os.path.join(ROOT, "build", "tests"), exist_ok=True)
    drv = os.path.join(HERE, "gemm_driver.c")
    exe = os.path.join(ROOT, "build", "tests", f"gemm_driver_{kind}")
    if kind == "lib":
        with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # other test scripts may be making the library too
            subprocess.run(["make", "-s", "build/libkilnrt.a"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        cmd = [cc] + FLAGS + ["-O2", "-o", exe, drv, os.path.join(ROOT, "build", "libkilnrt.a")]
    else:
        rt = [os.path.join(ROOT, "runtime", f) for f in ("gemm.c", "gemm_x86.c", "threads.c", "half.c", "platform.c")]
        san = ["-fsanitize=thread"] if kind == "tsan" else ["-fsanitize=address,undefined",
                                                             "-fno-sanitize-recover=all"]
        cmd = [cc] + FLAGS + ["-O1", "-fno-omit-frame-pointer"] + san + ["-o", exe, drv] + rt
    p = subprocess.run(cmd + ["-lutf8proc", "-lm", "-lpthread", "-ldl"], capture_output=True, text=True)
    check(f"build {kind}", p.returncode == 0, p.stderr[-3000:])
    return exe if p.returncode == 0 else None


def run(name, exe, args, env_extra, timeout=900):
    env = dict(os.environ, TSAN_OPTIONS="halt_on_error=1:exitcode=86", ASAN_OPTIONS="detect_leaks=1:exitcode=86",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=86", **env_extra)
    p = subprocess.run([exe] + args, capture_output=True, text=True, timeout=timeout, env=env)
    lines = p.stdout.splitlines()
    for line in lines:
        if line.startswith("ok ") or line.startswith("FAIL "):
            check(f"{name}: {line[3:] if line.startswith('ok ') else line[5:].split(':')[0]}",
                  line.startswith("ok "), line)
    check(f"{name}: exit", p.returncode == 0, f"exit status {p.returncode}\n" + p.stderr[-3000:])
    return lines[0] if lines else ""


def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer random shapes per run (the unit suite's setting)")
    ap.add_argument("--cases", type=int, default=None, help="random multiplies per dtype and run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tsan", action="store_true", help="also the pool and a threaded GEMM under ThreadSanitizer")
    ap.add_argument("--asan", action="store_true", help="also every ISA path under AddressSanitizer+UBSan")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    args = ap.parse_args()
    cases = args.cases or (60 if args.quick else 300)
    t0 = time.time()

    flags = cpu_flags()
    isas = ["generic"]
    if {"avx2", "fma", "f16c"} <= flags:
        isas.append("avx2")
    if {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= flags:
        isas.append("avx512")
        if "avx512_bf16" in flags:
            isas.append("avx512bf16")
    exe = build(args.cc, "lib")
    if exe:
        run("half+pool", exe, ["half", "pool"], {"KILN_NUM_THREADS": "2"})
        for isa in isas:
            for threads in (1, 2):
                name = f"{isa} {threads}T"
                first = run(name, exe, ["gemm", str(args.seed), str(cases)],
                            {"KILN_ISA": isa, "KILN_NUM_THREADS": str(threads)})
                check(f"{name}: path taken", first == f"isa {isa} threads {threads}", first)
    if args.tsan:
        exe = build(args.cc, "tsan")
        if exe:
            run("tsan", exe, ["pool", "gemm", str(args.seed), "20"], {"KILN_NUM_THREADS": "2"})

    if args.asan:
        exe = build(args.cc, "asan")
        if exe:
            for isa in isas:
                run(f"asan {isa}", exe, ["gemm", str(args.seed), "30"], {"KILN_ISA": isa, "KILN_NUM_THREADS": "2"})

    print("(%.1fs)" % (time.time() - t0))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
