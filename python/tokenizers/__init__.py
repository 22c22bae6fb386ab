"""A pure-Python `tokenizers` for the CPython side of kiln's tests.

Programs that kiln compiles write `from tokenizers import Tokenizer`; under
CPython that import needs Hugging Face's package, which this machine cannot
install. This module implements the same API subset (Tokenizer.from_file,
encode, encode_batch, decode, decode_batch, token_to_id, id_to_token,
get_vocab_size, enable_padding, enable_truncation; Encoding's ids, tokens,
offsets, attention_mask, type_ids, special_tokens_mask) over the same
tokenizer.json files, following the same pipeline as kiln's native
runtime/tokenizer.c: added tokens split off the raw text, normalizer,
pre-tokenizer, model (BPE, WordPiece, Unigram, WordLevel), post-processor,
truncation, padding; decoders. Text is handled as code points, each
carrying the (start, end) code-point range of the original text it came
from, so offsets survive every step.

It is a test oracle's stand-in, used only with PYTHONPATH=python, and is
itself checked against Hugging Face's library (tests/unit/test_tokenizers.py).
Regular expressions are translated to `re` with explicit Unicode classes
(\\p{L}, \\p{N}, \\s as White_Space), so no third-party module is needed.
"""
import heapq
import json
import re
import sys
import unicodedata

__all__ = ["Tokenizer", "Encoding"]

# ---- character classes --------------------------------------------------

_WS = set(map(chr, [9, 10, 11, 12, 13, 32, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000] + list(range(0x2000, 0x200B))))


def _is_ws(c):
    return c in _WS


def _is_punct(c):
    o = ord(c)
    if 33 <= o <= 47 or 58 <= o <= 64 or 91 <= o <= 96 or 123 <= o <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def _is_cjk(o):
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x2A6DF or 0x2A700 <= o <= 0x2B73F or
            0x2B740 <= o <= 0x2B81F or 0x2B820 <= o <= 0x2CEAF or 0xF900 <= o <= 0xFAFF or 0x2F800 <= o <= 0x2FA1F)


_CLASS_CACHE = {}


def _ranges(pred):
    out, start, prev = [], None, None
    for o in range(0x110000):
        if 0xD800 <= o < 0xE000:
            ok = False
        else:
            ok = pred(chr(o))
        if ok and start is None:
            start = o
        if not ok and start is not None:
            out.append((start, o - 1))
            start = None
    if start is not None:
        out.append((start, 0x10FFFF))
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in out)


def _class(name):
    if name not in _CLASS_CACHE:
        if name == "L":
            _CLASS_CACHE[name] = _ranges(lambda c: unicodedata.category(c)[0] == "L")
        elif name == "N":
            _CLASS_CACHE[name] = _ranges(lambda c: unicodedata.category(c)[0] == "N")
        elif name == "s":
            _CLASS_CACHE[name] = "".join(re.escape(c) for c in sorted(_WS))
        elif name == "w":  # Rust regex's Unicode \w: Alphabetic, marks, Nd, Pc, Join_Control
            def word(c):
                cat = unicodedata.category(c)
                o = ord(c)
                return (cat[0] in "LM" or cat in ("Nd", "Nl", "Pc") or c in "\u200c\u200d" or 0x24B6 <= o <= 0x24E9 or
                        0x1F130 <= o <= 0x1F149 or 0x1F150 <= o <= 0x1F169 or 0x1F170 <= o <= 0x1F189)
            _CLASS_CACHE[name] = _ranges(word)
        else:
            raise ValueError(f"unsupported class \\p{{{name}}}")
    return _CLASS_CACHE[name]


def _translate(pat):
    """A Rust-regex / PCRE pattern as Python `re`: \\p{L}, \\p{N}, \\s, \\S, \\w as explicit classes."""
    out, i, in_class = [], 0, False
    while i < len(pat):
        c = pat[i]
        if c == "\\" and i + 1 < len(pat):
            n = pat[i + 1]
            if n in "pP" and i + 2 < len(pat) and pat[i + 2] == "{":
                j = pat.index("}", i)
                cls = _class(pat[i + 3:j])
                if in_class:
                    if n == "P":
                        raise ValueError("\\P inside a class")
                    out.append(cls)
                else:
                    out.append(("[^" if n == "P" else "[") + cls + "]")
                i = j + 1
                continue
            if n in "sSwW":
                cls = _class(n.lower())
                if in_class:
                    if n.isupper():
                        raise ValueError("negated class inside a class")
                    out.append(cls)
                else:
                    out.append(("[^" if n.isupper() else "[") + cls + "]")
                i += 2
                continue
            out.append(pat[i:i + 2])
            i += 2
            continue
        if c == "[" and not in_class:
            in_class = True
            out.append(c)
            if pat[i + 1:i + 2] == "^":
                out.append("^")
                i += 1
            i += 1
            continue
        if c == "]" and in_class:
            in_class = False
        out.append(c)
        i += 1
    return re.compile("".join(out))


# ---- normalized text: characters with their original ranges ---------------

class _N:
    """Text and, per character, the (start, end) range of the original it came from."""
    __slots__ = ("s", "a")

    def __init__(self, s, a):
        self.s, self.a = s, a

    def sub(self, i, j):
        return _N(self.s[i:j], self.a[i:j])


def _find(pat, s):
    """Matches of a pattern ({"String": ...} or compiled regex) as (start, end) pairs."""
    if isinstance(pat, str):
        out, i = [], 0
        if not pat:
            return out
        while True:
            k = s.find(pat, i)
            if k < 0:
                return out
            out.append((k, k + len(pat)))
            i = k + len(pat)
    return [m.span() for m in pat.finditer(s)]


def _load_pattern(j, where):
    if not isinstance(j, dict):
        raise Exception(f"{where}.pattern: expected {{\"String\": ...}} or {{\"Regex\": ...}}")
    if isinstance(j.get("String"), str):
        return j["String"]
    if isinstance(j.get("Regex"), str):
        try:
            return _translate(j["Regex"])
        except (re.error, ValueError) as e:
            raise Exception(f"{where}.pattern: bad regex: {e}")
    raise Exception(f"{where}.pattern: expected {{\"String\": ...}} or {{\"Regex\": ...}}")


_BEHAVIORS = ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous")


def _split(n, matches, behavior, invert=False):
    segs, prev = [], 0
    for s, e in matches:
        if s > prev:
            segs.append((prev, s, False))
        segs.append((s, e, True))
        prev = e
    if prev < len(n.s):
        segs.append((prev, len(n.s), False))
    if invert:
        segs = [(s, e, not m) for s, e, m in segs]
    res = []
    if behavior == "Removed":
        res = [[s, e] for s, e, m in segs if not m]
    elif behavior == "Isolated":
        res = [[s, e] for s, e, m in segs]
    elif behavior == "MergedWithPrevious":
        pm = False
        for s, e, m in segs:
            if m and not pm and res:
                res[-1][1] = e
            else:
                res.append([s, e])
            pm = m
    elif behavior == "MergedWithNext":
        pm = False
        for s, e, m in reversed(segs):
            if m and not pm and res:
                res[-1][0] = s
            else:
                res.append([s, e])
            pm = m
        res.reverse()
    elif behavior == "Contiguous":
        pm = False
        for s, e, m in segs:
            if res and m == pm:
                res[-1][1] = e
            else:
                res.append([s, e])
            pm = m
    return [n.sub(s, e) for s, e in res if s < e]


def _char_matches(s, pred, contiguous=False):
    out = []
    for i, c in enumerate(s):
        if pred(c):
            if contiguous and out and out[-1][1] == i:
                out[-1] = (out[-1][0], i + 1)
            else:
                out.append((i, i + 1))
    return out


# ---- normalizers ------------------------------------------------------------

def _lower(c):
    if c == "\u0130":
        return "i\u0307"
    lc = c.lower()
    return lc if len(lc) == 1 else c  # simple case mapping, as utf8proc_tolower


def _map_chars(n, f):
    s, a = [], []
    for c, al in zip(n.s, n.a):
        r = f(c)
        s.append(r)
        a.extend([al] * len(r))
    return _N("".join(s), a)


def _decompose(n, form):
    s, a = [], []
    for c, al in zip(n.s, n.a):
        d = unicodedata.normalize(form, c) if ord(c) >= 0x80 else c
        for ch in d:
            cc = unicodedata.combining(ch)
            k = len(s)
            s.append(ch)
            a.append(al)
            while cc and k > 0 and unicodedata.combining(s[k - 1]) > cc:
                s[k - 1], s[k] = s[k], s[k - 1]
                a[k - 1], a[k] = a[k], a[k - 1]
                k -= 1
    return _N("".join(s), a)


def _compose(n, form):
    s, a, i = [], [], 0
    while i < len(n.s):
        j = i + 1
        while j < len(n.s) and (unicodedata.combining(n.s[j]) or
                                unicodedata.normalize(form, n.s[i:j + 1]) != unicodedata.normalize(form, n.s[i:j]) + unicodedata.normalize(form, n.s[j])):
            j += 1
        cl = n.s[i:j]
        out = unicodedata.normalize(form, cl) if any(ord(c) >= 0x80 for c in cl) else cl
        s.append(out)
        a.extend(n.a[min(i + k, j - 1)] for k in range(len(out)))
        i = j
    return _N("".join(s), a)


def _load_normalizer(j):
    if not isinstance(j, dict):
        raise Exception("normalizer: expected an object")
    t = j.get("type")
    if t == "Sequence":
        if not isinstance(j.get("normalizers"), list):
            raise Exception('normalizer Sequence: expected "normalizers": [...]')
        subs = [_load_normalizer(x) for x in j["normalizers"]]

        def seq(n):
            for f in subs:
                n = f(n)
            return n
        return seq
    if t in ("NFC", "NFKC"):
        return lambda n: _compose(n, t)
    if t in ("NFD", "NFKD"):
        return lambda n: _decompose(n, t)
    if t == "Lowercase":
        return lambda n: _map_chars(n, _lower)
    if t == "StripAccents":
        return lambda n: _map_chars(n, lambda c: "" if unicodedata.category(c)[0] == "M" else c)
    if t == "Strip":
        left, right = j.get("strip_left", True), j.get("strip_right", True)

        def strip(n):
            s, e = 0, len(n.s)
            while left and s < e and _is_ws(n.s[s]):
                s += 1
            while right and e > s and _is_ws(n.s[e - 1]):
                e -= 1
            return n.sub(s, e)
        return strip
    if t == "Replace":
        pat = _load_pattern(j.get("pattern"), "normalizer Replace")
        if not isinstance(j.get("content"), str):
            raise Exception('normalizer Replace: expected "content"')
        content = j["content"]

        def replace(n):
            s, a, prev = [], [], 0
            for ms, me in _find(pat, n.s):
                if ms == me:
                    continue
                s.append(n.s[prev:ms])
                a.extend(n.a[prev:ms])
                s.append(content)
                a.extend([n.a[me - 1]] * len(content))
                prev = me
            s.append(n.s[prev:])
            a.extend(n.a[prev:])
            return _N("".join(s), a)
        return replace
    if t == "Prepend":
        if not isinstance(j.get("prepend"), str):
            raise Exception('normalizer Prepend: expected "prepend"')
        p = j["prepend"]
        return lambda n: _N(p + n.s, [n.a[0]] * len(p) + n.a) if n.s else n
    if t == "BertNormalizer":
        clean, chinese = j.get("clean_text", True), j.get("handle_chinese_chars", True)
        lower = j.get("lowercase", True)
        accents = j.get("strip_accents")
        if accents is None:
            accents = lower

        def bert(n):
            if clean or chinese:
                s, a = [], []
                for c, al in zip(n.s, n.a):
                    if clean:
                        if c in ("\0", "\ufffd"):
                            continue
                        if c not in "\t\n\r" and unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs"):
                            continue
                        if _is_ws(c):
                            c = " "
                    if chinese and _is_cjk(ord(c)):
                        s.append(" " + c + " ")
                        a.extend([al] * 3)
                    else:
                        s.append(c)
                        a.append(al)
                n = _N("".join(s), a)
            if accents:
                n = _decompose(n, "NFD")
                n = _map_chars(n, lambda c: "" if unicodedata.category(c) == "Mn" else c)
            if lower:
                n = _map_chars(n, _lower)
            return n
        return bert
    if t == "Precompiled":
        return lambda n: n
    raise Exception(f'normalizer type "{t}" is not supported')


# ---- pre-tokenizers -------------------------------------------------------------

_GPT2 = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"


def _bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    cs, n = {}, 0
    for b in range(256):
        if b in bs:
            cs[b] = chr(b)
        else:
            cs[b] = chr(256 + n)
            n += 1
    return cs


_B2U = _bytes_to_unicode()
_U2B = {c: b for b, c in _B2U.items()}


def _load_pre(j):
    if not isinstance(j, dict):
        raise Exception("pre_tokenizer: expected an object")
    t = j.get("type")
    if t == "Sequence":
        if not isinstance(j.get("pretokenizers"), list):
            raise Exception('pre_tokenizer Sequence: expected "pretokenizers": [...]')
        subs = [_load_pre(x) for x in j["pretokenizers"]]

        def seq(pieces):
            for f in subs:
                pieces = f(pieces)
            return pieces
        return seq

    def each(f):
        return lambda pieces: [q for p in pieces for q in f(p)]

    if t == "ByteLevel":
        aps, use_regex = j.get("add_prefix_space", True), j.get("use_regex", True)
        rx = _translate(_GPT2) if use_regex else None

        def bl(p):
            if aps and p.s and p.s[0] != " ":
                p = _N(" " + p.s, [p.a[0]] + p.a)
            parts = _split(p, _find(rx, p.s), "Isolated") if rx else [p]
            out = []
            for q in parts:
                s, a = [], []
                for c, al in zip(q.s, q.a):
                    for b in c.encode("utf-8"):
                        s.append(_B2U[b])
                        a.append(al)
                out.append(_N("".join(s), a))
            return out
        return each(bl)
    if t == "Metaspace":
        repl = j.get("replacement") or "\u2581"
        split = j.get("split", True)
        ps = j.get("prepend_scheme")
        scheme = ps if isinstance(ps, str) else ("always" if j.get("add_prefix_space", True) else "never")

        def ms(p):
            m = _N(p.s.replace(" ", repl), [al for c, al in zip(p.s, p.a) for _ in (repl if c == " " else c)])
            if m.s and not m.s.startswith(repl) and (scheme == "always" or (scheme == "first" and p.a[0][0] == 0)):
                m = _N(repl + m.s, [m.a[0]] * len(repl) + m.a)
            if split:
                return _split(m, _find(repl, m.s), "MergedWithNext")
            return [m]
        return each(ms)
    if t == "Split":
        pat = _load_pattern(j.get("pattern"), "pre_tokenizer Split")
        b = j.get("behavior")
        if b not in _BEHAVIORS:
            raise Exception('pre_tokenizer Split: unknown "behavior"')
        inv = j.get("invert", False)
        return each(lambda p: _split(p, _find(pat, p.s), b, inv))
    if t == "Whitespace":
        rx = _translate(r"\w+|[^\w\s]+")
        return each(lambda p: _split(p, _find(rx, p.s), "Removed", True))
    if t == "WhitespaceSplit":
        return each(lambda p: _split(p, _char_matches(p.s, _is_ws), "Removed"))
    if t == "BertPreTokenizer":
        return each(lambda p: [q for r in _split(p, _char_matches(p.s, _is_ws), "Removed")
                               for q in _split(r, _char_matches(r.s, _is_punct), "Isolated")])
    if t == "Digits":
        ind = j.get("individual_digits", False)
        return each(lambda p: _split(p, _char_matches(p.s, lambda c: unicodedata.category(c)[0] == "N", not ind), "Isolated"))
    if t == "Punctuation":
        b = j.get("behavior", "Isolated")
        if b not in _BEHAVIORS:
            raise Exception('pre_tokenizer Punctuation: unknown "behavior"')
        return each(lambda p: _split(p, _char_matches(p.s, _is_punct), b))
    if t == "CharDelimiterSplit":
        d = j.get("delimiter")
        if not isinstance(d, str) or not d:
            raise Exception('pre_tokenizer CharDelimiterSplit: expected "delimiter"')
        return each(lambda p: _split(p, _char_matches(p.s, lambda c: c == d[0]), "Removed"))
    raise Exception(f'pre_tokenizer type "{t}" is not supported')


# ---- models --------------------------------------------------------------------

class _Model:
    def __init__(self, j):
        if not isinstance(j, dict):
            raise Exception('"model": expected an object')
        t = j.get("type") or ("BPE" if "merges" in j else "")
        self.kind = t
        self.vocab = {}
        self.unk_id = None
        if t in ("BPE", "WordPiece", "WordLevel"):
            v = j.get("vocab")
            if not isinstance(v, dict):
                raise Exception("model.vocab: expected an object")
            for k, i in v.items():
                if not isinstance(i, int) or isinstance(i, bool):
                    raise Exception(f'model.vocab["{k[:40]}"]: expected an integer id')
                if i < 0 or i >= 1 << 24:
                    raise Exception(f"model.vocab: id {i} out of range")
                self.vocab[k] = i
        if t == "BPE":
            self.byte_fallback = bool(j.get("byte_fallback"))
            self.fuse_unk = bool(j.get("fuse_unk"))
            self.ignore_merges = bool(j.get("ignore_merges"))
            self.prefix = j.get("continuing_subword_prefix") or ""
            self.suffix = j.get("end_of_word_suffix") or ""
            unk = j.get("unk_token")
            self.unk_id = self.vocab.get(unk) if isinstance(unk, str) else None
            self.byte_ids = [self.vocab.get("<0x%02X>" % b) for b in range(256)]
            merges = j.get("merges") or []
            if not isinstance(merges, list):
                raise Exception("model.merges: expected a list")
            self.merges = {}
            for r, m in enumerate(merges):
                if isinstance(m, list) and len(m) == 2 and all(isinstance(x, str) for x in m):
                    a, b = m
                elif isinstance(m, str) and " " in m[1:]:
                    a, b = m.split(" ", 1)
                else:
                    raise Exception(f"model.merges[{r}]: expected a pair of strings")
                ia, ib = self.vocab.get(a), self.vocab.get(b)
                if ia is None or ib is None:
                    raise Exception(f'model.merges[{r}]: token "{(a if ia is None else b)[:40]}" is not in the vocabulary')
                b2 = b[len(self.prefix):] if self.prefix and b.startswith(self.prefix) else b
                nid = self.vocab.get(a + b2)
                if nid is None:
                    raise Exception(f'model.merges[{r}]: merged token "{(a + b2)[:40]}" is not in the vocabulary')
                self.merges.setdefault((ia, ib), (r, nid))
        elif t in ("WordPiece", "WordLevel"):
            unk = j.get("unk_token") or "[UNK]"
            self.unk_id = self.vocab.get(unk)
            if self.unk_id is None:
                raise Exception(f'model.unk_token "{unk[:40]}" is not in the vocabulary')
            self.prefix = j.get("continuing_subword_prefix") or "##"
            self.max_chars = j.get("max_input_chars_per_word", 100)
        elif t == "Unigram":
            v = j.get("vocab")
            if not isinstance(v, list):
                raise Exception("model.vocab: expected a list of [piece, score]")
            self.scores = []
            for i, e in enumerate(v):
                if not (isinstance(e, list) and len(e) == 2 and isinstance(e[0], str) and isinstance(e[1], (int, float))):
                    raise Exception(f"model.vocab[{i}]: expected [piece, score]")
                self.vocab.setdefault(e[0], i)
                self.scores.append(float(e[1]))
            self.min_score = min([0.0] + self.scores)
            self.max_piece = max([0] + [len(k.encode()) for k in self.vocab])
            self.unk_id = j.get("unk_id")
            self.byte_fallback = bool(j.get("byte_fallback"))
            self.byte_ids = [self.vocab.get("<0x%02X>" % b) for b in range(256)]
        else:
            raise Exception(f'model.type "{str(t)[:40]}" is not supported')
        self.id_to = {}
        for k, i in self.vocab.items():
            self.id_to.setdefault(i, k)
        self.nid = max(self.id_to) + 1 if self.id_to else 0

    def tokenize(self, s):
        """Tokens of one piece: (id, start, end) in characters of s."""
        if not s:
            return []
        if self.kind == "BPE":
            return self._bpe(s)
        if self.kind == "WordPiece":
            return self._wordpiece(s)
        if self.kind == "WordLevel":
            return [(self.vocab.get(s, self.unk_id), 0, len(s))]
        return self._unigram(s)

    def _bpe(self, s):
        if self.ignore_merges and s in self.vocab:
            return [(self.vocab[s], 0, len(s))]
        sym = []  # [id, start, end]
        for i, c in enumerate(s):
            key = c
            if self.prefix or self.suffix:
                key = (self.prefix if i > 0 else "") + c + (self.suffix if i == len(s) - 1 else "")
            tid = self.vocab.get(key)
            if tid is not None:
                sym.append([tid, i, i + 1])
                continue
            bs = c.encode("utf-8")
            if self.byte_fallback and all(self.byte_ids[b] is not None for b in bs):
                for b in bs:
                    sym.append([self.byte_ids[b], i, i + 1])
                continue
            if self.unk_id is not None:
                if self.fuse_unk and sym and sym[-1][0] == self.unk_id:
                    sym[-1][2] = i + 1
                else:
                    sym.append([self.unk_id, i, i + 1])
        n = len(sym)
        nxt = list(range(1, n)) + [-1]
        prv = list(range(-1, n - 1))
        heap = []

        def push(l):
            r = nxt[l]
            if l < 0 or r < 0:
                return
            m = self.merges.get((sym[l][0], sym[r][0]))
            if m:
                heapq.heappush(heap, (m[0], l, r, sym[l][0], sym[r][0], m[1]))
        for i in range(n - 1):
            push(i)
        while heap:
            rank, l, r, lid, rid, nid = heapq.heappop(heap)
            if sym[l][0] != lid or nxt[l] != r or sym[r][0] != rid:
                continue
            sym[l][0], sym[l][2] = nid, sym[r][2]
            nxt[l] = nxt[r]
            if nxt[r] >= 0:
                prv[nxt[r]] = l
            sym[r][0] = -1
            if prv[l] >= 0:
                push(prv[l])
            push(l)
        out, i = [], 0 if n else -1
        while i >= 0:
            out.append(tuple(sym[i]))
            i = nxt[i]
        return out

    def _wordpiece(self, s):
        if len(s) > self.max_chars:
            return [(self.unk_id, 0, len(s))]
        out, start = [], 0
        while start < len(s):
            end, found = len(s), None
            while end > start:
                sub = s[start:end]
                if start > 0:
                    sub = self.prefix + sub
                if sub in self.vocab:
                    found = self.vocab[sub]
                    break
                end -= 1
            if found is None:
                return [(self.unk_id, 0, len(s))]
            out.append((found, start, end))
            start = end
        return out

    def _unigram(self, s):
        n = len(s)
        unk_score = self.min_score - 10.0
        best = [0.0] + [-1e300] * n
        frm = [-1] * (n + 1)
        fid = [-1] * (n + 1)
        for i in range(n):
            if best[i] <= -1e299:
                continue
            single = False
            nbytes = 0
            for e in range(i + 1, n + 1):
                nbytes += len(s[e - 1].encode())
                if nbytes > self.max_piece:
                    break
                tid = self.vocab.get(s[i:e])
                if tid is None:
                    continue
                if e == i + 1:
                    single = True
                sc = best[i] + self.scores[tid]
                if sc > best[e]:
                    best[e], frm[e], fid[e] = sc, i, tid
            if not single:
                sc = best[i] + unk_score
                if sc > best[i + 1]:
                    best[i + 1], frm[i + 1], fid[i + 1] = sc, i, -1
        ends, e = [], n
        while e > 0:
            ends.append(e)
            e = frm[e]
        ends.reverse()
        out, q = [], 0
        while q < len(ends):
            e = ends[q]
            b, tid = frm[e], fid[e]
            if tid >= 0:
                out.append((tid, b, e))
                q += 1
                continue
            while q + 1 < len(ends) and fid[ends[q + 1]] < 0:  # unknowns fuse
                q += 1
                e = ends[q]
            q += 1
            piece = s[b:e]
            if piece in self.vocab:
                out.append((self.vocab[piece], b, e))
            elif self.byte_fallback and all(self.byte_ids[x] is not None for x in piece.encode()):
                out.extend((self.byte_ids[x], b, e) for x in piece.encode())
            else:
                out.append((self.unk_id, b, e))
        return out


# ---- post-processors and decoders ---------------------------------------------

def _load_post(j):
    if not isinstance(j, dict):
        raise Exception("post_processor: expected an object")
    t = j.get("type")
    if t == "TemplateProcessing":
        single, sp = j.get("single"), j.get("special_tokens") or {}
        if not isinstance(single, list):
            raise Exception('post_processor TemplateProcessing: expected "single": [...]')
        items = []
        for i, e in enumerate(single):
            if "SpecialToken" in e:
                x = e["SpecialToken"]
                tok = sp.get(x.get("id"))
                if not tok or not isinstance(tok.get("ids"), list):
                    raise Exception(f'post_processor TemplateProcessing: special token "{str(x.get("id"))[:40]}" missing from special_tokens')
                items.append(("special", tok["ids"], x.get("type_id", 0)))
            elif "Sequence" in e:
                x = e["Sequence"]
                items.append(("seq", x.get("id") == "B", x.get("type_id", 0)))
            else:
                raise Exception(f"post_processor TemplateProcessing: single[{i}] malformed")
        return ("template", items)
    if t in ("BertProcessing", "RobertaProcessing"):
        cls, sep = j.get("cls"), j.get("sep")
        if not (isinstance(cls, list) and isinstance(sep, list)):
            raise Exception(f"post_processor {t}: expected [token, id]")
        return ("bert", cls[1], sep[1], j.get("trim_offsets", t == "RobertaProcessing") and t == "RobertaProcessing",
                j.get("add_prefix_space", True))
    if t == "ByteLevel":
        return ("bytelevel", j.get("trim_offsets", True), j.get("add_prefix_space", True))
    if t == "Sequence":
        return ("seq", [_load_post(x) for x in j.get("processors") or []])
    raise Exception(f'post_processor type "{t}" is not supported')


def _count_special(p):
    if p is None:
        return 0
    if p[0] == "template":
        return sum(len(x[1]) for x in p[1] if x[0] == "special")
    if p[0] == "bert":
        return 2
    if p[0] == "seq":
        return sum(_count_special(x) for x in p[1])
    return 0


def _trimmer(p):
    """The add_prefix_space of the processor whose trim_offsets applies, or None."""
    if p is None:
        return None
    if p[0] == "seq":
        for x in p[1]:
            if _trimmer(x) is not None:
                return _trimmer(x)
        return None
    if p[0] == "bytelevel" and p[1]:
        return p[2]
    if p[0] == "bert" and p[3]:
        return p[4]
    return None


def _byte_token(t):
    if len(t) == 6 and t.startswith("<0x") and t.endswith(">"):
        try:
            return int(t[3:5], 16)
        except ValueError:
            return None
    return None


def _load_decoder(j):
    if not isinstance(j, dict):
        raise Exception("decoder: expected an object")
    t = j.get("type")
    if t == "ByteLevel":
        return lambda toks: [_bl_mixed("".join(toks))]
    if t == "Metaspace":
        repl = j.get("replacement") or "\u2581"
        ps = j.get("prepend_scheme")
        scheme = ps if isinstance(ps, str) else ("always" if j.get("add_prefix_space", True) else "never")

        def ms(toks):
            out = []
            for i, tk in enumerate(toks):
                s = tk.replace(repl, " ")
                if i == 0 and scheme != "never" and s.startswith(" "):
                    s = s[1:]
                out.append(s)
            return out
        return ms
    if t == "WordPiece":
        prefix, cleanup = j.get("prefix", "##"), j.get("cleanup", True)
        rules = [(" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"), (" 'm", "'m"),
                 (" do not", " don't"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re")]

        def wp(toks):
            out = []
            for i, tk in enumerate(toks):
                if i > 0:
                    tk = tk[len(prefix):] if tk.startswith(prefix) else " " + tk
                if cleanup:
                    for a, b in rules:
                        tk = tk.replace(a, b)
                out.append(tk)
            return out
        return wp
    if t == "ByteFallback":
        def bf(toks):
            out, buf = [], bytearray()
            for tk in toks + [None]:
                b = _byte_token(tk) if tk is not None else None
                if b is not None:
                    buf.append(b)
                    continue
                if buf:
                    try:
                        out.append(buf.decode("utf-8"))
                    except UnicodeDecodeError:
                        out.extend(["\ufffd"] * len(buf))
                    buf = bytearray()
                if tk is not None:
                    out.append(tk)
            return out
        return bf
    if t == "Fuse":
        return lambda toks: ["".join(toks)]
    if t == "Strip":
        content, start, stop = j.get("content"), j.get("start", 0), j.get("stop", 0)
        if not isinstance(content, str):
            raise Exception('decoder Strip: expected "content"')

        def strip(toks):
            out = []
            for tk in toks:
                for _ in range(start):
                    if content and tk.startswith(content):
                        tk = tk[len(content):]
                for _ in range(stop):
                    if content and tk.endswith(content):
                        tk = tk[:-len(content)]
                out.append(tk)
            return out
        return strip
    if t == "Replace":
        pat = _load_pattern(j.get("pattern"), "decoder Replace")
        content = j.get("content")
        if not isinstance(content, str):
            raise Exception('decoder Replace: expected "content"')

        def rep(toks):
            out = []
            for tk in toks:
                s, prev = [], 0
                for a, b in _find(pat, tk):
                    if a == b:
                        continue
                    s.append(tk[prev:a])
                    s.append(content)
                    prev = b
                s.append(tk[prev:])
                out.append("".join(s))
            return out
        return rep
    if t == "BPEDecoder":
        suffix = j.get("suffix", "</w>")
        return lambda toks: [tk.replace(suffix, " " if i + 1 < len(toks) else "") for i, tk in enumerate(toks)]
    if t == "Sequence":
        subs = [_load_decoder(x) for x in j.get("decoders") or []]

        def seq(toks):
            for f in subs:
                toks = f(toks)
            return toks
        return seq
    raise Exception(f'decoder type "{t}" is not supported')


def _bl_mixed(s):
    out = bytearray()
    for c in s:
        if c in _U2B:
            out.append(_U2B[c])
        else:
            out += c.encode("utf-8")
    return out.decode("utf-8", "replace")


# ---- the API ---------------------------------------------------------------------

class Encoding:
    """One encoded sequence, as tokenizers.Encoding."""

    def __init__(self, tok, ids, type_ids, special, offsets):
        self._tok = tok
        self.ids = ids
        self.type_ids = type_ids
        self.special_tokens_mask = special
        self.offsets = offsets
        self.attention_mask = [1] * len(ids)
        self.overflowing = []

    @property
    def tokens(self):
        return [self._tok.id_to_token(i) or "" for i in self.ids]

    def __len__(self):
        return len(self.ids)

    def __repr__(self):
        return (f"Encoding(num_tokens={len(self.ids)}, attributes=[ids, type_ids, tokens, offsets, "
                "attention_mask, special_tokens_mask, overflowing])")


class Tokenizer:
    """tokenizers.Tokenizer, loaded from a tokenizer.json."""

    @staticmethod
    def from_file(path):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise Exception(f"{path}: cannot open: {e.strerror}")
        try:
            return Tokenizer._from_json(data, path)
        except RecursionError:
            raise Exception(f"{path}: invalid JSON: nested too deeply")

    @staticmethod
    def from_str(text):
        return Tokenizer._from_json(text.encode("utf-8"), "<string>")

    @staticmethod
    def _from_json(data, name):
        try:
            j = json.loads(data.decode("utf-8", "replace"))
        except ValueError as e:
            raise Exception(f"{name}: invalid JSON: {e}")
        if not isinstance(j, dict):
            raise Exception(f"{name}: expected a JSON object at the top")
        t = Tokenizer.__new__(Tokenizer)
        try:
            t._load(j)
        except Exception as e:
            raise Exception(f"{name}: {e}")
        return t

    def _load(self, j):
        self._model = _Model(j.get("model"))
        self._added = []
        self._added_by_content = {}
        self._added_by_id = {}
        at = j.get("added_tokens")
        if at is not None and not isinstance(at, list):
            raise Exception("added_tokens: expected a list")
        for i, a in enumerate(at or []):
            if not (isinstance(a, dict) and isinstance(a.get("id"), int) and isinstance(a.get("content"), str)) or \
                    not 0 <= a["id"] < 1 << 24:
                raise Exception(f'added_tokens[{i}]: expected {{"id": N, "content": "..."}}')
            d = dict(id=a["id"], content=a["content"], special=bool(a.get("special")), single_word=bool(a.get("single_word")),
                     lstrip=bool(a.get("lstrip")), rstrip=bool(a.get("rstrip")))
            self._added.append(d)
            self._added_by_content.setdefault(d["content"], d)
            self._added_by_id[d["id"]] = d
        self._by_first = {}
        for d in self._added:
            if d["content"]:
                self._by_first.setdefault(d["content"][0], []).append(d)
        for lst in self._by_first.values():
            lst.sort(key=lambda d: -len(d["content"]))
        n = j.get("normalizer")
        self._norm = _load_normalizer(n) if n is not None else None
        p = j.get("pre_tokenizer")
        self._pre = _load_pre(p) if p is not None else None
        q = j.get("post_processor")
        self._post = _load_post(q) if q is not None else None
        d = j.get("decoder")
        self._dec = _load_decoder(d) if d is not None else None
        self._nspecial = _count_special(self._post)
        self._trunc = None
        self._pad = None
        tr = j.get("truncation")
        if isinstance(tr, dict):
            self._trunc = (tr.get("max_length", 512), tr.get("direction") == "Left")
        pd = j.get("padding")
        if isinstance(pd, dict):
            st = pd.get("strategy")
            length = st.get("Fixed") if isinstance(st, dict) else None
            self._pad = dict(left=pd.get("direction") == "Left", pad_id=pd.get("pad_id", 0), pad_type_id=pd.get("pad_type_id", 0),
                             length=length, multiple=pd.get("pad_to_multiple_of"))
            if not 0 <= (length or 0) <= 1 << 24 or not 0 <= (self._pad["multiple"] or 0) <= 1 << 24:
                raise Exception("padding: length out of range")

    # -- encoding
    def _segment(self, text, base, out):
        n = _N(text, [(base + i, base + i + 1) for i in range(len(text))])
        if self._norm:
            n = self._norm(n)
        pieces = self._pre([n]) if self._pre else [n]
        for p in pieces:
            if not p.s:
                continue
            for tid, s, e in self._model.tokenize(p.s):
                out.append((tid, p.a[s][0], p.a[e - 1][1]))

    def _word_char(self, c):
        cat = unicodedata.category(c)
        return c == "_" or cat[0] == "L" or cat[0] == "N"

    def _encode_one(self, text, add_special):
        out, seg, i, n = [], 0, 0, len(text)
        while i < n:
            cands = self._by_first.get(text[i])
            hit = None
            if cands:
                for d in cands:
                    if text.startswith(d["content"], i):
                        hit = d
                        break
            if hit:
                s, e = i, i + len(hit["content"])
                ok = True
                if hit["single_word"]:
                    if (s > 0 and self._word_char(text[s - 1])) or (e < n and self._word_char(text[e])):
                        ok = False
                if ok:
                    if hit["lstrip"]:
                        while s > seg and _is_ws(text[s - 1]):
                            s -= 1
                    if hit["rstrip"]:
                        while e < n and _is_ws(text[e]):
                            e += 1
                    if s > seg:
                        self._segment(text[seg:s], seg, out)
                    out.append((hit["id"], s, e))
                    seg = i = e
                    continue
            i += 1
        if seg < n:
            self._segment(text[seg:], seg, out)
        ids = [t[0] for t in out]
        offs = [(t[1], t[2]) for t in out]
        aps = _trimmer(self._post)
        if aps is not None:  # trim_offsets, as the library does it
            for k, tid in enumerate(ids):
                tok = self.id_to_token(tid) or ""
                st, en = offs[k]
                sp = lambda c: c == "\u0120" or _is_ws(c)
                lead = len(tok) - len(tok.lstrip("".join(c for c in set(tok) if sp(c)))) if tok else 0
                trail = len(tok) - len(tok.rstrip("".join(c for c in set(tok) if sp(c)))) if tok else 0
                if lead:
                    if (k == 0 or st == 0) and aps and lead == 1:
                        lead = 0
                    st = min(st + lead, en)
                if trail and en >= trail:
                    en = max(en - trail, st)
                offs[k] = (st, en)
        type_ids = [0] * len(ids)
        special = [0] * len(ids)
        if self._trunc:
            mx = max(0, self._trunc[0] - (self._nspecial if add_special else 0))
            if len(ids) > mx:
                sl = slice(len(ids) - mx, None) if self._trunc[1] else slice(0, mx)
                ids, offs, type_ids, special = ids[sl], offs[sl], type_ids[sl], special[sl]
        if add_special and self._post:
            ids, type_ids, special, offs = self._post_apply(self._post, ids, type_ids, special, offs)
        enc = Encoding(self, ids, type_ids, special, offs)
        if self._pad and self._pad["length"]:
            self._pad_to(enc, self._pad["length"])
        return enc

    def _post_apply(self, p, ids, type_ids, special, offs):
        if p[0] == "template":
            I, T, S, O = [], [], [], []
            for kind, x, ty in p[1]:
                if kind == "special":
                    for v in x:
                        I.append(v), T.append(ty), S.append(1), O.append((0, 0))
                elif not x:
                    I += ids
                    T += [ty] * len(ids)
                    S += special
                    O += offs
            return I, T, S, O
        if p[0] == "bert":
            return [p[1]] + ids + [p[2]], [0] + type_ids + [0], [1] + special + [1], [(0, 0)] + offs + [(0, 0)]
        if p[0] == "seq":
            for q in p[1]:
                ids, type_ids, special, offs = self._post_apply(q, ids, type_ids, special, offs)
        return ids, type_ids, special, offs

    def _pad_to(self, enc, target):
        p = self._pad
        if p["multiple"] and target % p["multiple"]:
            target += p["multiple"] - target % p["multiple"]
        k = target - len(enc.ids)
        if k <= 0:
            return
        if p["left"]:
            enc.ids = [p["pad_id"]] * k + enc.ids
            enc.type_ids = [p["pad_type_id"]] * k + enc.type_ids
            enc.special_tokens_mask = [1] * k + enc.special_tokens_mask
            enc.offsets = [(0, 0)] * k + enc.offsets
            enc.attention_mask = [0] * k + enc.attention_mask
        else:
            enc.ids = enc.ids + [p["pad_id"]] * k
            enc.type_ids = enc.type_ids + [p["pad_type_id"]] * k
            enc.special_tokens_mask = enc.special_tokens_mask + [1] * k
            enc.offsets = enc.offsets + [(0, 0)] * k
            enc.attention_mask = enc.attention_mask + [0] * k

    def encode(self, sequence, add_special_tokens=True):
        return self._encode_one(sequence, add_special_tokens)

    def encode_batch(self, input, add_special_tokens=True):
        encs = [self._encode_one(s, add_special_tokens) for s in input]
        if self._pad:
            target = self._pad["length"] or max([len(e.ids) for e in encs] + [0])
            for e in encs:
                self._pad_to(e, target)
        return encs

    # -- decoding
    def decode(self, ids, skip_special_tokens=True):
        toks = []
        for i in ids:
            if i < 0:
                raise OverflowError("can't convert negative int to unsigned")
            t = self.id_to_token(i)
            if t is None:
                continue
            d = self._added_by_id.get(i)
            if skip_special_tokens and d and d["special"]:
                continue
            toks.append(t)
        if self._dec:
            return "".join(self._dec(toks))
        return " ".join(toks)

    def decode_batch(self, sequences, skip_special_tokens=True):
        return [self.decode(s, skip_special_tokens) for s in sequences]

    # -- vocabulary
    def token_to_id(self, token):
        d = self._added_by_content.get(token)
        if d:
            return d["id"]
        return self._model.vocab.get(token)

    def id_to_token(self, id):
        d = self._added_by_id.get(id)
        if d:
            return d["content"]
        return self._model.id_to.get(id)

    def get_vocab_size(self, with_added_tokens=True):
        n = len(self._model.vocab)
        if with_added_tokens:
            n += sum(1 for d in self._added if self._model.id_to.get(d["id"]) != d["content"])
        return n

    # -- settings
    def enable_padding(self, direction="right", pad_id=0, pad_type_id=0, pad_token="[PAD]", length=None, pad_to_multiple_of=None):
        if direction not in ("left", "right"):
            raise ValueError(f"Unknown `direction`: `{direction}`")
        if length is not None and not 0 <= length <= 1 << 24:
            raise ValueError(f"padding length out of range: {length}")
        if pad_to_multiple_of is not None and not 0 <= pad_to_multiple_of <= 1 << 24:
            raise ValueError(f"pad_to_multiple_of out of range: {pad_to_multiple_of}")
        self._pad = dict(left=direction == "left", pad_id=pad_id, pad_type_id=pad_type_id, length=length, multiple=pad_to_multiple_of)

    def enable_truncation(self, max_length, stride=0, strategy="longest_first", direction="right"):
        if direction not in ("left", "right"):
            raise ValueError(f"Unknown `direction`: `{direction}`")
        self._trunc = (max_length, direction == "left")

    def no_padding(self):
        self._pad = None

    def no_truncation(self):
        self._trunc = None
