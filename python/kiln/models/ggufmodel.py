"""GGUF checkpoints for kiln.models' decoders: a .gguf file (or a folder
holding one) read as if it were a Hugging Face folder.

- config: the <arch>.* metadata keys turned into config.json's names
  (gguf_config gives the JSON text, so both loaders read one dict);
- weights: llama.cpp's tensor names (token_embd, blk.N.attn_q, ...) mapped
  to the Hugging Face names the model classes use; quantised tensors stay
  quantised (kiln.nn.linear and kiln.nn.get_rows read their blocks);
- llama.cpp's converter permutes the rows of attn_q and attn_k of "llama"
  models for its interleaved RoPE; the model keeps that order and rotates
  the pairs (2i, 2i+1) (kiln.nn.apply_rope's interleaved), so quantised rows
  stay as they are and nothing is reordered;
- tokenizer: tokenizer.ggml.* (gpt2-style byte-level BPE: tokens, merges,
  token types, the pre-tokenizer name) written out as a tokenizer.json text
  for Tokenizer.from_str.
"""
import json
import os

import numpy as np
from kiln.gguf import load_metadata, load_tensors


def gguf_file(folder: str) -> str:
    """The GGUF file folder names: itself when it names a .gguf file, the one
    .gguf file in it when it has no config.json; else ""."""
    if folder.endswith(".gguf") and not os.path.isdir(folder):
        return folder  # a missing file: load_metadata names it
    if not os.path.isdir(folder) or os.path.exists(os.path.join(folder, "config.json")):
        return ""
    found: list[str] = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".gguf"):
            found.append(os.path.join(folder, name))
    if len(found) > 1:
        raise ValueError(f"{folder}: more than one .gguf file ({', '.join(found)})")
    return found[0] if len(found) == 1 else ""


def meta_int(meta, key: str, default: int) -> int:
    if key in meta:
        return int(meta[key])
    return default


def meta_float(meta, key: str, default: float) -> float:
    if key in meta:
        return float(meta[key])
    return default


def gguf_config(meta, path: str) -> str:
    """config.json's text for the file's metadata (Llama architectures)."""
    arch = str(meta["general.architecture"])
    if arch != "llama" and arch != "qwen2" and arch != "mistral":
        raise ValueError(f"{path}: general.architecture {arch!r} is not supported in GGUF (llama, qwen2 are)")
    a = arch + "."
    for k in ["embedding_length", "block_count", "feed_forward_length", "attention.head_count"]:
        if a + k not in meta:
            raise ValueError(f"{path}: metadata {a + k} is missing")
    hidden = int(meta[a + "embedding_length"])
    heads = int(meta[a + "attention.head_count"])
    n_vocab = len(meta["tokenizer.ggml.tokens"]) if "tokenizer.ggml.tokens" in meta else 0
    parts: list[str] = []
    parts.append('"model_type": ' + json.dumps(arch))
    parts.append('"hidden_size": ' + str(hidden))
    parts.append('"intermediate_size": ' + str(int(meta[a + "feed_forward_length"])))
    parts.append('"num_hidden_layers": ' + str(int(meta[a + "block_count"])))
    parts.append('"num_attention_heads": ' + str(heads))
    parts.append('"num_key_value_heads": ' + str(meta_int(meta, a + "attention.head_count_kv", heads)))
    parts.append('"head_dim": ' + str(meta_int(meta, a + "attention.key_length", hidden // heads)))
    parts.append('"rms_norm_eps": ' + repr(meta_float(meta, a + "attention.layer_norm_rms_epsilon", 1e-5)))
    parts.append('"rope_theta": ' + repr(meta_float(meta, a + "rope.freq_base", 10000.0)))
    parts.append('"max_position_embeddings": ' + str(meta_int(meta, a + "context_length", 2048)))
    parts.append('"tie_word_embeddings": false')  # untied when the file has output.weight
    parts.append('"vocab_size": ' + str(meta_int(meta, a + "vocab_size", n_vocab)))
    kind = str(meta[a + "rope.scaling.type"]) if a + "rope.scaling.type" in meta else "none"
    if kind == "linear":
        parts.append('"rope_scaling": {"rope_type": "linear", "factor": '
                     + repr(meta_float(meta, a + "rope.scaling.factor", 1.0)) + "}")
    elif kind != "none":
        raise ValueError(f"{path}: rope scaling {kind!r} is not supported in GGUF (linear is)")
    eos: list[str] = []
    for k in ["tokenizer.ggml.eos_token_id", "tokenizer.ggml.eot_token_id", "tokenizer.ggml.eom_token_id"]:
        if k in meta and str(int(meta[k])) not in eos:
            eos.append(str(int(meta[k])))
    parts.append('"eos_token_id": [' + ", ".join(eos) + "]")
    return "{" + ", ".join(parts) + "}"


def gguf_weights(path: str, n_layers: int) -> dict[str, np.ndarray]:
    """The file's tensors under the Hugging Face names."""
    t = load_tensors(path)
    w: dict[str, np.ndarray] = {}
    w["model.embed_tokens.weight"] = t["token_embd.weight"]
    w["model.norm.weight"] = t["output_norm.weight"]
    if "output.weight" in t:
        w["lm_head.weight"] = t["output.weight"]
    names = [("attn_norm", "input_layernorm"), ("ffn_norm", "post_attention_layernorm"),
             ("attn_q", "self_attn.q_proj"), ("attn_k", "self_attn.k_proj"), ("attn_v", "self_attn.v_proj"),
             ("attn_output", "self_attn.o_proj"), ("ffn_gate", "mlp.gate_proj"), ("ffn_up", "mlp.up_proj"),
             ("ffn_down", "mlp.down_proj")]
    for i in range(n_layers):
        for g, h in names:
            for kind in [".weight", ".bias"]:
                src = f"blk.{i}.{g}{kind}"
                if src in t:
                    w[f"model.layers.{i}.{h}{kind}"] = t[src]
                elif kind == ".weight":
                    raise ValueError(f"{path}: tensor {src} is missing")
    return w


# The pre-tokenizer regexes of the tokenizer.ggml.pre names (the split
# before byte-level BPE), as the published tokenizer.json files have them.
LLAMA3_SPLIT = ("(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*"
                "|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")


def gguf_tokenizer_json(meta, path: str) -> str:
    """A tokenizer.json text for the file's tokenizer.ggml.* metadata."""
    model = str(meta["tokenizer.ggml.model"]) if "tokenizer.ggml.model" in meta else ""
    if model != "gpt2":
        raise ValueError(f"{path}: tokenizer.ggml.model {model!r} is not supported (gpt2, byte-level BPE, is)")
    tokens = meta["tokenizer.ggml.tokens"]
    n = len(tokens)
    has_types = "tokenizer.ggml.token_type" in meta
    vocab: list[str] = []
    added: list[str] = []
    for i in range(n):
        tok = json.dumps(str(tokens[i]))
        vocab.append(tok + ": " + str(i))
        if has_types:
            kind = int(meta["tokenizer.ggml.token_type"][i])
            if kind == 3 or kind == 4:
                added.append('{"id": ' + str(i) + ', "content": ' + tok + ', "single_word": false, "lstrip": false, '
                             '"rstrip": false, "normalized": false, "special": true}')
    merges: list[str] = []
    if "tokenizer.ggml.merges" in meta:
        for m in meta["tokenizer.ggml.merges"]:
            merges.append(json.dumps(str(m)))
    pre = str(meta["tokenizer.ggml.pre"]) if "tokenizer.ggml.pre" in meta else "default"
    if pre == "llama-bpe" or pre == "llama3":
        pre_tok = ('{"type": "Sequence", "pretokenizers": [{"type": "Split", "pattern": {"Regex": '
                   + json.dumps(LLAMA3_SPLIT) + '}, "behavior": "Isolated", "invert": false}, {"type": "ByteLevel", '
                   '"add_prefix_space": false, "trim_offsets": true, "use_regex": false}]}')
    elif pre == "smollm":
        pre_tok = ('{"type": "Sequence", "pretokenizers": [{"type": "Digits", "individual_digits": true}, '
                   '{"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true}]}')
    elif pre == "default" or pre == "gpt2":
        pre_tok = '{"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true}'
    else:
        raise ValueError(f"{path}: tokenizer.ggml.pre {pre!r} is not supported (llama-bpe, smollm, gpt2 are)")
    post = "null"
    add_bos = bool(meta["tokenizer.ggml.add_bos_token"]) if "tokenizer.ggml.add_bos_token" in meta else False
    if add_bos and "tokenizer.ggml.bos_token_id" in meta:
        b = int(meta["tokenizer.ggml.bos_token_id"])
        bt = json.dumps(str(tokens[b]))
        post = ('{"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": ' + bt + ', "type_id": 0}}, '
                '{"Sequence": {"id": "A", "type_id": 0}}], "pair": [{"SpecialToken": {"id": ' + bt + ', "type_id": 0}}, '
                '{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": ' + bt + ', "type_id": 1}}, '
                '{"Sequence": {"id": "B", "type_id": 1}}], "special_tokens": {' + bt + ': {"id": ' + bt
                + ', "ids": [' + str(b) + '], "tokens": [' + bt + ']}}}')
    ignore = "true" if pre == "llama-bpe" or pre == "llama3" else "false"
    return ('{"version": "1.0", "truncation": null, "padding": null, "added_tokens": [' + ", ".join(added)
            + '], "normalizer": null, "pre_tokenizer": ' + pre_tok + ', "post_processor": ' + post
            + ', "decoder": {"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": true, "use_regex": true}, '
            '"model": {"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": null, '
            '"end_of_word_suffix": null, "fuse_unk": false, "byte_fallback": false, "ignore_merges": ' + ignore
            + ', "vocab": {' + ", ".join(vocab) + '}, "merges": [' + ", ".join(merges) + "]}}")


def gguf_special(meta) -> dict[str, str]:
    """bos_token/eos_token/unk_token/pad_token as text, for the chat template."""
    out: dict[str, str] = {}
    tokens = meta["tokenizer.ggml.tokens"]
    for key, name in [("bos_token", "bos"), ("eos_token", "eos"), ("unk_token", "unknown"), ("pad_token", "padding")]:
        k = "tokenizer.ggml." + name + "_token_id"
        if k in meta:
            i = int(meta[k])
            if 0 <= i < len(tokens):
                out[key] = str(tokens[i])
    return out
