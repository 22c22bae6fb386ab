#!/usr/bin/env python3
"""tests/unit/test_targets.py — kiln build --target: programs compiled for
other platforms, run on this machine, output identical to CPython's.

For each cross target (aarch64-linux-gnu under qemu-aarch64, x86_64-w64-mingw32
under wine64, wasm32-emscripten under Node) a fixed subset of tests/programs
and tests/numpy (SUBSET below: one or two programs per area — numbers, str,
containers, classes, generators, exceptions and tracebacks, exit codes, stdin,
files, re, json, random, numpy kernels) is built with `kiln build --target`
and run beside CPython (numpy: /usr/bin/python3): stdout, the last line of
stderr and the exit status must match, as in tests/run.py's programs suite
(numpy files with a "# tolerance:" header compare numbers with it). Windows
ends lines with "\\r\\n" on stdout, as CPython on Windows does; they are
compared as "\\n". The subset, not the whole corpus, because each emulated
build and run costs seconds (under a minute per target on 2 cores, the
runtime's first build aside).

On each target the embedding example (examples/embed/embed.py) is also
compiled as a library (.so, .dll, .js + .wasm) and called through
include/kiln.h, over a synthetic GloVe-layout model folder: from a C host
built for the target (tests/targets/call.c; under qemu or wine) or from Node
(tests/targets/call.mjs); the vectors must match CPython's run of the same
module within 1e-6, and a bad argument must come back as its TypeError.
On aarch64 and WebAssembly the GEMM driver of tests/runtime checks the NEON
and SIMD128 kernels against the plain-C reference (not with --quick: minutes
under qemu).

The WebAssembly library is also built with --web and run in headless
Chromium (a page served over HTTP hands it the model folder's files).

A target whose compiler or emulator is missing is skipped with the reason
(`kiln targets` names what to install: scripts/setup.sh cross). `kiln
targets` itself and the errors of --target are checked always.

`make test` runs it with --quick: QUICK's 6 programs and the embedding
example per target (about a minute a target on 2 idle cores, once the
target runtimes are built; their first build takes a few minutes more).

    python3 tests/unit/test_targets.py [TARGET...] [--quick] [-k NAME] [-v]
"""
# make-test-args: --quick
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.path.join(ROOT, "bin", "kiln")
NUMPY_PYTHON = os.environ.get("KILN_NUMPY_PYTHON", "/usr/bin/python3")
OUT = os.path.join(ROOT, "build", "tests", "targets")

SUBSET = [
    "programs/arith_int.py", "programs/int_arith_edge.py", "programs/float_math.py",
    "programs/fstring_formats.py", "programs/str_methods.py", "programs/dicts.py",
    "programs/class_dunders.py", "programs/gen_pipeline_stages.py", "programs/exc_custom_hierarchy_tb.py",
    "programs/uncaught_traceback.py", "programs/err_sys_exit_code.py", "programs/sys_stdin_lines.py",
    "programs/files_jsonl_roundtrip.py", "programs/re_unicode.py", "programs/json_config.py",
    "programs/random_seeded.py", "programs/collections_counter.py", "programs/tok_bpe_merges.py",
    "programs/os_environ.py",
    "numpy/matmul_f32.py", "numpy/matmul_2d.py", "numpy/infer_softmax.py", "numpy/reduce_var_std_f32.py",
]

CROSS_TOLERANCE = 1e-6  # numpy programs on another CPU (see run_program)

# --quick (what `make test` runs, to keep its time in bounds): these of
# SUBSET, one per area that differs most between systems (tracebacks and exit
# codes, str and re through PCRE2, files, float formatting, numpy kernels).
QUICK = ["programs/uncaught_traceback.py", "programs/err_sys_exit_code.py", "programs/re_unicode.py",
         "programs/files_jsonl_roundtrip.py", "programs/float_math.py", "numpy/matmul_f32.py"]

# Programs of SUBSET a target leaves out, and why.
SKIP = {
    # random.gauss and friends call the C library's log/cos/sqrt: Windows'
    # msvcrt is not correctly rounded (one ulp off here), and CPython on
    # Windows links the same kind of libm, so glibc's digits are no reference
    ("x86_64-w64-mingw32", "programs/random_seeded.py"),
}

# target: (the command prefix that runs its executables, the executable's suffix)
TARGETS = {
    "aarch64-linux-gnu": (["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"], ""),
    "x86_64-w64-mingw32": (["/usr/lib/wine/wine64"], ".exe"),
    "wasm32-emscripten": (["node"], ".js"),
}

passed = failed = skipped = 0
VERBOSE = False


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        if VERBOSE:
            print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}".rstrip())


def last_line(b):
    lines = b.decode("utf-8", "replace").rstrip("\n").split("\n")
    return lines[-1].rstrip("\r") if lines else ""


def stdin_of(path):
    with open(path, encoding="utf-8") as f:
        lines = [l[len("# stdin:"):].rstrip("\n") for l in f if l.startswith("# stdin:")]
    if not lines:
        return None
    return "".join((l[1:] if l.startswith(" ") else l) + "\n" for l in lines).encode()


def tolerance_of(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"# tolerance:\s*(\S+)", line)
            if m:
                return float(m.group(1))
    return None


NUMBER = re.compile(r"(nan|-?inf|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)")


def close_enough(ref, got, tol):
    """Same text but for numbers, which may differ by tol (relative above 1);
    runs of blanks compare equal (numpy pads columns to the widest number)."""
    r, g = NUMBER.split(" ".join(ref.split())), NUMBER.split(" ".join(got.split()))
    if len(r) != len(g):
        return False
    for i, (a, b) in enumerate(zip(r, g)):
        if i % 2 == 0:
            if a != b:
                return False
        elif a != b:
            try:
                x, y = float(a), float(b)
            except ValueError:
                return False
            if abs(x - y) > tol * max(1.0, abs(x)):
                return False
    return True


def env_for(target):
    env = dict(os.environ)
    if target == "x86_64-w64-mingw32":
        # a prefix of its own, made on the first run (about 15 s), kept in build/
        env["WINEPREFIX"] = os.path.join(ROOT, "build", "targets", "wineprefix")
        env["WINEDEBUG"] = "-all"
    return env


def run_program(target, rel):
    """One program of SUBSET on target: (name, ok, detail)."""
    runner, ext = TARGETS[target]
    path = os.path.join(ROOT, "tests", rel)
    name = f"{target}: {rel}"
    exe = os.path.join(OUT, target, rel.replace("/", "_")[:-3] + ext)
    feed = stdin_of(path)
    stdin = {"stdin": subprocess.DEVNULL} if feed is None else {"input": feed}
    numpy = rel.startswith("numpy/")
    ref_py = NUMPY_PYTHON if numpy else sys.executable
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    try:
        ref = subprocess.run([ref_py, path], **stdin, capture_output=True, timeout=120,
                             cwd=os.path.dirname(path), env=env)
        b = subprocess.run([KILN, "build", "--target", target, path, "-o", exe], capture_output=True,
                           timeout=600, cwd=ROOT)
        if b.returncode != 0:
            return name, False, "kiln build failed:\n" + b.stderr.decode("utf-8", "replace")[-2000:]
        got = subprocess.run(runner + [exe], **stdin, capture_output=True, timeout=300,
                             cwd=os.path.dirname(path), env=env_for(target))
    except subprocess.TimeoutExpired as e:
        return name, False, f"timed out: {e.cmd[0]}"
    r_out = ref.stdout.decode("utf-8", "replace")
    g_out = got.stdout.decode("utf-8", "replace")
    if target == "x86_64-w64-mingw32":
        g_out = g_out.replace("\r\n", "\n")  # what CPython on Windows writes too
    tol = tolerance_of(path) if numpy else None
    if numpy:
        # float32 exp and sums are rounded differently in the last place by
        # numpy's x86 SIMD routines (the reference) and the portable C and
        # NEON/SIMD128 paths of another CPU or Windows' C library: kernels,
        # where the brief allows a stated tolerance
        tol = max(tol or 0.0, CROSS_TOLERANCE)
    problems = []
    if r_out != g_out and not (tol is not None and close_enough(r_out, g_out, tol)):
        diff = [l for l in __import__("difflib").unified_diff(r_out.splitlines(), g_out.splitlines(),
                                                             "cpython", target, n=1, lineterm="")]
        problems.append("stdout differs:\n  " + "\n  ".join(diff[:30]))
    if last_line(ref.stderr) != last_line(got.stderr):
        problems.append(f"last line of stderr: cpython {last_line(ref.stderr)!r}, "
                        f"{target} {last_line(got.stderr)!r}")
    if ref.returncode != got.returncode:
        problems.append(f"exit status: cpython {ref.returncode}, {target} {got.returncode}")
    return name, not problems, "\n".join(problems)


def write_model(folder):
    """A GloVe-layout model folder (what scripts/glove_model.py writes from
    the real vectors), small and synthetic: 12 words of 8 dimensions."""
    vocab = ["the", "cat", "sat", "on", "mat", "dog", "rug", "hello", "world", "stock", "markets", "fell"]
    dim = 8
    os.makedirs(os.path.join(folder, "0_WordEmbeddings"), exist_ok=True)
    os.makedirs(os.path.join(folder, "1_Pooling"), exist_ok=True)
    with open(os.path.join(folder, "modules.json"), "w") as f:
        json.dump([{"idx": 0, "name": "0", "path": "0_WordEmbeddings",
                    "type": "sentence_transformers.models.WordEmbeddings"},
                   {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}], f)
    with open(os.path.join(folder, "0_WordEmbeddings", "whitespacetokenizer_config.json"), "w") as f:
        json.dump({"vocab": vocab, "stop_words": [], "do_lower_case": True}, f)
    with open(os.path.join(folder, "0_WordEmbeddings", "wordembedding_config.json"), "w") as f:
        json.dump({"tokenizer_class": "sentence_transformers.models.tokenizer.WhitespaceTokenizer.WhitespaceTokenizer",
                   "update_embeddings": False, "max_seq_length": 1000000}, f)
    with open(os.path.join(folder, "1_Pooling", "config.json"), "w") as f:
        json.dump({"word_embedding_dimension": dim, "pooling_mode_mean_tokens": True}, f)
    import math
    values = [math.cos(i * 0.7) * 0.5 for i in range(len(vocab) * dim)]
    data = struct.pack(f"<{len(values)}f", *values)
    header = json.dumps({"emb_layer.weight": {"dtype": "F32", "shape": [len(vocab), dim],
                                              "data_offsets": [0, len(data)]}}).encode()
    header += b" " * (-len(header) % 8)
    with open(os.path.join(folder, "0_WordEmbeddings", "model.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header + data)


LIB_EXT = {"aarch64-linux-gnu": ".so", "x86_64-w64-mingw32": ".dll", "wasm32-emscripten": ".js"}


def host_for(target, lib, tmp):
    """The command that calls a function of lib on target (tests/targets/call.c
    built for it, or call.mjs for WebAssembly), or (None, why it failed)."""
    if target == "wasm32-emscripten":
        return ["node", os.path.join(ROOT, "tests", "targets", "call.mjs"), lib], ""
    cc = {"aarch64-linux-gnu": "aarch64-linux-gnu-gcc", "x86_64-w64-mingw32": "x86_64-w64-mingw32-gcc"}[target]
    host = os.path.join(tmp, "call" + TARGETS[target][1])
    rpath = [f"-Wl,-rpath,{tmp}"] if target == "aarch64-linux-gnu" else []
    p = subprocess.run([cc, "-std=c11", "-O1", "-I", os.path.join(ROOT, "include"),
                        os.path.join(ROOT, "tests", "targets", "call.c"), lib, "-o", host] + rpath,
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr
    return TARGETS[target][0] + [host], ""


def embed(target, tmp):
    """examples/embed compiled as a library for target and called through
    include/kiln.h on it: a C host (a Windows DLL beside a .exe under wine),
    or Node for WebAssembly."""
    model = os.path.join(tmp, "model")
    write_model(model)
    lib = os.path.join(tmp, "embed" + LIB_EXT[target])
    b = subprocess.run([KILN, "compile", "--target", target, os.path.join(ROOT, "examples", "embed", "embed.py"),
                        "-o", lib], capture_output=True, text=True, timeout=600, cwd=ROOT)
    check(f"{target}: kiln compile examples/embed/embed.py", b.returncode == 0, b.stderr[-2000:])
    if b.returncode != 0:
        return
    host, why = host_for(target, lib, tmp)
    check(f"{target}: the host that calls the library builds", host is not None, why)
    if host is None:
        return
    texts = ["the cat sat on the mat", "a dog slept on the rug", "stock markets fell", "", "HELLO, World!"]
    env = dict(env_for(target), KILN_MODEL_DIR=model)
    got = subprocess.run(host + ["generate_embeddings", json.dumps([texts])], capture_output=True, text=True,
                         timeout=300, env=env, cwd=tmp)
    ref = subprocess.run([NUMPY_PYTHON, "-c", "import json, sys, embed; "
                          "print(json.dumps(embed.generate_embeddings(json.loads(sys.argv[1])[0])))", json.dumps([texts])],
                         capture_output=True, text=True, timeout=120,
                         env=dict(env, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "python"),
                                                                  os.path.join(ROOT, "examples", "embed")])))
    ok = got.returncode == 0 and ref.returncode == 0
    detail = f"kiln ({got.returncode}): {got.stdout[:300]}{got.stderr[-1000:]}\ncpython ({ref.returncode}): " \
             f"{ref.stdout[:300]}{ref.stderr[-1000:]}"
    if ok:
        g, r = json.loads(got.stdout), json.loads(ref.stdout)
        ok = len(g) == len(r) and all(len(a) == len(b) and all(abs(x - y) <= 1e-6 for x, y in zip(a, b))
                                      for a, b in zip(g, r)) and any(any(v) for v in r)
    check(f"{target}: the embedding example through include/kiln.h", ok, detail)
    if target == "wasm32-emscripten" and ref.returncode == 0:
        browser(tmp, texts, json.loads(ref.stdout))
    # a bad argument comes back as the Python error
    bad = subprocess.run(host + ["generate_embeddings", "[[1]]"], capture_output=True, text=True, timeout=300,
                         env=env, cwd=tmp)
    check(f"{target}: a TypeError comes back through the ABI", bad.returncode == 1 and
          "TypeError: generate_embeddings(): text[0] must be str, not int" in bad.stderr,
          bad.stdout + bad.stderr)


GEMM_KERNEL = {"aarch64-linux-gnu": "neon", "wasm32-emscripten": "simd128"}


def gemm_kernel(target, tmp):
    """The target's GEMM micro-kernel (runtime/gemm_neon.c, gemm_wasm.c)
    against the plain-C reference: tests/runtime/gemm_driver.c built for the
    target and run on it, with the kernel gemm.c picks there and with
    KILN_ISA=generic."""
    t = os.path.join(ROOT, "build", "targets", target)
    drv = os.path.join(ROOT, "tests", "runtime", "gemm_driver.c")
    archives = [os.path.join(t, a) for a in ("libkilnrt.a", "libutf8proc.a", "libpcre2-8.a")]
    if target == "aarch64-linux-gnu":
        exe = os.path.join(tmp, "gemm_driver")
        cmd = ["aarch64-linux-gnu-gcc", "-O2", "-o", exe, drv] + archives + ["-lm", "-lpthread"]
        run, threads = ["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu", exe], 2
    else:
        exe = os.path.join(tmp, "gemm_driver.js")
        cmd = ["emcc", "-O2", "-msimd128", "-o", exe, drv] + archives + [
            "-sALLOW_MEMORY_GROWTH=1", "-sENVIRONMENT=node", "-sWASM_ASYNC_COMPILATION=0", "-sEXIT_RUNTIME=1",
            "--pre-js", os.path.join(ROOT, "runtime", "wasm_pre.js")]
        run, threads = ["node", exe], 1
    p = subprocess.run(cmd[:1] + ["-std=c11", "-D_GNU_SOURCE", "-I", os.path.join(ROOT, "runtime")] + cmd[1:],
                       capture_output=True, text=True, env=dict(os.environ, NODE_PATH="/usr/share/nodejs"))
    check(f"{target}: gemm_driver.c builds", p.returncode == 0, p.stderr[-2000:])
    if p.returncode != 0:
        return
    for isa, want in (("", GEMM_KERNEL[target]), ("generic", "generic")):
        env = dict(os.environ, KILN_NUM_THREADS=str(threads), KILN_ISA=isa)
        r = subprocess.run(run + ["gemm", "1", "6"], capture_output=True, text=True, timeout=900, env=env)
        lines = r.stdout.splitlines()
        check(f"{target}: GEMM kernel {want} against the reference", r.returncode == 0 and lines and
              lines[0] == f"isa {want} threads {threads}" and not any(l.startswith("FAIL") for l in lines),
              r.stdout[-2000:] + r.stderr[-1000:])


PAGE = """<!doctype html>
<meta charset="utf-8">
<title>kiln in a browser</title>
<script src="embed.js"></script>
<script>
// the model folder's files, fetched from the server into the module's
// in-memory file system; then the library's function, called twice
(async () => {
  const report = (r) => fetch('/result', {method: 'POST', body: JSON.stringify(r)});
  try {
    const names = %(names)s, files = {};
    for (const n of names) files['/model/' + n] = new Uint8Array(await (await fetch('model/' + n)).arrayBuffer());
    const kiln = await kilnModule({files, env: {KILN_MODEL_DIR: '/model'}});
    const vectors = kiln.call('generate_embeddings', [%(texts)s]);
    let error = null;
    try { kiln.call('generate_embeddings', [[1]]); } catch (e) { error = String(e.message); }
    await report({vectors, error});
  } catch (e) {
    await report({failure: String(e && e.stack || e)});
  }
})();
</script>
"""


def browser(tmp, texts, ref):
    """The embedding example compiled with --web and run in headless
    Chromium: a page served over HTTP fetches the model folder, hands it to
    the module and posts the vectors back; they must equal CPython's."""
    chromium = shutil.which("chromium")
    if not chromium:
        print("SKIP wasm32-emscripten in a browser: chromium is not installed (sudo scripts/setup.sh cross)")
        return
    import http.server
    import threading
    web = os.path.join(tmp, "web")
    os.makedirs(web)
    b = subprocess.run([KILN, "compile", "--target", "wasm32-emscripten", "--web",
                        os.path.join(ROOT, "examples", "embed", "embed.py"), "-o", os.path.join(web, "embed.js")],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    check("wasm32-emscripten: kiln compile --web examples/embed/embed.py", b.returncode == 0, b.stderr[-2000:])
    if b.returncode != 0:
        return
    shutil.copytree(os.path.join(tmp, "model"), os.path.join(web, "model"))
    names = sorted(os.path.relpath(os.path.join(d, f), os.path.join(web, "model"))
                   for d, _, fs in os.walk(os.path.join(web, "model")) for f in fs)
    with open(os.path.join(web, "index.html"), "w") as f:
        f.write(PAGE % {"names": json.dumps(names), "texts": json.dumps(texts)})
    results = []
    done = threading.Event()

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{".wasm": "application/wasm"})

        def __init__(self, *a, **kw):
            super().__init__(*a, directory=web, **kw)

        def do_POST(self):
            results.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()
            done.set()

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    proc = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--disable-extensions", f"--user-data-dir={os.path.join(tmp, 'profile')}", url],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    done.wait(180)
    proc.kill()
    log = proc.communicate()[1].decode("utf-8", "replace")
    server.shutdown()
    r = results[0] if results else {"failure": "no result posted within 180 s\n" + log[-2000:]}
    got = r.get("vectors")
    ok = got is not None and len(got) == len(ref) and all(
        len(a) == len(b) and all(abs(x - y) <= 1e-6 for x, y in zip(a, b)) for a, b in zip(got, ref))
    check("wasm32-emscripten: the embedding example in headless Chromium equals CPython", ok,
          json.dumps(r)[:2000])
    check("wasm32-emscripten: in the browser, a TypeError comes back as an Error",
          "TypeError: generate_embeddings(): text[0] must be str, not int" in (r.get("error") or ""),
          json.dumps(r)[:2000])


def cli_checks():
    t = subprocess.run([KILN, "targets"], capture_output=True, text=True)
    check("kiln targets lists every target", t.returncode == 0 and all(
        x in t.stdout for x in list(TARGETS) + ["x86_64-linux-gnu", "arm64-apple-darwin"]), t.stdout + t.stderr)
    check("kiln targets says what macOS needs", "macOS SDK" in t.stdout, t.stdout)
    u = subprocess.run([KILN, "build", "--target", "sparc-sun-solaris", "examples/hello.py", "-o", "/dev/null"],
                       capture_output=True, text=True, cwd=ROOT)
    check("an unknown target is an error that names it", u.returncode == 2 and
          "unknown target 'sparc-sun-solaris'" in u.stderr, u.stderr)
    m = subprocess.run([KILN, "build", "--target", "arm64-apple-darwin", "examples/hello.py", "-o", "/dev/null"],
                       capture_output=True, text=True, cwd=ROOT)
    check("a target this machine cannot build says what it needs", m.returncode == 1 and
          "macOS SDK" in m.stderr, m.stderr)
    w = subprocess.run([KILN, "compile", "--web", "examples/hello.py", "-o", "/dev/null"],
                       capture_output=True, text=True, cwd=ROOT)
    check("--web without a browser target is an error", w.returncode == 2 and
          "--web needs a target that runs in a browser" in w.stderr, w.stderr)


def main():
    global VERBOSE
    ap = argparse.ArgumentParser()
    ap.add_argument("targets", nargs="*", help="default: all cross targets")
    ap.add_argument("-k", help="only programs whose path contains this")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--quick", action="store_true", help="QUICK's programs only (make test)")
    opts = ap.parse_args()
    VERBOSE = opts.v
    global skipped
    cli_checks()
    listing = subprocess.run([KILN, "targets"], capture_output=True, text=True).stdout
    for target in opts.targets or TARGETS:
        runner = TARGETS[target][0][0]
        line = next((l for l in listing.splitlines() if l.startswith(target + " ")), "")
        if " yes " not in line:
            print(f"SKIP {target}: kiln cannot build it here ({' '.join(listing.split(target, 1)[1].split()[:40])}); "
                  "install with: sudo scripts/setup.sh cross")
            skipped += 1
            continue
        if not shutil.which(runner):
            print(f"SKIP {target}: {runner} is not installed to run it (sudo scripts/setup.sh cross)")
            skipped += 1
            continue
        os.makedirs(os.path.join(OUT, target), exist_ok=True)
        # the first build also builds the target's runtime (once: kiln holds a
        # lock on it, so the parallel builds wait for that one)
        if target == "x86_64-w64-mingw32":  # make the prefix first: wine says so on stderr
            subprocess.run(TARGETS[target][0] + ["wineboot", "--init"], capture_output=True,
                           timeout=300, env=env_for(target))
        progs = [p for p in (QUICK if opts.quick else SUBSET) if (not opts.k or opts.k in p) and
                 (target, p) not in SKIP]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for name, ok, detail in pool.map(lambda p: run_program(target, p), progs):
                check(name, ok, detail)
        if not opts.k:
            with tempfile.TemporaryDirectory() as tmp:
                embed(target, tmp)
                if target in GEMM_KERNEL and not opts.quick:  # minutes under qemu
                    gemm_kernel(target, tmp)
    print(f"targets: {passed} passed, {failed} failed, {skipped} targets skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
