#!/usr/bin/env python3
"""tests/fuzz/seeds.py — the seed corpora of kiln's libFuzzer harnesses,
generated (nothing third-party is committed): `make fuzz` writes them to
build/fuzz/seeds/NAME/ before a campaign starts.

    python3 tests/fuzz/seeds.py OUTDIR [NAME...]     NAME: parse abi serve safetensors gguf tokjson types

parse        the source of each test of tests/parse and tests/syntax and of
             each program of examples/ (fuzz_parse.c)

abi          a function selector byte + a JSON argument array (fuzz_abi.c)
serve        a route byte + an OpenAI request body (fuzz_serve.c)
safetensors  small safetensors files of every dtype, shapes 0-d to 4-d,
             metadata, several tensors, and a few broken headers
gguf         small GGUF files (v3, one v2): every metadata value type
             (arrays of each, nested arrays), every tensor type kiln reads
             (float, integer, Q8_0, Q4_0, Q4_1, Q4_K, Q6_K), 1-d to 4-d,
             general.alignment 1 to 256, and broken ones (truncated, lying
             counts, misaligned offsets, unknown types, duplicates)
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


# ---- GGUF (written here from the format, struct only: seeds.py runs on a
# CPython without numpy; tests/unit/gguf_write.py is the numpy writer)
GG_VT = {"u8": (0, "<B"), "i8": (1, "<b"), "u16": (2, "<H"), "i16": (3, "<h"), "u32": (4, "<I"), "i32": (5, "<i"),
         "f32": (6, "<f"), "bool": (7, "<?"), "str": (8, None), "arr": (9, None), "u64": (10, "<Q"), "i64": (11, "<q"),
         "f64": (12, "<d")}
# ggml type id, block values, block bytes
GG_TT = {"F32": (0, 1, 4), "F16": (1, 1, 2), "Q4_0": (2, 32, 18), "Q4_1": (3, 32, 20), "Q8_0": (8, 32, 34),
         "Q4_K": (12, 256, 144), "Q6_K": (14, 256, 210), "I8": (24, 1, 1), "I16": (25, 1, 2), "I32": (26, 1, 4),
         "I64": (27, 1, 8), "F64": (28, 1, 8), "BF16": (30, 1, 2)}


def gg_str(s):
    b = s.encode("utf-8") if isinstance(s, str) else s
    return struct.pack("<Q", len(b)) + b


def gg_value(t, v):
    """t: a GG_VT name, or ("arr", item type) nested."""
    if isinstance(t, tuple):
        it = t[1]
        code = GG_VT["arr"][0] if isinstance(it, tuple) else GG_VT[it][0]
        return struct.pack("<IQ", code, len(v)) + b"".join(gg_value(it, x) for x in v)
    if t == "str":
        return gg_str(v)
    return struct.pack(GG_VT[t][1], v)


def gg_file(kvs, tensors, version=3, alignment=32):
    """kvs: [(key, type, value)]; tensors: [(name, ggml type, ne (ne[0] fastest)[, lies])]; data is a
    byte pattern sized by ne. lies: what the tensor info says instead ({"code", "offset", "ne"})."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs))
    for key, t, v in kvs:
        code = GG_VT["arr"][0] if isinstance(t, tuple) else GG_VT[t][0]
        out += gg_str(key) + struct.pack("<I", code) + gg_value(t, v)
    blobs, off = [], 0
    for name, tt, ne, *lies in tensors:
        lie = lies[0] if lies else {}
        code, be, bb = GG_TT[tt]
        n = 1
        for d in ne:
            n *= d
        nbytes = n // be * bb
        ne_info = lie.get("ne", ne)
        out += gg_str(name) + struct.pack("<I", len(ne_info)) + b"".join(struct.pack("<Q", d) for d in ne_info)
        out += struct.pack("<IQ", lie.get("code", code), lie.get("offset", off))
        blob = bytes((i * 37 + 11) % 251 for i in range(nbytes))
        blob += bytes(-len(blob) % alignment)
        blobs.append(blob)
        off += len(blob)
    out += bytes(-len(out) % alignment)
    return out + b"".join(blobs)


def gguf():
    out = {}
    every = [("general.architecture", "str", "llama"), ("general.name", "str", "caf\u00e9 \U0001f600"),
             ("u8", "u8", 255), ("i8", "i8", -128), ("u16", "u16", 65535), ("i16", "i16", -32768),
             ("u32", "u32", 4294967295), ("i32", "i32", -2147483648), ("f32", "f32", 1.5), ("bool", "bool", True),
             ("u64", "u64", (1 << 63) - 1), ("i64", "i64", -(1 << 63)), ("f64", "f64", -0.25),
             ("empty.str", "str", ""), ("no", "bool", False)]
    out["meta-every-type"] = gg_file(every, [])
    arrays = [(f"arr.{t}", ("arr", t), vals) for t, vals in
              [("u8", [0, 1, 255]), ("i8", [-1, 2]), ("u16", [7]), ("i16", [-7, 7]), ("u32", [1, 2, 3]),
               ("i32", [-5]), ("f32", [0.5, -2.0]), ("bool", [True, False]), ("str", ["a", "", "\u00e9"]),
               ("u64", [1 << 40]), ("i64", [-1]), ("f64", [1e300])]]
    arrays.append(("arr.empty", ("arr", "u32"), []))
    arrays.append(("arr.nested", ("arr", ("arr", "i32")), [[1, 2], [], [3]]))
    arrays.append(("arr.deep", ("arr", ("arr", ("arr", ("arr", "u8")))), [[[[1]]]]))
    arrays.append(("tokenizer.ggml.tokens", ("arr", "str"), ["<s>", "</s>", "\u2581the", "a"]))
    arrays.append(("tokenizer.ggml.scores", ("arr", "f32"), [0.0, 0.0, -1.5, -2.0]))
    out["meta-arrays"] = gg_file(arrays, [])
    shapes = {1: [(64,)], 2: [(32, 3), (256, 2)], 3: [(32, 2, 2)], 4: [(32, 1, 2, 2)]}
    for tt, (code, be, bb) in GG_TT.items():
        ts = []
        for nd, shs in shapes.items():
            for sh in shs:
                ne = (max(sh[0], be) // be * be,) + sh[1:]
                ts.append((f"{tt.lower()}.{nd}d.{len(ts)}", tt, ne))
        out[f"tensor-{tt.lower()}"] = gg_file([("general.architecture", "str", "test")], ts)
    model = [("blk.0.attn_q.weight", "Q8_0", (64, 4)), ("blk.0.ffn_down.weight", "Q4_K", (256, 2)),
             ("blk.0.ffn_up.weight", "Q6_K", (256, 2)), ("output_norm.weight", "F32", (64,)),
             ("token_embd.weight", "BF16", (64, 8)), ("blk.0.attn_k.weight", "Q4_0", (32, 2)),
             ("blk.0.attn_v.weight", "Q4_1", (32, 2)), ("zero", "F16", (0, 3))]
    for a in (1, 8, 32, 64, 256):
        out[f"align-{a}"] = gg_file([("general.alignment", "u32", a), ("general.architecture", "str", "llama")],
                                    model, alignment=a)
    out["version-2"] = gg_file(every[:3], model[:2], version=2)
    good = gg_file(every[:4], model[:3])
    out["truncated-data"] = good[:-7]
    out["truncated-header"] = good[:40]
    out["bad-magic"] = b"GGUG" + good[4:]
    out["version-4"] = good[:4] + struct.pack("<I", 4) + good[8:]
    out["huge-counts"] = good[:8] + struct.pack("<QQ", 1 << 60, 1 << 61) + good[24:]
    out["alignment-3"] = gg_file([("general.alignment", "u32", 3)], [])
    out["alignment-u64"] = gg_file([("general.alignment", "u64", 32)], [])
    out["misaligned-offset"] = gg_file([], [("w", "F32", (8,), {"offset": 4})])
    out["offset-past-end"] = gg_file([], [("w", "F32", (8,), {"offset": 1 << 40})])
    out["unknown-type"] = gg_file([], [("w", "F32", (8,), {"code": 99})])
    out["unread-type"] = gg_file([], [("w", "F32", (8,), {"code": 13})])
    out["duplicate"] = gg_file([], [("w", "F32", (8,)), ("w", "F32", (8,))])
    out["bad-block-row"] = gg_file([], [("q", "Q8_0", (32, 2), {"ne": (33, 2)})])
    out["data-past-end"] = gg_file([], [("w", "F32", (8,), {"ne": (8, 1 << 30)})])
    out["five-dims"] = gg_file([], [("w", "F32", (2,), {"ne": (2, 1, 1, 1, 1)})])
    out["bad-utf8-key"] = gg_file([(b"k\xff", "u8", 1)], [])
    out["bad-bool"] = gg_file([("b", "u8", 7)], []).replace(struct.pack("<I", 0) + b"\x07", struct.pack("<I", 7) + b"\x07")
    out["too-deep"] = gg_file([("d", ("arr", ("arr", ("arr", ("arr", ("arr", "u8"))))), [[[[[1]]]]])], [])
    out["huge-shape"] = gg_file([], [("w", "F32", (8,), {"ne": (1 << 40, 1 << 40)})])
    out["zero-dim-huge"] = gg_file([], [("w", "F32", (0,), {"ne": (0, 1 << 62, 1 << 62)})])
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
    # the split patterns toksplit.c matches by hand (GPT-2's, Llama 3's, Qwen 2's)
    gpt2_re = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
    llama3_re = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|"
                 r"\s*[\r\n]+|\s+(?!\S)|\s+")
    for name, rx in (("split-gpt2", gpt2_re), ("split-llama3", llama3_re),
                     ("split-qwen2", llama3_re.replace(r"\p{N}{1,3}", r"\p{N}"))):
        files[name] = dict(files["bpe-bytelevel"], pre_tokenizer={"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": rx}, "behavior": "Isolated", "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}]})
    out = {k: json.dumps(v, ensure_ascii=k != "unigram").encode() for k, v in files.items()}
    out["truncated"] = out["wordpiece"][: len(out["wordpiece"]) // 2]
    out["bad-merge"] = json.dumps({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [["a", "b"]]}}).encode()
    return out


def parse():
    out = {}
    for d in ("tests/parse", "tests/syntax", "examples"):
        full = os.path.join(ROOT, d)
        for f in sorted(os.listdir(full)):
            if f.endswith(".py"):
                with open(os.path.join(full, f), "rb") as fh:
                    out[f"{os.path.basename(d)}-{f[:-3]}"] = fh.read()
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


KINDS = {"parse": parse, "abi": abi, "serve": serve, "safetensors": safetensors, "gguf": gguf, "tokjson": tokjson, "types": types}


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
