"""python/tokenizers on a list of strings, printed as tok_driver.c prints
them (one JSON line each), for test_tokenizers.py.

    PYTHONPATH=python python3 tests/unit/tok_pyref.py TOKENIZER.json INPUTS.json [add_special]
"""
import json
import sys

from tokenizers import Tokenizer


def main():
    tok = Tokenizer.from_file(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        inputs = json.load(f)
    add = len(sys.argv) < 4 or sys.argv[3] != "0"
    out = sys.stdout
    for s in inputs:
        e = tok.encode(s, add_special_tokens=add)
        out.write(json.dumps({"ids": e.ids, "offsets": [list(o) for o in e.offsets], "tokens": e.tokens,
                              "decoded": tok.decode(e.ids, skip_special_tokens=False),
                              "decoded_skip": tok.decode(e.ids, skip_special_tokens=True)}, ensure_ascii=False) + "\n")


main()
