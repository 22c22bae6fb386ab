#!/usr/bin/env python3
"""tests/fuzz/seeds.py — the seed corpora of kiln's libFuzzer harnesses,
generated (nothing third-party is committed): `make fuzz` writes them to
build/fuzz/seeds/NAME/ before a campaign starts.

    python3 tests/fuzz/seeds.py OUTDIR [NAME...]     NAME: abi serve safetensors tokjson types

abi          a function selector byte + a JSON argument array (fuzz_abi.c)
serve        a route byte + an OpenAI request body (fuzz_serve.c)
safetensors  small safetensors files of every dtype, shapes 0-d to 4-d,
             metadata, several tensors, and a few broken headers
tokjson      small tokenizer.json files: BPE (byte-level, byte fallback),
             WordPiece, Unigram, with each normalizer, pre-tokenizer,
             post-processor and decoder kind, padding and truncation
types        a mode byte + each program of tests/programs and examples/
"""
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ABI_FUNCS = ["ints", "floats", "text", "flag", "table", "grid", "pair", "maybe", "counts", "shape", "raises"]


def abi():
    args = {
        "ints": ['[[1, 2, 3]]', '[[], 4]', '[[9223372036854775807, -1], 2]', '[[1.5]]', '["x"]'],
        "floats": ['[[1.5, 2, -0.0, 1e308]]', '[[NaN, Infinity]]', '[[]]'],
        "text": ['["h\\u00e9llo", 3]', '["\\ud83d\\ude00 emoji", 9]', '["", 0]', '["x", 1e3]'],
        "flag": ['[true, 2.5]', '[false, 1]', '[1, 2]', '[null, 1]'],
        "table": ['[{"b": 1.0, "a": 2}]', '[{}]', '[{"k": "v"}]', '[[["a", 1.0]]]'],
        "grid": ['[[[1, 2], [3]]]', '[[[]]]', '[[1]]'],
        "pair": ['[[1, "a"]]', '[[1]]', '[[1, "a", 2]]'],
        "maybe": ['[]', '[null]', '["s"]', '[1]'],
        "counts": ['[{"a": [1, 2], "b": []}]', '[{"a": null}]'],
        "shape": ['[[[1.0, 2.0], [3.0, 4.0]]]', '[[]]', '[1]'],
        "raises": ['[-1]', '[1]', '[]', '[1, 2, 3]', '{"a": 1}', '[', '[1e999999]'],
    }
    out = {}
    for i, f in enumerate(ABI_FUNCS):
        for k, a in enumerate(args[f]):
            out[f"{f}-{k}"] = bytes([i]) + a.encode()
    out["missing"] = bytes([len(ABI_FUNCS)]) + b"[1]"
    return out


def serve():
    bodies = [
        (0, {"model": "emb", "input": "hello world"}),
        (0, {"model": "emb", "input": ["a", "b c"], "encoding_format": "base64", "dimensions": 8}),
        (0, {"model": "emb", "input": [[1, 2]]}),
        (0, {"model": "chat", "input": "x"}),
        (0, {"model": "nope", "input": "x", "encoding_format": "float", "user": "u"}),
        (1, {"model": "chat", "messages": [{"role": "system", "content": "be brief"},
                                            {"role": "user", "content": "hi"}], "max_tokens": 16}),
        (1, {"model": "chat", "messages": [{"role": "user", "content": [{"type": "text", "text": "a"},
                                                                         {"type": "text", "text": "b"}]}],
             "stream": True, "stream_options": {"include_usage": True}, "temperature": 0.5}),
        (1, {"model": "chat", "messages": [{"role": "user", "content": None}], "n": 1,
             "max_completion_tokens": 3}),
        (1, {"model": "chat", "messages": []}),
        (0x81, {"model": "chat", "messages": [{"role": "user", "content": "hi"}]}),
        (0x80, {"model": "emb", "input": "x"}),
    ]
    out = {f"body-{i}": bytes([r]) + json.dumps(b).encode() for i, (r, b) in enumerate(bodies)}
    out["not-json"] = b"\x00{\"model\": "
    out["not-object"] = b"\x01[1, 2]"
    for r in range(2, 7):
        out[f"route-{r}"] = bytes([r])
    return out


ST_DTYPES = {"F64": "d", "F32": "f", "F16": "e", "BF16": "H", "I64": "q", "I32": "i", "I16": "h", "I8": "b",
             "U8": "B", "BOOL": "?"}


def st_file(tensors, metadata=None):
    """tensors: name -> (dtype, shape); data is a counting pattern."""
    header, blobs, off = {}, [], 0
    if metadata is not None:
        header["__metadata__"] = metadata
    for name, (dt, shape) in tensors.items():
        n = 1
        for s in shape:
            n *= s
        fmt = ST_DTYPES[dt]
        vals = [(i % 2 == 1) if fmt == "?" else (i % 7) for i in range(n)]
        blob = struct.pack("<%d%s" % (n, fmt), *vals)
        header[name] = {"dtype": dt, "shape": list(shape), "data_offsets": [off, off + len(blob)]}
        blobs.append(blob)
        off += len(blob)
    h = json.dumps(header).encode()
    h += b" " * (-len(h) % 8)
    return struct.pack("<Q", len(h)) + h + b"".join(blobs)


def safetensors():
    out = {}
    shapes = [(), (3,), (2, 3), (2, 1, 2), (1, 2, 2, 2), (0, 4)]
    for dt in ST_DTYPES:
        for k, sh in enumerate(shapes):
            out[f"{dt.lower()}-{k}"] = st_file({"t": (dt, sh)})
    out["many"] = st_file({"a.weight": ("F32", (4, 4)), "a.bias": ("F32", (4,)), "emb": ("BF16", (3, 2))},
                          {"format": "pt"})
    out["empty"] = st_file({})
    good = st_file({"w": ("F32", (2, 2))})
    out["short"] = good[:5]
    out["truncated"] = good[:-4]
    out["huge-len"] = struct.pack("<Q", 1 << 62) + good[8:]
    big = json.dumps({"w": {"dtype": "F32", "shape": [1 << 40, 1 << 20], "data_offsets": [0, 16]}}).encode()
    out["huge-shape"] = struct.pack("<Q", len(big)) + big + bytes(16)
    return out


def tokjson():
    byte_vocab = {chr(c) if 33 <= c <= 126 else "<0x%02X>" % c: c for c in range(256)}
    bpe_vocab = {"<s>": 0, "</s>": 1, "<unk>": 2, "a": 3, "b": 4, "c": 5, "ab": 6, "abc": 7, "\u0120": 8,
                 "\u0120a": 9, "h": 10, "e": 11, "l": 12, "o": 13, "he": 14, "ll": 15, "hell": 16, "hello": 17}
    merges = [["a", "b"], ["ab", "c"], ["\u0120", "a"], ["h", "e"], ["l", "l"], ["he", "ll"], ["hell", "o"]]
    added = [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True} for i, t in enumerate(["<s>", "</s>", "<unk>"])]
    tmpl = {"type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
            "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
            "special_tokens": {"<s>": {"id": "<s>", "ids": [0], "tokens": ["<s>"]}}}
    files = {
        "bpe-bytelevel": {
            "added_tokens": added, "normalizer": {"type": "NFC"},
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
            "post_processor": {"type": "ByteLevel", "trim_offsets": True},
            "decoder": {"type": "ByteLevel"},
            "model": {"type": "BPE", "vocab": bpe_vocab, "merges": merges, "ignore_merges": False}},
        "bpe-fallback": {
            "added_tokens": added,
            "normalizer": {"type": "Sequence", "normalizers": [{"type": "Prepend", "prepend": "\u2581"},
                                                               {"type": "Replace", "pattern": {"String": " "},
                                                                "content": "\u2581"}]},
            "pre_tokenizer": None, "post_processor": tmpl,
            "decoder": {"type": "Sequence", "decoders": [
                {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "}, {"type": "ByteFallback"},
                {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
            "model": {"type": "BPE", "vocab": dict(byte_vocab, **{k: v + 256 for k, v in bpe_vocab.items()}),
                      "merges": [" ".join(m) for m in merges], "byte_fallback": True, "unk_token": "<unk>",
                      "fuse_unk": True}},
        "wordpiece": {
            "added_tokens": [dict(a, content=t, id=i) for i, (a, t) in
                             enumerate(zip([added[0]] * 4, ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]))],
            "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                           "strip_accents": None, "lowercase": True},
            "pre_tokenizer": {"type": "BertPreTokenizer"},
            "post_processor": {"type": "BertProcessing", "sep": ["[SEP]", 3], "cls": ["[CLS]", 2]},
            "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
            "padding": {"strategy": "BatchLongest", "direction": "Right", "pad_to_multiple_of": 8, "pad_id": 0,
                        "pad_type_id": 0, "pad_token": "[PAD]"},
            "truncation": {"direction": "Right", "max_length": 12, "strategy": "LongestFirst", "stride": 0},
            "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                      "max_input_chars_per_word": 100,
                      "vocab": {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3, "hello": 4, "world": 5,
                                "the": 6, "##s": 7, "qu": 8, "##ick": 9, ",": 10, "!": 11, ".": 12}}},
        "unigram": {
            "added_tokens": added,
            "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFKC"}, {"type": "Lowercase"},
                                                               {"type": "Strip", "strip_left": True,
                                                                "strip_right": True}]},
            "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always",
                              "split": True},
            "post_processor": tmpl,
            "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
            "model": {"type": "Unigram", "unk_id": 2, "byte_fallback": True,
                      "vocab": [["<s>", 0.0], ["</s>", 0.0], ["<unk>", 0.0]]
                      + [["<0x%02X>" % b, -10.0] for b in range(256)]
                      + [["\u2581hello", -2.0], ["\u2581", -3.0], ["h", -4.0], ["ello", -3.5], ["o", -4.5],
                         ["\u2581the", -2.5], ["qu", -5.0], ["ick", -4.0]]}},
        "splits": {
            "added_tokens": added,
            "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFD"}, {"type": "StripAccents"},
                                                               {"type": "Replace", "pattern": {"Regex": "\\s+"},
                                                                "content": " "}]},
            "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
                {"type": "Split", "pattern": {"Regex": "\\p{N}"}, "behavior": "Isolated", "invert": False},
                {"type": "Split", "pattern": {"String": "-"}, "behavior": "MergedWithNext", "invert": False},
                {"type": "Whitespace"}, {"type": "Digits", "individual_digits": True},
                {"type": "Punctuation", "behavior": "Contiguous"}, {"type": "WhitespaceSplit"}]},
            "post_processor": {"type": "RobertaProcessing", "sep": ["</s>", 1], "cls": ["<s>", 0],
                               "trim_offsets": True, "add_prefix_space": True},
            "decoder": {"type": "BPEDecoder", "suffix": "</w>"},
            "model": {"type": "BPE", "vocab": bpe_vocab, "merges": merges, "unk_token": "<unk>",
                      "end_of_word_suffix": ""}},
    }
    out = {k: json.dumps(v, ensure_ascii=k != "unigram").encode() for k, v in files.items()}
    out["truncated"] = out["wordpiece"][: len(out["wordpiece"]) // 2]
    out["bad-merge"] = json.dumps({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [["a", "b"]]}}).encode()
    return out


def types():
    out = {}
    for d in ("tests/programs", "examples"):
        full = os.path.join(ROOT, d)
        for f in sorted(os.listdir(full)):
            if f.endswith(".py"):
                with open(os.path.join(full, f), "rb") as fh:
                    src = fh.read()
                if len(src) < 20000:
                    out[f"{os.path.basename(d)}-{f[:-3]}"] = b"\x00" + src
    lib = os.path.join(ROOT, "tests", "fuzz", "abilib.py")
    with open(lib, "rb") as fh:
        out["abilib"] = b"\x01" + fh.read()
    return out


KINDS = {"abi": abi, "serve": serve, "safetensors": safetensors, "tokjson": tokjson, "types": types}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    outdir = sys.argv[1]
    for name in sys.argv[2:] or KINDS:
        d = os.path.join(outdir, name)
        os.makedirs(d, exist_ok=True)
        for k, data in KINDS[name]().items():
            with open(os.path.join(d, k), "wb") as f:
                f.write(data)


main()
