import json

PATH = "/tmp/kiln_corpus_files_jsonl_roundtrip.jsonl"


def write_records(path: str, records: list[dict[str, object]]) -> int:
    n = 0
    with open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
            n += 1
    return n


def read_records(path: str) -> list[dict]:
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                out.append(json.loads(line))
    return out


def main() -> None:
    recs: list[dict[str, object]] = [
        {"id": 1, "text": "hello", "score": 0.5},
        {"id": 2, "text": "world", "score": 0.75},
        {"id": 3, "text": "unicode é ✓", "score": 1.0},
    ]
    print("wrote", write_records(PATH, recs))
    back = read_records(PATH)
    for r in back:
        print(r["id"], r["text"], r["score"])
    total = sum(float(r["score"]) for r in back)
    print("total", total)
    with open(PATH) as f:
        raw = f.read()
    print(len(raw.splitlines()), raw.count("score"))
    with open(PATH, "a") as f:
        f.write("\n")
        f.write(json.dumps({"id": 4, "text": "late", "score": 0.0}) + "\n")
    print([r["id"] for r in read_records(PATH)])


main()
