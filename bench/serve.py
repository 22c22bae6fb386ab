#!/usr/bin/env python3
"""Serving throughput: `kiln serve` under wrk (Debian's), on loopback.

Workloads, each at 1, 16 and 64 connections (wrk -t min(2, c) -c c, 5 s):

  trivial   POST /v1/embeddings, one short text, to bench/servebench.py (an
            embedding function that does almost nothing): the server's own
            cost per request (HTTP, JSON, the job queue, the native call)
  glove     the same request to examples/embed/embed.py over the real 100-d
            GloVe vectors (build/models/glove-100d, made from npm by
            scripts/glove_model.py): a small real embedding request
  health    GET /health, which never reaches a library: libmicrohttpd's floor

The server runs with its defaults (threads = cores); wrk runs on the same
machine, so the two share the CPUs. The goal (issue 8): >= 20,000 requests/s
for a trivial function on 2 cores.

    python3 bench/serve.py [--seconds S]     prints the RESULTS.md section
    python3 bench/serve.py --write            and puts it into bench/RESULTS.md

bench/bench.py includes the section (make bench).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests/unit"))
import test_serve as ts  # noqa: E402  (its Server class starts and stops kiln serve)

OUT = os.path.join(ROOT, "build/bench/serve")
GLOVE = os.path.join(ROOT, "build/models/glove-100d")
BEGIN, END = "<!-- serve: begin -->", "<!-- serve: end -->"
BODY = '{"model": "%s", "input": "the quick brown fox jumps over the lazy dog", "encoding_format": "float"}'


def wrk(url, conns, seconds, lua=None):
    cmd = ["wrk", f"-t{min(2, conns)}", f"-c{conns}", f"-d{seconds}s", "--latency"] + (["-s", lua] if lua else []) + [url]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60).stdout

    def dur(label):
        m = re.search(r"^\s*%s\s+([\d.]+)(us|ms|s)\s*$" % re.escape(label), out, re.M)
        return float(m.group(1)) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[m.group(2)] if m else float("nan")

    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    errors = "Socket errors" in out or "Non-2xx" in out
    return {"rps": float(m.group(1)) if m else 0.0, "p50": dur("50%"), "p99": dur("99%"),
            "errors": errors, "out": out,
            "cmd": " ".join(cmd[:-1] + ["URL"]).replace(lua or "\0", "request.lua")}


def compile_lib(src, name):
    os.makedirs(OUT, exist_ok=True)
    lib = os.path.join(OUT, name + ".so")
    p = subprocess.run([ts.KILN, "compile", src, "-o", lib], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(p.stderr)
    return lib


def section(seconds=5):
    head = ["## Serving: kiln serve under wrk", ""]
    if not shutil.which("wrk"):
        return [BEGIN] + head + ["Skipped: wrk is not installed (scripts/setup.sh installs it).", "", END]
    workloads = [("trivial", compile_lib(os.path.join(ROOT, "bench/servebench.py"), "servebench"), None)]
    if os.path.exists(os.path.join(GLOVE, "modules.json")):
        workloads.append(("glove", compile_lib(os.path.join(ROOT, "examples/embed/embed.py"), "embed"), GLOVE))
    rows = []
    load0 = os.getloadavg()[0]
    cmd = None
    for name, lib, model_dir in workloads:
        old = os.environ.get("KILN_MODEL_DIR")
        if model_dir:
            os.environ["KILN_MODEL_DIR"] = model_dir
        srv = ts.Server(lib)
        if old is None:
            os.environ.pop("KILN_MODEL_DIR", None)
        else:
            os.environ["KILN_MODEL_DIR"] = old
        try:
            with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
                f.write('wrk.method = "POST"\nwrk.body = \'%s\'\nwrk.headers["Content-Type"] = "application/json"\n'
                        'wrk.headers["Authorization"] = "Bearer %s"\n' % (BODY % ts.MODEL, ts.KEY))
                lua = f.name
            url = f"http://127.0.0.1:{srv.port}"
            wrk(url + "/v1/embeddings", 16, 1, lua)  # warm-up
            for c in (1, 16, 64):
                r = wrk(url + "/v1/embeddings", c, seconds, lua)
                cmd = r["cmd"]
                rows.append((f"{name}: POST /v1/embeddings", c, r))
            if name == "trivial":
                for c in (1, 16, 64):
                    rows.append(("health: GET /health", c, wrk(url + "/health", c, seconds)))
            os.unlink(lua)
        finally:
            srv.stop()
    load1 = os.getloadavg()[0]
    cores = os.cpu_count()
    lines = [BEGIN] + head + [
        f"`python3 bench/serve.py` (run by make bench): `kiln serve` with its defaults ({cores} cores: "
        f"{cores} HTTP threads, {cores} workers) and wrk on the same {cores}-core machine, loopback, "
        f"`{cmd}` per row (-t1 at 1 connection), after a 1 s warm-up. Request body: `{BODY % 'NAME'}`. "
        f"trivial: bench/servebench.py (returns [len(t), 0.5]); glove: examples/embed/embed.py over the real "
        f"100-d GloVe vectors; health: no library call. Load average (1 min) {load0:.2f} at the start, "
        f"{load1:.2f} at the end. Goal: >= 20,000 requests/s for the trivial function.", "",
        "| workload | connections | requests/s | p50 ms | p99 ms | errors |",
        "|---|---:|---:|---:|---:|---|"]
    for name, c, r in rows:
        lines.append(f"| {name} | {c} | {r['rps']:,.0f} | {r['p50']:.3f} | {r['p99']:.3f} | "
                     f"{'yes' if r['errors'] else 'none'} |")
    if len(workloads) == 1:
        lines += ["", "glove: skipped, build/models/glove-100d is missing (make demo builds it)."]
    return lines + ["", END]


def write_section(path, lines):
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# kiln benchmarks\n"
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S).rstrip("\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n\n" + "\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=int, default=5, help="each wrk run (default 5)")
    ap.add_argument("--write", action="store_true", help="put the section into bench/RESULTS.md")
    opts = ap.parse_args()
    lines = section(opts.seconds)
    print("\n".join(lines))
    if opts.write:
        write_section(os.path.join(ROOT, "bench/RESULTS.md"), lines)


if __name__ == "__main__":
    main()
