"""A tokenizer (tokenizer.json given as the first argument) under
allocation failure: loading, encoding a batch, decoding."""
import sys

from tokenizers import Tokenizer


def main() -> None:
    tok = Tokenizer.from_file(sys.argv[1])
    enc = tok.encode("hello the quick, hello world!")
    print(enc.ids, enc.tokens)
    batch = tok.encode_batch(["hello", "the world", "qu ick"])
    print([e.ids for e in batch])
    print(tok.decode(enc.ids))


main()
