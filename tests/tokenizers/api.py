# The tokenizers API in a compiled program: run as `prog TOKENIZER.json`
# beside CPython with python/tokenizers (test_tokenizers.py).
import sys
from tokenizers import Tokenizer, Encoding


def show(enc: Encoding) -> None:
    print(len(enc), enc.ids)
    print(enc.tokens)
    print(enc.offsets)
    print(enc.attention_mask, enc.type_ids, enc.special_tokens_mask)


def count(tok: Tokenizer, text: str) -> int:
    return len(tok.encode(text, add_special_tokens=False).ids)


def main() -> None:
    tok = Tokenizer.from_file(sys.argv[1])
    texts = ["Hello world, this is kiln!", "  spaces   and\ttabs\n", "naïve café 日本語 😀", "",
             "<bos>x</s>[CLS] <|begin_of_text|>", "x" * 300, "The year 2024: 12,345.67 apples."]
    for t in texts:
        show(tok.encode(t))
        e = tok.encode(t, add_special_tokens=False)
        print(e.ids, count(tok, t))
        print(repr(tok.decode(e.ids)))
        print(repr(tok.decode(tok.encode(t).ids, skip_special_tokens=False)))
    print(tok.get_vocab_size(), tok.get_vocab_size(with_added_tokens=False))
    for w in ["hello", "Hello", "▁the", "the", "Ġthe", "[CLS]", "<bos>", "zzzzqqq"]:
        print(w, tok.token_to_id(w))
    for i in [0, 1, 2, 100, 101, 1000, 30000, 128000, 99999999]:
        print(i, tok.id_to_token(i))
    batch = tok.encode_batch(texts)
    print([len(b) for b in batch])
    tok.enable_padding(pad_id=0)
    batch = tok.encode_batch(texts)
    print([b.ids for b in batch])
    print([b.attention_mask for b in batch])
    tok.enable_truncation(max_length=5)
    batch = tok.encode_batch(texts, add_special_tokens=False)
    print([b.ids for b in batch])
    print(tok.decode_batch([b.ids for b in batch]))
    tok.enable_padding(direction="left", pad_id=1, length=8)
    e = tok.encode("a b c")
    print(e.ids, e.attention_mask, e.offsets)
    tok.enable_truncation(4, direction="left")
    print(tok.encode("one two three four five six seven").ids)
    tok.no_padding()
    tok.no_truncation()
    print(len(tok.encode("one two three four five six seven")))
    print(tok.encode("hi"))


main()
