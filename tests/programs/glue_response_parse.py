import json

RESPONSE = """{"id": "resp_1", "created": 1700000000, "model": "tiny",
 "data": [{"index": 0, "embedding": [0.1, -0.2, 0.3]}, {"index": 1, "embedding": [0.0, 0.5, -0.5]}],
 "usage": {"prompt_tokens": 7, "total_tokens": 7}}"""


def parse_embeddings(text: str) -> list[list[float]]:
    obj = json.loads(text)
    rows: list[tuple[int, list[float]]] = []
    for item in obj["data"]:
        vec = [float(x) for x in item["embedding"]]
        rows.append((int(item["index"]), vec))
    rows.sort(key=lambda r: r[0])
    return [v for _, v in rows]


def dot(a: list[float], b: list[float]) -> float:
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    return s


def main() -> None:
    vecs = parse_embeddings(RESPONSE)
    print(len(vecs), [len(v) for v in vecs])
    print(vecs[0], round(dot(vecs[0], vecs[1]), 6))
    meta = json.loads(RESPONSE)
    print(meta["model"], meta["usage"]["prompt_tokens"], sorted(meta.keys()))
    out = {"object": "list", "data": [{"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vecs)]}
    print(json.dumps(out, separators=(",", ":")))


main()
