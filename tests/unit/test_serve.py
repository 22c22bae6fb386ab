#!/usr/bin/env python3
"""`kiln serve` (serve/) end to end, with CPython as the oracle.

tests/serve/servelib.py is compiled and served; CPython runs the same file
for the expected answers. Then:

  1. the official `openai` npm package (v6, installed at test time into
     tests/serve/node_modules) runs tests/serve/openai_sdk.test.mjs against
     the server: embeddings (float, base64, dimensions), chat (plain and
     streaming, with usage), models, and the SDK's error classes for 401,
     404 and 400;
  2. raw HTTP checks the SDK cannot make: /health without a key, a 413 for
     a body over --max-body, malformed JSON, an unknown URL, and batching:
     requests that arrive while the library is busy go into one native call
     (the library records its batch sizes), each answered with its own rows;
  3. a load test with wrk (5 s, 16 connections): no errors, no non-2xx
     answers, and resident memory that does not grow;
  4. SIGTERM during a streaming answer: the answer completes, the server
     exits 0; with --queue 2, requests past the bound get a 503.

    python3 tests/unit/test_serve.py [-v] [--load-seconds S]

Without node/npm access to the openai package or without wrk it prints a
loud SKIP for that part. The last line is 'N passed, N failed'.
"""
import argparse
import concurrent.futures
import http.client
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.environ.get("KILN", os.path.join(ROOT, "bin/kiln"))
SERVE_DIR = os.path.join(ROOT, "tests/serve")
OUT = os.path.join(ROOT, "build/serve-test")
KEY = "sk-kiln-test-4f1c"
MODEL = "servelib"

# libraries are compiled without make test-asan's KILN_CFLAGS: an ASan-built
# library cannot be dlopen()ed by a server that is not
PLAIN_ENV = {k: v for k, v in os.environ.items() if k != "KILN_CFLAGS"}

passed = failed = 0
verbose = False


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        if verbose:
            print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))


def ensure_openai():
    if os.path.exists(os.path.join(SERVE_DIR, "node_modules/openai/package.json")):
        return True
    if not shutil.which("npm"):
        return False
    p = subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=SERVE_DIR,
                       capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        print(p.stdout[-2000:], p.stderr[-2000:])
    return os.path.exists(os.path.join(SERVE_DIR, "node_modules/openai/package.json"))


class Server:
    """kiln serve on a free port; .port, .proc, .stderr (collected)."""

    def __init__(self, lib, *extra):
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([KILN, "serve", f"{MODEL}={lib}", "--port", "0", "--api-key", KEY, *extra],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.port = None
        lines = []
        for line in self.proc.stderr:  # until it says where it listens
            line = line.decode()
            lines.append(line)
            m = re.search(r"listening on http://[^:]+:(\d+)", line)
            if m:
                self.port = int(m.group(1))
                break
        if self.port is None:
            raise RuntimeError("kiln serve did not start:\n" + "".join(lines))
        # the rest of its log goes to a file, so its pipe never fills
        self.pump = subprocess.Popen(["cat"], stdin=self.proc.stderr, stdout=self.log)

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def stop(self, sig=signal.SIGTERM, timeout=30):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.pump.wait()
        self.log.seek(0)
        return rc, self.log.read().decode(errors="replace")


def request(port, method, path, body=None, key=KEY, headers=None):
    """(status, parsed JSON or text)."""
    return request_h(port, method, path, body, key, headers)[:2]


def request_h(port, method, path, body=None, key=KEY, headers=None):
    """(status, parsed JSON or text, the response's headers)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    h = {"Content-Type": "application/json"}
    if key:
        h["Authorization"] = f"Bearer {key}"
    h.update(headers or {})
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    c.request(method, path, body=data, headers=h)
    r = c.getresponse()
    text = r.read().decode()
    c.close()
    try:
        return r.status, json.loads(text), dict(r.getheaders())
    except ValueError:
        return r.status, text, dict(r.getheaders())


def openai_error_shape(doc):
    e = doc.get("error") if isinstance(doc, dict) else None
    return isinstance(e, dict) and set(e) == {"message", "type", "param", "code"} and isinstance(e["message"], str)


def expected(servelib):
    """What CPython computes for the SDK test's calls."""
    inputs = ["the cat sat", "héllo wörld", "a", "queueing theory explained"]
    vectors = servelib.embed(inputs)
    dims = 3
    truncated = []
    for v in vectors:
        n = math.sqrt(sum(x * x for x in v[:dims]))
        truncated.append([x / n for x in v[:dims]])
    chats = []
    for messages, max_tokens, temperature in [
        ([{"role": "user", "content": "hello big world"}], None, None),
        ([{"role": "system", "content": "be brief"}, {"role": "user", "content": "héllo wörld again"}], 2, 0.25),
        ([{"role": "developer", "content": "x"}, {"role": "user", "content": "one two three four"}], 50, 0.0),
    ]:
        items = list(servelib.chat(messages, sys.maxsize if max_tokens is None else max_tokens,
                                   1.0 if temperature is None else temperature))
        cut = items if max_tokens is None else items[:max_tokens]
        chats.append({"messages": messages, "max_tokens": max_tokens, "temperature": temperature,
                      "content": "".join(cut), "items": len(cut),
                      "finish_reason": "length" if max_tokens is not None and len(cut) >= max_tokens else "stop",
                      "prompt_words": sum(len(m["content"].split()) for m in messages)})
    servelib.BATCHES.clear()
    return {"model": MODEL, "models": [MODEL], "inputs": inputs, "vectors": vectors,
            "input_words": sum(len(t.split()) for t in inputs), "dimensions": dims,
            "native_dimensions": len(vectors[0]), "truncated": truncated, "chats": chats}


def sdk_tests(srv, want):
    if not shutil.which("node") or not ensure_openai():
        print("SKIP openai SDK tests: node or the openai npm package is not available")
        return
    path = os.path.join(OUT, "expected.json")
    with open(path, "w") as f:
        json.dump(want, f)
    env = dict(os.environ, KILN_SERVE_URL=f"http://127.0.0.1:{srv.port}", KILN_SERVE_KEY=KEY,
               KILN_SERVE_EXPECTED=path)
    p = subprocess.run(["node", "--test", "--test-reporter=tap", os.path.join(SERVE_DIR, "openai_sdk.test.mjs")],
                       env=env, capture_output=True, text=True, timeout=300)
    for m in re.finditer(r"^(not ok|ok) \d+ - (.*)$", p.stdout, re.M):
        name = "sdk: " + m.group(2)
        if m.group(1) == "ok":
            check(name, True)
        else:
            block = p.stdout[m.end():m.end() + 1500]
            check(name, False, block)
    check("sdk: node --test exits 0", p.returncode == 0, (p.stdout + p.stderr)[-2000:])


def raw_tests(srv, servelib):
    port = srv.port
    st, doc = request(port, "GET", "/health", key=None)
    check("/health needs no key", st == 200 and doc == {"status": "ok"}, f"{st} {doc}")
    st, doc = request(port, "GET", "/v1/models", key=None)
    check("no key: 401 in OpenAI's error shape", st == 401 and openai_error_shape(doc), f"{st} {doc}")
    st, doc = request(port, "POST", "/v1/embeddings", body=json.dumps({"model": MODEL, "input": "x" * 70000}).encode())
    check("a body over --max-body: 413", st == 413 and openai_error_shape(doc), f"{st} {doc}")
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)  # no Content-Length: chunked
    c.request("POST", "/v1/embeddings", body=iter([b'{"input": "' + b"y" * 40000, b"z" * 40000 + b'"}']),
              headers={"Authorization": f"Bearer {KEY}"}, encode_chunked=True)
    r = c.getresponse()
    doc = json.loads(r.read())
    c.close()
    check("a chunked body over --max-body: 413", r.status == 413 and openai_error_shape(doc), f"{r.status} {doc}")
    st, doc = request(port, "POST", "/v1/embeddings", body=b'{"model": "servelib", "input": ["a",]}')
    check("malformed JSON: 400", st == 400 and openai_error_shape(doc), f"{st} {doc}")
    st, doc = request(port, "POST", "/v1/embeddings", body=b'{"model": "servelib", "input": "\\ud800"}')
    check("a lone surrogate: 400", st == 400 and openai_error_shape(doc), f"{st} {doc}")
    st, doc = request(port, "POST", "/v1/embeddings", body=b"[" * 100000)
    check("deep nesting: 400, no crash", st in (400, 413) and openai_error_shape(doc), f"{st} {doc}")
    st, doc = request(port, "GET", "/v1/nothing")
    check("an unknown URL: 404", st == 404 and openai_error_shape(doc), f"{st} {doc}")
    st, doc = request(port, "GET", "/v1/embeddings")
    check("GET /v1/embeddings: 405", st == 405 and openai_error_shape(doc), f"{st} {doc}")

    # batching: "slow" keeps the library busy for 1 s; the requests that
    # arrive meanwhile must go into one call, each answered with its own row
    texts = [f"text number {i} {'a' * i}" for i in range(24)]
    texts[7] = "boom"  # raises: only its own request may fail
    with concurrent.futures.ThreadPoolExecutor(len(texts) + 1) as pool:
        slow = pool.submit(request, port, "POST", "/v1/embeddings",
                           {"model": MODEL, "input": "slow", "encoding_format": "float"})
        time.sleep(0.1)
        futs = [pool.submit(request, port, "POST", "/v1/embeddings",
                            {"model": MODEL, "input": t, "encoding_format": "float"}) for t in texts]
        results = [f.result() for f in futs]
        slow.result()
    ok = all(st == 200 and doc["data"][0]["embedding"] == servelib.embed([t])[0]
             for (st, doc), t in zip(results, texts) if t != "boom")
    check("concurrent requests: each gets its own vector", ok, str(results[:2]))
    st, doc = results[7]
    check("a request whose input raises in a batch: a 500 of its own, 'ValueError: ...'",
          st == 500 and openai_error_shape(doc) and doc["error"]["message"] == "ValueError: boom in the embedding function",
          f"{st} {doc}")
    st, doc = request(port, "POST", "/v1/embeddings", {"model": MODEL, "input": ["fine", "boom"]})
    check("a request whose input raises alone: 500", st == 500 and openai_error_shape(doc), f"{st} {doc}")
    st, doc = request(port, "POST", "/v1/chat/completions",
                      {"model": MODEL, "messages": [{"role": "user", "content": "batches"}]})
    biggest = int(doc["choices"][0]["message"]["content"]) if st == 200 else -1
    check("concurrent requests are batched into one native call", biggest >= len(texts) // 2,
          f"largest batch {biggest} of {len(texts)} concurrent requests")


WRK_LUA = """
wrk.method = "POST"
wrk.body = '{"model": "servelib", "input": ["hello world", "kiln serve"], "encoding_format": "float"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer %s"
""" % KEY


def load_test(srv, seconds):
    if not shutil.which("wrk"):
        print("SKIP load test: wrk is not installed (scripts/setup.sh installs it)")
        return
    lua = os.path.join(OUT, "embed.lua")
    with open(lua, "w") as f:
        f.write(WRK_LUA)
    url = f"http://127.0.0.1:{srv.port}/v1/embeddings"

    def wrk(secs):
        p = subprocess.run(["wrk", "-t2", "-c16", f"-d{secs}s", "-s", lua, url],
                           capture_output=True, text=True, timeout=secs + 60)
        return p.stdout + p.stderr

    wrk(1)  # warm-up: connection pools and the allocator reach their size
    before = srv.rss_kib()
    out = wrk(seconds)
    after = srv.rss_kib()
    m = re.search(r"(\d+) requests in", out)
    n = int(m.group(1)) if m else 0
    check("load: wrk completes requests", n > 0, out)
    check("load: no socket errors, no non-2xx answers",
          "Socket errors" not in out and "Non-2xx" not in out, out)
    # a leak of even 100 bytes a request would show over this many requests
    # (not under ASan, whose quarantine holds freed memory back)
    if "asan" in os.path.basename(KILN):
        print("     (RSS check skipped: ASan build)")
        return
    check("load: resident memory does not grow", after - before < 4096 + n * 0.01,
          f"RSS {before} KiB -> {after} KiB over {n} requests")
    if verbose:
        print(f"     wrk: {n} requests in {seconds} s; RSS {before} -> {after} KiB")


def shutdown_test(lib):
    srv = Server(lib)
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
    c.request("POST", "/v1/chat/completions",
              body=json.dumps({"model": MODEL, "stream": True,
                               "messages": [{"role": "user", "content": "slow one two three four five six"}]}),
              headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
    r = c.getresponse()
    first = r.read1(65536)  # the role chunk is out: the request is in flight
    srv.proc.send_signal(signal.SIGTERM)
    rest = r.read().decode()
    c.close()
    rc, log = srv.stop(timeout=30)
    text = "".join(json.loads(line[6:])["choices"][0]["delta"].get("content", "")
                   for line in rest.splitlines() if line.startswith("data: {") and '"choices":[{' in line)
    check("SIGTERM: the streaming answer in flight completes",
          first.startswith(b"data: ") and rest.rstrip().endswith("data: [DONE]") and text.endswith(" xis"),
          rest[-300:])
    check("SIGTERM: the server then exits 0", rc == 0, f"exit {rc}\n{log[-1000:]}")


def overload_test(lib):
    """--queue 2: while "slow" holds the library, two requests wait and the
    rest are refused with a 503 in OpenAI's error shape."""
    srv = Server(lib, "--queue", "2")
    try:
        with concurrent.futures.ThreadPoolExecutor(9) as pool:
            slow = pool.submit(request, srv.port, "POST", "/v1/embeddings", {"model": MODEL, "input": "slow"})
            time.sleep(0.2)
            futs = [pool.submit(request_h, srv.port, "POST", "/v1/embeddings", {"model": MODEL, "input": f"t{i}"})
                    for i in range(8)]
            res = [f.result() for f in futs] + [slow.result() + ({},)]
    finally:
        srv.stop()
    codes = sorted(st for st, _, _ in res)
    refused = [(doc, h) for st, doc, h in res if st == 503]
    check("--queue: requests past the bound get 503 'overloaded', the rest 200",
          set(codes) == {200, 503} and codes.count(200) >= 3 and
          all(openai_error_shape(d) and d["error"]["code"] == "overloaded" for d, _ in refused), str(codes))
    check("--queue: a 503 says when to retry (Retry-After)",
          refused and all(h.get("Retry-After", "").isdigit() for _, h in refused), str([h for _, h in refused]))


def cli_tests(lib):
    p = subprocess.run([KILN, "serve"], capture_output=True, text=True)
    check("kiln serve without models: usage, exit 2", p.returncode == 2 and "usage: kiln serve" in p.stderr, p.stderr)
    p = subprocess.run([KILN, "serve", "--help"], capture_output=True, text=True)
    check("kiln serve --help", p.returncode == 0 and "--api-key" in p.stdout, p.stdout)
    p = subprocess.run([KILN, "serve", "m=" + os.path.join(OUT, "missing.so")], capture_output=True, text=True)
    check("a library that does not exist: exit 1, named", p.returncode == 1 and "missing.so" in p.stderr, p.stderr)
    other = os.path.join(OUT, "textlib.so")  # functions, but no embeddings and no chat
    subprocess.run([KILN, "compile", os.path.join(ROOT, "tests/abi/textlib.py"), "-o", other], capture_output=True,
                   env=PLAIN_ENV)
    p = subprocess.run([KILN, "serve", "t=" + other], capture_output=True, text=True)
    check("a library that serves nothing: exit 1, says what it looked for",
          p.returncode == 1 and "serves nothing" in p.stderr and "list[str]" in p.stderr, p.stderr)
    p = subprocess.run([KILN, "serve", "m=" + lib, "m=" + lib], capture_output=True, text=True)
    check("a model name given twice: exit 1", p.returncode == 1 and "twice" in p.stderr, p.stderr)
    p = subprocess.run([KILN, "serve", "m=" + lib, "--port", "x"], capture_output=True, text=True)
    check("a bad --port: exit 2", p.returncode == 2 and "--port" in p.stderr, p.stderr)


def main():
    global verbose
    ap = argparse.ArgumentParser()
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--load-seconds", type=int, default=5)
    opts = ap.parse_args()
    verbose = opts.v
    os.makedirs(OUT, exist_ok=True)
    lib = os.path.join(OUT, "servelib.so")
    p = subprocess.run([KILN, "compile", os.path.join(SERVE_DIR, "servelib.py"), "-o", lib],
                       capture_output=True, text=True, env=PLAIN_ENV)
    if p.returncode != 0:
        print(p.stderr)
        print("0 passed, 1 failed")
        return 1
    sys.path.insert(0, SERVE_DIR)
    import servelib  # CPython runs the same source: the oracle

    cli_tests(lib)
    srv = Server(lib, "--max-body", "65536")
    try:
        sdk_tests(srv, expected(servelib))
        raw_tests(srv, servelib)
        load_test(srv, opts.load_seconds)
    finally:
        rc, log = srv.stop()
    check("the server stops on SIGTERM with exit 0", rc == 0, log[-2000:])
    shutdown_test(lib)
    overload_test(lib)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
