#!/usr/bin/env python3
"""tests/runtime/test_oom.py — allocation failure, SQLite's out-of-memory
loop: every program of tests/runtime/oom/ is compiled by kiln and run with
KILN_ALLOC_FAIL_AT=N (runtime/ops.c: the Nth allocation of the run fails)
for N over the whole run. Each run must end as a Python program would:

  - exit 1 with a traceback whose last line is "MemoryError", and stdout a
    prefix of the clean run's (nothing wrong printed before the failure);
  - or exit 0 with exactly the clean run's stdout (the failure was caught
    by the program, or fell on an allocation that has a fallback);

never a signal, a sanitizer report, another exception, or a hang. The clean
run itself (KILN_ALLOC_FAIL_AT=0) must print what CPython prints (numpy's
python for arrays.py; the tokenizer program, whose package CPython lacks
here, against kiln's own clean run only) and reports the run's number of
allocations T.

    python3 tests/runtime/test_oom.py [--full] [--asan] [PROGRAM...]

By default N takes every value up to 40 and then 40 values spread evenly
over the rest of the run (make test); --full takes every N from 1 to T
(make test-oom); --asan builds the programs with ASan and UBSan.
The last line is 'N passed, N failed'.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oom")
KILN = os.path.join(ROOT, "bin", "kiln")
NUMPY_PYTHON = os.environ.get("KILN_NUMPY_PYTHON", "/usr/bin/python3")
COUNT_RE = re.compile(r"^kiln: (\d+) allocations$")

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}".rstrip())


def tokenizer_json(path, padding=True):
    """A small WordPiece tokenizer.json, generated (nothing third-party);
    padding: BatchLongest with [PAD], else none (tests/unit/test_soak.py)."""
    vocab = {t: i for i, t in enumerate(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "hello", "the", "world", "qu",
                                         "##ick", ",", "!", "##s"])}
    pad = {"strategy": "BatchLongest", "direction": "Right", "pad_to_multiple_of": None, "pad_id": 0,
           "pad_type_id": 0, "pad_token": "[PAD]"}
    tj = {"version": "1.0", "truncation": None, "padding": pad if padding else None,
          "added_tokens": [{"id": vocab[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                            "normalized": False, "special": True} for t in ("[PAD]", "[UNK]", "[CLS]", "[SEP]")],
          "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                         "strip_accents": None, "lowercase": True},
          "pre_tokenizer": {"type": "BertPreTokenizer"},
          "post_processor": {"type": "BertProcessing", "sep": ["[SEP]", 3], "cls": ["[CLS]", 2]},
          "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
          "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                    "max_input_chars_per_word": 100, "vocab": vocab}}
    with open(path, "w") as f:
        json.dump(tj, f)


def run(exe, args, fail_at, timeout=60):
    env = dict(os.environ, KILN_ALLOC_FAIL_AT=str(fail_at), KILN_NUM_THREADS="1",
               ASAN_OPTIONS="detect_leaks=0:exitcode=86", UBSAN_OPTIONS="halt_on_error=1:exitcode=86")
    try:
        p = subprocess.run([exe] + args, capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def judge(res, clean_out):
    """None when the run ended as it should, else why not."""
    if res is None:
        return "a hang (timed out)"
    rc, out, err = res
    lines = [line for line in err.splitlines() if not COUNT_RE.match(line)]
    if rc == 0:
        return None if out == clean_out else "exit 0 with output that differs from the clean run"
    if rc != 1:
        return f"exit status {rc}"
    if not lines or lines[-1] != "MemoryError":
        return "exit 1 without MemoryError as the last line: " + (lines[-1] if lines else "(no stderr)")
    if not clean_out.startswith(out):
        return "stdout is not a prefix of the clean run's"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full", action="store_true", help="every N from 1 to the run's allocations")
    ap.add_argument("--asan", action="store_true", help="programs built with ASan and UBSan")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    t0 = time.time()
    names = args.programs or sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".py"))
    runs = 0
    with tempfile.TemporaryDirectory() as tmp:
        tok = os.path.join(tmp, "tokenizer.json")
        tokenizer_json(tok)
        env = dict(os.environ)
        if args.asan:
            env["KILN_CFLAGS"] = "-fsanitize=address,undefined -fno-omit-frame-pointer"
        for name in names:
            src = os.path.join(HERE, name + ".py")
            exe = os.path.join(tmp, name)
            p = subprocess.run([KILN, "build", src, "-o", exe], capture_output=True, text=True, env=env)
            check(f"{name}: kiln build", p.returncode == 0, p.stderr[-2000:])
            if p.returncode != 0:
                continue
            pargs = [tok] if name == "tokenizer_run" else []
            clean = run(exe, pargs, 0)
            if clean is None or clean[0] != 0:
                check(f"{name}: clean run", False, repr(clean)[-2000:])
                continue
            m = [COUNT_RE.match(line) for line in clean[2].splitlines()]
            m = [x for x in m if x]
            if not m:
                check(f"{name}: the allocation count", False, clean[2][-2000:])
                continue
            total = int(m[-1].group(1))
            if name != "tokenizer_run":
                py = NUMPY_PYTHON if name == "arrays" else sys.executable
                ref = subprocess.run([py, src] + pargs, capture_output=True, text=True)
                check(f"{name}: the clean run prints what CPython prints", ref.stdout == clean[1] and ref.returncode == 0,
                      f"CPython:\n{ref.stdout[-1500:]}{ref.stderr[-500:]}\nkiln:\n{clean[1][-1500:]}")
            if args.full:
                ns = list(range(1, total + 1))
            else:
                ns = sorted(set(range(1, min(total, 40) + 1)) |
                            {40 + (total - 40) * k // 40 for k in range(1, 41) if total > 40})
            bad = []
            with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                for n, res in zip(ns, pool.map(lambda n: run(exe, pargs, n), ns)):
                    why = judge(res, clean[1])
                    if why:
                        bad.append((n, why, res))
            runs += len(ns)
            print(f"{name}: {total} allocations, {len(ns)} runs, {len(bad)} bad")
            detail = "\n".join(f"  N={n}: {why}\n    " + (res[2][-600:].replace("\n", "\n    ") if res else "")
                               for n, why, res in bad[:5])
            check(f"{name}: {len(ns)} runs failing allocation N of {total}, each a MemoryError or a clean result",
                  not bad, f"{len(bad)} bad runs, the first:\n{detail}")
    print("(%d runs, %.1fs)" % (runs, time.time() - t0))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
