"""tests/unit/test_models_torch.py — kiln.models against PyTorch.

kiln.models are numpy programs; their reference here is an independent
implementation written with PyTorch's own operators (torch.nn.functional:
linear, layer_norm, gelu, softmax), run on the same synthetic weights in the
published layout. For BERT the test writes a sentence-transformers folder
(config.json, modules.json, 1_Pooling/config.json, model.safetensors with
the original tensor names; mean and CLS pooling, with and without the
"bert." prefix), compiles a program that embeds a padded batch with
kiln.models.bert, and compares its vectors with torch's: every component
within 2e-5 absolute (float32 throughout).

torch and numpy come from Debian (python3-torch, python3-numpy) under
/usr/bin/python3: the script runs itself again with that python when the
one running it lacks them, and skips, saying so, only when none has them.
The last line is 'N passed, N failed'.
"""
import os
import sys

from system_python import rerun_or_skip

try:
    import numpy as np
    import torch
    import torch.nn.functional as F
except ImportError:
    rerun_or_skip("test_models_torch.py", "torch or numpy", "python3-torch")

import json
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
from safetensors.numpy import save_file  # noqa: E402  (the repository's CPython stand-in)

TOL = 2e-5


def bert_folder(folder, pooling, prefix, rng, dim=48, heads=6, layers=3, inter=96, vocab=80, maxpos=32):
    os.makedirs(os.path.join(folder, "1_Pooling"), exist_ok=True)
    cfg = {"hidden_size": dim, "num_attention_heads": heads, "num_hidden_layers": layers,
           "intermediate_size": inter, "vocab_size": vocab, "max_position_embeddings": maxpos,
           "type_vocab_size": 2, "layer_norm_eps": 1e-12, "hidden_act": "gelu"}
    json.dump(cfg, open(os.path.join(folder, "config.json"), "w"))
    json.dump([{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
               {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
               {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}],
              open(os.path.join(folder, "modules.json"), "w"))
    json.dump({"word_embedding_dimension": dim, "pooling_mode_cls_token": pooling == "cls",
               "pooling_mode_mean_tokens": pooling == "mean"},
              open(os.path.join(folder, "1_Pooling", "config.json"), "w"))
    w = {}

    def t(*shape, scale=0.2, base=0.0):
        return (base + rng.standard_normal(shape) * scale).astype(np.float32)

    p = prefix + "embeddings."
    w[p + "word_embeddings.weight"] = t(vocab, dim)
    w[p + "position_embeddings.weight"] = t(maxpos, dim)
    w[p + "token_type_embeddings.weight"] = t(2, dim)
    w[p + "LayerNorm.weight"] = t(dim, scale=0.1, base=1.0)
    w[p + "LayerNorm.bias"] = t(dim, scale=0.1)
    for i in range(layers):
        p = f"{prefix}encoder.layer.{i}."
        for n in ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"):
            w[p + n + ".weight"] = t(dim, dim)
            w[p + n + ".bias"] = t(dim, scale=0.05)
        w[p + "attention.output.LayerNorm.weight"] = t(dim, scale=0.1, base=1.0)
        w[p + "attention.output.LayerNorm.bias"] = t(dim, scale=0.1)
        w[p + "intermediate.dense.weight"] = t(inter, dim)
        w[p + "intermediate.dense.bias"] = t(inter, scale=0.05)
        w[p + "output.dense.weight"] = t(dim, inter)
        w[p + "output.dense.bias"] = t(dim, scale=0.05)
        w[p + "output.LayerNorm.weight"] = t(dim, scale=0.1, base=1.0)
        w[p + "output.LayerNorm.bias"] = t(dim, scale=0.1)
    save_file(w, os.path.join(folder, "model.safetensors"))
    return cfg, {k: torch.from_numpy(v.copy()) for k, v in w.items()}


def bert_torch(cfg, w, prefix, batch, pooling):
    """BERT with PyTorch's operators: the independent reference."""
    dim, heads, eps = cfg["hidden_size"], cfg["num_attention_heads"], cfg["layer_norm_eps"]
    n, s = len(batch), max(len(b) for b in batch)
    ids = torch.zeros((n, s), dtype=torch.long)
    keep = torch.zeros((n, s), dtype=torch.bool)
    for i, b in enumerate(batch):
        ids[i, :len(b)] = torch.tensor(b)
        keep[i, :len(b)] = True
    p = prefix + "embeddings."
    x = w[p + "word_embeddings.weight"][ids] + w[p + "position_embeddings.weight"][:s][None] + \
        w[p + "token_type_embeddings.weight"][0]
    x = F.layer_norm(x, (dim,), w[p + "LayerNorm.weight"], w[p + "LayerNorm.bias"], eps)
    hd = dim // heads
    for i in range(cfg["num_hidden_layers"]):
        p = f"{prefix}encoder.layer.{i}."

        def lin(t, name):
            return F.linear(t, w[p + name + ".weight"], w[p + name + ".bias"])

        def split(t):
            return t.view(n, s, heads, hd).transpose(1, 2)

        q, k, v = split(lin(x, "attention.self.query")), split(lin(x, "attention.self.key")), \
            split(lin(x, "attention.self.value"))
        scores = q @ k.transpose(-1, -2) / (hd ** 0.5)
        scores = scores.masked_fill(~keep[:, None, None, :], float("-inf"))
        a = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(n, s, dim)
        x = F.layer_norm(x + lin(a, "attention.output.dense"), (dim,), w[p + "attention.output.LayerNorm.weight"],
                         w[p + "attention.output.LayerNorm.bias"], eps)
        h = F.gelu(lin(x, "intermediate.dense"))
        x = F.layer_norm(x + lin(h, "output.dense"), (dim,), w[p + "output.LayerNorm.weight"],
                         w[p + "output.LayerNorm.bias"], eps)
    if pooling == "cls":
        out = x[:, 0]
    else:
        m = keep[:, :, None].float()
        out = (x * m).sum(1) / m.sum(1).clamp(min=1e-9)
    return F.normalize(out, dim=1).numpy()


PROGRAM = '''
import sys
from kiln.models.bert import BertEncoder

enc = BertEncoder(sys.argv[1])
batch = [[int(t) for t in part.split(",")] for part in sys.argv[2].split(";")]
for row in enc.embed(batch).tolist():
    print(" ".join(repr(v) for v in row))
'''


def main():
    rng = np.random.default_rng(7)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "embed_bert.py")
        open(prog, "w").write(PROGRAM)
        exe = os.path.join(tmp, "embed_bert")
        b = subprocess.run([os.path.join(ROOT, "bin", "kiln"), "build", prog, "-o", exe], capture_output=True, text=True)
        if b.returncode != 0:
            print("kiln build failed:\n" + b.stderr)
            print("0 passed, 1 failed")
            return 1
        cases = [("mean", "", [[2, 7, 11, 3], [2, 5, 3], [2, 40, 41, 42, 43, 44, 45, 3]]),
                 ("cls", "bert.", [[2, 9, 3], [2, 70, 71, 72, 3]]),
                 ("mean", "bert.", [[1] * 30, [4, 4]]),
                 ("cls", "", [[5]])]
        for k, (pooling, prefix, batch) in enumerate(cases):
            folder = os.path.join(tmp, f"model{k}")
            cfg, w = bert_folder(folder, pooling, prefix, rng)
            ref = bert_torch(cfg, w, prefix, batch, pooling)
            arg = ";".join(",".join(str(t) for t in b) for b in batch)
            r = subprocess.run([exe, folder, arg], capture_output=True, text=True)
            if r.returncode != 0:
                print(f"FAIL bert {pooling} {prefix!r}: exit {r.returncode}: {r.stderr.strip()[-300:]}")
                failed += 1
                continue
            got = np.array([[float(v) for v in line.split()] for line in r.stdout.strip().splitlines()])
            err = float(np.abs(got - ref).max()) if got.shape == ref.shape else float("inf")
            if err <= TOL:
                passed += 1
            else:
                failed += 1
                print(f"FAIL bert {pooling} {prefix!r}: shape {got.shape} vs {ref.shape}, max abs error {err:.3g}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
