#!/usr/bin/env python3
"""tests/serve/stress.py — kiln serve under load and faults (issue 12.6).

tests/serve/servelib.py is compiled and served, then, all at once:

  - wrk at --connections (256) for --seconds (60), embeddings requests,
    with latency percentiles (p50, p99 reported);
  - slow clients: a request whose headers and body trickle in over seconds;
  - half-open clients: a connection that sends half a request and stops
    (and one that closes its write side): the server must keep serving;
  - oversized requests: a Content-Length of 1 GB, and a 1 GB chunked body
    that is streamed until the server answers: 413, without reading it all;
  - malformed requests: bytes that are not HTTP, bad JSON, a body of 100,000
    '[': 400 (or the connection closed for non-HTTP), never a crash;
  - a compiled function that raises (500 in OpenAI's shape) and one that
    is slow (1 s: answered, others not stalled);

then the server's resident memory is compared with a baseline taken after
a warm-up (no leak: growth bounded), every fault client must have had its
answer, and wrk must report no socket errors other than timeouts of the
deliberately slow requests. Last, SIGTERM during load: a pool of clients
sends requests on fresh connections; every request the server accepted
gets a response (200, or 503 while it drains), none is cut off, and the
server exits 0.

    python3 tests/serve/stress.py [--seconds 60] [--connections 256] [--queue N]

make serve-stress runs it at full length; make test runs a 5-second slice
(tests/unit/test_serve_stress.py). The last line is 'N passed, N failed'.
"""
import argparse
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.environ.get("KILN", os.path.join(ROOT, "bin/kiln"))
OUT = os.path.join(ROOT, "build/serve-stress")
PLAIN_ENV = {k: v for k, v in os.environ.items() if k != "KILN_CFLAGS"}

# kiln serve on a free port, as the functional tests start it (and its key)
sys.path.insert(0, os.path.join(ROOT, "tests", "unit"))
from test_serve import KEY, MODEL, Server  # noqa: E402

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))


def request(port, body, path="/v1/embeddings", timeout=60):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    c.request("POST", path, body=data, headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
    r = c.getresponse()
    text = r.read()
    c.close()
    try:
        doc = json.loads(text)
    except ValueError:
        doc = text
    return r.status, doc, dict(r.getheaders())


def error_shape(doc):
    e = doc.get("error") if isinstance(doc, dict) else None
    return isinstance(e, dict) and isinstance(e.get("message"), str)


def raw(port, chunks, pause=0.0, shut_wr=False, timeout=30):
    """Send chunks over one socket (pausing between them); the bytes that
    come back until the server closes or the timeout passes."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    got = b""
    try:
        for ch in chunks:
            s.sendall(ch)
            if pause:
                time.sleep(pause)
        if shut_wr:
            s.shutdown(socket.SHUT_WR)
        while True:
            b = s.recv(65536)
            if not b:
                break
            got += b
            if b"\r\n\r\n" in got and not shut_wr:
                head, _, rest = got.partition(b"\r\n\r\n")
                m = re.search(rb"Content-Length: (\d+)", head, re.I)
                if m and len(rest) >= int(m.group(1)):
                    break
    except (socket.timeout, ConnectionResetError, BrokenPipeError):
        pass
    finally:
        s.close()
    return got


def status_of(resp):
    m = re.match(rb"HTTP/1\.[01] (\d+)", resp)
    return int(m.group(1)) if m else None


def faults(port, results):
    """Each fault client; results[name] = (ok, detail)."""
    auth = f"Authorization: Bearer {KEY}\r\n".encode()
    body = json.dumps({"model": MODEL, "input": "slowly sent"}).encode()
    head = (b"POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + auth +
            b"Content-Length: %d\r\n\r\n" % len(body))
    req = head + body
    # slow: the request a few bytes at a time over ~3 s
    parts = [req[i:i + 8] for i in range(0, len(req), 8)]
    resp = raw(port, parts, pause=3.0 / len(parts))
    results["a slow client (request trickled over 3 s) is answered 200"] = (status_of(resp) == 200, resp[:200])
    # half-open: half the headers, then silence (the server's connection
    # timeout ends it; meanwhile it must serve the others)
    t = threading.Thread(target=raw, args=(port, [req[:len(head) // 2]]), kwargs={"timeout": 5}, daemon=True)
    t.start()
    # half-closed: the whole request, then the write side shut
    resp = raw(port, [req], shut_wr=True)
    results["a half-closed client (write side shut after its request) gets its answer"] = (
        status_of(resp) in (200, None), resp[:200])
    # oversized: 1 GB declared
    resp = raw(port, [b"POST /v1/embeddings HTTP/1.1\r\nHost: x\r\n" + auth +
                      b"Content-Length: 1073741824\r\n\r\n" + b"x" * 65536])
    results["a 1 GB Content-Length is refused with 413 before it is read"] = (status_of(resp) == 413, resp[:200])
    # oversized: a chunked body that never ends (stopped after 64 MiB)
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(b"POST /v1/embeddings HTTP/1.1\r\nHost: x\r\n" + auth + b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b"%x\r\n" % (1 << 20) + b"y" * (1 << 20) + b"\r\n"
    got = b""
    try:
        for _ in range(64):
            s.sendall(chunk)
            if select.select([s], [], [], 0)[0]:
                break
        else:
            s.sendall(b"0\r\n\r\n")
        got = s.recv(4096)
    except (ConnectionResetError, BrokenPipeError, socket.timeout):
        pass
    s.close()
    results["an endless chunked body gets 413 (or the connection closed), never read whole"] = (
        status_of(got) in (413, None), got[:200])
    # malformed
    resp = raw(port, [b"\x16\x03\x01\x02\x00garbage that is not http\r\n\r\n"])
    results["bytes that are not HTTP: 400 or the connection closed"] = (status_of(resp) in (400, None), resp[:200])
    st, doc, _ = request(port, b'{"model": "servelib", "input": ["a",]}')
    results["malformed JSON: 400 in OpenAI's shape"] = (st == 400 and error_shape(doc), doc)
    st, doc, _ = request(port, b"[" * 100000)
    results["100,000 '[': 400 or 413"] = (st in (400, 413) and error_shape(doc), doc)
    # a function that raises, one that is slow
    st, doc, _ = request(port, {"model": MODEL, "input": "boom"})
    results["a compiled function that raises: 500 in OpenAI's shape"] = (st == 500 and error_shape(doc), doc)
    t0 = time.time()
    st, doc, _ = request(port, {"model": MODEL, "input": "slow"})
    results["a slow compiled function (1 s) is answered"] = (st == 200, f"{st} after {time.time() - t0:.1f}s")
    t.join()


WRK_LUA = """
wrk.method = "POST"
wrk.body = '{"model": "servelib", "input": ["hello world", "kiln serve"], "encoding_format": "float"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer %s"
""" % KEY


def wrk(port, seconds, conns):
    lua = os.path.join(OUT, "embed.lua")
    with open(lua, "w") as f:
        f.write(WRK_LUA)
    p = subprocess.run(["wrk", "-t2", f"-c{conns}", f"-d{seconds}s", "--latency", "--timeout", "10s", "-s", lua,
                        f"http://127.0.0.1:{port}/v1/embeddings"], capture_output=True, text=True,
                       timeout=seconds + 120)
    return p.stdout + p.stderr


def ms(text):
    m = re.match(r"([\d.]+)(us|ms|s)", text)
    return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)] if m else None


def sigterm_under_load(lib, seconds):
    """Clients on fresh connections; SIGTERM midway. Every request sent on an
    accepted connection must get a full response."""
    srv = Server(lib)
    stop = threading.Event()
    counts = {"200": 0, "503": 0, "refused": 0, "cut": 0, "other": 0}
    lock = threading.Lock()

    def client():
        while not stop.is_set():
            try:
                c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
                c.connect()
            except OSError:
                with lock:
                    counts["refused"] += 1  # the listener is closed: never accepted
                time.sleep(0.01)
                continue
            try:
                c.request("POST", "/v1/embeddings", body=json.dumps({"model": MODEL, "input": "term"}),
                          headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
                r = c.getresponse()
                r.read()
                key = str(r.status) if r.status in (200, 503) else "other"
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                key = "cut"
            except OSError:
                key = "cut"
            finally:
                c.close()
            with lock:
                counts[key] += 1

    threads = [threading.Thread(target=client, daemon=True) for _ in range(32)]
    for t in threads:
        t.start()
    time.sleep(seconds)
    srv.proc.send_signal(signal.SIGTERM)
    t0 = time.time()
    rc, log = srv.stop(timeout=60)
    took = time.time() - t0
    time.sleep(0.5)
    stop.set()
    for t in threads:
        t.join(30)
    check(f"SIGTERM under load: the server exits 0 ({took:.1f} s)", rc == 0, log[-1500:])
    check("SIGTERM under load: every accepted request answered (200, or 503 while draining), none cut off",
          counts["cut"] == 0 and counts["other"] == 0 and counts["200"] > 0, str(counts))
    print(f"     SIGTERM: {counts}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--connections", type=int, default=256)
    ap.add_argument("--queue", type=int, default=0, help="kiln serve --queue (0: its default)")
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    lib = os.path.join(OUT, "servelib.so")
    p = subprocess.run([KILN, "compile", os.path.join(ROOT, "tests/serve/servelib.py"), "-o", lib],
                       capture_output=True, text=True, env=PLAIN_ENV)
    if p.returncode != 0:
        print(p.stderr)
        print("0 passed, 1 failed")
        return 1
    if not shutil.which("wrk"):
        print("SKIP: wrk is not installed (scripts/setup.sh installs it)")
        print("0 passed, 0 failed")
        return 0
    extra = ["--queue", str(args.queue)] if args.queue else []
    srv = Server(lib, "--max-body", "1048576", *extra)
    try:
        wrk(srv.port, 2, args.connections)  # warm-up
        before = srv.rss_kib()
        results = {}
        ft = threading.Thread(target=faults, args=(srv.port, results))
        t0 = time.time()
        ft.start()
        out = wrk(srv.port, args.seconds, args.connections)
        ft.join()
        after_faults = time.time() - t0
        after = srv.rss_kib()
        for name, (ok, detail) in results.items():
            check("under load: " + name, ok, str(detail))
        m = re.search(r"(\d+) requests in [\d.]+\w+,", out)
        n = int(m.group(1)) if m else 0
        lat = {k: ms(v) for k, v in re.findall(r"^\s+(50|75|90|99)%\s+(\S+)", out, re.M)}
        non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
        check(f"wrk -c{args.connections} {args.seconds}s: requests completed", n > 0, out)
        check("wrk: no connect, read or write errors, no timeouts",
              not sock or all(int(x) == 0 for x in sock.groups()), sock.group(0) if sock else "")
        check("wrk: every answer 2xx, or 503 when --queue is full",
              not non2xx or args.queue, non2xx.group(0) if non2xx else "")
        check("no leak: resident memory after the run within 32 MiB + 1 KiB per 100 requests of the warm baseline",
              after - before < 32768 + n / 100, f"RSS {before} KiB -> {after} KiB over {n} requests")
        st, doc, _ = request(srv.port, {"model": MODEL, "input": "still alive"})
        check("the server still answers after the load and faults", st == 200, str(doc)[:200])
        print(f"     wrk -t2 -c{args.connections} -d{args.seconds}s: {n} requests, "
              f"{n / args.seconds:.0f} req/s, p50 {lat.get('50')} ms, p99 {lat.get('99')} ms, "
              f"non-2xx {non2xx.group(1) if non2xx else 0}; RSS {before} -> {after} KiB; "
              f"fault clients done in {after_faults:.1f} s")
    finally:
        rc, log = srv.stop(timeout=60)
    check("the server exits 0 on SIGTERM after the run", rc == 0, log[-1500:])
    sigterm_under_load(lib, min(args.seconds, 10))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
