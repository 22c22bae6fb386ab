#!/usr/bin/env python3
"""tests/difffuzz/run.py: differential fuzzing of kiln against CPython.

    python3 tests/difffuzz/run.py -n 5000 --seed 1      (make difffuzz N=5000 SEED=1)

Programs come from gen.py, seeds SEED, SEED+1, ... . They are compiled in batches: one file
holds BATCH programs as functions and `sys.argv[1]` picks the one to run, so one `kiln build`
(whose C compile dominates the time) serves them all. Each program then runs as the kiln
executable and under this CPython (in a forked child of this process: no interpreter start per
program), and stdout, the last line of stderr and the exit status must agree.

A batch kiln refuses is split: each program is built alone, and one that kiln refuses with a
diagnostic (`FILE:LINE:COL: error[KNNNN]: ...`, exit 1) counts as a refusal, not a failure; anything
else (a crash, a C compiler error, a build that hangs) is a failure. Each failing program is
rebuilt alone to confirm it, then minimised by deleting lines (and blocks of lines) while the
same kind of disagreement remains, and saved under OUT (build/difffuzz): fail-SEED.py (the
program), min-SEED.py (minimised) and fail-SEED.txt (what differed).

The last line is a summary; the exit status is 1 if any program disagreed or crashed the
compiler, 0 otherwise.
"""

import argparse
import io
import json
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

KILN = os.path.join(ROOT, "bin", "kiln")
RUN_TIMEOUT = 60  # seconds; generated programs take milliseconds, but the machine may be loaded
BUILD_TIMEOUT = 300
DIAG = re.compile(r"^[^:\n]+:\d+:\d+: error(\[K\d+\])?: ", re.M)


def last_line(text):
    lines = text.rstrip("\n").split("\n")
    return lines[-1] if lines else ""


def cpython_run(path, argv, timeout=RUN_TIMEOUT):
    """Run the program at path as `python3 path ARGV...` would, in a forked child
    of this interpreter: (stdout, stderr, exit status)."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    code = compile(src, path, "exec")
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:
        status = 0
        try:
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), encoding="utf-8", line_buffering=False)
            sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), encoding="utf-8",
                                          errors="backslashreplace", line_buffering=True)
            sys.argv = [path] + list(argv)
            sys.setrecursionlimit(1000)
            try:
                exec(code, {"__name__": "__main__", "__file__": path, "__builtins__": __builtins__})
            except SystemExit as e:
                if e.code is None:
                    status = 0
                elif isinstance(e.code, int):
                    status = e.code
                else:
                    print(e.code, file=sys.stderr)
                    status = 1
            except BaseException:
                sys.stdout.flush()
                traceback.print_exc()
                status = 1
            try:
                sys.stdout.flush()
            except BaseException:
                pass
            sys.stderr.flush()
        finally:
            os._exit(status & 0xFF)
    deadline = time.time() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.time() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            return "", "timeout", -9
        time.sleep(0.002)
    out.seek(0)
    err.seek(0)
    return (out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
            os.waitstatus_to_exitcode(status))


def kiln_build(path, exe):
    """(status, stderr): 'ok', 'refused' (a diagnostic), 'crash' (anything else)."""
    try:
        p = subprocess.run([KILN, "build", path, "-o", exe], capture_output=True, timeout=BUILD_TIMEOUT,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "crash", "kiln build timed out"
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode == 0:
        return "ok", err
    if p.returncode == 1 and DIAG.search(err) and "internal" not in err.lower() and " cc " not in err:
        return "refused", err
    return "crash", f"kiln build exited {p.returncode}:\n{err}"


def kiln_run(exe, argv, timeout=RUN_TIMEOUT):
    try:
        p = subprocess.run([exe] + list(argv), capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "", "timeout", -9
    return p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"), p.returncode


def compare(ref, got):
    """What differs between CPython's (out, err, status) and kiln's: a tuple of
    kinds ('stdout', 'stderr', 'status', 'signal', 'timeout'), empty if they agree."""
    kinds = []
    if got[2] < 0:
        kinds.append("timeout" if got[1] == "timeout" else "signal")
    if ref[0] != got[0]:
        kinds.append("stdout")
    if last_line(ref[1]) != last_line(got[1]):
        kinds.append("stderr")
    if ref[2] != got[2]:
        kinds.append("status")
    return tuple(kinds)


def describe(ref, got):
    import difflib
    lines = []
    if ref[0] != got[0]:
        lines.append("stdout differs:")
        lines += ["  " + d for d in list(difflib.unified_diff(ref[0].splitlines(), got[0].splitlines(),
                                                             "cpython", "kiln", n=1, lineterm=""))[:40]]
    lines.append(f"stderr last line: cpython {last_line(ref[1])!r}")
    lines.append(f"                  kiln    {last_line(got[1])!r}")
    lines.append(f"exit status: cpython {ref[2]}, kiln {got[2]}")
    return "\n".join(lines)


def check_standalone(src, work):
    """Build and run one standalone program: ('refused'|'crash'|kinds tuple, detail)."""
    path = os.path.join(work, "prog.py")
    exe = os.path.join(work, "prog")
    with open(path, "w", encoding="utf-8") as f:
        f.write(src)
    try:
        ref = cpython_run(path, [])
    except SyntaxError as e:
        return "invalid", str(e)
    if "SyntaxError" in ref[1] or "IndentationError" in ref[1]:
        return "invalid", ref[1]
    st, err = kiln_build(path, exe)
    if st != "ok":
        return st, err
    got = kiln_run(exe, [])
    return compare(ref, got), describe(ref, got)


def reduce(src, want, work, budget=200):
    """Delete lines (chunks, then single lines) while check_standalone still gives want."""
    lines = src.split("\n")
    tries = 0

    def same(cand):
        nonlocal tries
        tries += 1
        text = "\n".join(cand)
        try:
            compile(text, "prog.py", "exec")
        except SyntaxError:
            return False
        return check_standalone(text, work)[0] == want

    n = max(len(lines) // 2, 1)
    while n >= 1 and tries < budget:
        i = 0
        changed = False
        while i < len(lines) and tries < budget:
            cand = lines[:i] + lines[i + n:]
            if cand and same(cand):
                lines = cand
                changed = True
            else:
                i += n
        if not changed:
            n //= 2
    return "\n".join(lines)


def run_batch(job):
    """One batch: [(seed, result)], result one of 'ok', 'refused', ('fail', kinds, detail)."""
    seeds, out = job
    work = tempfile.mkdtemp(prefix="difffuzz-", dir=os.path.join(out, "work"))
    path = os.path.join(work, "batch.py")
    exe = os.path.join(work, "batch")
    with open(path, "w", encoding="utf-8") as f:
        f.write(gen.batch(seeds))
    results = []
    st, err = kiln_build(path, exe)
    while st == "refused" and len(seeds) > 1:
        # the diagnostic's line names the program: count it refused, build the rest
        m = re.search(r":(\d+):\d+: error", err)
        src = gen.batch(seeds).split("\n")
        line = int(m.group(1)) if m else 0
        who = [int(l.split()[2]) for l in src[:line] if l.startswith("# seed ")]
        if not who:
            break
        results.append((who[-1], "refused", first_diag(err)))
        seeds = [x for x in seeds if x != who[-1]]
        with open(path, "w", encoding="utf-8") as f:
            f.write(gen.batch(seeds))
        st, err = kiln_build(path, exe)
    if st != "ok":  # find who: each program alone
        for s in seeds:
            r, detail = check_standalone(gen.program(s), work)
            if r == "refused":
                results.append((s, "refused", first_diag(detail)))
            elif r in ("crash", "invalid"):
                results.append((s, ("fail", (r,), detail)))
            elif r:
                results.append((s, ("fail", r, detail)))
            else:
                results.append((s, "ok"))
        cleanup(work)
        return results
    for i, s in enumerate(seeds):
        ref = cpython_run(path, [str(i)])
        got = kiln_run(exe, [str(i)])
        kinds = compare(ref, got)
        if not kinds:
            results.append((s, "ok"))
            continue
        # confirm on the program alone (and get the standalone form's detail)
        r, detail = check_standalone(gen.program(s), work)
        if r in ((), "invalid"):
            # the program alone agrees: run it in the batch once more (a run that timed
            # out on a loaded machine agrees now); one that still differs is a failure
            ref, got = cpython_run(path, [str(i)]), kiln_run(exe, [str(i)])
            kinds = compare(ref, got)
            if not kinds:
                results.append((s, "ok"))
            else:
                results.append((s, ("fail", ("batch-only",) + kinds, describe(ref, got))))
        else:
            results.append((s, ("fail", r if isinstance(r, tuple) else (r,), detail)))
    cleanup(work)
    return results


def first_diag(err):
    m = DIAG.search(err)
    if not m:
        return err.strip().split("\n")[0]
    line = err[m.start():].split("\n")[0]
    return line[m.end() - m.start():]


def cleanup(work):
    for f in os.listdir(work):
        os.unlink(os.path.join(work, f))
    os.rmdir(work)


def reduce_job(job):
    seed, kinds, out = job
    work = tempfile.mkdtemp(prefix="reduce-", dir=os.path.join(out, "work"))
    src = gen.program(seed)
    want = kinds[0] if kinds[0] in ("crash",) else kinds
    if kinds[0] in ("batch-only", "invalid"):
        return seed, None
    small = reduce(src, want if want != "crash" else "crash", work)
    with open(os.path.join(out, f"min-{seed}.py"), "w", encoding="utf-8") as f:
        f.write(small + ("\n" if not small.endswith("\n") else ""))
    cleanup(work)
    return seed, small


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=200, help="programs to generate (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--batch", type=int, default=25, help="programs per kiln build (default 25)")
    ap.add_argument("-j", type=int, default=2, help="batches at once (default 2)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "difffuzz"), help="where failures go")
    ap.add_argument("--no-reduce", action="store_true", help="save failing programs without minimising them")
    ap.add_argument("--quiet", action="store_true")
    opts = ap.parse_args()
    if not os.access(KILN, os.X_OK):
        print(f"no {KILN}: run make", file=sys.stderr)
        return 2
    os.makedirs(os.path.join(opts.out, "work"), exist_ok=True)
    t0 = time.time()
    seeds = list(range(opts.seed, opts.seed + opts.n))
    jobs = [(seeds[i:i + opts.batch], opts.out) for i in range(0, len(seeds), opts.batch)]
    counts = {"ok": 0, "refused": 0, "fail": 0}
    refusals = {}
    fails = []
    with multiprocessing.Pool(opts.j) as pool:
        for results in pool.imap_unordered(run_batch, jobs):
            for s, r, *rest in results:
                if r == "ok":
                    counts["ok"] += 1
                elif r == "refused":
                    counts["refused"] += 1
                    refusals[rest[0]] = refusals.get(rest[0], 0) + 1
                else:
                    counts["fail"] += 1
                    fails.append((s, r[1], r[2]))
                    with open(os.path.join(opts.out, f"fail-{s}.py"), "w", encoding="utf-8") as f:
                        f.write(gen.program(s))
                    with open(os.path.join(opts.out, f"fail-{s}.txt"), "w", encoding="utf-8") as f:
                        f.write(f"seed {s}: {' '.join(r[1])}\n{r[2]}\n")
                    if not opts.quiet:
                        print(f"FAIL seed {s}: {' '.join(r[1])}\n  " + r[2].replace("\n", "\n  ")[:1500],
                              flush=True)
        if fails and not opts.no_reduce:
            for seed, small in pool.imap_unordered(reduce_job, [(s, k, opts.out) for s, k, _ in fails]):
                if small is not None and not opts.quiet:
                    print(f"minimised seed {seed} ({small.count(chr(10)) + 1} lines): {opts.out}/min-{seed}.py",
                          flush=True)
    elapsed = time.time() - t0
    if refusals and not opts.quiet:
        print("refusals:")
        for msg, c in sorted(refusals.items(), key=lambda kv: -kv[1]):
            print(f"  {c:5d}  {msg}")
    summary = {"programs": opts.n, "seed": opts.seed, "agreed": counts["ok"], "refused": counts["refused"],
               "failed": counts["fail"], "seconds": round(elapsed, 1), "failing_seeds": [s for s, _, _ in fails]}
    with open(os.path.join(opts.out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(f"difffuzz: {opts.n} programs (seeds {opts.seed}..{opts.seed + opts.n - 1}): {counts['ok']} agreed, "
          f"{counts['refused']} refused, {counts['fail']} failed, {elapsed:.1f} s")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
