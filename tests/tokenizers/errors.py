# Loading errors: a missing file and malformed tokenizer.json files raise
# Exception("PATH: problem"); a bad padding direction raises ValueError.
import sys
from tokenizers import Tokenizer


def try_load(path: str) -> None:
    try:
        Tokenizer.from_file(path)
        print("loaded", path)
    except Exception as e:
        print("error:", e)


def main() -> None:
    try_load("/nonexistent/tokenizer.json")
    base = sys.argv[2] if len(sys.argv) > 2 else "/tmp"
    bad = ['[]', '{"model": {"type": "Nope"}}', '{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [["a", "b"]]}}',
           '{"model": {"type": "WordPiece", "vocab": {"a": 0}}}']
    i = 0
    for text in bad:
        path = base + "/bad" + str(i) + ".json"
        with open(path, "w") as f:
            f.write(text)
        try_load(path)
        i += 1
    tok = Tokenizer.from_file(sys.argv[1])
    try:
        tok.enable_padding(direction="up")
    except ValueError as e:
        print("ValueError:", e)
    print(tok.decode([]))
    tok.decode([-1])


main()
