#!/usr/bin/env python3
"""tests/clients/test_python_client.py — the Python client (clients/python,
kiln_client) end to end: the small models of tests/clients compiled by
bin/kiln, called through the client, and checked against the same Python
source imported here and run by this CPython (numpy's models by
/usr/bin/python3). The remote path runs against an OpenAI-wire-format server
written here with http.server, itself answering from a second client over
the same libraries: hybrid results must equal local ones.

    python3 tests/clients/test_python_client.py [-v]
"""
import array
import base64
import http.server
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))
sys.path.insert(0, os.path.join(ROOT, "tests", "clients"))

import chatlib  # noqa: E402  the CPython reference of the compiled models
import embedlib  # noqa: E402
from kiln_client import (APIConnectionError, APIError, AuthenticationError, BadRequestError, Kiln,  # noqa: E402
                         KilnArray, NotFoundError)
from kiln_client._native import Library  # noqa: E402

KILN = os.path.join(ROOT, "bin", "kiln")
NUMPY_PY = os.environ.get("KILN_NUMPY_PYTHON", "/usr/bin/python3")
API_KEY = "sk-test-kiln"
TEXTS = ["The cat sat on the mat.", "h\u00e9llo w\u00f6rld \u4e2d\u6587", "", "a"]
LIBS = {}


def numpy_ref(directory, module, func, args):
    """module.func(*args) under numpy's python, as JSON (an ndarray as tolist())."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); m = __import__(sys.argv[2]); "
            "r = getattr(m, sys.argv[3])(*json.loads(sys.argv[4])); "
            "print(json.dumps(r.tolist() if hasattr(r, 'tolist') else r))")
    p = subprocess.run([NUMPY_PY, "-c", code, os.path.join(ROOT, directory), module, func, json.dumps(args)],
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


class Handler(http.server.BaseHTTPRequestHandler):
    """The OpenAI wire format over a local Kiln client (the server's)."""
    client = None

    def log_message(self, *args):
        pass

    def send(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("x-request-id", "req_test")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        if self.headers.get("Authorization") != f"Bearer {API_KEY}":
            return self.send(401, {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error",
                                             "param": None, "code": "invalid_api_key"}})
        n = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(n)) if n else None
        try:
            if self.command == "GET" and self.path == "/v1/models":
                return self.send(200, self.client.models.list().model_dump())
            if self.command == "POST" and self.path == "/v1/embeddings":
                return self.send(200, self.client.embeddings.create(**body).model_dump())
            if self.command == "POST" and self.path == "/v1/chat/completions":
                r = self.client.chat.completions.create(**body)
                if not body.get("stream"):
                    return self.send(200, r.model_dump())
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for chunk in r:
                    self.wfile.write(b"data: " + json.dumps(chunk.model_dump()).encode() + b"\n\n")
                self.wfile.write(b"data: [DONE]\n\n")
                return None
            return self.send(404, {"error": {"message": f"Unknown request URL: {self.command} {self.path}",
                                             "type": "invalid_request_error", "param": None, "code": "unknown_url"}})
        except APIError as e:
            return self.send(getattr(e, "status_code", 500), {"error": e.body})

    do_GET = do_POST = handle_any


def setUpModule():
    global TMP, SERVER, URL
    TMP = tempfile.mkdtemp(prefix="kiln-py-")
    for name, src in (("chat", "tests/clients/chatlib.py"), ("embed", "tests/clients/embedlib.py"),
                      ("dynembed", "tests/clients/dynembed.py"), ("echo", "tests/clients/echochat.py"),
                      ("arrayembed", "tests/clients/arrayembed.py"), ("arraylib", "tests/abi/arraylib.py")):
        out = os.path.join(TMP, name + ".so")
        p = subprocess.run([KILN, "compile", os.path.join(ROOT, src), "-o", out], capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"kiln compile {src}: {p.stderr}")
        LIBS[name] = out
    Handler.client = Kiln(models={"remote-chat": LIBS["chat"], "remote-embed": LIBS["embed"]})
    SERVER = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=SERVER.serve_forever, daemon=True).start()
    URL = f"http://127.0.0.1:{SERVER.server_address[1]}/v1"


def tearDownModule():
    SERVER.shutdown()
    shutil.rmtree(TMP, ignore_errors=True)


def local(**kw):
    return Kiln(models={k: LIBS[k] for k in ("chat", "embed", "arrayembed", "arraylib")}, **kw)


class Embeddings(unittest.TestCase):
    def test_float_equal_cpython(self):
        r = local().embeddings.create(model="embed", input=TEXTS)
        self.assertEqual(r.object, "list")
        self.assertEqual(r.model, "embed")
        self.assertEqual([d.embedding for d in r.data], embedlib.embed(TEXTS))
        self.assertEqual([d.index for d in r.data], list(range(len(TEXTS))))
        self.assertTrue(all(d.object == "embedding" for d in r.data))
        words = sum(len(t.split()) for t in TEXTS)
        self.assertEqual(r.usage.model_dump(), {"prompt_tokens": words, "total_tokens": words})
        self.assertEqual(local().embeddings.create(model="embed", input="a").data[0].embedding, embedlib.embed(["a"])[0])

    def test_base64_and_dimensions(self):
        want = embedlib.embed(TEXTS)
        r = local().embeddings.create(model="embed", input=TEXTS, encoding_format="base64")
        for d, w in zip(r.data, want):
            raw = base64.b64decode(d.embedding)
            self.assertEqual(list(struct.unpack(f"<{len(raw) // 4}f", raw)),
                             list(struct.unpack(f"<{len(w)}f", struct.pack(f"<{len(w)}f", *w))))
        r = local().embeddings.create(model="embed", input=TEXTS, dimensions=8)
        for d, w in zip(r.data, want):
            n = math.sqrt(sum(x * x for x in w[:8])) or 1.0
            self.assertEqual(len(d.embedding), 8)
            for x, y in zip(d.embedding, w[:8]):
                self.assertAlmostEqual(x, y / n, places=15)

    def test_dynamic_result(self):
        import dynembed
        r = Kiln(models={"dyn": LIBS["dynembed"]}).embeddings.create(model="dyn", input=["ab", "kiln"])
        self.assertEqual([d.embedding for d in r.data], dynembed.generate_embeddings(["ab", "kiln"]))

    def test_ndarray_model_against_numpy(self):
        for dims in (None, 5):
            r = local().embeddings.create(model="arrayembed", input=["ab", "kiln", ""], dimensions=dims)
            args = [["ab", "kiln", ""]] + ([dims] if dims else [])
            self.assertEqual([d.embedding for d in r.data], numpy_ref("tests/clients", "arrayembed", "embed", args))


class Chat(unittest.TestCase):
    MESSAGES = [{"role": "system", "content": "You are terse."},
                {"role": "user", "content": "Hello there, big wide world!"}]

    def test_completion_equal_cpython(self):
        r = local().chat.completions.create(model="chat", messages=self.MESSAGES, max_tokens=10, temperature=0)
        pieces = list(chatlib.chat(self.MESSAGES, 10, 0.0))
        self.assertTrue(r.id.startswith("chatcmpl-"))
        self.assertEqual((r.object, r.model), ("chat.completion", "chat"))
        self.assertLess(abs(r.created - time.time()), 60)
        self.assertEqual(r.choices[0].model_dump(), {
            "index": 0, "message": {"role": "assistant", "content": "".join(pieces), "refusal": None, "annotations": []},
            "logprobs": None, "finish_reason": "stop"})
        prompt = sum(chatlib.count_tokens(m["content"]) for m in self.MESSAGES)
        self.assertEqual(r.usage.model_dump(), {"prompt_tokens": prompt, "completion_tokens": len(pieces),
                                                "total_tokens": prompt + len(pieces)})
        short = local().chat.completions.create(model="chat", messages=self.MESSAGES, max_tokens=2)
        self.assertEqual(short.choices[0].message.content, "".join(chatlib.chat(self.MESSAGES, 2, 1.0)))
        self.assertEqual(short.choices[0].finish_reason, "length")

    def test_cut_at_max_tokens(self):
        import echochat
        client = Kiln(models={"echo": LIBS["echo"]})
        msgs = [{"role": "user", "content": "h\u00e9llo"}]
        want = list(echochat.chat(msgs))
        r = client.chat.completions.create(model="echo", messages=msgs, max_tokens=3)
        self.assertEqual((r.choices[0].message.content, r.choices[0].finish_reason), ("".join(want[:3]), "length"))
        r = client.chat.completions.create(model="echo", messages=msgs)
        self.assertEqual((r.choices[0].message.content, r.choices[0].finish_reason), ("".join(want), "stop"))
        got = [(c.choices[0].delta.content, c.choices[0].finish_reason)
               for c in client.chat.completions.create(model="echo", messages=msgs, max_tokens=2, stream=True)]
        self.assertEqual(got, [("", None), (want[0], None), (want[1], None), (None, "length")])

    def test_streaming(self):
        msgs = [{"role": "user", "content": "stream these few words please"}]
        chunks = list(local().chat.completions.create(model="chat", messages=msgs, max_tokens=4, temperature=0.5,
                                                      stream=True, stream_options={"include_usage": True}))
        pieces = list(chatlib.chat(msgs, 4, 0.5))
        self.assertEqual(len({c.id for c in chunks}), 1)
        self.assertTrue(all(c.object == "chat.completion.chunk" and c.model == "chat" for c in chunks))
        self.assertEqual(chunks[0].choices[0].delta.model_dump(), {"role": "assistant", "content": "", "refusal": None})
        self.assertEqual([c.choices[0].delta.content for c in chunks[1:1 + len(pieces)]], pieces)
        self.assertEqual(chunks[len(pieces) + 1].choices[0].finish_reason, "length")
        self.assertIsNone(chunks[len(pieces) + 1].choices[0].delta.content)
        self.assertEqual(chunks[-1].choices, [])
        self.assertEqual(chunks[-1].usage.completion_tokens, len(pieces))

    def test_stream_closed_early(self):
        msgs = [{"role": "user", "content": "a b c d e f g h"}]
        client = local()
        for _ in range(3):
            with client.chat.completions.create(model="chat", messages=msgs, stream=True) as s:
                self.assertEqual(next(s).choices[0].delta.role, "assistant")
                next(s)
        r = client.chat.completions.create(model="chat", messages=msgs)
        self.assertEqual(r.choices[0].message.content, "".join(chatlib.chat(msgs)))


class Errors(unittest.TestCase):
    def test_openai_classes(self):
        client = local()
        raise_msgs = [{"role": "user", "content": "raise"}]
        try:
            list(chatlib.chat(raise_msgs))
        except ValueError as e:
            want = f"ValueError: {e}"
        with self.assertRaises(BadRequestError) as cm:
            client.chat.completions.create(model="chat", messages=raise_msgs)
        e = cm.exception
        self.assertIsInstance(e, APIError)
        self.assertEqual((e.status_code, e.type, e.body["message"]), (400, "ValueError", want))
        self.assertRegex(e.traceback, r'chatlib\.py", line \d+, in chat')
        with self.assertRaises(BadRequestError):
            list(client.chat.completions.create(model="chat", messages=raise_msgs, stream=True))
        with self.assertRaises(NotFoundError) as cm:
            client.embeddings.create(model="no-such-model", input="x")
        self.assertEqual((cm.exception.status_code, cm.exception.code), (404, "model_not_found"))
        for bad in ({"input": [1, 2]}, {"input": "x", "encoding_format": "hex"}, {"input": "x", "dimensions": 0}):
            with self.assertRaises(BadRequestError):
                client.embeddings.create(model="embed", **bad)
        with self.assertRaises(BadRequestError) as cm:
            client.predictions.create(model="arraylib", function="total", inputs=["text"])
        self.assertEqual(cm.exception.body["message"], "TypeError: total(): argument 'x' must be ndarray, not str")


class Predictions(unittest.TestCase):
    def test_buffers_without_copies(self):
        client = local()
        y = array.array("d", [1.5, -2, 4])
        client.predictions.create(model="arraylib", function="scale_inplace", inputs={"x": y, "k": 2})
        self.assertEqual(list(y), [3.0, -4.0, 8.0])  # the function wrote the caller's memory
        rows = memoryview(array.array("f", [3, 4, 1, 0, 0.5, -0.25])).cast("B").cast("f", [3, 2])
        r = client.predictions.create(model="arraylib", function="normalize", inputs=[rows])
        self.assertIsInstance(r.output, KilnArray)
        self.assertEqual((r.output.dtype, r.output.shape), ("float32", (3, 2)))
        want = numpy_ref("tests/abi", "arraylib", "normalize", [[[3, 4], [1, 0], [0.5, -0.25]]])
        for got_row, want_row in zip(r.output.tolist(), want):
            for g, w in zip(got_row, want_row):
                self.assertAlmostEqual(g, w, delta=1e-7)
        lib = Library.open(LIBS["arraylib"])
        before = len(lib.pinned)
        client.predictions.create(model="arraylib", function="keep", inputs=[array.array("f", [1, 2])])
        self.assertEqual(len(lib.pinned), before + 1)  # kept by the module: still pinned
        self.assertEqual(client.predictions.create(model="arraylib", function="forget").output, 1)
        self.assertEqual(len(lib.pinned), before)
        # a read-only buffer is copied; JSON-shaped arguments; a generator's items
        self.assertEqual(client.predictions.create(model="arraylib", function="total",
                                                   inputs=[memoryview(struct.pack("<3d", 1, 2, 3.5)).cast("d")]).output,
                         6.5)
        c = client.predictions.create(model="chat", function="chat",
                                      inputs={"messages": [{"role": "user", "content": "x y"}], "max_tokens": 5})
        self.assertEqual(c.output, list(chatlib.chat([{"role": "user", "content": "x y"}], 5)))
        with self.assertRaises(BadRequestError):
            client.predictions.create(model="chat", inputs=[])  # two functions: name one
        # NaN and the infinities cross both ways; an empty buffer; what has no form is a BadRequestError
        self.assertEqual(client.predictions.create(model="arraylib", function="cast_sum",
                                                   inputs=[[1, float("inf")]]).output, float("inf"))
        self.assertTrue(math.isnan(client.predictions.create(model="arraylib", function="normalize",
                                                             inputs=[[float("nan"), 1.0]]).output.tolist()[0]))
        self.assertEqual(client.predictions.create(model="arraylib", function="total",
                                                   inputs=[array.array("f")]).output, 0.0)
        for bad in ([object()], [{1, 2}], [memoryview(b"abc").cast("c")]):
            with self.assertRaises(BadRequestError):
                client.predictions.create(model="arraylib", function="total", inputs=bad)

    def test_numpy_arrays(self):
        """numpy arrays (under numpy's python) cross through the buffer protocol: no copy in."""
        code = r"""
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from kiln_client import Kiln
c = Kiln(models={"a": sys.argv[2]})
x = np.arange(6, dtype=np.float32).reshape(2, 3) + 1
c.predictions.create(model="a", function="scale_inplace", inputs=[x, 0.5])
assert (x == (np.arange(6, dtype=np.float32).reshape(2, 3) + 1) * np.float32(0.5)).all(), x
n = c.predictions.create(model="a", function="normalize", inputs=[x]).output
got = np.asarray(n.data)
assert n.dtype == "float32" and got.shape == (2, 3), (n, got.shape)
assert np.allclose(got, x / np.linalg.norm(x, axis=-1, keepdims=True), rtol=1e-6, atol=0), got  # float32 rounding
print("ok")
"""
        p = subprocess.run([NUMPY_PY, "-c", code, os.path.join(ROOT, "clients", "python"), LIBS["arraylib"]],
                           capture_output=True, text=True)
        self.assertEqual((p.returncode, p.stdout.strip()), (0, "ok"), p.stderr)

    def test_gil_released_and_threads(self):
        client = local()
        ticks = [0]
        done = threading.Event()

        def count():
            while not done.is_set():
                ticks[0] += 1
                time.sleep(0.001)

        t = threading.Thread(target=count)
        t.start()
        t0 = time.time()
        out = client.predictions.create(model="chat", function="spin", inputs=[6_000_000]).output
        ms = (time.time() - t0) * 1000
        done.set()
        t.join()
        self.assertEqual(out, chatlib.spin(6_000_000))
        self.assertGreaterEqual(ticks[0], int(ms / 20), f"{ticks[0]} ticks in {ms:.0f} ms: the GIL was held")
        results = {}

        def work(i):
            results[i] = client.embeddings.create(model="embed", input=[f"text {i}", f"more {i * 7}"])

        threads = [threading.Thread(target=work, args=(i,)) for i in range(16)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        for i in range(16):
            self.assertEqual([d.embedding for d in results[i].data], embedlib.embed([f"text {i}", f"more {i * 7}"]))


class Models(unittest.TestCase):
    def test_resolution(self):
        d = tempfile.mkdtemp(dir=TMP)
        shutil.copy(LIBS["embed"], os.path.join(d, "folder-embed.so"))
        client = Kiln(models={"chat": LIBS["chat"]}, models_dir=d)
        page = client.models.list()
        self.assertEqual(page.object, "list")
        self.assertEqual(sorted(m.id for m in page), ["chat", "folder-embed"])
        self.assertTrue(all(m.object == "model" and m.owned_by == "kiln" and isinstance(m.created, int)
                            for m in page.data))
        r = client.embeddings.create(model="folder-embed", input="hi there")
        self.assertEqual(r.data[0].embedding, embedlib.embed(["hi there"])[0])
        os.environ["KILN_MODELS_DIR"] = d
        try:
            self.assertEqual(Kiln().models_dir, d)
            self.assertIn("folder-embed", [m.id for m in Kiln().models.list()])
        finally:
            del os.environ["KILN_MODELS_DIR"]
        hybrid = Kiln(models={"chat": LIBS["chat"]}, models_dir=d, base_url=URL, api_key=API_KEY)
        self.assertEqual(sorted(m.id for m in hybrid.models.list()),
                         ["chat", "folder-embed", "remote-chat", "remote-embed"])
        self.assertEqual(hybrid.models.retrieve("chat").id, "chat")


class Hybrid(unittest.TestCase):
    def test_remote_equals_local(self):
        client = local(base_url=URL, api_key=API_KEY)
        msgs = [{"role": "user", "content": "local or remote, the same words"}]
        lo = client.chat.completions.create(model="chat", messages=msgs, max_tokens=6, temperature=0)
        re_ = client.chat.completions.create(model="remote-chat", messages=msgs, max_tokens=6, temperature=0)
        self.assertEqual(re_.model, "remote-chat")
        self.assertEqual(re_.choices, lo.choices)
        self.assertEqual(re_.usage, lo.usage)
        rs = [c.model_dump() for c in client.chat.completions.create(
            model="remote-chat", messages=msgs, stream=True, stream_options={"include_usage": True})]
        ls = [c.model_dump() for c in client.chat.completions.create(
            model="chat", messages=msgs, stream=True, stream_options={"include_usage": True})]
        self.assertEqual([(c["choices"], c.get("usage")) for c in rs], [(c["choices"], c.get("usage")) for c in ls])
        for fmt in ("float", "base64"):
            le = client.embeddings.create(model="embed", input=TEXTS, encoding_format=fmt, dimensions=8)
            rem = client.embeddings.create(model="remote-embed", input=TEXTS, encoding_format=fmt, dimensions=8)
            self.assertEqual(rem.data, le.data)
            self.assertEqual(rem.usage, le.usage)

    def test_kiln_serve_equals_local(self):
        """The same client on local libraries and on `kiln serve` over them."""
        proc = subprocess.Popen([KILN, "serve", f"served-chat={LIBS['chat']}", f"served-embed={LIBS['embed']}",
                                 "--port", "0", "--api-key", API_KEY], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        try:
            url = None
            for line in proc.stderr:  # until it says where it listens
                if "listening on " in line:
                    url = line.split("listening on ", 1)[1].strip() + "/v1"
                    break
            self.assertIsNotNone(url, "kiln serve did not start")
            drain = threading.Thread(target=proc.stderr.read, daemon=True)  # so its pipe never fills
            drain.start()
            client = local(base_url=url, api_key=API_KEY)
            ids = sorted(m.id for m in client.models.list().data)
            self.assertIn("served-chat", ids)
            msgs = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "local or served, the same"}]
            for temperature in (0.0, 1.0):
                lo = client.chat.completions.create(model="chat", messages=msgs, max_tokens=3, temperature=temperature)
                se = client.chat.completions.create(model="served-chat", messages=msgs, max_tokens=3,
                                                    temperature=temperature)
                self.assertEqual(se.choices, lo.choices)
                self.assertEqual(se.usage.completion_tokens, lo.usage.completion_tokens)
            text = lambda model: "".join(c.choices[0].delta.content or "" for c in client.chat.completions.create(
                model=model, messages=msgs, stream=True, temperature=0) if c.choices)
            self.assertEqual(text("served-chat"), text("chat"))
            inputs = [t for t in TEXTS if t]  # OpenAI's API (so kiln serve) refuses empty strings
            lo = client.embeddings.create(model="embed", input=inputs, encoding_format="base64")
            se = client.embeddings.create(model="served-embed", input=inputs, encoding_format="base64")
            self.assertEqual([d.embedding for d in se.data], [d.embedding for d in lo.data])
            lo = client.embeddings.create(model="embed", input=inputs)
            se = client.embeddings.create(model="served-embed", input=inputs)
            for a, b in zip(lo.data, se.data):  # kiln serve sends float32, as OpenAI does
                self.assertEqual(len(a.embedding), len(b.embedding))
                self.assertTrue(all(abs(x - y) <= 1e-6 for x, y in zip(a.embedding, b.embedding)))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
            proc.stderr.close()

    def test_remote_errors(self):
        with self.assertRaises(AuthenticationError) as cm:
            Kiln(base_url=URL, api_key="sk-wrong").chat.completions.create(
                model="remote-chat", messages=[{"role": "user", "content": "x"}])
        e = cm.exception
        self.assertEqual((e.status_code, e.code, e.request_id), (401, "invalid_api_key", "req_test"))
        client = Kiln(base_url=URL, api_key=API_KEY)
        with self.assertRaises(NotFoundError) as cm:
            client.embeddings.create(model="nowhere", input="x")
        self.assertEqual(cm.exception.code, "model_not_found")
        with self.assertRaises(BadRequestError):
            client.chat.completions.create(model="remote-chat", messages=[{"role": "user", "content": "raise"}])
        with self.assertRaises(APIConnectionError):
            Kiln(base_url="http://127.0.0.1:9/v1").embeddings.create(model="x", input="x")


if __name__ == "__main__":
    unittest.main()
